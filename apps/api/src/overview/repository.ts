import { sql } from 'drizzle-orm';
import type { MoneyAccount, Overview, OverviewMoney, OverviewPeriod, OverviewStockItem, OverviewStore, Role } from '@mojud/contracts';
import { netProfit, toPoisha, toTaka } from '@mojud/domain';
import { withDbContext, type Db, type DbOrTx } from '../db/client';
import { listAccounts } from '../accounts/repository';
import { listAccessories, listCylinders } from '../inventory/repository';
import { listReorder } from '../inventory/reorder';
import { everyoneSees, rollUpClosedDays, storeFigures, TIME_ZONE, type PeriodFigures } from '../ledger/repository';
import { listStoresOf } from '../stores/repository';
import { vehicleStockOf } from '../vehicles/repository';

// The owner's view of all his stores (issue 28): each store's figures are read by the readers
// its own pages use (the dashboard's period figures, the accounts' balances, the "to order" list,
// the inventory, the vans), in that store's scope (row-level security), and added up here. Only
// the units in transit and lost in transit are read here: nothing else reads them yet.

/** Who sees a store in the overview: the roles that see its money (DEALER.md rule 23). */
const SEES_MONEY: readonly Role[] = ['owner', 'admin', 'manager'];

type Row = Record<string, unknown>;
const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
/** Adds taka amounts exactly (in poisha). */
const addTk = (...amounts: number[]) => toTaka(amounts.reduce((sum, a) => sum + toPoisha(a), 0));

const period = (f: PeriodFigures): OverviewPeriod => ({
  sales: f.sales,
  expenses: f.expenses,
  grossProfit: f.profit,
  netProfit: toTaka(netProfit(toPoisha(f.profit), toPoisha(f.expenses))),
  costUnknownSales: f.unknownSales,
});

function moneyByFamily(accounts: MoneyAccount[]): OverviewMoney {
  const money = { cash: 0, mobile: 0, bank: 0, other: 0 };
  for (const a of accounts) money[a.family] = addTk(money[a.family], a.balance ?? 0);
  return { ...money, total: addTk(money.cash, money.mobile, money.bank, money.other) };
}

/**
 * Units sent and not yet received (rule 21), by item: the store's outgoing transfers by its own
 * item, incoming ones by the item they will arrive as (migration 0029).
 */
export async function unitsInTransit(db: DbOrTx, storeId: string): Promise<Map<string, number>> {
  const units = sql`(l.full_sent + l.empty_sent + l.problem_sent + l.stock_sent)`;
  const { rows } = await db.execute(sql`
    select item_id, sum(units)::int as units from (
      select l.item_id, ${units} as units
      from store_transfers t join store_transfer_lines l on l.store_id = t.store_id and l.transfer_id = t.id
      where t.store_id = ${storeId}::uuid and t.status = 'sent'
      union all
      select l.to_item_id, ${units}
      from store_transfers t join store_transfer_lines l on l.store_id = t.store_id and l.transfer_id = t.id
      where t.to_store_id = ${storeId}::uuid and l.to_store_id = ${storeId}::uuid and t.status = 'sent'
    ) moving group by item_id`);
  return new Map((rows as Row[]).map((r) => [String(r.item_id), num(r.units)]));
}

/** Units the store's transfers lost in transit this month (Dhaka), and their value at cost. */
export async function lostInTransitThisMonth(db: DbOrTx, storeId: string) {
  const { rows } = await db.execute(sql`
    select coalesce(sum(quantity), 0)::int as units, coalesce(sum(total_amount), 0) as value from ledger_entries
    where store_id = ${storeId}::uuid and transfer_id is not null and kind = 'transfer_lost'
      and created_at >= (date_trunc('month', app_now() at time zone ${TIME_ZONE}) at time zone ${TIME_ZONE})`);
  const r = rows[0] as Row;
  return { units: num(r.units), value: num(r.value) };
}

/**
 * One store's figures, read in its scope on one connection: one query after another (a client
 * runs one at a time; handing it several at once only queues them, which pg deprecates).
 */
async function readStore(db: DbOrTx, store: { id: string; name: string; location: string; role: Role }): Promise<OverviewStore> {
  const rolled = await rollUpClosedDays(db, store.id);
  const figures = await storeFigures(db, store.id, rolled);
  const accounts = await listAccounts(db, store.id);
  const common = await everyoneSees(db, store.id);
  const low = await listReorder(db, store.id);
  const cylinders = await listCylinders(db, store.id, {});
  const stoves = await listAccessories(db, store.id, 'stove');
  const regulators = await listAccessories(db, store.id, 'regulator');
  const vans = await vehicleStockOf(db, store.id);
  const transit = await unitsInTransit(db, store.id);
  const lost = await lostInTransitThisMonth(db, store.id);
  const onVans = new Map<string, number>();
  for (const items of vans.values()) {
    for (const i of items) onVans.set(i.itemId, (onVans.get(i.itemId) ?? 0) + i.fullCount + i.emptyCount + i.stockCount);
  }
  const stock: OverviewStockItem[] = [
    ...cylinders.map((c) => ({ itemType: 'cylinder' as const, id: c.id, name: c.name, brandName: c.brandName, full: c.fullCount, empty: c.emptyCount })),
    ...stoves.map((a) => ({ itemType: 'stove' as const, id: a.id, name: a.name, brandName: null, full: a.stockCount, empty: 0 })),
    ...regulators.map((a) => ({ itemType: 'regulator' as const, id: a.id, name: a.name, brandName: null, full: a.stockCount, empty: 0 })),
  ]
    .map(({ id, ...item }) => ({ ...item, onVans: onVans.get(id) ?? 0, inTransit: transit.get(id) ?? 0 }))
    // Only what the store has somewhere: a brand's every size and valve would bury the rest.
    .filter((i) => i.full + i.empty + i.onVans + i.inTransit > 0);
  return {
    storeId: store.id,
    name: store.name,
    location: store.location,
    role: store.role,
    today: period(figures.today),
    month: period(figures.month),
    money: moneyByFamily(accounts),
    receivable: figures.dues,
    payable: figures.payable,
    emptiesOwed: common.emptiesOwed,
    lostInTransit: lost,
    stock,
    low,
  };
}

const addPeriods = (periods: OverviewPeriod[]): OverviewPeriod => ({
  sales: addTk(...periods.map((p) => p.sales)),
  expenses: addTk(...periods.map((p) => p.expenses)),
  grossProfit: addTk(...periods.map((p) => p.grossProfit)),
  netProfit: addTk(...periods.map((p) => p.netProfit)),
  costUnknownSales: addTk(...periods.map((p) => p.costUnknownSales)),
});

/** The stores' figures added up; stock item by item (the same type and name in each store). */
export function totalsOf(stores: OverviewStore[]): Overview['totals'] {
  const stock = new Map<string, OverviewStockItem>();
  for (const item of stores.flatMap((s) => s.stock)) {
    const key = `${item.itemType}|${item.name.toLowerCase()}`;
    const known = stock.get(key);
    stock.set(
      key,
      known
        ? { ...known, full: known.full + item.full, empty: known.empty + item.empty, onVans: known.onVans + item.onVans, inTransit: known.inTransit + item.inTransit }
        : { ...item },
    );
  }
  const money = (family: keyof OverviewMoney) => addTk(...stores.map((s) => s.money[family]));
  return {
    today: addPeriods(stores.map((s) => s.today)),
    month: addPeriods(stores.map((s) => s.month)),
    money: { cash: money('cash'), mobile: money('mobile'), bank: money('bank'), other: money('other'), total: money('total') },
    receivable: addTk(...stores.map((s) => s.receivable)),
    payable: addTk(...stores.map((s) => s.payable)),
    emptiesOwed: stores.reduce((sum, s) => sum + s.emptiesOwed, 0),
    lostInTransit: {
      units: stores.reduce((sum, s) => sum + s.lostInTransit.units, 0),
      value: addTk(...stores.map((s) => s.lostInTransit.value)),
    },
    stock: [...stock.values()],
    lowCount: stores.reduce((sum, s) => sum + s.low.length, 0),
  };
}

/**
 * The overview of every store where `userId` is owner, admin or manager, in the order of their
 * store list. Each store is read in its own scope, as a request to that store would be, on one
 * connection in one transaction (its queries one after another): the stores are read side by
 * side without their queries queueing for the pool or switching connections between stores.
 */
export async function readOverview(db: Db, userId: string): Promise<Overview> {
  const mine = (await listStoresOf(db, userId)).filter((s) => SEES_MONEY.includes(s.role));
  const stores = await Promise.all(
    mine.map((s) =>
      withDbContext({ storeId: s.id, userId }, () => db.transaction((tx) => readStore(tx, s))),
    ),
  );
  return { stores, totals: totalsOf(stores) };
}
