import { sql, type SQL } from 'drizzle-orm';
import type { LedgerEntry, Summary, TransactionsQuery } from '@mojud/contracts';
import type { Db, DbOrTx } from '../db/client';
import { EXPENSE_DIRECTION, netProfit, saleNumber, toPoisha, toTaka } from '@mojud/domain';

/** Days, months and "today" are the shop's, in Bangladesh. */
export const TIME_ZONE = 'Asia/Dhaka';

// What an entry did to the store's money: its signed money_delta in its account (migration
// 0027 fills it from the domain's MONEY_DIRECTION for writers that give only a method). Moves
// between the store's own accounts are neither in nor out. Kept here once so the dashboard,
// history and CSV agree.
export const MONEY_IN = sql`(case when l.kind <> 'account_transfer' and l.money_delta > 0 then l.money_delta else 0 end)`;
export const MONEY_OUT = sql`(case when l.kind <> 'account_transfer' and l.money_delta < 0 then -l.money_delta else 0 end)`;
/** Moves between the store's own accounts (rule 16), into and out of each account. */
export const MOVED_IN = sql`(case when l.kind = 'account_transfer' and l.money_delta > 0 then l.money_delta else 0 end)`;
export const MOVED_OUT = sql`(case when l.kind = 'account_transfer' and l.money_delta < 0 then -l.money_delta else 0 end)`;
/** Expenses of a period (rule 18), from the domain's EXPENSE_DIRECTION. */
export const EXPENSE = sql`(case ${sql.join(
  Object.entries(EXPENSE_DIRECTION).map(([kind, sign]) =>
    sign > 0 ? sql`when l.kind = ${sql.raw(`'${kind}'`)} then l.total_amount` : sql`when l.kind = ${sql.raw(`'${kind}'`)} then -l.total_amount`,
  ),
  sql` `,
)} else 0 end)`;
const SALE = sql`(case when l.kind = 'sell' then l.total_amount when l.kind = 'sale_return' then -l.total_amount else 0 end)`;
/**
 * Gross profit (DEALER.md rule 4): a line's amount less quantity × the unit cost recorded on it;
 * a return takes back what its line added. Lines of unknown cost add nothing here and are
 * counted by COST_UNKNOWN_LINES / COST_UNKNOWN_SALES instead, never as zero cost.
 */
export const PROFIT = sql`(case when l.unit_cost is null then 0
  when l.kind = 'sell' then l.total_amount - l.quantity * l.unit_cost
  when l.kind = 'sale_return' then -(l.total_amount - l.quantity * l.unit_cost) else 0 end)`;
export const COST_UNKNOWN_LINES = sql`(case when l.kind = 'sell' and l.item_type is not null and l.unit_cost is null then 1 else 0 end)`;
export const COST_UNKNOWN_SALES = sql`(case when l.unit_cost is not null or l.item_type is null then 0
  when l.kind = 'sell' then l.total_amount when l.kind = 'sale_return' then -l.total_amount else 0 end)`;

export const ITEM_NAME = sql`coalesce(b.name || ' ' || ci.size || ' kg ' || ci.regulator_type || ' mm', ai.name)`;

export const dayStart = (date: string) => sql`(${date}::date::timestamp at time zone ${TIME_ZONE})`;

function filters(storeId: string, q: Partial<TransactionsQuery>): SQL {
  const parts: SQL[] = [sql`l.store_id = ${storeId}`];
  if (q.kind) parts.push(sql`l.kind = ${q.kind}`);
  if (q.from) parts.push(sql`l.created_at >= ${dayStart(q.from)}`);
  if (q.to) parts.push(sql`l.created_at < (${q.to}::date + 1)::timestamp at time zone ${TIME_ZONE}`);
  if (q.itemId) parts.push(sql`l.item_id = ${q.itemId}`);
  if (q.shopId) parts.push(sql`l.shop_id = ${q.shopId}`);
  if (q.vehicleId) parts.push(sql`l.vehicle_id = ${q.vehicleId}`);
  if (q.staffId) parts.push(sql`l.staff_id = ${q.staffId}`);
  if (q.userId) parts.push(sql`l.user_id = ${q.userId}`);
  return sql.join(parts, sql` and `);
}

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

type Row = Record<string, unknown>;
const toEntry = (r: Row): LedgerEntry => ({
  id: Number(r.id),
  kind: String(r.kind),
  createdAt: new Date(r.created_at as string).toISOString(),
  itemType: (r.item_type as string) ?? null,
  itemId: (r.item_id as string) ?? null,
  itemName: (r.item_name as string) ?? null,
  tradeType: (r.trade_type as string) ?? null,
  quantity: numOrNull(r.quantity),
  fullDelta: num(r.full_delta),
  emptyDelta: num(r.empty_delta),
  problemDelta: num(r.problem_delta),
  stockDelta: num(r.stock_delta),
  vehicleFullDelta: num(r.vehicle_full_delta),
  vehicleEmptyDelta: num(r.vehicle_empty_delta),
  vehicleStockDelta: num(r.vehicle_stock_delta),
  emptiesOwedDelta: num(r.empties_owed_delta),
  unitPrice: numOrNull(r.unit_price),
  totalAmount: num(r.total_amount),
  paymentMethod: (r.payment_method as string) ?? null,
  dueDelta: num(r.due_delta),
  payableDelta: num(r.payable_delta),
  shopId: (r.shop_id as string) ?? null,
  shopName: (r.shop_name as string) ?? null,
  vehicleId: (r.vehicle_id as string) ?? null,
  vehicleName: (r.vehicle_name as string) ?? null,
  staffId: (r.staff_id as string) ?? null,
  staffName: (r.staff_name as string) ?? null,
  category: (r.category as string) ?? null,
  ref: (r.ref as string) ?? null,
  note: (r.note as string) ?? null,
  month: (r.month as string) ?? null,
  userId: String(r.user_id),
  username: (r.username as string) ?? null,
  unitCost: numOrNull(r.unit_cost),
  discount: num(r.discount),
  saleId: (r.sale_id as string) ?? null,
  saleNumber: r.sale_number === null || r.sale_number === undefined ? null : saleNumber(r.sale_number as number),
  supplier: (r.supplier as string) ?? null,
  moneyIn: num(r.money_in),
  moneyOut: num(r.money_out),
});

/** Entries newest first, with the names a person reads (item, shop, vehicle, staff, user). */
function selectEntries(where: SQL, limit: number) {
  return sql`
    select l.*, u.username, s.name as shop_name, st.name as staff_name,
      v.name || coalesce(nullif(' (' || btrim(v.vehicle_brand || ' ' || v.vehicle_model) || ')', ' ()'), '') as vehicle_name,
      ${ITEM_NAME} as item_name,
      ${MONEY_IN} as money_in, ${MONEY_OUT} as money_out, sa.number as sale_number
    from ledger_entries l
    left join users u on u.id = l.user_id
    left join sales sa on sa.store_id = l.store_id and sa.id = l.sale_id
    left join shops s on s.id = l.shop_id
    left join vehicles v on v.id = l.vehicle_id
    left join staff st on st.id = l.staff_id
    left join cylinder_items ci on l.item_type = 'cylinder' and ci.id = l.item_id
    left join brands b on b.id = ci.brand_id
    left join accessory_items ai on l.item_type in ('stove', 'regulator') and ai.id = l.item_id
    where ${where}
    order by l.id desc
    limit ${limit}`;
}

/**
 * One page of the ledger. Keyset pagination on the id: later inserts get larger ids, so a
 * page never repeats or skips entries while the shop keeps selling, and page 1,000 costs
 * what page 1 costs.
 */
export async function listEntries(db: DbOrTx, storeId: string, q: TransactionsQuery) {
  const where = q.cursor ? sql`${filters(storeId, q)} and l.id < ${q.cursor}` : filters(storeId, q);
  const { rows } = await db.execute(selectEntries(where, q.limit + 1));
  const page = rows.slice(0, q.limit).map(toEntry);
  const nextCursor = rows.length > q.limit ? page[page.length - 1].id : null;
  return { transactions: page, nextCursor };
}

export async function entryTotals(db: Db, storeId: string, q: Partial<TransactionsQuery>) {
  const onlyDates = !q.kind && !q.itemId && !q.shopId && !q.vehicleId && !q.staffId && !q.userId;
  if (onlyDates) return dateRangeTotals(db, storeId, q.from, q.to);
  const { rows } = await db.execute(sql`
    select count(*)::int as count, coalesce(sum(${MONEY_IN}), 0) as money_in,
      coalesce(sum(${MONEY_OUT}), 0) as money_out, coalesce(sum(${SALE}), 0) as sales
    from ledger_entries l where ${filters(storeId, q)}`);
  const r = rows[0] as Row;
  return { count: num(r.count), moneyIn: num(r.money_in), moneyOut: num(r.money_out), sales: num(r.sales) };
}

// ---- Daily totals --------------------------------------------------------------------------
// A Dhaka day that has ended never changes (entries take app_now() as their time; the ledger is
// append-only), so its totals are summed once into ledger_daily and reused; only the days
// since are summed live. Ten minutes of slack past midnight let a transaction that began
// before it commit before its day is closed.

/** Brings ledger_daily up to the last closed day; returns that day (YYYY-MM-DD). In a transaction, the roll-up is a savepoint of it. */
export async function rollUpClosedDays(db: DbOrTx, storeId: string): Promise<string> {
  return (await rollUp(db, storeId)).through;
}

/**
 * Where a store's history totals may be read: `readDb` (the standby, DATABASE_READ_URL) once the
 * closed days are rolled up, which only the primary can write (`db`). Right after this request
 * rolled them up it reads the primary, which has them for certain.
 */
export async function totalsDb(db: Db, readDb: Db, storeId: string): Promise<Db> {
  if (readDb === db) return db;
  return (await rollUp(db, storeId)).wrote ? db : readDb;
}

async function rollUp(db: DbOrTx, storeId: string): Promise<{ through: string; wrote: boolean }> {
  const { rows } = await db.execute(sql`
    select to_char(((app_now() - interval '10 minutes') at time zone ${TIME_ZONE})::date - 1, 'YYYY-MM-DD') as through,
      (select to_char(rolled_through, 'YYYY-MM-DD') from ledger_rollup_state where store_id = ${storeId}) as rolled`);
  const { through, rolled } = rows[0] as { through: string; rolled: string | null };
  if (rolled && rolled >= through) return { through: rolled, wrote: false };
  await db.transaction(async (tx) => {
    const from = rolled ? sql`(${rolled}::date + 1)::timestamp at time zone ${TIME_ZONE}` : sql`'-infinity'::timestamptz`;
    await tx.execute(sql`
      insert into ledger_daily (store_id, day, entries, sales, expenses, money_in, money_out, due_delta, payable_delta,
        gross_profit, cost_unknown_lines, cost_unknown_sales)
      select l.store_id, (l.created_at at time zone ${TIME_ZONE})::date, count(*), coalesce(sum(${SALE}), 0),
        coalesce(sum(${EXPENSE}), 0), coalesce(sum(${MONEY_IN}), 0), coalesce(sum(${MONEY_OUT}), 0), coalesce(sum(l.due_delta), 0),
        coalesce(sum(l.payable_delta), 0),
        coalesce(sum(${PROFIT}), 0), coalesce(sum(${COST_UNKNOWN_LINES}), 0), coalesce(sum(${COST_UNKNOWN_SALES}), 0)
      from ledger_entries l
      where l.store_id = ${storeId} and l.created_at >= ${from}
        and l.created_at < (${through}::date + 1)::timestamp at time zone ${TIME_ZONE}
      group by 1, 2
      on conflict do nothing`);
    // Each account's days (the money picture, accounts/money-report.ts), from the same entries.
    await tx.execute(sql`
      insert into account_daily (store_id, account_id, day, money_in, money_out, moved_in, moved_out)
      select l.store_id, l.account_id, (l.created_at at time zone ${TIME_ZONE})::date, coalesce(sum(${MONEY_IN}), 0),
        coalesce(sum(${MONEY_OUT}), 0), coalesce(sum(${MOVED_IN}), 0), coalesce(sum(${MOVED_OUT}), 0)
      from ledger_entries l
      where l.store_id = ${storeId} and l.account_id is not null and l.created_at >= ${from}
        and l.created_at < (${through}::date + 1)::timestamp at time zone ${TIME_ZONE}
      group by 1, 2, 3
      on conflict do nothing`);
    await tx.execute(sql`
      insert into ledger_rollup_state (store_id, rolled_through) values (${storeId}, ${through}::date)
      on conflict (store_id) do update set rolled_through = greatest(ledger_rollup_state.rolled_through, excluded.rolled_through)`);
  });
  return { through, wrote: true };
}

/** Where live summing starts: the first moment after the last closed day. */
export const liveFrom = (rolled: string) => sql`((${rolled}::date + 1)::timestamp at time zone ${TIME_ZONE})`;

async function dateRangeTotals(db: Db, storeId: string, from?: string, to?: string) {
  const rolled = await rollUpClosedDays(db, storeId);
  const dayFrom = from ? sql`and day >= ${from}::date` : sql``;
  const dayTo = to ? sql`and day <= ${to}::date` : sql``;
  const liveStart = from ? sql`greatest(${dayStart(from)}, ${liveFrom(rolled)})` : liveFrom(rolled);
  const liveEnd = to ? sql`and l.created_at < (${to}::date + 1)::timestamp at time zone ${TIME_ZONE}` : sql``;
  const { rows } = await db.execute(sql`
    with closed as (
      select coalesce(sum(entries), 0) as count, coalesce(sum(money_in), 0) as money_in,
        coalesce(sum(money_out), 0) as money_out, coalesce(sum(sales), 0) as sales
      from ledger_daily where store_id = ${storeId} and day <= ${rolled}::date ${dayFrom} ${dayTo}
    ), live as (
      select count(*) as count, coalesce(sum(${MONEY_IN}), 0) as money_in,
        coalesce(sum(${MONEY_OUT}), 0) as money_out, coalesce(sum(${SALE}), 0) as sales
      from ledger_entries l where l.store_id = ${storeId} and l.created_at >= ${liveStart} ${liveEnd}
    )
    select closed.count + live.count as count, closed.money_in + live.money_in as money_in,
      closed.money_out + live.money_out as money_out, closed.sales + live.sales as sales
    from closed, live`);
  const r = rows[0] as Row;
  return { count: num(r.count), moneyIn: num(r.money_in), moneyOut: num(r.money_out), sales: num(r.sales) };
}

/** Rule 18: the expenses of days `from`..`to` (Dhaka, inclusive), Tk. */
export async function expensesBetween(db: DbOrTx, storeId: string, from: string, to: string): Promise<number> {
  const { rows } = await db.execute(sql`
    select coalesce(sum(${EXPENSE}), 0) as expenses from ledger_entries l
    where l.store_id = ${storeId}::uuid and l.kind in (${sql.join(Object.keys(EXPENSE_DIRECTION).map((k) => sql`${k}`), sql`, `)})
      and l.created_at >= ${dayStart(from)} and l.created_at < (${to}::date + 1)::timestamp at time zone ${TIME_ZONE}`);
  return num((rows[0] as Row).expenses);
}

/** Streams every matching entry in pages, for the CSV export. */
export async function* allEntries(db: DbOrTx, storeId: string, q: Partial<TransactionsQuery>) {
  let cursor: number | undefined;
  for (;;) {
    const page = await listEntries(db, storeId, { ...q, cursor, limit: 1000 } as TransactionsQuery);
    yield* page.transactions;
    if (!page.nextCursor) return;
    cursor = page.nextCursor;
  }
}

/** A store's trade in a period: sales, expenses, gross profit and what was sold at unknown cost. */
export interface PeriodFigures {
  sales: number;
  expenses: number;
  profit: number;
  unknownLines: number;
  unknownSales: number;
}

/** Today's and this month's trade, and the running totals: due from shops, payable to suppliers, money held. */
export interface StoreFigures {
  today: PeriodFigures;
  month: PeriodFigures;
  dues: number;
  payable: number;
  balance: number;
}

/**
 * Today's and this month's figures and the store's running totals, in one query: closed days from
 * ledger_daily (rolled up through `rolled`, see rollUpClosedDays), the days since live from the
 * entries, so the cost stays flat as the ledger grows. The dashboard and the owner's overview of
 * all stores read the same sums from here.
 */
export async function storeFigures(db: DbOrTx, storeId: string, rolled: string): Promise<StoreFigures> {
  const periods = { today: 'day', month: 'month' } as const;
  const closed = (column: string, name: string) =>
    Object.entries(periods).map(
      ([key, unit]) =>
        sql`coalesce(sum(${sql.raw(column)}) filter (where day >= date_trunc(${unit}, app_now() at time zone ${TIME_ZONE})::date), 0) as ${sql.raw(`${key}_${name}`)}`,
    );
  const open = (expression: SQL, name: string) =>
    Object.entries(periods).map(
      ([key, unit]) =>
        sql`coalesce(sum(${expression}) filter (where l.created_at >= (date_trunc(${unit}, app_now() at time zone ${TIME_ZONE}) at time zone ${TIME_ZONE})), 0) as ${sql.raw(`${key}_${name}`)}`,
    );
  const figures: [name: string, closedColumn: string, live: SQL][] = [
    ['sales', 'sales', SALE],
    ['expenses', 'expenses', EXPENSE],
    ['profit', 'gross_profit', PROFIT],
    ['unknown_lines', 'cost_unknown_lines', COST_UNKNOWN_LINES],
    ['unknown_sales', 'cost_unknown_sales', COST_UNKNOWN_SALES],
  ];
  const both = figures.flatMap(([name]) => Object.keys(periods).map((key) => `${key}_${name}`));
  const { rows } = await db.execute(sql`
      with closed as (
        select ${sql.join(figures.flatMap(([name, column]) => closed(column, name)), sql`, `)},
          coalesce(sum(due_delta), 0) as dues, coalesce(sum(payable_delta), 0) as payable,
          coalesce(sum(money_in - money_out), 0) as balance
        from ledger_daily where store_id = ${storeId} and day <= ${rolled}::date
      ), open as (
        select ${sql.join(figures.flatMap(([name, , live]) => open(live, name)), sql`, `)},
          coalesce(sum(l.due_delta), 0) as dues, coalesce(sum(l.payable_delta), 0) as payable,
          coalesce(sum(${MONEY_IN} - ${MONEY_OUT}), 0) as balance
        from ledger_entries l where l.store_id = ${storeId} and l.created_at >= ${liveFrom(rolled)}
      )
      select ${sql.raw([...both, 'dues', 'payable', 'balance'].map((c) => `closed.${c} + open.${c} as ${c}`).join(', '))}
      from closed, open`);
  const f = rows[0] as Row;
  const period = (key: 'today' | 'month'): PeriodFigures => ({
    sales: num(f[`${key}_sales`]),
    expenses: num(f[`${key}_expenses`]),
    profit: num(f[`${key}_profit`]),
    unknownLines: num(f[`${key}_unknown_lines`]),
    unknownSales: num(f[`${key}_unknown_sales`]),
  });
  return { today: period('today'), month: period('month'), dues: num(f.dues), payable: num(f.payable), balance: num(f.balance) };
}

/**
 * The dashboard's figures (product decisions §6), computed in the database: closed days from
 * ledger_daily, the rest live, so the cost stays flat as the ledger grows.
 */
export async function summary(db: Db, storeId: string, period: 'today' | 'month', soldBy?: string): Promise<Summary> {
  if (soldBy) return ownSummary(db, storeId, period, soldBy);
  const unit = period === 'today' ? 'day' : 'month';
  const periodStart = sql`(date_trunc(${unit}, app_now() at time zone ${TIME_ZONE}) at time zone ${TIME_ZONE})`;
  const rolled = await rollUpClosedDays(db, storeId);
  const live = liveFrom(rolled);
  const today = sql`(app_now() at time zone ${TIME_ZONE})::date`;
  const [figures, unknownItems, series, recent, common] = await Promise.all([
    storeFigures(db, storeId, rolled),
    // Names of what was sold at unknown cost in the period (a partial index keeps this short).
    // Distinct items first, names after: a month of old sells (all cost unknown) is many rows of few items.
    db.execute(sql`
      with l as (
        select distinct l.item_type, l.item_id from ledger_entries l
        where l.store_id = ${storeId} and l.kind = 'sell' and l.unit_cost is null and l.item_type is not null
          and l.created_at >= ${periodStart}
      )
      select distinct ${ITEM_NAME} as name
      from l
      left join cylinder_items ci on l.item_type = 'cylinder' and ci.id = l.item_id
      left join brands b on b.id = ci.brand_id
      left join accessory_items ai on l.item_type in ('stove', 'regulator') and ai.id = l.item_id
      order by 1`),
    db.execute(sql`
      with days as (
        select generate_series(${today} - 29, ${today}, interval '1 day')::date as day
      ), closed as (
        select day, sales, expenses from ledger_daily
        where store_id = ${storeId} and day >= ${today} - 29 and day <= ${rolled}::date
      ), open as (
        select (l.created_at at time zone ${TIME_ZONE})::date as day, sum(${SALE}) as sales, sum(${EXPENSE}) as expenses
        from ledger_entries l
        where l.store_id = ${storeId}
          and l.created_at >= greatest(${live}, ((${today} - 29)::timestamp at time zone ${TIME_ZONE}))
        group by 1
      )
      select to_char(d.day, 'YYYY-MM-DD') as date,
        coalesce(c.sales, o.sales, 0) as sales, coalesce(c.expenses, o.expenses, 0) as expenses
      from days d left join closed c on c.day = d.day left join open o on o.day = d.day order by d.day`),
    db.execute(selectEntries(sql`l.store_id = ${storeId}`, 10)),
    everyoneSees(db, storeId),
  ]);
  const f = figures[period];
  return {
    period,
    sales: f.sales,
    dues: figures.dues,
    expenses: f.expenses,
    balance: figures.balance,
    grossProfit: f.profit,
    netProfit: toTaka(netProfit(toPoisha(f.profit), toPoisha(f.expenses))),
    emptiesOwed: common.emptiesOwed,
    costUnknown: {
      lines: f.unknownLines,
      sales: f.unknownSales,
      items: (unknownItems.rows as Row[]).map((r) => String(r.name)),
    },
    series: (series.rows as Row[]).map((r) => ({ date: String(r.date), sales: num(r.sales), expenses: num(r.expenses) })),
    recent: (recent.rows as Row[]).map(toEntry),
    setup: common.setup,
  };
}

/** What every member's dashboard shows: empties out at shops now, and the first-day checklist. */
export async function everyoneSees(db: DbOrTx, storeId: string) {
  const { rows } = await db.execute(sql`
    select
      exists (select 1 from store_brands where store_id = ${storeId} and is_active) as brands,
      (exists (select 1 from cylinder_items where store_id = ${storeId} and price > 0)
        or exists (select 1 from accessory_items where store_id = ${storeId} and price > 0)) as prices,
      exists (select 1 from shops where store_id = ${storeId} and deleted_at is null) as shops,
      exists (select 1 from vehicles where store_id = ${storeId} and deleted_at is null) as vehicles,
      (select count(*) from memberships where store_id = ${storeId}) > 1 as members,
      -- Empties out at shops now (a partial index holds only the entries that move them).
      (select coalesce(sum(empties_owed_delta), 0)::int from ledger_entries
        where store_id = ${storeId} and empties_owed_delta <> 0) as owed`);
  const r = rows[0] as Row;
  return {
    emptiesOwed: num(r.owed),
    setup: {
      brands: Boolean(r.brands),
      prices: Boolean(r.prices),
      shops: Boolean(r.shops),
      vehicles: Boolean(r.vehicles),
      members: Boolean(r.members),
    },
  };
}

/**
 * A staff member's dashboard (DEALER.md rule 23): the sales they made (less what was taken back
 * of them) in the period and per day, the entries they made, and what every member sees (empties
 * out at shops, the first-day checklist); none of the store's money.
 */
async function ownSummary(db: Db, storeId: string, period: 'today' | 'month', soldBy: string): Promise<Summary> {
  const unit = period === 'today' ? 'day' : 'month';
  const periodStart = sql`(date_trunc(${unit}, app_now() at time zone ${TIME_ZONE}) at time zone ${TIME_ZONE})`;
  const today = sql`(app_now() at time zone ${TIME_ZONE})::date`;
  const seriesStart = sql`((${today} - 29)::timestamp at time zone ${TIME_ZONE})`;
  const own = sql`l.store_id = ${storeId} and l.sale_id in (select id from sales where store_id = ${storeId} and user_id = ${soldBy}::uuid)`;
  const [figures, series, recent, common] = await Promise.all([
    db.execute(sql`
      select coalesce(sum(${SALE}), 0) as sales from ledger_entries l where ${own} and l.created_at >= ${periodStart}`),
    db.execute(sql`
      with days as (select generate_series(${today} - 29, ${today}, interval '1 day')::date as day),
      own as (
        select (l.created_at at time zone ${TIME_ZONE})::date as day, sum(${SALE}) as sales
        from ledger_entries l where ${own} and l.created_at >= ${seriesStart} group by 1
      )
      select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(o.sales, 0) as sales
      from days d left join own o on o.day = d.day order by d.day`),
    db.execute(selectEntries(sql`l.store_id = ${storeId} and l.user_id = ${soldBy}::uuid`, 10)),
    everyoneSees(db, storeId),
  ]);
  return {
    period,
    sales: num((figures.rows[0] as Row).sales),
    emptiesOwed: common.emptiesOwed,
    series: (series.rows as Row[]).map((row) => ({ date: String(row.date), sales: num(row.sales) })),
    recent: (recent.rows as Row[]).map(toEntry),
    setup: common.setup,
  };
}
