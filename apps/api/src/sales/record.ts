import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { PaymentMethod, PriceTier } from '@mojud/contracts';
import {
  checkOfficialPrices,
  judgeOfficial,
  lineField,
  lineRefusal,
  moneyDelta,
  movement,
  numericText,
  priceSale,
  saleNumber,
  sellingLimitFor,
  takaNumeric,
  toPoisha,
  type PricedLine,
  type PricedSale,
  type SaleItem,
  type SaleItemType,
  type SaleRequest,
  type SaleTerms,
  type OfficialJudgement,
  type SellingLimit,
} from '@mojud/domain';
import type { DbOrTx, Tx } from '../db/client';
import { fieldProblem } from '../errors';
import { DELTA_COLUMNS, deltaValues, emptiesInMove } from '../ledger/ledger';
import { lockVehicle, type LockedVehicle } from '../vehicles/lock';
import { officialRuleAt } from '../official-prices/repository';
import { paymentAccount } from '../accounts/repository';

// Recording a sale with lines (DEALER.md rules 3–7), the empties handed in with refills (rules
// 8–9) and sales from a vehicle (rule 10). The rules (the tier, prices, the discount's shares,
// empties, walk-in payments, totals) are the domain's `priceSale`; the counts each line moves are
// its `movement` table. Here the sale is loaded, written and numbered: the lines, swapped-in
// empties and payments are ledger entries carrying sale_id; the `sales` row is the header the
// receipt reads beside them.

export interface SaleActor {
  storeId: string;
  userId: string;
  idempotencyKey?: string | null;
  /** The seller's role in the store: staff sell below the tier only by the store's limit (rule 14). Absent: the store's own work (the demo seed), no limit. */
  role?: string;
}

/** The limit below the tier the seller sells under: the store's, for staff; none for managers and up. */
async function sellingLimitOf(tx: Tx, actor: SaleActor): Promise<SellingLimit | null> {
  if (!actor.role || sellingLimitFor(actor.role, 0) === null) return null;
  const { rows } = await tx.execute(sql`select staff_below_tier_percent from stores where id = ${actor.storeId}::uuid`);
  return sellingLimitFor(actor.role, Number((rows[0] as { staff_below_tier_percent?: number } | undefined)?.staff_below_tier_percent ?? 0));
}

export interface SaleInput extends SaleRequest<PaymentMethod> {
  shopId: string | null;
  /** Sold from this vehicle's stock; null/absent: from the store. */
  vehicleId?: string | null;
  note?: string | null;
  /** Why a walk-in refill is sold above the official price in force (rule 13). */
  officialPriceReason?: string | null;
}

/** What the one-item trade routes ask beyond a sale (the domain's `SaleTerms`). */
export interface SaleOptions extends SaleTerms<PaymentMethod> {
  /** Only the demo seed dates sales in the past (a month of history to show); requests never do. */
  at?: Date;
  /** The account a one-item sell paid in full lands in (rule 15); absent: the method's default. */
  accountId?: string;
}

/** An item as it stands now, with its counts in the store. */
interface ItemNow extends SaleItem {
  fullCount: number;
  emptyCount: number;
  stockCount: number;
}

type ItemRef = { itemType: SaleItemType; itemId: string };

/** Movements in item-id order (then line, then the line's own before its swaps): the order every writer locks item rows in. */
export const byItemThenLine = <T extends { itemId: string; index: number; seq: number }>(a: T, b: T) =>
  a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : a.index - b.index || a.seq - b.seq;

/** The items named, as they stand now, keyed `type:id`. */
async function loadItems(db: DbOrTx, storeId: string, refs: ItemRef[]) {
  const cylinderIds = [...new Set(refs.filter((l) => l.itemType === 'cylinder').map((l) => l.itemId))];
  const accessoryIds = [...new Set(refs.filter((l) => l.itemType !== 'cylinder').map((l) => l.itemId))];
  const items = new Map<string, ItemNow>();
  if (cylinderIds.length > 0) {
    const { rows } = await db.execute(sql`
      select i.id, b.name as brand_name, i.size, i.regulator_type, i.price, i.wholesale_price, i.package_price,
        i.package_wholesale_price, i.full_count, i.empty_count,
        coalesce(sb.is_active, false) as is_active
      from cylinder_items i join brands b on b.id = i.brand_id
      left join store_brands sb on sb.store_id = i.store_id and sb.brand_id = i.brand_id
      where i.store_id = ${storeId}::uuid and i.id = any(${`{${cylinderIds.join(',')}}`}::uuid[])`);
    for (const r of rows as Record<string, unknown>[]) {
      items.set(`cylinder:${r.id}`, {
        id: String(r.id),
        type: 'cylinder',
        name: `${r.brand_name} ${r.size} kg ${r.regulator_type} mm`,
        brandName: String(r.brand_name),
        size: Number(r.size),
        regulatorType: Number(r.regulator_type),
        retail: toPoisha(r.price as string),
        wholesale: toPoisha(r.wholesale_price as string),
        packageRetail: r.package_price === null ? null : toPoisha(r.package_price as string),
        packageWholesale: r.package_wholesale_price === null ? null : toPoisha(r.package_wholesale_price as string),
        isActive: Boolean(r.is_active),
        fullCount: Number(r.full_count),
        emptyCount: Number(r.empty_count),
        stockCount: 0,
      });
    }
  }
  if (accessoryIds.length > 0) {
    const { rows } = await db.execute(sql`
      select id, kind, name, price, wholesale_price, stock_count from accessory_items
      where store_id = ${storeId}::uuid and id = any(${`{${accessoryIds.join(',')}}`}::uuid[])`);
    for (const r of rows as Record<string, unknown>[]) {
      items.set(`${r.kind}:${r.id}`, {
        id: String(r.id),
        type: r.kind as SaleItemType,
        name: String(r.name),
        brandName: null,
        size: null,
        regulatorType: null,
        retail: toPoisha(r.price as string),
        wholesale: toPoisha(r.wholesale_price as string),
        isActive: true,
        fullCount: 0,
        emptyCount: 0,
        stockCount: Number(r.stock_count),
      });
    }
  }
  return items;
}

/** The shop of this store (not deleted), locked so its due, balance and empties stay exact through the sale. */
async function lockShop(tx: Tx, storeId: string, shopId: string) {
  const { rows } = await tx.execute(sql`
    select s.id, s.price_tier from shops s
    where s.id = ${shopId}::uuid and s.store_id = ${storeId}::uuid and s.deleted_at is null
    for update`);
  const shop = rows[0] as { id: string; price_tier: PriceTier } | undefined;
  if (!shop) throw fieldProblem('shopId', { message: 'Shop not found', code: 'shop.notFound' }, 404);
  const due = await tx.execute(sql`
    select coalesce(sum(due_delta), 0) as due from ledger_entries where store_id = ${storeId}::uuid and shop_id = ${shopId}::uuid`);
  return { tier: shop.price_tier, due: toPoisha((due.rows[0] as { due: string }).due) };
}

/**
 * Records a sale: every line, payment and the header in the caller's transaction, or nothing
 * (any refusal throws and the transaction rolls back). The domain prices and checks the sale
 * whole first. Each line then moves its item's counts (in the store, or on the vehicle it is sold
 * from) and appends its ledger entry in one statement, as a buy does (`buyAndRecord`); so does
 * each brand of swapped-in empties. They run in item-id order so two sales of the same items
 * never wait on each other in a circle. The sale number is taken last, so the counter row is
 * locked only from there to the commit.
 */
export async function createSale(tx: Tx, actor: SaleActor, input: SaleInput, options: SaleOptions = {}) {
  const vehicle = input.vehicleId ? await lockVehicle(tx, actor.storeId, input.vehicleId, 'share') : null;
  const shop = input.shopId ? await lockShop(tx, actor.storeId, input.shopId) : null;
  const emptiesRefs = input.lines.flatMap((l) => (l.empties ?? []).map((e) => ({ itemType: 'cylinder' as const, itemId: e.itemId })));
  const items = await loadItems(tx, actor.storeId, [...input.lines, ...emptiesRefs]);
  const limit = await sellingLimitOf(tx, actor);
  const sale = priceSale(input, { shop, itemOf: (type, id) => items.get(`${type}:${id}`), limit }, options);
  const payments = await paymentAccounts(tx, actor.storeId, sale.payments, options);

  const at = sql`coalesce(${options.at?.toISOString() ?? null}::timestamptz, app_now())`;
  const official = await judgeOfficialPrices(tx, actor, sale.lines, shop === null, at, input.officialPriceReason ?? null);

  const ctx: LineContext = {
    tx,
    actor,
    saleId: randomUUID(),
    shopId: input.shopId,
    vehicle,
    key: actor.idempotencyKey ?? null,
    at,
    official,
    officialReason: input.officialPriceReason?.trim() || null,
  };

  // The lines and the swapped-in empties, one statement each, in item-id order.
  const moves = [
    ...sale.lines.map((line) => ({ itemId: line.itemId, index: line.index, seq: 0, swap: null as null | { itemId: string; count: number }, line })),
    ...sale.lines.flatMap((line) => line.empties.swaps.map((swap, k) => ({ itemId: swap.itemId, index: line.index, seq: k + 1, swap, line }))),
  ].sort(byItemThenLine);
  for (const m of moves) {
    if (m.swap) {
      await recordEmptiesIn(ctx, m.index, m.swap.itemId, m.swap.count);
      continue;
    }
    if (!(await recordLine(ctx, sale.tier, m.line))) {
      throw await whyLineRefused(tx, actor.storeId, m.line, sale.tier, input.lines.length > 1, vehicle);
    }
  }

  // Payments, the number and the header in one statement (one round trip): the counter row is
  // locked here, as the transaction's last write, and held only until the commit.
  const arr = (values: (string | null)[]) => `{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
  const { rows: numbered } = await tx.execute(sql`
    with paid_in as (
      insert into ledger_entries (store_id, user_id, kind, total_amount, payment_method, ref, due_delta, shop_id, vehicle_id, sale_id, idempotency_key, created_at,
        account_id, money_delta)
      select ${actor.storeId}::uuid, ${actor.userId}::uuid, 'sale_payment', p.amount, p.method, p.ref,
        ${shop ? sql`-p.amount` : sql`0`}, ${input.shopId}::uuid, ${vehicle?.id ?? null}::uuid, ${ctx.saleId}::uuid, ${ctx.key}::text, ${ctx.at},
        p.account_id, p.money_delta
      from unnest(${arr(payments.map((p) => p.method))}::text[], ${arr(payments.map((p) => takaNumeric(p.amount)))}::numeric[],
        ${arr(payments.map((p) => p.ref ?? null))}::text[], ${arr(payments.map((p) => p.accountId))}::uuid[],
        ${arr(payments.map((p) => p.moneyDelta))}::numeric[]) with ordinality as p(method, amount, ref, account_id, money_delta, n)
      order by p.n
    ), counter as (
      insert into sale_counters (store_id, last_number) values (${actor.storeId}::uuid, 1)
      on conflict (store_id) do update set last_number = sale_counters.last_number + 1
      returning last_number
    )
    insert into sales (store_id, id, number, shop_id, vehicle_id, tier, subtotal, discount, total, paid, due, shop_balance_before, note, user_id, created_at)
    select ${actor.storeId}::uuid, ${ctx.saleId}::uuid, counter.last_number, ${input.shopId}::uuid, ${vehicle?.id ?? null}::uuid, ${sale.tier},
      ${numericText(sale.subtotal)}::numeric, ${numericText(sale.discount)}::numeric, ${numericText(sale.total)}::numeric,
      ${numericText(sale.paid)}::numeric, ${numericText(sale.due)}::numeric,
      ${shop ? numericText(shop.due) : null}::numeric, ${input.note ?? null}::text, ${actor.userId}::uuid, ${ctx.at}
    from counter
    returning number`);
  const number = Number((numbered[0] as { number: number }).number);
  return { id: ctx.saleId, number: saleNumber(number) };
}

/**
 * The account each payment lands in (rule 15), checked against its method; a payment naming none
 * keeps account and amount empty for the database to fill with the method's default, as before.
 */
async function paymentAccounts(tx: Tx, storeId: string, payments: PricedSale<PaymentMethod>['payments'], options: SaleOptions) {
  const out: { method: string; amount: number; ref: string | null; accountId: string | null; moneyDelta: string }[] = [];
  for (const [i, p] of payments.entries()) {
    const named = p.accountId ?? (options.payInFull ? options.accountId : undefined);
    const field = options.payInFull ? 'accountId' : `payments.${i}.accountId`;
    const accountId = await paymentAccount(tx, storeId, p.method, named, field);
    const delta = accountId ? moneyDelta('sale_payment', p.method, toPoisha(p.amount)) : 0;
    out.push({ method: p.method, amount: p.amount, ref: p.ref ?? null, accountId, moneyDelta: numericText(delta) });
  }
  return out;
}

interface LineContext {
  tx: Tx;
  actor: SaleActor;
  saleId: string;
  shopId: string | null;
  vehicle: LockedVehicle | null;
  key: string | null;
  at: SQL;
  /** Each line's official price in force and whether it is above it, by line index. */
  official: OfficialJudgement[];
  officialReason: string | null;
}

/**
 * Rule 13: the official price in force at the sale's own time for each walk-in refill line, and
 * the store's choice on a line above it (refuse, or a reason required). The store's own work (the
 * demo seed, no role) records the price in force and is not held to the choice.
 */
async function judgeOfficialPrices(tx: Tx, actor: SaleActor, lines: PricedLine[], walkIn: boolean, at: SQL, reason: string | null) {
  const none = lines.map(() => ({ official: null, above: false }));
  if (!walkIn || !lines.some((l) => l.itemType === 'cylinder' && l.tradeType === 'refill')) return none;
  const { entry, policy } = await officialRuleAt(tx, actor.storeId, at);
  if (!entry) return none;
  const official = lines.map((l) => ({
    field: lineField(l.index, 'unitPrice'),
    itemName: l.item.name,
    itemType: l.itemType,
    tradeType: l.tradeType,
    size: l.item.size,
    unit: l.unit,
  }));
  if (!actor.role) return official.map((l) => judgeOfficial(l, walkIn, entry));
  return checkOfficialPrices(official, { walkIn, entry, policy, reason });
}

/**
 * One sale line: moves the counts `movement.saleLine` gives (the stock out of the store or the
 * vehicle, the same-brand empties handed in beside it) and appends the `sell` entry with those
 * deltas, the price, the average cost of the moment and the empties the shop now owes, in one
 * statement. The UPDATE matches only with enough stock at the price the sale was priced at;
 * false when it matched nothing.
 */
async function recordLine(ctx: LineContext, tier: PriceTier, line: PricedLine) {
  const { tx, actor, vehicle } = ctx;
  const q = line.quantity;
  const official = ctx.official[line.index];
  const isCylinder = line.itemType === 'cylinder';
  const d = movement.saleLine({ itemType: line.itemType, quantity: q, emptiesSame: line.empties.same, fromVehicle: vehicle !== null });
  // The price the line was priced at must still be the item's: a package line's is its package price (rule 12).
  const tierColumn =
    line.tradeType === 'package'
      ? tier === 'wholesale'
        ? sql`i.package_wholesale_price`
        : sql`i.package_price`
      : tier === 'wholesale'
        ? sql`i.wholesale_price`
        : sql`i.price`;
  const price = numericText(line.tierPrice);
  const cost = isCylinder ? (line.tradeType === 'package' ? sql`i.package_cost` : sql`i.refill_cost`) : sql`i.cost`;
  const itemCheck = isCylinder
    ? sql`i.id = ${line.itemId}::uuid and i.store_id = ${actor.storeId}::uuid and ${tierColumn} = ${price}::numeric
        and exists (select 1 from store_brands b where b.store_id = i.store_id and b.brand_id = i.brand_id and b.is_active)`
    : sql`i.id = ${line.itemId}::uuid and i.store_id = ${actor.storeId}::uuid and i.kind = ${line.itemType} and ${tierColumn} = ${price}::numeric`;
  const table = isCylinder ? sql`cylinder_items` : sql`accessory_items`;
  let moved: SQL;
  if (!vehicle) {
    moved = isCylinder
      ? sql`update cylinder_items i
          set full_count = i.full_count + ${d.full}::int, empty_count = i.empty_count + ${d.empty}::int
          where ${itemCheck} and i.full_count + ${d.full}::int >= 0
          returning i.id, ${cost} as unit_cost`
      : sql`update accessory_items i set stock_count = i.stock_count + ${d.stock}::int
          where ${itemCheck} and i.stock_count + ${d.stock}::int >= 0
          returning i.id, ${cost} as unit_cost`;
  } else {
    // From the vehicle: its row changes; the item row is only read for the price and the cost.
    moved = sql`update vehicle_stock v
      set ${
        isCylinder
          ? sql`full_count = v.full_count + ${d.vehicleFull}::int, empty_count = v.empty_count + ${d.vehicleEmpty}::int`
          : sql`stock_count = v.stock_count + ${d.vehicleStock}::int`
      }
      from (select i.id, ${cost} as unit_cost from ${table} i where ${itemCheck}) i
      where v.store_id = ${actor.storeId}::uuid and v.vehicle_id = ${vehicle.id}::uuid and v.item_id = i.id
        and ${isCylinder ? sql`v.full_count + ${d.vehicleFull}::int` : sql`v.stock_count + ${d.vehicleStock}::int`} >= 0
      returning i.id, i.unit_cost`;
  }
  const result = await tx.execute(sql`
    with moved as (${moved})
    insert into ledger_entries (
      store_id, user_id, kind, item_type, item_id, trade_type, quantity, ${DELTA_COLUMNS}, empties_owed_delta,
      unit_price, unit_cost, discount, total_amount, due_delta, shop_id, vehicle_id, sale_id, line_no, idempotency_key, created_at,
      official_price, above_official_reason)
    select ${actor.storeId}::uuid, ${actor.userId}::uuid, 'sell', ${line.itemType}, moved.id, ${line.tradeType}::text, ${q}::int,
      ${deltaValues(d)}, ${line.empties.owed}::int,
      ${numericText(line.unit)}::numeric, moved.unit_cost, ${numericText(line.lineDiscount)}::numeric,
      ${numericText(line.amount)}::numeric, ${ctx.shopId ? numericText(line.amount) : '0'}::numeric, ${ctx.shopId}::uuid,
      ${vehicle?.id ?? null}::uuid, ${ctx.saleId}::uuid, ${line.index + 1}::smallint, ${ctx.key}::text, ${ctx.at},
      ${official.official === null ? null : numericText(official.official)}::numeric, ${official.above ? ctx.officialReason : null}::text
    from moved
    returning id`);
  return result.rows.length === 1;
}

/**
 * Empties of another brand handed in on a refill line (a brand swap, `movement.emptiesIn`):
 * that item's empty count rises, in the store or on the vehicle, with an `empties_in` entry
 * naming the line.
 */
async function recordEmptiesIn(ctx: LineContext, index: number, itemId: string, count: number) {
  const { tx, actor, vehicle } = ctx;
  const d = movement.emptiesIn(count, vehicle !== null);
  const moved = emptiesInMove(actor.storeId, vehicle?.id ?? null, itemId, d);
  await tx.execute(sql`
    with moved as (${moved})
    insert into ledger_entries (store_id, user_id, kind, item_type, item_id, quantity, ${DELTA_COLUMNS},
      shop_id, vehicle_id, sale_id, line_no, idempotency_key, created_at)
    select ${actor.storeId}::uuid, ${actor.userId}::uuid, 'empties_in', 'cylinder', moved.id, ${count}::int, ${deltaValues(d)},
      ${ctx.shopId}::uuid, ${vehicle?.id ?? null}::uuid, ${ctx.saleId}::uuid, ${index + 1}::smallint, ${ctx.key}::text, ${ctx.at}
    from moved`);
}

/**
 * The 404/409 that says why a line's statement matched nothing (the domain's `lineRefusal`),
 * from the item as it stands now and what is available where the line sells from.
 */
async function whyLineRefused(tx: Tx, storeId: string, line: PricedLine, tier: PriceTier, nameItem: boolean, vehicle: LockedVehicle | null) {
  const { item } = line;
  const now = (await loadItems(tx, storeId, [{ itemType: item.type, itemId: item.id }])).get(`${item.type}:${item.id}`);
  let available = now ? (item.type === 'cylinder' ? now.fullCount : now.stockCount) : 0;
  if (now?.isActive && vehicle) {
    const { rows } = await tx.execute(sql`
      select full_count, stock_count from vehicle_stock
      where store_id = ${storeId}::uuid and vehicle_id = ${vehicle.id}::uuid and item_id = ${item.id}::uuid`);
    const row = rows[0] as { full_count: number; stock_count: number } | undefined;
    available = Number((item.type === 'cylinder' ? row?.full_count : row?.stock_count) ?? 0);
  }
  return lineRefusal({
    index: line.index,
    item,
    quantity: line.quantity,
    tier,
    tradeType: line.tradeType,
    tierPrice: line.tierPrice,
    nameItem,
    now: now && { ...now, available },
    vehicle,
  });
}
