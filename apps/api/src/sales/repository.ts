import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { PaymentMethod, PriceTier, Sale, SaleItemType, SaleListItem, SalePaymentMethod, SalesQuery } from '@mojud/contracts';
import type { DbOrTx, Tx } from '../db/client';
import { conflict, fieldProblem, notFound } from '../errors';
import { money } from '../ledger/ledger';
import { TIME_ZONE } from '../ledger/repository';
import { emptiesOwedByShop } from '../empties/owed';
import { lockVehicle, type LockedVehicle } from '../vehicles/lock';

// Sales with lines (DEALER.md rules 3–7), the empties handed in with refills (rules 8–9) and
// sales from a vehicle (rule 10). The lines, swapped-in empties, payments, returns and refunds
// are ledger entries carrying sale_id; the `sales` row is the header the receipt reads beside them.

const toPoisha = (amount: number | string) => Math.round(Number(amount) * 100);
const fromPoisha = (poisha: number) => poisha / 100;
const taka = (poisha: number) => `Tk ${fromPoisha(poisha).toFixed(2)}`;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const MAX_TOTAL_POISHA = 1_000_000_000 * 100;

export const saleNumber = (n: number) => `S-${String(n).padStart(6, '0')}`;

export interface SaleActor {
  storeId: string;
  userId: string;
  idempotencyKey?: string | null;
}

export interface SaleLineInput {
  itemType: SaleItemType;
  itemId: string;
  tradeType?: 'refill' | 'package';
  quantity: number;
  unitPrice?: number;
  /** Refill lines: empties handed in by item. Absent: the quantity, of the same item. */
  empties?: { itemId: string; count: number }[];
}

export interface SaleInput {
  shopId: string | null;
  /** Sold from this vehicle's stock; null/absent: from the store. */
  vehicleId?: string | null;
  lines: SaleLineInput[];
  discount: number;
  payments: { method: PaymentMethod; amount: number; ref?: string | null }[];
  note?: string | null;
}

/** What the one-item trade routes ask beyond a sale: the price the screen showed must still hold. */
export interface SaleOptions {
  expectedUnitPrice?: number;
  /** The sale's total; less than the lines' total is a discount on the whole. */
  total?: number;
  /** Paid in full by this method, or (null) nothing paid: all due on the shop. */
  payInFull?: PaymentMethod | null;
  /** Only the demo seed dates sales in the past (a month of history to show); requests never do. */
  at?: Date;
}

const lineField = (i: number, field: string) => `lines.${i}.${field}`;
const saleNotFound = { message: 'Sale not found', code: 'sale.notFound' };
const brandInactive = (brand: string | null) => ({
  message: `${brand} is not active in this store. Select it under Select Brand first.`,
  code: 'brand.inactive',
  params: { brand },
});
const fieldError = (field: string, message: string, status: number, code: string, params?: Record<string, string | number>) =>
  fieldProblem(field, { message, code, ...(params ? { params } : {}) }, status);

interface ItemNow {
  id: string;
  type: SaleItemType;
  name: string;
  retail: number;
  wholesale: number;
  isActive: boolean;
  brandName: string | null;
  size: number | null;
  regulatorType: number | null;
  fullCount: number;
  emptyCount: number;
  stockCount: number;
}

type ItemRef = { itemType: SaleItemType; itemId: string };

/** The items named, as they stand now, keyed `type:id`. */
async function loadItems(db: DbOrTx, storeId: string, refs: ItemRef[]) {
  const cylinderIds = [...new Set(refs.filter((l) => l.itemType === 'cylinder').map((l) => l.itemId))];
  const accessoryIds = [...new Set(refs.filter((l) => l.itemType !== 'cylinder').map((l) => l.itemId))];
  const items = new Map<string, ItemNow>();
  if (cylinderIds.length > 0) {
    const { rows } = await db.execute(sql`
      select i.id, b.name as brand_name, i.size, i.regulator_type, i.price, i.wholesale_price, i.full_count, i.empty_count,
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

/** Splits a whole-sale discount over the lines in proportion to their totals, to the poisha. */
function shareDiscount(grossByLine: number[], discount: number) {
  const gross = grossByLine.reduce((a, b) => a + b, 0);
  if (discount === 0 || gross === 0) return grossByLine.map(() => 0);
  const exact = grossByLine.map((g) => (discount * g) / gross);
  const shares = exact.map(Math.floor);
  let left = discount - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of byRemainder) {
    if (left <= 0) break;
    shares[i] += 1;
    left -= 1;
  }
  return shares;
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
 * The empties handed in on each refill line (DEALER.md rule 8), checked: the same size and
 * valve as the refill, a brand the store deals in, no more than the quantity, and all of them
 * from a walk-in buyer, who cannot owe (rule 9). Keyed by line index: the line's own item
 * (`same`), other brands (`swaps`, by item id) and what stays owed.
 */
function emptiesOfLines(lines: SaleLineInput[], items: Map<string, ItemNow>, hasShop: boolean) {
  return lines.map((line, i) => {
    if (line.itemType !== 'cylinder' || (line.tradeType ?? 'refill') !== 'refill') return { same: 0, swaps: [] as { itemId: string; count: number }[], owed: 0 };
    const q = line.quantity;
    const given = new Map<string, number>();
    for (const e of line.empties ?? [{ itemId: line.itemId, count: q }]) {
      if (e.count > 0) given.set(e.itemId, (given.get(e.itemId) ?? 0) + e.count);
    }
    const sold = items.get(`cylinder:${line.itemId}`)!;
    let total = 0;
    for (const [itemId, count] of given) {
      total += count;
      const empty = items.get(`cylinder:${itemId}`);
      const field = lineField(i, 'empties');
      if (!empty) throw fieldProblem(field, { message: 'Item not found', code: 'item.notFound' }, 404);
      if (empty.size !== sold.size || empty.regulatorType !== sold.regulatorType) {
        throw fieldError(field, `Empties of ${empty.name} do not fit a ${sold.size} kg ${sold.regulatorType} mm refill`, 400, 'empties.wrongSize', {
          item: empty.name,
        });
      }
      if (!empty.isActive) {
        throw conflict(
          { message: `${empty.brandName} is not active in this store. Select it under Select Brand to take its empties.`, code: 'brand.inactive', params: { brand: empty.brandName! } },
          [{ field, message: 'Brand not active' }],
        );
      }
    }
    if (total > q) {
      throw fieldError(lineField(i, 'empties'), `More empties (${total}) than refills (${q}) on this line. Take the extra with Collect empties.`, 400, 'empties.moreThanRefills', {
        empties: total,
        refills: q,
      });
    }
    if (!hasShop && total < q) {
      throw fieldError(
        lineField(i, 'empties'),
        `A walk-in buyer hands in an empty for each refill (${q}, not ${total}), or buys a package`,
        400,
        'empties.walkInOwes',
        { refills: q, empties: total },
      );
    }
    const same = given.get(line.itemId) ?? 0;
    given.delete(line.itemId);
    return { same, swaps: [...given].map(([itemId, count]) => ({ itemId, count })), owed: q - total };
  });
}

const byItemThenLine = <T extends { itemId: string; index: number; seq: number }>(a: T, b: T) =>
  a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : a.index - b.index || a.seq - b.seq;

/**
 * Records a sale: every line, payment and the header in the caller's transaction, or nothing
 * (any refusal throws and the transaction rolls back). Each line moves its item's counts (in the
 * store, or on the vehicle it is sold from) and appends its ledger entry in one statement, as a
 * buy does (`buyAndRecord`); so does each brand of swapped-in empties. They run in item-id order
 * so two sales of the same items never wait on each other in a circle. The sale number is taken
 * last, so the counter row is locked only from there to the commit.
 */
export async function createSale(tx: Tx, actor: SaleActor, input: SaleInput, options: SaleOptions = {}) {
  const vehicle = input.vehicleId ? await lockVehicle(tx, actor.storeId, input.vehicleId, 'share') : null;
  const shop = input.shopId ? await lockShop(tx, actor.storeId, input.shopId) : null;
  const tier: PriceTier = shop ? shop.tier : 'retail';
  const emptiesRefs = input.lines.flatMap((l) => (l.empties ?? []).map((e) => ({ itemType: 'cylinder' as const, itemId: e.itemId })));
  const items = await loadItems(tx, actor.storeId, [...input.lines, ...emptiesRefs]);

  const priced = input.lines.map((line, i) => {
    const item = items.get(`${line.itemType}:${line.itemId}`);
    if (!item) throw fieldProblem(lineField(i, 'itemId'), { message: 'Item not found', code: 'item.notFound' }, 404);
    if (!item.isActive) {
      throw conflict(brandInactive(item.brandName), [
        { field: lineField(i, 'itemId'), message: 'Brand not active', code: 'brand.inactive', params: { brand: item.brandName } },
      ]);
    }
    const tierPrice = tier === 'wholesale' ? item.wholesale : item.retail;
    if (options.expectedUnitPrice !== undefined && toPoisha(options.expectedUnitPrice) !== tierPrice) {
      throw conflict(
        { message: `The price is now ${taka(tierPrice)}. Check the total and try again.`, code: 'price.changed', params: { price: fromPoisha(tierPrice) } },
        [{ field: 'price', message: 'Price changed', code: 'price.changedShort' }],
      );
    }
    const unit = line.unitPrice === undefined ? tierPrice : toPoisha(line.unitPrice);
    if (unit > tierPrice) {
      const params = { item: item.name, tier, price: fromPoisha(tierPrice) };
      throw conflict(
        { message: `${item.name}: the ${tier} price is ${taka(tierPrice)}; a line can be sold at or below it`, code: 'price.aboveTier', params },
        [{ field: lineField(i, 'unitPrice'), message: `Above the ${tier} price`, code: 'price.aboveTierShort', params }],
      );
    }
    const gross = unit * line.quantity;
    if (gross > MAX_TOTAL_POISHA) throw fieldProblem(lineField(i, 'quantity'), { message: 'The line total is too large', code: 'sale.lineTooLarge' });
    const tradeType = line.itemType === 'cylinder' ? (line.tradeType ?? 'refill') : null;
    return { line, index: i, item, tierPrice, unit, gross, tradeType };
  });
  const empties = emptiesOfLines(input.lines, items, Boolean(shop));

  const subtotal = priced.reduce((a, p) => a + p.gross, 0);
  if (options.total !== undefined && toPoisha(options.total) > subtotal) {
    throw fieldProblem('totalAmount', { message: `Is more than price × quantity (${taka(subtotal)})`, code: 'sale.totalAboveLines', params: { amount: fromPoisha(subtotal) } });
  }
  const discount = options.total !== undefined ? subtotal - toPoisha(options.total) : toPoisha(input.discount);
  if (discount > subtotal) {
    throw fieldProblem('discount', { message: `The discount is more than the total (${taka(subtotal)})`, code: 'sale.discountAboveTotal', params: { amount: fromPoisha(subtotal) } });
  }
  const total = subtotal - discount;
  if (total > MAX_TOTAL_POISHA) throw fieldProblem('lines', { message: 'The sale total is too large', code: 'sale.totalTooLarge' });
  const payments =
    options.payInFull === undefined
      ? input.payments
      : options.payInFull && total > 0
        ? [{ method: options.payInFull, amount: fromPoisha(total), ref: null }]
        : [];
  const paid = payments.reduce((a, p) => a + toPoisha(p.amount), 0);
  const due = total - paid;
  if (!shop && due > 0) {
    throw fieldProblem('payments', {
      message: `A walk-in customer pays the whole total (${taka(total)}). Choose a shop to leave a due.`,
      code: 'sale.walkInPaysAll',
      params: { amount: fromPoisha(total) },
    });
  }
  if (!shop && due < 0) {
    throw fieldProblem('payments', { message: `A walk-in customer pays exactly the total (${taka(total)})`, code: 'sale.walkInPaysExactly', params: { amount: fromPoisha(total) } });
  }

  const shares = shareDiscount(
    priced.map((p) => p.gross),
    discount,
  );
  const ctx: LineContext = {
    tx,
    actor,
    saleId: randomUUID(),
    shopId: input.shopId,
    vehicle,
    key: actor.idempotencyKey ?? null,
    at: sql`coalesce(${options.at?.toISOString() ?? null}::timestamptz, app_now())`,
  };

  // The lines and the swapped-in empties, one statement each, in item-id order.
  const moves = [
    ...priced.map((p) => ({ itemId: p.item.id, index: p.index, seq: 0, swap: null as null | { itemId: string; count: number }, p })),
    ...priced.flatMap((p) => empties[p.index].swaps.map((swap, k) => ({ itemId: swap.itemId, index: p.index, seq: k + 1, swap, p }))),
  ].sort(byItemThenLine);
  for (const m of moves) {
    if (m.swap) {
      await recordEmptiesIn(ctx, m.index, m.swap.itemId, m.swap.count);
      continue;
    }
    const { p } = m;
    const amount = p.gross - shares[p.index];
    const lineDiscount = (p.tierPrice - p.unit) * p.line.quantity + shares[p.index];
    const moved = await recordLine(ctx, {
      index: p.index,
      itemType: p.line.itemType,
      itemId: p.item.id,
      tradeType: p.tradeType,
      quantity: p.line.quantity,
      emptiesSame: empties[p.index].same,
      owed: shop ? empties[p.index].owed : 0,
      tier,
      tierPrice: p.tierPrice,
      unit: p.unit,
      amount,
      lineDiscount,
    });
    if (!moved) await explainLineRefusal(tx, actor.storeId, p.index, p.item, p.line.quantity, tier, p.tierPrice, input.lines.length > 1, vehicle);
  }

  // Payments, the number and the header in one statement (one round trip): the counter row is
  // locked here, as the transaction's last write, and held only until the commit.
  const arr = (values: (string | null)[]) => `{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
  const { rows: numbered } = await tx.execute(sql`
    with paid_in as (
      insert into ledger_entries (store_id, user_id, kind, total_amount, payment_method, ref, due_delta, shop_id, vehicle_id, sale_id, idempotency_key, created_at)
      select ${actor.storeId}::uuid, ${actor.userId}::uuid, 'sale_payment', p.amount, p.method, p.ref,
        ${shop ? sql`-p.amount` : sql`0`}, ${input.shopId}::uuid, ${vehicle?.id ?? null}::uuid, ${ctx.saleId}::uuid, ${ctx.key}::text, ${ctx.at}
      from unnest(${arr(payments.map((p) => p.method))}::text[], ${arr(payments.map((p) => money(p.amount)))}::numeric[],
        ${arr(payments.map((p) => p.ref ?? null))}::text[]) with ordinality as p(method, amount, ref, n)
      order by p.n
    ), counter as (
      insert into sale_counters (store_id, last_number) values (${actor.storeId}::uuid, 1)
      on conflict (store_id) do update set last_number = sale_counters.last_number + 1
      returning last_number
    )
    insert into sales (store_id, id, number, shop_id, vehicle_id, tier, subtotal, discount, total, paid, due, shop_balance_before, note, user_id, created_at)
    select ${actor.storeId}::uuid, ${ctx.saleId}::uuid, counter.last_number, ${input.shopId}::uuid, ${vehicle?.id ?? null}::uuid, ${tier},
      ${money(fromPoisha(subtotal))}::numeric, ${money(fromPoisha(discount))}::numeric, ${money(fromPoisha(total))}::numeric,
      ${money(fromPoisha(paid))}::numeric, ${money(fromPoisha(due))}::numeric,
      ${shop ? money(fromPoisha(shop.due)) : null}::numeric, ${input.note ?? null}::text, ${actor.userId}::uuid, ${ctx.at}
    from counter
    returning number`);
  const number = Number((numbered[0] as { number: number }).number);
  return { id: ctx.saleId, number: saleNumber(number) };
}

interface LineContext {
  tx: Tx;
  actor: SaleActor;
  saleId: string;
  shopId: string | null;
  vehicle: LockedVehicle | null;
  key: string | null;
  at: SQL;
}

/**
 * One sale line: takes the stock (the store's, or the vehicle's), puts the same-brand empties
 * handed in beside it, and appends the `sell` entry with the price, the average cost of the
 * moment and the empties the shop now owes, in one statement. The UPDATE matches only with
 * enough stock at the price the sale was priced at; false when it matched nothing.
 */
async function recordLine(
  ctx: LineContext,
  l: {
    index: number;
    itemType: SaleItemType;
    itemId: string;
    tradeType: 'refill' | 'package' | null;
    quantity: number;
    emptiesSame: number;
    owed: number;
    tier: PriceTier;
    tierPrice: number;
    unit: number;
    amount: number;
    lineDiscount: number;
  },
) {
  const { tx, actor, vehicle } = ctx;
  const q = l.quantity;
  const isCylinder = l.itemType === 'cylinder';
  const tierColumn = l.tier === 'wholesale' ? sql`i.wholesale_price` : sql`i.price`;
  const price = money(fromPoisha(l.tierPrice));
  const cost = isCylinder ? (l.tradeType === 'package' ? sql`i.package_cost` : sql`i.refill_cost`) : sql`i.cost`;
  const itemCheck = isCylinder
    ? sql`i.id = ${l.itemId}::uuid and i.store_id = ${actor.storeId}::uuid and ${tierColumn} = ${price}::numeric
        and exists (select 1 from store_brands b where b.store_id = i.store_id and b.brand_id = i.brand_id and b.is_active)`
    : sql`i.id = ${l.itemId}::uuid and i.store_id = ${actor.storeId}::uuid and i.kind = ${l.itemType} and ${tierColumn} = ${price}::numeric`;
  const table = isCylinder ? sql`cylinder_items` : sql`accessory_items`;
  let moved: SQL;
  if (!vehicle) {
    moved = isCylinder
      ? sql`update cylinder_items i
          set full_count = i.full_count - ${q}::int, empty_count = i.empty_count + ${l.emptiesSame}::int
          where ${itemCheck} and i.full_count >= ${q}::int
          returning i.id, ${cost} as unit_cost`
      : sql`update accessory_items i set stock_count = i.stock_count - ${q}::int
          where ${itemCheck} and i.stock_count >= ${q}::int
          returning i.id, ${cost} as unit_cost`;
  } else {
    // From the vehicle: its row changes; the item row is only read for the price and the cost.
    moved = sql`update vehicle_stock v
      set ${isCylinder ? sql`full_count = v.full_count - ${q}::int, empty_count = v.empty_count + ${l.emptiesSame}::int` : sql`stock_count = v.stock_count - ${q}::int`}
      from (select i.id, ${cost} as unit_cost from ${table} i where ${itemCheck}) i
      where v.store_id = ${actor.storeId}::uuid and v.vehicle_id = ${vehicle.id}::uuid and v.item_id = i.id
        and ${isCylinder ? sql`v.full_count` : sql`v.stock_count`} >= ${q}::int
      returning i.id, i.unit_cost`;
  }
  const d = (n: number) => (vehicle ? [0, n] : [n, 0]);
  const [full, vFull] = d(isCylinder ? -q : 0);
  const [empty, vEmpty] = d(isCylinder ? l.emptiesSame : 0);
  const [stock, vStock] = d(isCylinder ? 0 : -q);
  const result = await tx.execute(sql`
    with moved as (${moved})
    insert into ledger_entries (
      store_id, user_id, kind, item_type, item_id, trade_type, quantity,
      full_delta, empty_delta, stock_delta, vehicle_full_delta, vehicle_empty_delta, vehicle_stock_delta, empties_owed_delta,
      unit_price, unit_cost, discount, total_amount, due_delta, shop_id, vehicle_id, sale_id, line_no, idempotency_key, created_at)
    select ${actor.storeId}::uuid, ${actor.userId}::uuid, 'sell', ${l.itemType}, moved.id, ${l.tradeType}::text, ${q}::int,
      ${full}::int, ${empty}::int, ${stock}::int, ${vFull}::int, ${vEmpty}::int, ${vStock}::int, ${l.owed}::int,
      ${money(fromPoisha(l.unit))}::numeric, moved.unit_cost, ${money(fromPoisha(l.lineDiscount))}::numeric,
      ${money(fromPoisha(l.amount))}::numeric, ${ctx.shopId ? money(fromPoisha(l.amount)) : '0'}::numeric, ${ctx.shopId}::uuid,
      ${vehicle?.id ?? null}::uuid, ${ctx.saleId}::uuid, ${l.index + 1}::smallint, ${ctx.key}::text, ${ctx.at}
    from moved
    returning id`);
  return result.rows.length === 1;
}

/**
 * Empties of another brand handed in on a refill line (a brand swap): that item's empty count
 * rises, in the store or on the vehicle, with an `empties_in` entry naming the line.
 */
async function recordEmptiesIn(ctx: LineContext, index: number, itemId: string, count: number) {
  const { tx, actor, vehicle } = ctx;
  const moved = vehicle
    ? sql`insert into vehicle_stock (store_id, vehicle_id, item_type, item_id, empty_count)
        values (${actor.storeId}::uuid, ${vehicle.id}::uuid, 'cylinder', ${itemId}::uuid, ${count}::int)
        on conflict (store_id, vehicle_id, item_id) do update set empty_count = vehicle_stock.empty_count + excluded.empty_count
        returning item_id as id`
    : sql`update cylinder_items i set empty_count = i.empty_count + ${count}::int
        where i.id = ${itemId}::uuid and i.store_id = ${actor.storeId}::uuid returning i.id`;
  await tx.execute(sql`
    with moved as (${moved})
    insert into ledger_entries (store_id, user_id, kind, item_type, item_id, quantity, empty_delta, vehicle_empty_delta,
      shop_id, vehicle_id, sale_id, line_no, idempotency_key, created_at)
    select ${actor.storeId}::uuid, ${actor.userId}::uuid, 'empties_in', 'cylinder', moved.id, ${count}::int,
      ${vehicle ? 0 : count}::int, ${vehicle ? count : 0}::int, ${ctx.shopId}::uuid, ${vehicle?.id ?? null}::uuid,
      ${ctx.saleId}::uuid, ${index + 1}::smallint, ${ctx.key}::text, ${ctx.at}
    from moved`);
}

/** Throws the 404/409 that says why a line's statement matched nothing. */
async function explainLineRefusal(
  tx: Tx,
  storeId: string,
  index: number,
  item: ItemNow,
  q: number,
  tier: PriceTier,
  tierPrice: number,
  nameItem: boolean,
  vehicle: LockedVehicle | null,
) {
  // One line (the one-item trade): "Only 3 full cylinders in stock"; several: name the item.
  const named = (text: string) => (nameItem ? `${item.name}: ${text}` : `${text[0].toUpperCase()}${text.slice(1)}`);
  const now = (await loadItems(tx, storeId, [{ itemType: item.type, itemId: item.id }])).get(`${item.type}:${item.id}`);
  const field = lineField(index, 'quantity');
  if (!now) throw fieldProblem(lineField(index, 'itemId'), { message: 'Item not found', code: 'item.notFound' }, 404);
  if (!now.isActive) throw conflict(brandInactive(now.brandName));
  if (vehicle) {
    const noun = item.type === 'cylinder' ? ['full cylinder', 'full cylinders'] : item.type === 'stove' ? ['stove', 'stoves'] : ['regulator', 'regulators'];
    const { rows } = await tx.execute(sql`
      select full_count, stock_count from vehicle_stock
      where store_id = ${storeId}::uuid and vehicle_id = ${vehicle.id}::uuid and item_id = ${item.id}::uuid`);
    const row = rows[0] as { full_count: number; stock_count: number } | undefined;
    const available = Number((item.type === 'cylinder' ? row?.full_count : row?.stock_count) ?? 0);
    if (available < q) {
      throw conflict(
        {
          message: named(`only ${plural(available, noun[0], noun[1])} on ${vehicle.regNumber}`),
          code: item.type === 'cylinder' ? 'vehicle.notEnoughFull' : 'vehicle.notEnoughStock',
          params: { available, vehicle: vehicle.regNumber, item: item.name },
        },
        [{ field, message: `Only ${available} on the vehicle`, code: 'vehicle.onlyOnVehicle', params: { available } }],
      );
    }
  } else if (item.type === 'cylinder' && now.fullCount < q) {
    const params = { available: now.fullCount, ...(nameItem ? { item: item.name } : {}) };
    throw conflict(
      { message: named(`only ${plural(now.fullCount, 'full cylinder', 'full cylinders')} in stock`), code: nameItem ? 'stock.notEnoughFullOf' : 'stock.notEnoughFull', params },
      [{ field, message: `Only ${now.fullCount} in stock`, code: 'stock.onlyInStock', params: { available: now.fullCount } }],
    );
  } else if (item.type !== 'cylinder' && now.stockCount < q) {
    const noun = item.type === 'stove' ? ['stove', 'stoves'] : ['regulator', 'regulators'];
    const params = { available: now.stockCount, ...(nameItem ? { item: item.name } : {}) };
    const code =
      item.type === 'stove'
        ? nameItem ? 'stock.notEnoughStovesOf' : 'stock.notEnoughStoves'
        : nameItem ? 'stock.notEnoughRegulatorsOf' : 'stock.notEnoughRegulators';
    throw conflict({ message: named(`only ${plural(now.stockCount, noun[0], noun[1])} in stock`), code, params }, [
      { field, message: `Only ${now.stockCount} in stock`, code: 'stock.onlyInStock', params: { available: now.stockCount } },
    ]);
  }
  const price = tier === 'wholesale' ? now.wholesale : now.retail;
  if (price !== tierPrice) {
    throw conflict(
      {
        message: `The ${tier} price of ${now.name} is now ${taka(price)}. Check the total and try again.`,
        code: 'price.changedOf',
        params: { item: now.name, tier, price: fromPoisha(price) },
      },
      [{ field: lineField(index, 'unitPrice'), message: 'Price changed', code: 'price.changedShort' }],
    );
  }
  throw conflict({ message: 'The stock changed while saving. Please try again.', code: 'stock.changed' });
}

// ---------------------------------------------------------------- reading

type Row = Record<string, unknown>;
const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

const ITEM_NAME = sql`coalesce(b.name || ' ' || ci.size || ' kg ' || ci.regulator_type || ' mm', ai.name, 'Item')`;

/** A refill line's empties: its own brand (counted on its entry) first, then swaps; and what stays owed. */
function lineEmpties(l: Row, swaps: { itemId: string; itemName: string; brandName: string; count: number }[]) {
  if (l.item_type !== 'cylinder' || l.trade_type !== 'refill') return { empties: [], emptiesOwed: 0 };
  const same = num(l.empty_delta) + num(l.vehicle_empty_delta);
  const own = same > 0 ? [{ itemId: String(l.item_id), itemName: String(l.item_name), brandName: String(l.brand_name), count: same }] : [];
  return { empties: [...own, ...swaps], emptiesOwed: num(l.empties_owed_delta) };
}

/** One sale with everything its receipt and history show, or 404. */
export async function getSale(db: DbOrTx, storeId: string, saleId: string): Promise<Sale> {
  const { rows: heads } = await db.execute(sql`
    select s.*, to_char(s.created_at at time zone ${TIME_ZONE}, 'YYYY-MM-DD HH24:MI') as local_time,
      (s.created_at at time zone ${TIME_ZONE})::date = (app_now() at time zone ${TIME_ZONE})::date as today,
      st.name as store_name, st.location as store_address, st.phone as store_phone,
      u.username, nullif(btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as full_name,
      sh.name as shop_name, sh.phone as shop_phone, sh.address as shop_address, v.reg_number as vehicle_reg
    from sales s
    join stores st on st.id = s.store_id
    join users u on u.id = s.user_id
    left join shops sh on sh.id = s.shop_id and sh.store_id = s.store_id
    left join vehicles v on v.id = s.vehicle_id and v.store_id = s.store_id
    where s.store_id = ${storeId}::uuid and s.id = ${saleId}::uuid`);
  const h = heads[0] as Row | undefined;
  if (!h) throw notFound(saleNotFound);
  const { rows } = await db.execute(sql`
    select l.*, ${ITEM_NAME} as item_name, b.name as brand_name, ru.username as entry_username,
      nullif(btrim(coalesce(ru.first_name, '') || ' ' || coalesce(ru.last_name, '')), '') as entry_full_name
    from ledger_entries l
    left join cylinder_items ci on l.item_type = 'cylinder' and ci.id = l.item_id
    left join brands b on b.id = ci.brand_id
    left join accessory_items ai on l.item_type in ('stove', 'regulator') and ai.id = l.item_id
    left join users ru on ru.id = l.user_id
    where l.store_id = ${storeId}::uuid and l.sale_id = ${saleId}::uuid
    order by l.id`);
  const entries = rows as Row[];
  const lineRows = entries.filter((e) => e.kind === 'sell').sort((a, b) => num(a.line_no) - num(b.line_no));
  // Empties handed in: the line's own brand on its entry, other brands as `empties_in` entries.
  const swapsOf = (lineNo: number) =>
    entries
      .filter((e) => e.kind === 'empties_in' && num(e.line_no) === lineNo)
      .map((e) => ({
        itemId: String(e.item_id),
        itemName: String(e.item_name),
        brandName: String(e.brand_name),
        count: num(e.empty_delta) + num(e.vehicle_empty_delta),
      }));
  const returns = entries.filter((e) => e.kind === 'sale_return');
  const returnedQty = new Map<number, number>();
  for (const r of returns) returnedQty.set(num(r.reverses_id), (returnedQty.get(num(r.reverses_id)) ?? 0) + num(r.quantity));

  let profit = 0;
  let costUnknownLines = 0;
  const lines = lineRows.map((l) => {
    const unitCost = numOrNull(l.unit_cost);
    const q = num(l.quantity);
    const amountP = toPoisha(l.total_amount as string);
    const lineProfit = unitCost === null ? null : fromPoisha(amountP - q * toPoisha(unitCost));
    if (unitCost === null) costUnknownLines += 1;
    const unitP = toPoisha(l.unit_price as string);
    const discountP = toPoisha(l.discount as string);
    return {
      id: num(l.id),
      itemType: l.item_type as SaleItemType,
      itemId: String(l.item_id),
      itemName: String(l.item_name),
      brandName: (l.brand_name as string) ?? null,
      tradeType: (l.trade_type as 'refill' | 'package') ?? null,
      quantity: q,
      // Line discount = (tier − unit) × q + share; the share is what is left after the tier part.
      tierPrice: fromPoisha(unitP + Math.floor(Math.max(0, discountP - (unitP * q - amountP)) / q)),
      unitPrice: fromPoisha(unitP),
      lineTotal: fromPoisha(unitP * q),
      amount: fromPoisha(amountP),
      discount: fromPoisha(discountP),
      unitCost,
      profit: lineProfit,
      returnedQuantity: returnedQty.get(num(l.id)) ?? 0,
      ...lineEmpties(l, swapsOf(num(l.line_no))),
    };
  });
  for (const l of lines) if (l.profit !== null) profit += toPoisha(l.profit);
  for (const r of returns) {
    if (r.unit_cost !== null) profit -= toPoisha(r.total_amount as string) - num(r.quantity) * toPoisha(r.unit_cost as string);
  }

  // Reversals: entries written together (one transaction shares created_at) form one void or return.
  const groups = new Map<string, Row[]>();
  for (const e of entries.filter((x) => x.kind === 'sale_return' || x.kind === 'sale_refund')) {
    const k = `${new Date(e.created_at as string).toISOString()}|${e.category}`;
    groups.set(k, [...(groups.get(k) ?? []), e]);
  }
  const lineName = new Map(lines.map((l) => [l.id, l.itemName]));
  const reversals = [...groups.values()].map((g) => ({
    kind: (g[0].category === 'void' ? 'void' : 'return') as 'void' | 'return',
    createdAt: new Date(g[0].created_at as string).toISOString(),
    userName: String(g[0].entry_full_name ?? g[0].entry_username),
    lines: g
      .filter((e) => e.kind === 'sale_return')
      .map((e) => ({
        lineId: num(e.reverses_id),
        itemName: lineName.get(num(e.reverses_id)) ?? String(e.item_name),
        quantity: num(e.quantity),
        amount: num(e.total_amount),
      })),
    refunds: g
      .filter((e) => e.kind === 'sale_refund')
      .map((e) => ({ method: e.payment_method as SalePaymentMethod, amount: num(e.total_amount) })),
    dueDelta: fromPoisha(g.reduce((a, e) => a + toPoisha(e.due_delta as string), 0)),
    note: (g[0].note as string) ?? null,
  }));

  const soldQty = lines.reduce((a, l) => a + l.quantity, 0);
  const backQty = lines.reduce((a, l) => a + l.returnedQuantity, 0);
  const status = h.voided_at ? 'voided' : backQty === 0 ? 'completed' : backQty >= soldQty ? 'returned' : 'partly_returned';
  const payments = entries
    .filter((e) => e.kind === 'sale_payment')
    .map((e) => ({ method: e.payment_method as SalePaymentMethod, amount: num(e.total_amount), ref: (e.ref as string) ?? null }));
  const before = numOrNull(h.shop_balance_before);
  // What the shop owed right after the sale: its entries up to the sale's own (the shop row was
  // locked through the sale, so no other entry of the shop sits in between).
  const saleLast = Math.max(0, ...entries.filter((e) => ['sell', 'empties_in', 'sale_payment'].includes(String(e.kind))).map((e) => num(e.id)));
  const shopEmptiesOwed = h.shop_id ? ((await emptiesOwedByShop(db, storeId, [String(h.shop_id)], saleLast)).get(String(h.shop_id)) ?? []) : null;
  return {
    id: String(h.id),
    number: saleNumber(num(h.number)),
    createdAt: new Date(h.created_at as string).toISOString(),
    localTime: String(h.local_time),
    store: {
      name: String(h.store_name),
      address: (h.store_address as string) ?? null,
      phone: (h.store_phone as string) ?? null,
    },
    seller: { id: String(h.user_id), name: String(h.full_name ?? h.username) },
    shop: h.shop_id
      ? {
          id: String(h.shop_id),
          name: String(h.shop_name),
          phone: (h.shop_phone as string) ?? null,
          address: (h.shop_address as string) ?? null,
        }
      : null,
    tier: h.tier as PriceTier,
    lines,
    subtotal: num(h.subtotal),
    discount: num(h.discount),
    total: num(h.total),
    payments,
    paid: num(h.paid),
    due: num(h.due),
    shopBalanceBefore: before,
    shopBalanceAfter: before === null ? null : fromPoisha(toPoisha(before) + toPoisha(h.due as string)),
    shopEmptiesOwed,
    vehicle: h.vehicle_id ? { id: String(h.vehicle_id), regNumber: String(h.vehicle_reg) } : null,
    profit: fromPoisha(profit),
    costUnknownLines,
    note: (h.note as string) ?? null,
    status,
    canVoid: !h.voided_at && returns.length === 0 && Boolean(h.today),
    reversals,
  };
}

const dayStart = (date: string) => sql`(${date}::date::timestamp at time zone ${TIME_ZONE})`;

/** Sales newest first, keyset-paged on the number (gapless, so a page never skips or repeats). */
export async function listSales(db: DbOrTx, storeId: string, q: SalesQuery & { limit: number }) {
  const where = [sql`s.store_id = ${storeId}::uuid`];
  if (q.from) where.push(sql`s.created_at >= ${dayStart(q.from)}`);
  if (q.to) where.push(sql`s.created_at < (${q.to}::date + 1)::timestamp at time zone ${TIME_ZONE}`);
  if (q.shopId) where.push(sql`s.shop_id = ${q.shopId}::uuid`);
  if (q.walkIn === 'true') where.push(sql`s.shop_id is null`);
  if (q.walkIn === 'false') where.push(sql`s.shop_id is not null`);
  if (q.cursor) where.push(sql`s.number < ${q.cursor}`);
  const { rows } = await db.execute(sql`
    select s.id, s.number, s.created_at, s.shop_id, sh.name as shop_name, s.total, s.paid, s.due, s.voided_at,
      coalesce(nullif(btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.username) as seller_name,
      t.line_count, t.sold_qty, t.back_qty, t.returned, t.profit, t.cost_unknown_lines
    from sales s
    join users u on u.id = s.user_id
    left join shops sh on sh.id = s.shop_id and sh.store_id = s.store_id
    cross join lateral (
      select count(*) filter (where l.kind = 'sell') as line_count,
        coalesce(sum(l.quantity) filter (where l.kind = 'sell'), 0) as sold_qty,
        coalesce(sum(l.quantity) filter (where l.kind = 'sale_return'), 0) as back_qty,
        coalesce(sum(l.total_amount) filter (where l.kind = 'sale_return'), 0) as returned,
        coalesce(sum(case when l.unit_cost is null then 0
          when l.kind = 'sell' then l.total_amount - l.quantity * l.unit_cost
          when l.kind = 'sale_return' then -(l.total_amount - l.quantity * l.unit_cost) else 0 end), 0) as profit,
        count(*) filter (where l.kind = 'sell' and l.unit_cost is null) as cost_unknown_lines
      from ledger_entries l where l.store_id = s.store_id and l.sale_id = s.id
    ) t
    where ${sql.join(where, sql` and `)}
    order by s.number desc
    limit ${q.limit + 1}`);
  const page = (rows as Row[]).slice(0, q.limit).map(
    (r): SaleListItem => ({
      id: String(r.id),
      number: saleNumber(num(r.number)),
      createdAt: new Date(r.created_at as string).toISOString(),
      shopId: (r.shop_id as string) ?? null,
      shopName: (r.shop_name as string) ?? null,
      sellerName: String(r.seller_name),
      lineCount: num(r.line_count),
      total: num(r.total),
      paid: num(r.paid),
      due: num(r.due),
      returned: num(r.returned),
      profit: num(r.profit),
      costUnknownLines: num(r.cost_unknown_lines),
      status: r.voided_at
        ? 'voided'
        : num(r.back_qty) === 0
          ? 'completed'
          : num(r.back_qty) >= num(r.sold_qty)
            ? 'returned'
            : 'partly_returned',
    }),
  );
  const nextCursor = rows.length > q.limit ? num((rows as Row[])[q.limit - 1].number) : null;
  return { sales: page, nextCursor };
}

// ---------------------------------------------------------------- voids and returns

interface SaleHead {
  id: string;
  shop_id: string | null;
  vehicle_id: string | null;
  voided_at: string | null;
  today: boolean;
}

/** The sale header, locked: one void or return of a sale at a time. */
async function lockSale(tx: Tx, storeId: string, saleId: string) {
  const { rows } = await tx.execute(sql`
    select s.id, s.shop_id, s.vehicle_id, s.voided_at,
      (s.created_at at time zone ${TIME_ZONE})::date = (app_now() at time zone ${TIME_ZONE})::date as today
    from sales s where s.store_id = ${storeId}::uuid and s.id = ${saleId}::uuid
    for update`);
  const sale = rows[0] as unknown as SaleHead | undefined;
  if (!sale) throw notFound(saleNotFound);
  if (sale.voided_at) throw conflict({ message: 'This sale is already voided', code: 'sale.alreadyVoided' });
  return sale;
}

/**
 * Where a reversal puts things back: onto the vehicle the sale was made from while that
 * vehicle's round is still open (the driver still holds the cylinders and the cash), else into
 * the store. The vehicle is locked (share) first, so its close cannot slip in between.
 */
async function reversalTarget(tx: Tx, storeId: string, sale: SaleHead): Promise<LockedVehicle | null> {
  if (!sale.vehicle_id) return null;
  const { rows } = await tx.execute(sql`
    select v.id, v.reg_number, v.assigned_user_id,
      not exists (
        select 1 from vehicle_closes c
        where c.store_id = v.store_id and c.vehicle_id = v.id
          and c.last_entry_id >= (select min(l.id) from ledger_entries l where l.store_id = v.store_id and l.sale_id = ${sale.id}::uuid)
      ) as open
    from vehicles v
    where v.store_id = ${storeId}::uuid and v.id = ${sale.vehicle_id}::uuid and v.deleted_at is null
    for share of v`);
  const v = rows[0] as { id: string; reg_number: string; assigned_user_id: string | null; open: boolean } | undefined;
  return v?.open ? { id: v.id, regNumber: v.reg_number, assignedUserId: v.assigned_user_id } : null;
}

interface LineLeft {
  id: number;
  lineNo: number;
  itemType: SaleItemType;
  itemId: string;
  tradeType: 'refill' | 'package' | null;
  quantity: number;
  unitPrice: string;
  unitCost: string | null;
  amount: number;
  /** Quantity and poisha not yet taken back. */
  qtyLeft: number;
  amountLeft: number;
  /** Refills not yet taken back, split as: still owed, own-brand empties in, swapped empties in (by item). */
  owedLeft: number;
  sameLeft: number;
  swapsLeft: { itemId: string; left: number }[];
}

async function linesLeft(tx: Tx, storeId: string, saleId: string) {
  const { rows } = await tx.execute(sql`
      select l.id, l.line_no, l.item_type, l.item_id, l.trade_type, l.quantity, l.unit_price, l.unit_cost, l.total_amount,
        l.empty_delta + l.vehicle_empty_delta as same_in, l.empties_owed_delta as owed,
        coalesce(r.qty, 0) as back_qty, coalesce(r.amount, 0) as back_amount,
        coalesce(r.same_back, 0) as same_back, coalesce(r.owed_back, 0) as owed_back
      from ledger_entries l
      left join lateral (
        select sum(x.quantity) as qty, sum(x.total_amount) as amount,
          -sum(x.empty_delta + x.vehicle_empty_delta) as same_back, -sum(x.empties_owed_delta) as owed_back
        from ledger_entries x
        where x.store_id = l.store_id and x.sale_id = l.sale_id and x.kind = 'sale_return' and x.reverses_id = l.id
      ) r on true
      where l.store_id = ${storeId}::uuid and l.sale_id = ${saleId}::uuid and l.kind = 'sell'
      order by l.id`);
  // Swapped-in empties per line, less those already handed back.
  const { rows: swapRows } = await tx.execute(sql`
      select e.line_no, e.item_id,
        sum(e.empty_delta + e.vehicle_empty_delta) - coalesce((
          select -sum(b.empty_delta + b.vehicle_empty_delta) from ledger_entries b
          join ledger_entries line on line.store_id = b.store_id and line.id = b.reverses_id
          where b.store_id = e.store_id and b.sale_id = e.sale_id and b.kind = 'empties_back'
            and b.item_id = e.item_id and line.line_no = e.line_no), 0) as left_count
      from ledger_entries e
      where e.store_id = ${storeId}::uuid and e.sale_id = ${saleId}::uuid and e.kind = 'empties_in'
      group by e.store_id, e.sale_id, e.line_no, e.item_id
      order by e.item_id`);
  return (rows as Row[]).map(
    (r): LineLeft => ({
      id: num(r.id),
      lineNo: num(r.line_no),
      itemType: r.item_type as SaleItemType,
      itemId: String(r.item_id),
      tradeType: (r.trade_type as 'refill' | 'package') ?? null,
      quantity: num(r.quantity),
      unitPrice: String(r.unit_price),
      unitCost: (r.unit_cost as string) ?? null,
      amount: toPoisha(r.total_amount as string),
      qtyLeft: num(r.quantity) - num(r.back_qty),
      amountLeft: toPoisha(r.total_amount as string) - toPoisha(r.back_amount as string),
      owedLeft: r.trade_type === 'refill' ? num(r.owed) - num(r.owed_back) : 0,
      sameLeft: r.trade_type === 'refill' ? num(r.same_in) - num(r.same_back) : 0,
      swapsLeft: (swapRows as Row[])
        .filter((w) => num(w.line_no) === num(r.line_no) && num(w.left_count) > 0)
        .map((w) => ({ itemId: String(w.item_id), left: num(w.left_count) })),
    }),
  );
}

interface Reversal {
  saleId: string;
  shopId: string | null;
  /** The vehicle things go back onto; null: the store. */
  target: LockedVehicle | null;
  category: 'void' | 'return';
  note: string | null;
}

/** One movement of a reversal: a line taken back, or swapped-in empties handed back. */
interface Move {
  itemId: string;
  index: number;
  seq: number;
  run: () => Promise<void>;
}

/**
 * Plans taking `q` of a line back (and updates what is left on it). The customer's side of each
 * refill comes back in this order: first what it still owes for the line (it no longer owes it),
 * then its own brand's empties, then swapped brands' (handed back to it). An empty it owed on the
 * line and has brought in since (a collection) is its own brand's empty now in the store: it is
 * handed back, not taken off a debt that is already paid. `shopOwed` is what the shop owes now,
 * per item, and goes down as the lines are planned.
 */
function planLine(
  tx: Tx,
  actor: SaleActor,
  r: Reversal,
  line: LineLeft,
  q: number,
  amount: number,
  index: number,
  field: string,
  shopOwed: Map<string, number> | null,
): Move[] {
  const own = line.owedLeft + line.sameLeft;
  const owedNow = Math.max(0, shopOwed?.get(line.itemId) ?? 0);
  const owedBack = Math.min(q, line.owedLeft, owedNow, own);
  let rest = q - owedBack;
  const sameBack = Math.min(rest, own - owedBack);
  rest -= sameBack;
  shopOwed?.set(line.itemId, owedNow - owedBack);
  const swapBacks: { itemId: string; count: number }[] = [];
  for (const swap of line.swapsLeft) {
    const count = Math.min(rest, swap.left);
    if (count === 0) continue;
    swapBacks.push({ itemId: swap.itemId, count });
    swap.left -= count;
    rest -= count;
  }
  line.owedLeft -= owedBack;
  line.sameLeft -= sameBack;
  return [
    { itemId: line.itemId, index, seq: 0, run: () => reverseLine(tx, actor, r, line, q, amount, sameBack, owedBack, field) },
    ...swapBacks.map((b, k) => ({
      itemId: b.itemId,
      index,
      seq: k + 1,
      run: () => handEmptiesBack(tx, actor, r, line, b.itemId, b.count, field),
    })),
  ];
}

const notEnoughEmptiesBack = (available: number, where: LockedVehicle | null, field: string) =>
  conflict(
    {
      message: `Only ${plural(available, 'empty cylinder', 'empty cylinders')} ${where ? `on ${where.regNumber}` : 'in the store'} to hand back for this refill`,
      code: 'sale.notEnoughEmptiesBack',
      params: { available },
    },
    [{ field, message: `Only ${available} empty to hand back` }],
  );

/**
 * Takes `q` of a line back: the stock returns (a refill also gives the customer's own-brand
 * empties back and lowers what its shop owes) and a `sale_return` entry records it at the
 * line's price and cost, so profit and sales drop by exactly what the line had added. One
 * statement, as a sale line is written.
 */
async function reverseLine(
  tx: Tx,
  actor: SaleActor,
  r: Reversal,
  line: LineLeft,
  q: number,
  amount: number,
  sameBack: number,
  owedBack: number,
  field: string,
) {
  const isCylinder = line.itemType === 'cylinder';
  const v = r.target;
  const update = v
    ? sql`update vehicle_stock s
        set ${isCylinder ? sql`full_count = s.full_count + ${q}::int, empty_count = s.empty_count - ${sameBack}::int` : sql`stock_count = s.stock_count + ${q}::int`}
        where s.store_id = ${actor.storeId}::uuid and s.vehicle_id = ${v.id}::uuid and s.item_id = ${line.itemId}::uuid
          and s.empty_count >= ${sameBack}::int
        returning s.item_id as id`
    : isCylinder
      ? sql`update cylinder_items i set full_count = i.full_count + ${q}::int, empty_count = i.empty_count - ${sameBack}::int
          where i.id = ${line.itemId}::uuid and i.store_id = ${actor.storeId}::uuid and i.empty_count >= ${sameBack}::int
          returning i.id`
      : sql`update accessory_items i set stock_count = i.stock_count + ${q}::int
          where i.id = ${line.itemId}::uuid and i.store_id = ${actor.storeId}::uuid returning i.id`;
  const d = (n: number) => (v ? [0, n] : [n, 0]);
  const [full, vFull] = d(isCylinder ? q : 0);
  const [empty, vEmpty] = d(-sameBack);
  const [stock, vStock] = d(isCylinder ? 0 : q);
  const result = await tx.execute(sql`
    with moved as (${update})
    insert into ledger_entries (
      store_id, user_id, kind, item_type, item_id, trade_type, quantity, full_delta, empty_delta, stock_delta,
      vehicle_full_delta, vehicle_empty_delta, vehicle_stock_delta, empties_owed_delta,
      unit_price, unit_cost, total_amount, due_delta, shop_id, vehicle_id, sale_id, reverses_id, category, note, idempotency_key)
    select ${actor.storeId}::uuid, ${actor.userId}::uuid, 'sale_return', ${line.itemType}, moved.id, ${line.tradeType}::text, ${q}::int,
      ${full}::int, ${empty}::int, ${stock}::int, ${vFull}::int, ${vEmpty}::int, ${vStock}::int, ${-owedBack}::int,
      ${line.unitPrice}::numeric, ${line.unitCost}::numeric, ${money(fromPoisha(amount))}::numeric,
      ${r.shopId ? money(-fromPoisha(amount)) : '0'}::numeric, ${r.shopId}::uuid, ${v?.id ?? null}::uuid, ${r.saleId}::uuid,
      ${line.id}::bigint, ${r.category}, ${r.note}::text, ${actor.idempotencyKey ?? null}::text
    from moved returning id`);
  if (result.rows.length === 1) return;
  throw notEnoughEmptiesBack(await emptiesAt(tx, actor.storeId, v, line.itemId), v, field);
}

/** Swapped-in empties of another brand handed back to the customer: an `empties_back` entry. */
async function handEmptiesBack(tx: Tx, actor: SaleActor, r: Reversal, line: LineLeft, itemId: string, count: number, field: string) {
  const v = r.target;
  const update = v
    ? sql`update vehicle_stock s set empty_count = s.empty_count - ${count}::int
        where s.store_id = ${actor.storeId}::uuid and s.vehicle_id = ${v.id}::uuid and s.item_id = ${itemId}::uuid
          and s.empty_count >= ${count}::int
        returning s.item_id as id`
    : sql`update cylinder_items i set empty_count = i.empty_count - ${count}::int
        where i.id = ${itemId}::uuid and i.store_id = ${actor.storeId}::uuid and i.empty_count >= ${count}::int
        returning i.id`;
  const result = await tx.execute(sql`
    with moved as (${update})
    insert into ledger_entries (store_id, user_id, kind, item_type, item_id, quantity, empty_delta, vehicle_empty_delta,
      shop_id, vehicle_id, sale_id, reverses_id, category, note, idempotency_key)
    select ${actor.storeId}::uuid, ${actor.userId}::uuid, 'empties_back', 'cylinder', moved.id, ${count}::int,
      ${v ? 0 : -count}::int, ${v ? -count : 0}::int, ${r.shopId}::uuid, ${v?.id ?? null}::uuid, ${r.saleId}::uuid,
      ${line.id}::bigint, ${r.category}, ${r.note}::text, ${actor.idempotencyKey ?? null}::text
    from moved returning id`);
  if (result.rows.length === 1) return;
  throw notEnoughEmptiesBack(await emptiesAt(tx, actor.storeId, v, itemId), v, field);
}

async function emptiesAt(tx: Tx, storeId: string, vehicle: LockedVehicle | null, itemId: string) {
  const { rows } = vehicle
    ? await tx.execute(sql`select empty_count from vehicle_stock
        where store_id = ${storeId}::uuid and vehicle_id = ${vehicle.id}::uuid and item_id = ${itemId}::uuid`)
    : await tx.execute(sql`select empty_count from cylinder_items where store_id = ${storeId}::uuid and id = ${itemId}::uuid`);
  return num((rows[0] as Row | undefined)?.empty_count);
}

/**
 * The empties the sale's shop owes now, per item, with the shop row locked (after the vehicle,
 * as a sale and a collection lock them): a collection cannot change it under the reversal.
 */
async function lockShopOwed(tx: Tx, storeId: string, shopId: string | null) {
  if (!shopId) return null;
  await tx.execute(sql`select id from shops where store_id = ${storeId}::uuid and id = ${shopId}::uuid for update`);
  const owed = (await emptiesOwedByShop(tx, storeId, [shopId])).get(shopId) ?? [];
  return new Map(owed.map((e) => [e.itemId, e.count]));
}

/** Runs a reversal's movements in item-id order, as sales take their locks. */
async function runMoves(moves: Move[]) {
  for (const m of [...moves].sort(byItemThenLine)) await m.run();
}

/** Voids a sale of today: every line, empty and payment is reversed; the originals stay. */
export async function voidSale(tx: Tx, actor: SaleActor, saleId: string, note: string | null) {
  const sale = await lockSale(tx, actor.storeId, saleId);
  if (!sale.today) throw conflict({ message: 'Only a sale of today can be voided; return its lines instead', code: 'sale.voidOnlyToday' });
  const target = await reversalTarget(tx, actor.storeId, sale);
  const lines = await linesLeft(tx, actor.storeId, saleId);
  if (lines.some((l) => l.qtyLeft < l.quantity)) throw conflict({ message: 'Part of this sale was returned; return the rest instead', code: 'sale.partlyReturned' });
  const r: Reversal = { saleId, shopId: sale.shop_id, target, category: 'void', note };
  const owed = await lockShopOwed(tx, actor.storeId, sale.shop_id);
  await runMoves(lines.flatMap((line, i) => planLine(tx, actor, r, line, line.quantity, line.amount, i, 'saleId', owed)));
  // The money paid goes back by the method it came in (from the vehicle's cash while its round
  // is open); on a shop that undoes the payment's due credit too.
  await tx.execute(sql`
    insert into ledger_entries (store_id, user_id, kind, total_amount, payment_method, due_delta, shop_id, vehicle_id, sale_id, category, note, idempotency_key)
    select store_id, ${actor.userId}::uuid, 'sale_refund', total_amount, payment_method, -due_delta, shop_id, ${target?.id ?? null}::uuid,
      sale_id, 'void', ${note}::text, ${actor.idempotencyKey ?? null}::text
    from ledger_entries
    where store_id = ${actor.storeId}::uuid and sale_id = ${saleId}::uuid and kind = 'sale_payment'
    order by id`);
  await tx.execute(sql`
    update sales set voided_at = app_now(), voided_by = ${actor.userId}::uuid
    where store_id = ${actor.storeId}::uuid and id = ${saleId}::uuid`);
}

/**
 * Takes back some lines (or part of their quantity). The amount of a part is the line's amount
 * in proportion, and the last part takes what is left, so a line returned in pieces gives back
 * exactly its amount. A shop's due goes down by it; a walk-in buyer is paid it back.
 */
export async function returnLines(
  tx: Tx,
  actor: SaleActor,
  saleId: string,
  input: { lines: { lineId: number; quantity: number }[]; refundMethod: SalePaymentMethod; note: string | null },
) {
  const sale = await lockSale(tx, actor.storeId, saleId);
  const target = await reversalTarget(tx, actor.storeId, sale);
  const lines = new Map((await linesLeft(tx, actor.storeId, saleId)).map((l) => [l.id, l]));
  const asked = new Map<number, number>();
  input.lines.forEach((req, i) => {
    const line = lines.get(req.lineId);
    if (!line) {
      throw notFound({ message: 'That line is not part of this sale', code: 'sale.lineNotFound' }, [
        { field: `lines.${i}.lineId`, message: 'Not in this sale', code: 'sale.lineNotInSale' },
      ]);
    }
    const already = asked.get(req.lineId) ?? 0;
    if (already + req.quantity > line.qtyLeft) {
      const params = { available: line.qtyLeft - already };
      throw conflict({ message: `Only ${line.qtyLeft - already} left to return on that line`, code: 'sale.returnTooMany', params }, [
        { field: `lines.${i}.quantity`, message: `Only ${line.qtyLeft - already} left to return`, code: 'sale.returnTooManyShort', params },
      ]);
    }
    asked.set(req.lineId, already + req.quantity);
  });
  const r: Reversal = { saleId, shopId: sale.shop_id, target, category: 'return', note: input.note };
  const owed = await lockShopOwed(tx, actor.storeId, sale.shop_id);
  let refund = 0;
  const moves: Move[] = [];
  input.lines.forEach((req, index) => {
    const line = lines.get(req.lineId)!;
    const amount = req.quantity === line.qtyLeft ? line.amountLeft : Math.round((line.amount * req.quantity) / line.quantity);
    line.qtyLeft -= req.quantity;
    line.amountLeft -= amount;
    moves.push(...planLine(tx, actor, r, line, req.quantity, amount, index, `lines.${index}.quantity`, owed));
    refund += amount;
  });
  await runMoves(moves);
  if (!sale.shop_id && refund > 0) {
    await tx.execute(sql`
      insert into ledger_entries (store_id, user_id, kind, total_amount, payment_method, vehicle_id, sale_id, category, note, idempotency_key)
      values (${actor.storeId}::uuid, ${actor.userId}::uuid, 'sale_refund', ${money(fromPoisha(refund))}::numeric,
        ${input.refundMethod}, ${target?.id ?? null}::uuid, ${saleId}::uuid, 'return', ${input.note}::text, ${actor.idempotencyKey ?? null}::text)`);
  }
}
