import { sql } from 'drizzle-orm';
import type { ProfitReport, ProfitReportQuery, SaleItemType } from '@mojud/contracts';
import { netProfit, toPoisha, toTaka } from '@mojud/domain';
import type { DbOrTx } from '../db/client';
import { badRequest } from '../errors';
import { COST_UNKNOWN_LINES, COST_UNKNOWN_SALES, expensesBetween, ITEM_NAME, PROFIT, TIME_ZONE } from '../ledger/repository';

type Row = Record<string, unknown>;
const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

const KIND_GROUP: Record<string, string> = { stove: 'Stoves', regulator: 'Regulators' };

/**
 * Gross profit by item and brand for days `from`..`to` (Asia/Dhaka, inclusive), from the sale
 * lines and their returns. Cost is only summed over lines with a known cost; the others are
 * counted and named.
 */
export async function profitReport(db: DbOrTx, storeId: string, q: ProfitReportQuery): Promise<ProfitReport> {
  if (q.from > q.to) {
    throw badRequest({ message: 'to: Must be on or after the from date', code: 'range.toBeforeFrom' }, [
      { field: 'to', message: 'Must be on or after from', code: 'range.toBeforeFromShort' },
    ]);
  }
  const { rows } = await db.execute(sql`
    select l.item_type, l.item_id, ${ITEM_NAME} as item_name, b.name as brand_name,
      sum(case when l.kind = 'sell' then l.quantity else -l.quantity end) as quantity,
      sum(case when l.kind = 'sell' then l.total_amount else -l.total_amount end) as sales,
      sum(case when l.unit_cost is null then 0 when l.kind = 'sell' then l.quantity * l.unit_cost else -l.quantity * l.unit_cost end) as cost,
      sum(${PROFIT}) as profit,
      sum(${COST_UNKNOWN_LINES}) as unknown_lines,
      sum(${COST_UNKNOWN_SALES}) as unknown_sales
    from ledger_entries l
    left join cylinder_items ci on l.item_type = 'cylinder' and ci.id = l.item_id
    left join brands b on b.id = ci.brand_id
    left join accessory_items ai on l.item_type in ('stove', 'regulator') and ai.id = l.item_id
    where l.store_id = ${storeId}::uuid and l.kind in ('sell', 'sale_return') and l.item_type is not null
      and l.created_at >= (${q.from}::date::timestamp at time zone ${TIME_ZONE})
      and l.created_at < ((${q.to}::date + 1)::timestamp at time zone ${TIME_ZONE})
    group by 1, 2, 3, 4
    order by 4 nulls last, 3`);
  const items = (rows as Row[]).map((r) => ({
    itemType: r.item_type as SaleItemType,
    itemId: String(r.item_id),
    itemName: String(r.item_name),
    brandName: (r.brand_name as string) ?? null,
    quantity: num(r.quantity),
    sales: num(r.sales),
    cost: num(r.cost),
    profit: num(r.profit),
    costUnknownLines: num(r.unknown_lines),
    costUnknownSales: num(r.unknown_sales),
  }));
  // Sums in poisha, so the totals are exactly the sum of the rows shown.
  const zero = () => ({ quantity: 0, sales: 0, cost: 0, profit: 0, costUnknownLines: 0, costUnknownSales: 0 });
  const add = (to: ReturnType<typeof zero>, i: (typeof items)[number]) => {
    to.quantity += i.quantity;
    to.sales += toPoisha(i.sales);
    to.cost += toPoisha(i.cost);
    to.profit += toPoisha(i.profit);
    to.costUnknownLines += i.costUnknownLines;
    to.costUnknownSales += toPoisha(i.costUnknownSales);
  };
  const inTaka = (t: ReturnType<typeof zero>) => ({
    ...t,
    sales: toTaka(t.sales),
    cost: toTaka(t.cost),
    profit: toTaka(t.profit),
    costUnknownSales: toTaka(t.costUnknownSales),
  });
  const totals = zero();
  const brands = new Map<string, ReturnType<typeof zero>>();
  for (const i of items) {
    add(totals, i);
    const brand = i.brandName ?? KIND_GROUP[i.itemType];
    if (!brands.has(brand)) brands.set(brand, zero());
    add(brands.get(brand)!, i);
  }
  const expenses = toPoisha(await expensesBetween(db, storeId, q.from, q.to));
  return {
    from: q.from,
    to: q.to,
    totals: inTaka(totals),
    brands: [...brands.entries()].map(([brandName, t]) => ({ brandName, ...inTaka(t) })),
    items,
    costUnknownItems: items.filter((i) => i.costUnknownLines > 0).map((i) => i.itemName),
    expenses: toTaka(expenses),
    netProfit: toTaka(netProfit(totals.profit, expenses)),
  };
}
