// A store with one of everything, made through the API the way its people would, for the
// isolation and bad-input suites.
import crypto from 'node:crypto';
import type { Role } from '@mojud/contracts';
import { activate, cylinder, stock, url } from './stock';
import { addMember, createStore, signUp, type SignedIn, type TestContext } from './helpers';

export interface StoreObjects {
  storeId: string;
  owner: SignedIn;
  /** One member of every role below owner. */
  team: Record<Exclude<Role, 'owner'>, SignedIn>;
  areaId: string;
  /** An area with no shops (deletable). */
  emptyAreaId: string;
  shopId: string;
  vehicleId: string;
  staffId: string;
  /** A supplier with an opening payable, a part-paid buy and a payment. */
  supplierId: string;
  cylinderId: string;
  stoveId: string;
  regulatorId: string;
  /** A sale of three lines to the shop, part paid. */
  saleId: string;
  /** The vehicle's day close (it was loaded, sold from with an empty owed, and closed short). */
  closeId: string;
  inviteId: string;
  /** The sale's receipt, in the message queue. */
  messageId: string;
  /** A statement link of the shop. */
  statementLinkId: string;
  /** A bank account with an opening balance. */
  accountId: string;
  /** The cash drawer. */
  drawerId: string;
  /** A second store of the owner, started from this one (copyFrom). */
  secondStoreId: string;
  /** One regulator sent to the second store, in transit (rule 21). */
  transferId: string;
  /** A pasted bKash SMS from a number no shop has, waiting in Unmatched (rule 22). */
  paymentId: string;
  inviteToken: string;
  inviteEmail: string;
  /** Strings that only this store's rows hold: none may appear in another store's answers. */
  markers: string[];
}

async function call(ctx: TestContext, who: SignedIn, method: string, path: string, payload?: unknown) {
  const res = await ctx.app.inject({
    method: method as 'GET',
    url: path,
    headers: who.auth,
    ...(payload !== undefined && { payload: payload as object }),
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${path} → ${res.statusCode} ${res.body}`);
  return res.body ? res.json() : null;
}

/** A store named with `tag`, with areas, a shop with dues, a vehicle with costs, staff paid, stock traded, an invitation. */
export async function populatedStore(ctx: TestContext, tag: string): Promise<StoreObjects> {
  const owner = await signUp(ctx.app, `${tag}own`);
  const store = await createStore(ctx.app, owner, `${tag} Gas House`);
  const s = store.id;
  const team = {} as StoreObjects['team'];
  for (const role of ['admin', 'manager', 'staff'] as const) {
    team[role] = await signUp(ctx.app, `${tag}${role}`);
    await addMember(ctx, s, team[role], role);
  }
  const ws = `/api/v1/workspace/${s}`;
  const { divisions } = await call(ctx, owner, 'GET', `${ws}/divisions`);
  const areaId = divisions[0].id as string;
  const { division: empty } = await call(ctx, owner, 'POST', `${ws}/divisions`, {
    name: `${tag} Empty Area`,
  });
  const { store: shop } = await call(ctx, owner, 'POST', `${ws}/divisions/${areaId}/stores`, {
    name: `${tag} Karim Store`,
    contactName: `${tag} Karim`,
    phone: '01711000001',
    address: `${tag} Road 1`,
  });
  const { vehicle } = await call(ctx, owner, 'POST', url(s, 'vehicles'), {
    regNumber: `${tag} GA 11-2345`,
    vehicleBrand: `${tag} Tata`,
    vehicleModel: 'Ace',
  });
  await call(ctx, owner, 'POST', url(s, `vehicles/${vehicle.id}/fuel`), {
    amount: 500,
    description: `${tag} diesel`,
  });
  const { staff } = await call(ctx, owner, 'POST', url(s, 'staff'), {
    name: `${tag} Rahim`,
    role: 'Driver',
    salary: 12000,
  });
  await call(ctx, owner, 'POST', url(s, `staff/${staff.id}/payments`), {
    amount: 3000,
    ref: `${tag} advance`,
  });

  await activate(ctx, s, owner, ['Bashundhara']);
  const cyl = await cylinder(ctx, s, owner);
  await stock(ctx, s, owner, cyl.id, { fullCount: 40, emptyCount: 10, problemCount: 0 }, 1200);
  await call(ctx, owner, 'POST', url(s, 'cylinders/sell?size=12&regulatorType=22'), {
    id: cyl.id,
    quantity: 2,
    paymentMethod: 'due',
    shopId: shop.id,
  });
  await call(ctx, owner, 'POST', url(s, `shops/${shop.id}/payments`), { amount: 1000, ref: `${tag} bkash` });
  const { item: stove } = await call(ctx, owner, 'POST', url(s, 'stove-inventory'), {
    name: `${tag} Stove`,
    price: 2500,
  });
  await stock(ctx, s, owner, stove.id, { stockCount: 5, problemCount: 0 });
  await call(ctx, owner, 'POST', url(s, 'stoves/sell'), { id: stove.id, quantity: 1 });
  const { item: regulator } = await call(ctx, owner, 'POST', url(s, 'regulator-inventory'), {
    name: `${tag} Regulator`,
    price: 450,
  });
  await stock(ctx, s, owner, regulator.id, { stockCount: 8, problemCount: 1 });
  // Messages: the store's settings, and a reorder level the sale below takes the stove under.
  const settings = (await call(ctx, owner, 'GET', url(s, 'messages/settings'))).settings;
  await call(ctx, owner, 'PUT', url(s, 'messages/settings'), { ...settings, monthlyCap: 100, reminderMinDue: 10 });
  await call(ctx, owner, 'PUT', url(s, 'reorder-levels'), { itemType: 'stove', itemId: stove.id, level: 4 });
  const { sale } = await call(ctx, owner, 'POST', url(s, 'sales'), {
    shopId: shop.id,
    lines: [
      { itemType: 'cylinder', itemId: cyl.id, quantity: 2 },
      { itemType: 'stove', itemId: stove.id, quantity: 1 },
      { itemType: 'regulator', itemId: regulator.id, quantity: 1 },
    ],
    payments: [{ method: 'cash', amount: 1000, ref: `${tag} cash` }],
  });

  const { link } = await call(ctx, owner, 'POST', url(s, `shops/${shop.id}/statement-links`), { expiresInDays: 30 });
  const { rows: messages } = await ctx.pool.query<{ id: number }>(
    `select id from message_outbox where store_id = $1 and kind = 'sale_receipt' order by id desc limit 1`,
    [s],
  );
  // The van: given to the staff member, loaded, a refill sold from it with one empty owed, closed short.
  await call(ctx, owner, 'PATCH', url(s, `vehicles/${vehicle.id}`), {
    regNumber: `${tag} GA 11-2345`,
    vehicleBrand: `${tag} Tata`,
    vehicleModel: 'Ace',
    assignedUserId: team.staff.id,
  });
  await call(ctx, owner, 'POST', url(s, `vehicles/${vehicle.id}/loads`), { lines: [{ itemType: 'cylinder', itemId: cyl.id, quantity: 5 }] });
  await call(ctx, owner, 'POST', url(s, 'sales'), {
    shopId: shop.id,
    vehicleId: vehicle.id,
    lines: [{ itemType: 'cylinder', itemId: cyl.id, quantity: 2, empties: [{ itemId: cyl.id, count: 1 }] }],
    payments: [{ method: 'cash', amount: 1000 }],
  });
  const { report } = await call(ctx, owner, 'POST', url(s, `vehicles/${vehicle.id}/close`), { cashHandedOver: 900, note: `${tag} short` });
  // A supplier (rule 19): an opening payable, a refill buy paid in part, a payment.
  const { supplier } = await call(ctx, owner, 'POST', url(s, 'suppliers'), { name: `${tag} Omera LPG`, openingPayable: 5000 });
  await call(ctx, owner, 'POST', url(s, 'cylinders/buy?size=12&regulatorType=22'), {
    id: cyl.id,
    quantity: 2,
    unitCost: 1300,
    supplierId: supplier.id,
    paid: 1000,
    challanNumber: `${tag} CH-1`,
  });
  await call(ctx, owner, 'POST', url(s, `suppliers/${supplier.id}/payments`), { amount: 500 });
  // An official price book entry (rule 13), in force from long ago.
  await call(ctx, owner, 'POST', url(s, 'official-prices'), {
    date: '2020-01-02',
    perKg: 120.83,
    twelveKg: 1450,
    prices: [{ size: 12, price: 1450 }],
  });

  // A bank account with its opening balance (rules 15 and 20).
  const { account } = await call(ctx, owner, 'POST', url(s, 'accounts'), {
    kind: 'bank',
    name: `${tag} Bank`,
    number: '0012345678',
    openingBalance: 1000,
  });
  const { accounts } = await call(ctx, owner, 'GET', url(s, 'accounts'));
  const drawerAccount = (accounts as { id: string; kind: string }[]).find((a) => a.kind === 'cash')!;

  // The day's cash drawer counted and closed (rule 17): exactly what it should hold.
  const { drawer } = await call(ctx, owner, 'GET', url(s, 'drawer'));
  await call(ctx, owner, 'POST', url(s, 'drawer/close'), { counted: Math.max(drawer.expected, 0), expected: drawer.expected, note: `${tag} count` });

  // A second store from this one, and one regulator on its way there (rule 21).
  const { store: second } = await call(ctx, owner, 'POST', '/api/v1/stores', {
    name: `${tag} Depot Two`,
    location: 'Dhaka',
    phone: '01711000002',
    copyFrom: { storeId: s, shops: false },
  });
  const { transfer } = await call(ctx, owner, 'POST', url(s, 'transfers'), {
    toStoreId: second.id,
    lines: [{ itemType: 'regulator', itemId: regulator.id, stockCount: 1 }],
    note: `${tag} to the depot`,
  });

  // Money that arrived (rule 22): a bKash wallet, and a pasted SMS from a number no shop has.
  await call(ctx, owner, 'POST', url(s, 'accounts'), { kind: 'wallet', provider: 'bkash', walletType: 'personal', number: '01711000009' });
  const trxId = `P${crypto.randomBytes(5).toString('hex').toUpperCase()}`;
  const { payment } = await call(ctx, team.staff, 'POST', url(s, 'incoming-payments/sms'), {
    text: `You have received Tk 700.00 from 01999000000. Ref ${tag} rent. Fee Tk 0.00. Balance Tk 700.00. TrxID ${trxId} at 25/11/2026 14:05`,
  });

  const inviteEmail = `${tag.toLowerCase()}.invitee@example.com`;
  const { invite } = await call(ctx, owner, 'POST', url(s, 'invites'), {
    email: inviteEmail,
    role: 'staff',
    lifespan: '7d',
  });
  const { rows } = await ctx.pool.query<{ link: string }>(
    'select link from outbox where to_address = $1 order by id desc limit 1',
    [inviteEmail],
  );
  const inviteToken = new URL(rows[0].link).searchParams.get('token')!;

  const ids = {
    storeId: s,
    areaId,
    emptyAreaId: empty.id as string,
    shopId: shop.id as string,
    vehicleId: vehicle.id as string,
    staffId: staff.id as string,
    supplierId: supplier.id as string,
    cylinderId: cyl.id,
    stoveId: stove.id as string,
    regulatorId: regulator.id as string,
    saleId: sale.id as string,
    closeId: report.closeId as string,
    inviteId: invite.id as string,
    statementLinkId: link.id as string,
    accountId: account.id as string,
    drawerId: drawerAccount.id,
    secondStoreId: second.id as string,
    transferId: transfer.id as string,
    paymentId: payment.id as string,
  };
  const people = [owner, ...Object.values(team)];
  return {
    ...ids,
    // An queued message id is a small number, so it is no marker of this store.
    messageId: String(messages[0].id),
    owner,
    team,
    inviteToken,
    inviteEmail,
    markers: [tag, ...Object.values(ids), ...people.flatMap((p) => [p.id, p.username, p.email]), inviteEmail],
  };
}

/** Tables holding a store's rows, with the column naming the store. */
export const STORE_TABLES: [table: string, column: string][] = [
  ['stores', 'id'],
  ['memberships', 'store_id'],
  ['divisions', 'store_id'],
  ['shops', 'store_id'],
  ['vehicles', 'store_id'],
  ['staff', 'store_id'],
  ['store_brands', 'store_id'],
  ['cylinder_items', 'store_id'],
  ['accessory_items', 'store_id'],
  ['ledger_entries', 'store_id'],
  ['idempotency_keys', 'store_id'],
  ['invites', 'store_id'],
  ['sales', 'store_id'],
  ['sale_counters', 'store_id'],
  ['message_settings', 'store_id'],
  ['message_counters', 'store_id'],
  ['message_outbox', 'store_id'],
  ['statement_links', 'store_id'],
  ['stock_alerts', 'store_id'],
  ['vehicle_stock', 'store_id'],
  ['vehicle_closes', 'store_id'],
  ['official_prices', 'store_id'],
  ['official_price_sizes', 'store_id'],
  ['money_accounts', 'store_id'],
  ['suppliers', 'store_id'],
  ['drawer_closes', 'store_id'],
  ['incoming_payments', 'store_id'],
];

/** Row count and a checksum of every row of the store, table by table (read as the connecting user). */
export async function storeChecksum(ctx: TestContext, storeId: string) {
  const parts = STORE_TABLES.map(
    ([
      t,
      c,
    ]) => `select '${t}' as t, count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as sum
       from ${t} x where ${c} = $1`,
  );
  const { rows } = await ctx.pool.query(parts.join(' union all '), [storeId]);
  return Object.fromEntries(rows.map((r: { t: string; n: number; sum: string }) => [r.t, `${r.n}:${r.sum}`]));
}

/** Every application table (not the login-failure log, which records rejected logins on purpose). */
export async function databaseChecksum(ctx: TestContext) {
  const tables = [
    ...STORE_TABLES.map(([t]) => t),
    'users',
    'refresh_tokens',
    'outbox',
    'brands',
    'app_settings',
  ];
  const parts = tables.map(
    (t) =>
      `select '${t}' as t, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as sum from ${t} x`,
  );
  const { rows } = await ctx.pool.query(parts.join(' union all '));
  return Object.fromEntries(rows.map((r: { t: string; sum: string }) => [r.t, r.sum]));
}
