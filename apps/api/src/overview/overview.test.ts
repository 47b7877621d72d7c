import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Overview } from '@mojud/contracts';
import { dhakaTime, resetClock, setClock } from '../clock';
import { addMember, createStore, createTestApp, signUp, storeWithTeam, type SignedIn, type TestContext } from '../tooling/test/helpers';
import { activate, addShop, cylinder, stock } from '../tooling/test/stock';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
afterEach(() => resetClock());

/** Writes a ledger row directly; `at` is an SQL expression for its time. */
async function entry(storeId: string, who: SignedIn, fields: Record<string, unknown>, at = 'app_now()') {
  const cols = Object.keys(fields);
  await ctx.pool.query(
    `insert into ledger_entries (store_id, user_id, created_at, ${cols.join(', ')})
     values ($1, $2, ${at}, ${cols.map((_, i) => `$${i + 3}`).join(', ')})`,
    [storeId, who.id, ...Object.values(fields)],
  );
}

/** A transfer from one store to another, written directly (the transfer routes are another area's). */
async function transfer(from: string, to: string, who: SignedIn, number: number, status: 'sent' | 'received', line: Record<string, unknown>) {
  const { rows } = await ctx.pool.query(
    `insert into store_transfers (store_id, number, to_store_id, status, sent_by, closed_by, closed_at)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [from, number, to, status, who.id, status === 'sent' ? null : who.id, status === 'sent' ? null : new Date()],
  );
  const id = rows[0].id as string;
  const cols = Object.keys(line);
  await ctx.pool.query(
    `insert into store_transfer_lines (store_id, transfer_id, line_no, to_store_id, ${cols.join(', ')})
     values ($1, $2, 0, $3, ${cols.map((_, i) => `$${i + 4}`).join(', ')})`,
    [from, id, to, ...Object.values(line)],
  );
  return id;
}

const overview = async (who: SignedIn) => {
  const res = await ctx.app.inject({ url: '/api/v1/overview', headers: who.auth });
  expect(res.statusCode).toBe(200);
  return res.json() as Overview;
};

describe('the overview of all stores', () => {
  it('adds up each store where the person is manager or up, and leaves out the stores where they are staff', async () => {
    setClock(dhakaTime('2026-11-20', '12:00'));
    const t = await storeWithTeam(ctx);
    const owner = t.owner;
    const a = t.store.id;
    const b = (await createStore(ctx.app, owner, 'Second Gas House')).id;
    // The owner works as staff in someone else's store: it is not theirs to see here.
    await addMember(ctx, t.otherStore.id, owner, 'staff');
    await entry(t.otherStore.id, t.outsider, { kind: 'sell', payment_method: 'cash', total_amount: 9999 });

    for (const id of [a, b]) await activate(ctx, id, owner, ['Bashundhara']);
    const itemA = (await cylinder(ctx, a, owner)).id;
    const itemB = (await cylinder(ctx, b, owner)).id;
    await stock(ctx, a, owner, itemA, { fullCount: 10, emptyCount: 3 });
    await stock(ctx, b, owner, itemB, { fullCount: 5, emptyCount: 0 });
    await ctx.pool.query('update cylinder_items set reorder_level = 12 where id = $1', [itemA]);

    // Store A: a cash sale today (cost known), a due sale today, a bKash sale two days ago (a
    // closed day, read from the daily totals), fuel today, a buy left payable, empties owed.
    const karim = await addShop(ctx, a, 'Karim Store');
    await entry(a, owner, { kind: 'sell', payment_method: 'cash', total_amount: 1400, quantity: 1, unit_cost: 1000 });
    await entry(a, owner, { kind: 'sell', payment_method: 'due', total_amount: 1000, due_delta: 1000, shop_id: karim });
    await entry(a, owner, { kind: 'sell', payment_method: 'mobile', total_amount: 300, quantity: 1, unit_cost: 200 }, `app_now() - interval '2 days'`);
    await entry(a, owner, { kind: 'vehicle_cost', payment_method: 'cash', total_amount: 100, category: 'fuel_payment' });
    await entry(a, owner, { kind: 'buy', payment_method: 'due', total_amount: 700, payable_delta: 700 });
    await entry(a, owner, { kind: 'opening', item_type: 'cylinder', item_id: itemA, shop_id: karim, empties_owed_delta: 2 });
    // Store B: a bank sale today and a sale last month (neither today nor this month).
    await entry(b, owner, { kind: 'sell', payment_method: 'bank', total_amount: 500 });
    await entry(b, owner, { kind: 'sell', payment_method: 'cash', total_amount: 50 }, `app_now() - interval '30 days'`);

    // A van of store A carries 2 full and 1 empty.
    const { rows: van } = await ctx.pool.query(
      `insert into vehicles (store_id, name, reg_number, vehicle_brand, vehicle_model) values ($1, 'Van 1', 'DHA-1', 'Tata', 'Ace') returning id`,
      [a],
    );
    await ctx.pool.query(
      `insert into vehicle_stock (store_id, vehicle_id, item_type, item_id, full_count, empty_count) values ($1, $2, 'cylinder', $3, 2, 1)`,
      [a, van[0].id, itemA],
    );
    // On the road: 4 full from A to B (sent), and 3 from B to A already received; one of those was lost.
    await transfer(a, b, owner, 1, 'sent', { item_type: 'cylinder', item_id: itemA, to_item_id: itemB, full_sent: 4 });
    const done = await transfer(b, a, owner, 1, 'received', {
      item_type: 'cylinder', item_id: itemB, to_item_id: itemA, full_sent: 3, full_received: 2, unit_cost: 900,
    });
    await entry(b, owner, { kind: 'transfer_lost', item_type: 'cylinder', item_id: itemB, quantity: 1, total_amount: 900, transfer_id: done });

    const o = await overview(owner);
    expect(o.stores.map((s) => s.name)).toEqual(['Test Gas House', 'Second Gas House']);
    const [sa, sb] = o.stores;

    expect(sa.today).toEqual({ sales: 2400, expenses: 100, grossProfit: 400, netProfit: 300, costUnknownSales: 0 });
    expect(sa.month).toEqual({ sales: 2700, expenses: 100, grossProfit: 500, netProfit: 400, costUnknownSales: 0 });
    expect(sa.money).toEqual({ cash: 1300, mobile: 300, bank: 0, other: 0, total: 1600 });
    expect(sa.receivable).toBe(1000);
    expect(sa.payable).toBe(700);
    expect(sa.emptiesOwed).toBe(2);
    expect(sa.stock).toEqual([
      { itemType: 'cylinder', name: 'Bashundhara 12 kg 22 mm', brandName: 'Bashundhara', full: 10, empty: 3, onVans: 3, inTransit: 4 },
    ]);
    expect(sa.low.map((l) => [l.itemId, l.count, l.level])).toEqual([[itemA, 10, 12]]);
    expect(sa.lostInTransit).toEqual({ units: 0, value: 0 });

    expect(sb.today.sales).toBe(500);
    expect(sb.month.sales).toBe(500);
    // What was lost in transit is an expense of the sending store (rule 18, under shortages).
    expect(sb.month.expenses).toBe(900);
    expect(sb.money).toEqual({ cash: 50, mobile: 0, bank: 500, other: 0, total: 550 });
    expect(sb.stock).toEqual([
      { itemType: 'cylinder', name: 'Bashundhara 12 kg 22 mm', brandName: 'Bashundhara', full: 5, empty: 0, onVans: 0, inTransit: 4 },
    ]);
    expect(sb.lostInTransit).toEqual({ units: 1, value: 900 });

    expect(o.totals.today.sales).toBe(2900);
    expect(o.totals.month).toEqual({ sales: 3200, expenses: 1000, grossProfit: 500, netProfit: -500, costUnknownSales: 0 });
    expect(o.totals.money).toEqual({ cash: 1350, mobile: 300, bank: 500, other: 0, total: 2150 });
    expect(o.totals.receivable).toBe(1000);
    expect(o.totals.payable).toBe(700);
    expect(o.totals.emptiesOwed).toBe(2);
    expect(o.totals.lostInTransit).toEqual({ units: 1, value: 900 });
    expect(o.totals.lowCount).toBe(1);
    expect(o.totals.stock).toEqual([
      { itemType: 'cylinder', name: 'Bashundhara 12 kg 22 mm', brandName: 'Bashundhara', full: 15, empty: 3, onVans: 3, inTransit: 8 },
    ]);

    // The figures are the dashboard's: the store's own summary says the same.
    const summary = await ctx.app.inject({ url: `/api/v1/stores/${a}/summary?period=month`, headers: owner.auth });
    expect(summary.json()).toMatchObject({ sales: 2700, grossProfit: 500, netProfit: 400, dues: 1000 });
  });

  it('shows a manager their store; staff and a person without a store get an empty list', async () => {
    const t = await storeWithTeam(ctx);
    expect((await overview(t.manager)).stores.map((s) => [s.storeId, s.role])).toEqual([[t.store.id, 'manager']]);
    expect((await overview(t.admin)).stores.map((s) => s.role)).toEqual(['admin']);
    const staffOnly = await overview(t.staff);
    expect(staffOnly.stores).toEqual([]);
    expect(staffOnly.totals).toMatchObject({ today: { sales: 0 }, money: { total: 0 }, stock: [], lowCount: 0 });
    const nobody = await signUp(ctx.app, 'nobody');
    expect((await overview(nobody)).stores).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    expect((await ctx.app.inject({ url: '/api/v1/overview' })).statusCode).toBe(401);
  });
});
