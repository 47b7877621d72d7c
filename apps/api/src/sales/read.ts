import { sql } from 'drizzle-orm';
import type { PriceTier, Sale, SaleItemType, SaleListItem, SalePaymentMethod, SalesQuery } from '@mojud/contracts';
import { saleNumber, shopBalanceAfter, toPoisha, toTaka } from '@mojud/domain';
import type { DbOrTx } from '../db/client';
import { notFound } from '../errors';
import { TIME_ZONE } from '../ledger/repository';
import { emptiesOwedByShop } from '../empties/owed';
import { salePaymentRequest } from '../payment-requests/details';

// Reading sales: one sale with everything its receipt and history show, and the list. A sale is
// its `sales` header and the ledger entries carrying its sale_id (record.ts writes them,
// reverse.ts adds its voids and returns).


export const saleNotFound = { message: 'Sale not found', code: 'sale.notFound' };

export type Row = Record<string, unknown>;
/** The account an entry's money moved in (rule 15), for the receipt to name. */
const accountOf = (e: Row) => (e.account_id === null || e.account_id === undefined ? null : String(e.account_id));
export const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

const ITEM_NAME = sql`coalesce(b.name || ' ' || ci.size || ' kg ' || ci.regulator_type || ' mm', ai.name, 'Item')`;

/** A refill line's empties: its own brand (counted on its entry) first, then swaps; and what stays owed. */
function receiptEmpties(l: Row, swaps: { itemId: string; itemName: string; brandName: string; count: number }[]) {
  if (l.item_type !== 'cylinder' || l.trade_type !== 'refill') return { empties: [], emptiesOwed: 0 };
  const same = num(l.empty_delta) + num(l.vehicle_empty_delta);
  const own = same > 0 ? [{ itemId: String(l.item_id), itemName: String(l.item_name), brandName: String(l.brand_name), count: same }] : [];
  return { empties: [...own, ...swaps], emptiesOwed: num(l.empties_owed_delta) };
}

/** One sale with everything its receipt and history show, or 404. */
export async function getSale(db: DbOrTx, storeId: string, saleId: string, soldBy?: string): Promise<Sale> {
  const { rows: heads } = await db.execute(sql`
    select s.*, to_char(s.created_at at time zone ${TIME_ZONE}, 'YYYY-MM-DD HH24:MI') as local_time,
      (s.created_at at time zone ${TIME_ZONE})::date = (app_now() at time zone ${TIME_ZONE})::date as today,
      st.name as store_name, st.location as store_address, st.phone as store_phone,
      u.username, nullif(btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as full_name,
      sh.name as shop_name, sh.phone as shop_phone, sh.address as shop_address, v.reg_number as vehicle_reg, v.name as vehicle_name
    from sales s
    join stores st on st.id = s.store_id
    join users u on u.id = s.user_id
    left join shops sh on sh.id = s.shop_id and sh.store_id = s.store_id
    left join vehicles v on v.id = s.vehicle_id and v.store_id = s.store_id
    where s.store_id = ${storeId}::uuid and s.id = ${saleId}::uuid ${soldBy ? sql`and s.user_id = ${soldBy}::uuid` : sql``}`);
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
    const lineProfit = unitCost === null ? null : toTaka(amountP - q * toPoisha(unitCost));
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
      tierPrice: toTaka(unitP + Math.floor(Math.max(0, discountP - (unitP * q - amountP)) / q)),
      unitPrice: toTaka(unitP),
      lineTotal: toTaka(unitP * q),
      amount: toTaka(amountP),
      discount: toTaka(discountP),
      unitCost,
      profit: lineProfit,
      returnedQuantity: returnedQty.get(num(l.id)) ?? 0,
      ...receiptEmpties(l, swapsOf(num(l.line_no))),
      officialPrice: numOrNull(l.official_price),
      aboveOfficialReason: (l.above_official_reason as string) ?? null,
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
      .map((e) => ({ method: e.payment_method as SalePaymentMethod, amount: num(e.total_amount), accountId: accountOf(e) })),
    dueDelta: toTaka(g.reduce((a, e) => a + toPoisha(e.due_delta as string), 0)),
    note: (g[0].note as string) ?? null,
  }));

  const soldQty = lines.reduce((a, l) => a + l.quantity, 0);
  const backQty = lines.reduce((a, l) => a + l.returnedQuantity, 0);
  const status = h.voided_at ? 'voided' : backQty === 0 ? 'completed' : backQty >= soldQty ? 'returned' : 'partly_returned';
  const payments = entries
    .filter((e) => e.kind === 'sale_payment')
    .map((e) => ({ method: e.payment_method as SalePaymentMethod, amount: num(e.total_amount), ref: (e.ref as string) ?? null, accountId: accountOf(e) }));
  const before = numOrNull(h.shop_balance_before);
  // What the shop owed right after the sale: its entries up to the sale's own (the shop row was
  // locked through the sale, so no other entry of the shop sits in between).
  const saleLast = Math.max(0, ...entries.filter((e) => ['sell', 'empties_in', 'sale_payment'].includes(String(e.kind))).map((e) => num(e.id)));
  const shopEmptiesOwed = h.shop_id ? ((await emptiesOwedByShop(db, storeId, [String(h.shop_id)], saleLast)).get(String(h.shop_id)) ?? []) : null;
  const number = saleNumber(num(h.number));
  // What is left due of this sale: its due less what its returns took off the shop's due.
  const dueLeft = toPoisha(h.due as string) + reversals.reduce((a, r) => a + toPoisha(r.dueDelta), 0);
  const paymentRequest = await salePaymentRequest(db, storeId, {
    number,
    due: toTaka(dueLeft),
    shopId: h.shop_id ? String(h.shop_id) : null,
    voided: Boolean(h.voided_at),
  });
  return {
    id: String(h.id),
    number,
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
    shopBalanceAfter: before === null ? null : toTaka(shopBalanceAfter(toPoisha(before), toPoisha(h.due as string))),
    shopEmptiesOwed,
    vehicle: h.vehicle_id ? { id: String(h.vehicle_id), name: String(h.vehicle_name), regNumber: String(h.vehicle_reg) } : null,
    profit: toTaka(profit),
    costUnknownLines,
    note: (h.note as string) ?? null,
    status,
    canVoid: !h.voided_at && returns.length === 0 && Boolean(h.today),
    reversals,
    paymentRequest,
  };
}

const dayStart = (date: string) => sql`(${date}::date::timestamp at time zone ${TIME_ZONE})`;

/** Sales newest first, keyset-paged on the number (gapless, so a page never skips or repeats). */
/** `soldBy`: only the sales this user made (a staff member's list). */
export async function listSales(db: DbOrTx, storeId: string, q: SalesQuery & { limit: number }, soldBy?: string) {
  const where = [sql`s.store_id = ${storeId}::uuid`];
  if (soldBy) where.push(sql`s.user_id = ${soldBy}::uuid`);
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
