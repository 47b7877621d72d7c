import { sql, type SQL } from 'drizzle-orm';
import type { VanDayReport, VanReportItem, VehicleCloseSummary } from '@mojud/contracts';
import {
  cashDifference,
  checkCloseNote,
  checkExpectedCash,
  checkReturned,
  counted,
  movement,
  notEnoughToLoad,
  nothingToClose,
  numericText,
  saleNumber,
  takaWords,
  toPoisha,
  toTaka,
  type SaleItemType,
} from '@mojud/domain';
import { isUuid } from '@mojud/contracts';
import type { DbOrTx, Tx } from '../db/client';
import { conflict, HttpError } from '../errors';
import { DELTA_COLUMNS, deltaValues } from '../ledger/ledger';
import { TIME_ZONE } from '../ledger/repository';
import type { LockedVehicle } from '../vehicles/lock';

// Vehicles as stock locations (docs/product/DEALER.md rule 10). A vehicle's round is its ledger
// entries since its last day close (by entry id, see migration 0011); a load, a sale from it and
// empties collected onto it belong to the round, and the close moves what is left back to the
// store and checks the cash. What a load and a close do to the counts is the domain's `movement`
// table.

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
type Row = Record<string, unknown>;

export interface VanActor {
  storeId: string;
  userId: string;
  idempotencyKey: string | null;
}

const ITEM_NAME = sql`coalesce(b.name || ' ' || ci.size || ' kg ' || ci.regulator_type || ' mm', ai.name, 'Item')`;
const itemJoins = (alias: SQL) => sql`
  left join cylinder_items ci on ${alias}.item_type = 'cylinder' and ci.store_id = ${alias}.store_id and ci.id = ${alias}.item_id
  left join brands b on b.id = ci.brand_id
  left join accessory_items ai on ${alias}.item_type <> 'cylinder' and ai.store_id = ${alias}.store_id and ai.id = ${alias}.item_id`;

// ---------------------------------------------------------------- loads

/**
 * Moves full cylinders, stoves and regulators from the store onto the vehicle
 * (`movement.vanLoad`): per item one statement that takes the store's count (only if there are
 * enough), adds to the vehicle's and appends the `vehicle_load` entry, in item-id order. All
 * lines or none.
 */
export async function loadVehicle(
  tx: Tx,
  actor: VanActor,
  vehicle: LockedVehicle,
  lines: { itemType: SaleItemType; itemId: string; quantity: number }[],
  /** Only the demo seed dates a load in the past; requests never do. */
  at?: Date,
) {
  const when = sql`coalesce(${at?.toISOString() ?? null}::timestamptz, app_now())`;
  const wanted = new Map<string, { itemType: SaleItemType; itemId: string; quantity: number; index: number }>();
  lines.forEach((l, index) => {
    const key = `${l.itemType}:${l.itemId}`;
    const before = wanted.get(key);
    wanted.set(key, { ...l, quantity: (before?.quantity ?? 0) + l.quantity, index: before?.index ?? index });
  });
  for (const line of [...wanted.values()].sort((a, b) => (a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : 0))) {
    const q = line.quantity;
    const isCylinder = line.itemType === 'cylinder';
    const d = movement.vanLoad({ itemType: line.itemType, quantity: q });
    const taken = isCylinder
      ? sql`update cylinder_items i set full_count = i.full_count + ${d.full}::int
          where i.id = ${line.itemId}::uuid and i.store_id = ${actor.storeId}::uuid and i.full_count + ${d.full}::int >= 0 returning i.id`
      : sql`update accessory_items i set stock_count = i.stock_count + ${d.stock}::int
          where i.id = ${line.itemId}::uuid and i.store_id = ${actor.storeId}::uuid and i.kind = ${line.itemType}
            and i.stock_count + ${d.stock}::int >= 0 returning i.id`;
    const [column, onVehicle] = isCylinder ? [sql`full_count`, d.vehicleFull] : [sql`stock_count`, d.vehicleStock];
    const result = await tx.execute(sql`
      with taken as (${taken}),
      put as (
        insert into vehicle_stock (store_id, vehicle_id, item_type, item_id, ${column})
        select ${actor.storeId}::uuid, ${vehicle.id}::uuid, ${line.itemType}, taken.id, ${onVehicle}::int from taken
        on conflict (store_id, vehicle_id, item_id) do update set ${column} = vehicle_stock.${column} + excluded.${column}
        returning item_id
      )
      insert into ledger_entries (store_id, user_id, kind, item_type, item_id, quantity, ${DELTA_COLUMNS}, vehicle_id, idempotency_key, created_at)
      select ${actor.storeId}::uuid, ${actor.userId}::uuid, 'vehicle_load', ${line.itemType}, put.item_id, ${q}::int,
        ${deltaValues(d)}, ${vehicle.id}::uuid, ${actor.idempotencyKey}::text, ${when}
      from put returning id`);
    if (result.rows.length === 1) continue;
    await explainLoadRefusal(tx, actor.storeId, line.itemType, line.itemId, q, line.index);
  }
}

async function explainLoadRefusal(tx: Tx, storeId: string, itemType: SaleItemType, itemId: string, q: number, index: number) {
  const { rows } =
    itemType === 'cylinder'
      ? await tx.execute(sql`
          select b.name || ' ' || i.size || ' kg ' || i.regulator_type || ' mm' as name, i.full_count as available
          from cylinder_items i join brands b on b.id = i.brand_id where i.store_id = ${storeId}::uuid and i.id = ${itemId}::uuid`)
      : await tx.execute(sql`
          select name, stock_count as available from accessory_items
          where store_id = ${storeId}::uuid and id = ${itemId}::uuid and kind = ${itemType}`);
  const item = rows[0] as { name: string; available: number } | undefined;
  if (!item) {
    throw new HttpError(404, { message: 'Item not found', code: 'item.notFound' }, [{ field: `lines.${index}.itemId`, message: 'Item not found' }]);
  }
  throw notEnoughToLoad({ index, itemType, itemName: item.name, available: num(item.available), asked: q });
}

// ---------------------------------------------------------------- rounds and reports

/** Where the vehicle's current round starts: after the last entry of its last close. */
async function roundStart(db: DbOrTx, storeId: string, vehicleId: string) {
  const { rows } = await db.execute(sql`
    select coalesce(max(last_entry_id), 0) as after from vehicle_closes
    where store_id = ${storeId}::uuid and vehicle_id = ${vehicleId}::uuid`);
  return num((rows[0] as Row).after);
}

const inRound = (storeId: string, vehicleId: string, after: number, upTo: number | null) =>
  sql`l.store_id = ${storeId}::uuid and l.vehicle_id = ${vehicleId}::uuid and l.id > ${after}
    ${upTo === null ? sql`` : sql`and l.id <= ${upTo}`}`;

/**
 * Cash the round's sales should bring the store: what was paid on them in cash, less cash handed
 * back on their voids and returns and cash paid for empties bought onto the vehicle.
 */
async function cashExpected(db: DbOrTx, storeId: string, vehicleId: string, after: number, upTo: number | null) {
  const { rows } = await db.execute(sql`
    select coalesce(sum(case when l.kind = 'sale_payment' then l.total_amount else -l.total_amount end), 0) as cash
    from ledger_entries l
    where ${inRound(storeId, vehicleId, after, upTo)}
      and l.kind in ('sale_payment', 'sale_refund', 'empties_bought') and l.payment_method = 'cash'`);
  return toPoisha((rows[0] as Row).cash as string);
}

interface VehicleHead {
  id: string;
  name: string;
  regNumber: string;
  vehicleBrand: string;
  vehicleModel: string;
}

export async function findVehicleHead(db: DbOrTx, storeId: string, vehicleId: string): Promise<VehicleHead | undefined> {
  if (!isUuid(vehicleId)) return undefined;
  const { rows } = await db.execute(sql`
    select id, name, reg_number, vehicle_brand, vehicle_model from vehicles
    where store_id = ${storeId}::uuid and id = ${vehicleId}::uuid`);
  const r = rows[0] as Row | undefined;
  return r ? { id: String(r.id), name: String(r.name), regNumber: String(r.reg_number), vehicleBrand: String(r.vehicle_brand), vehicleModel: String(r.vehicle_model) } : undefined;
}

interface CloseRow {
  id: string;
  after_entry_id: number;
  last_entry_id: number;
  day: string;
  created_at: string;
  cash_expected: string;
  cash_handed: string;
  difference: string;
  note: string | null;
  closed_by: string;
}

const closeColumns = sql`c.id, c.after_entry_id, c.last_entry_id, to_char(c.day, 'YYYY-MM-DD') as day, c.created_at,
  c.cash_expected, c.cash_handed, c.difference, c.note,
  coalesce(nullif(btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.username) as closed_by`;

/**
 * A round's report: per item what was loaded, sold (refill, package, units), collected as empties
 * and returned at the close, with the sales and the cash. `close` null: the open round, as a
 * close would see it now.
 */
export async function roundReport(db: DbOrTx, storeId: string, vehicle: VehicleHead, close: CloseRow | null): Promise<VanDayReport> {
  const after = close ? num(close.after_entry_id) : await roundStart(db, storeId, vehicle.id);
  const upTo = close ? num(close.last_entry_id) : null;
  const round = inRound(storeId, vehicle.id, after, upTo);
  // One after another: inside a transaction they share one connection.
  const itemRows = await db.execute(sql`
      select l.item_type, l.item_id, ${ITEM_NAME} as name,
        coalesce(sum(l.vehicle_full_delta + l.vehicle_stock_delta) filter (where l.kind = 'vehicle_load'), 0) as loaded,
        coalesce(-sum(l.vehicle_full_delta) filter (where l.kind in ('sell', 'sale_return') and l.trade_type = 'refill'), 0) as sold_refill,
        coalesce(-sum(l.vehicle_full_delta) filter (where l.kind in ('sell', 'sale_return') and l.trade_type = 'package'), 0) as sold_package,
        coalesce(-sum(l.vehicle_stock_delta) filter (where l.kind in ('sell', 'sale_return')), 0) as sold_units,
        coalesce(sum(l.vehicle_empty_delta) filter (where l.kind <> 'vehicle_return'), 0) as empties,
        coalesce(-sum(l.vehicle_full_delta) filter (where l.kind = 'vehicle_return'), 0) as returned_full,
        coalesce(-sum(l.vehicle_empty_delta) filter (where l.kind = 'vehicle_return'), 0) as returned_empty,
        coalesce(-sum(l.vehicle_stock_delta) filter (where l.kind = 'vehicle_return'), 0) as returned_units
      from ledger_entries l ${itemJoins(sql`l`)}
      where ${round} and l.item_id is not null
      group by l.item_type, l.item_id, b.name, ci.size, ci.regulator_type, ai.name
      order by l.item_type, lower(coalesce(b.name, ai.name)), ci.size, ci.regulator_type`);
  const onVehicle = close
    ? { rows: [] as Row[] }
    : await db.execute(sql`
        select vs.item_id, vs.full_count, vs.empty_count, vs.stock_count from vehicle_stock vs
        where vs.store_id = ${storeId}::uuid and vs.vehicle_id = ${vehicle.id}::uuid`);
  const saleRows = await db.execute(sql`
      select s.id, s.number, s.created_at, sh.name as shop_name, s.total, s.due, s.voided_at is not null as voided,
        coalesce((select sum(p.total_amount) from ledger_entries p
          where p.store_id = s.store_id and p.sale_id = s.id and p.kind = 'sale_payment' and p.payment_method = 'cash'), 0) as cash,
        coalesce((select sum(p.total_amount) from ledger_entries p
          where p.store_id = s.store_id and p.sale_id = s.id and p.kind = 'sale_payment' and p.payment_method <> 'cash'), 0) as other
      from sales s left join shops sh on sh.store_id = s.store_id and sh.id = s.shop_id
      where s.store_id = ${storeId}::uuid and s.id in (
        select l.sale_id from ledger_entries l where ${round} and l.kind = 'sell')
      order by s.number`);
  const since = await db.execute(sql`select min(l.created_at) as since from ledger_entries l where ${round} and l.kind <> 'vehicle_cost'`);
  const cash = close ? toPoisha(close.cash_expected) : await cashExpected(db, storeId, vehicle.id, after, null);
  const now = new Map((onVehicle.rows as Row[]).map((r) => [String(r.item_id), r]));
  const items: VanReportItem[] = (itemRows.rows as Row[]).map((r) => {
    const v = now.get(String(r.item_id));
    return {
      itemType: r.item_type as VanReportItem['itemType'],
      itemId: String(r.item_id),
      name: String(r.name),
      loaded: num(r.loaded),
      soldRefill: num(r.sold_refill),
      soldPackage: num(r.sold_package),
      soldUnits: num(r.sold_units),
      emptiesCollected: num(r.empties),
      returnedFull: num(r.returned_full),
      returnedEmpty: num(r.returned_empty),
      returnedUnits: num(r.returned_units),
      onVehicleFull: num(v?.full_count),
      onVehicleEmpty: num(v?.empty_count),
      onVehicleUnits: num(v?.stock_count),
    };
  });
  const sum = (k: keyof VanReportItem) => items.reduce((a, i) => a + (i[k] as number), 0);
  const totals = {
    loaded: sum('loaded'),
    soldRefill: sum('soldRefill'),
    soldPackage: sum('soldPackage'),
    soldUnits: sum('soldUnits'),
    emptiesCollected: sum('emptiesCollected'),
    returnedFull: sum('returnedFull'),
    returnedEmpty: sum('returnedEmpty'),
    returnedUnits: sum('returnedUnits'),
    onVehicleFull: sum('onVehicleFull'),
    onVehicleEmpty: sum('onVehicleEmpty'),
    onVehicleUnits: sum('onVehicleUnits'),
  };
  const sinceAt = (since.rows[0] as Row | undefined)?.since;
  return {
    vehicle,
    closeId: close?.id ?? null,
    day: close?.day ?? null,
    closedAt: close ? new Date(close.created_at).toISOString() : null,
    closedBy: close?.closed_by ?? null,
    since: sinceAt ? new Date(sinceAt as string).toISOString() : null,
    items,
    totals,
    sales: (saleRows.rows as Row[]).map((r) => ({
      saleId: String(r.id),
      number: saleNumber(Number(r.number)),
      createdAt: new Date(r.created_at as string).toISOString(),
      shopName: (r.shop_name as string) ?? null,
      total: num(r.total),
      cash: num(r.cash),
      otherPaid: num(r.other),
      due: num(r.due),
      voided: Boolean(r.voided),
    })),
    cashExpected: toTaka(cash),
    cashHanded: close ? num(close.cash_handed) : null,
    difference: close ? num(close.difference) : null,
    note: close?.note ?? null,
  };
}

export async function findClose(db: DbOrTx, storeId: string, vehicleId: string, closeId: string) {
  if (!isUuid(closeId)) return undefined;
  const { rows } = await db.execute(sql`
    select ${closeColumns} from vehicle_closes c join users u on u.id = c.user_id
    where c.store_id = ${storeId}::uuid and c.vehicle_id = ${vehicleId}::uuid and c.id = ${closeId}::uuid`);
  return rows[0] as unknown as CloseRow | undefined;
}

/** A vehicle's day closes, newest first. */
export async function listCloses(db: DbOrTx, storeId: string, vehicleId: string): Promise<VehicleCloseSummary[]> {
  const { rows } = await db.execute(sql`
    select ${closeColumns} from vehicle_closes c join users u on u.id = c.user_id
    where c.store_id = ${storeId}::uuid and c.vehicle_id = ${vehicleId}::uuid
    order by c.last_entry_id desc limit 366`);
  return (rows as unknown as CloseRow[]).map((c) => ({
    id: c.id,
    day: c.day,
    closedAt: new Date(c.created_at).toISOString(),
    closedBy: c.closed_by,
    cashExpected: num(c.cash_expected),
    cashHanded: num(c.cash_handed),
    difference: num(c.difference),
    note: c.note,
  }));
}

// ---------------------------------------------------------------- day close

export interface CloseInput {
  cashHandedOver: number;
  expectedCash?: number;
  returned?: { itemId: string; fullCount: number; emptyCount: number; stockCount: number }[];
  note: string | null;
}

/**
 * Closes the vehicle's day (the caller holds the vehicle locked `update`): what is on it, full
 * and empty, goes back to the store (a `vehicle_return` entry per item), the cash handed over is
 * compared with what the round's sales should bring, and a difference becomes a `cash_shortage`
 * or `cash_excess` entry with the note. The close row records the round's last entry, so the next
 * round starts after it. Refused when the screen's figures are no longer the vehicle's.
 */
export async function closeVehicle(
  tx: Tx,
  actor: VanActor,
  vehicle: LockedVehicle,
  input: CloseInput,
  /** Only the demo seed closes a day in the past; requests never do. */
  at?: Date,
) {
  const when = sql`coalesce(${at?.toISOString() ?? null}::timestamptz, app_now())`;
  const after = await roundStart(tx, actor.storeId, vehicle.id);
  const { rows: stockRows } = await tx.execute(sql`
    select vs.item_type, vs.item_id, vs.full_count, vs.empty_count, vs.stock_count, ${ITEM_NAME} as name
    from vehicle_stock vs ${itemJoins(sql`vs`)}
    where vs.store_id = ${actor.storeId}::uuid and vs.vehicle_id = ${vehicle.id}::uuid
      and (vs.full_count > 0 or vs.empty_count > 0 or vs.stock_count > 0)
    order by vs.item_id`);
  const stock = stockRows as Row[];
  if (input.returned) {
    const carries = stock.map((s) => ({
      itemId: String(s.item_id),
      name: String(s.name),
      type: s.item_type as SaleItemType,
      fullCount: num(s.full_count),
      emptyCount: num(s.empty_count),
      stockCount: num(s.stock_count),
    }));
    checkReturned(vehicle.name, carries, input.returned);
  }
  const expected = await cashExpected(tx, actor.storeId, vehicle.id, after, null);
  checkExpectedCash(vehicle.name, input.expectedCash === undefined ? undefined : toPoisha(input.expectedCash), expected);
  const { rows: activity } = await tx.execute(sql`
    select exists (select 1 from ledger_entries l where ${inRound(actor.storeId, vehicle.id, after, null)} and l.kind <> 'vehicle_cost') as any`);
  if (stock.length === 0 && !(activity[0] as { any: boolean }).any) throw nothingToClose(vehicle.name);
  const handed = toPoisha(input.cashHandedOver);
  const difference = cashDifference(handed, expected);
  checkCloseNote(difference, input.note);

  // Everything on the vehicle back to the store. Only this transaction can touch the vehicle's
  // rows now (every writer holds the vehicle's lock), so the counts read above still hold.
  for (const s of stock) {
    const [f, e, u] = [num(s.full_count), num(s.empty_count), num(s.stock_count)];
    const isCylinder = s.item_type === 'cylinder';
    const d = movement.dayClose({ full: f, empty: e, stock: u });
    const store = isCylinder
      ? sql`update cylinder_items i set full_count = i.full_count + ${d.full}::int, empty_count = i.empty_count + ${d.empty}::int
          from back where i.store_id = ${actor.storeId}::uuid and i.id = back.item_id returning i.id`
      : sql`update accessory_items i set stock_count = i.stock_count + ${d.stock}::int
          from back where i.store_id = ${actor.storeId}::uuid and i.id = back.item_id returning i.id`;
    const result = await tx.execute(sql`
      with back as (
        update vehicle_stock v set full_count = 0, empty_count = 0, stock_count = 0
        where v.store_id = ${actor.storeId}::uuid and v.vehicle_id = ${vehicle.id}::uuid and v.item_id = ${String(s.item_id)}::uuid
          and v.full_count = ${f}::int and v.empty_count = ${e}::int and v.stock_count = ${u}::int
        returning v.item_id
      ), store as (${store})
      insert into ledger_entries (store_id, user_id, kind, item_type, item_id, quantity, ${DELTA_COLUMNS}, vehicle_id, idempotency_key, created_at)
      select ${actor.storeId}::uuid, ${actor.userId}::uuid, 'vehicle_return', ${String(s.item_type)}, store.id, ${f + e + u}::int,
        ${deltaValues(d)}, ${vehicle.id}::uuid, ${actor.idempotencyKey}::text, ${when}
      from store returning id`);
    if (result.rows.length !== 1) throw conflict({ message: 'The vehicle changed while closing. Please try again.', code: 'vehicle.changedWhileClosing' });
  }
  if (difference !== 0) {
    await tx.execute(sql`
      insert into ledger_entries (store_id, user_id, kind, total_amount, payment_method, vehicle_id, note, idempotency_key, created_at)
      values (${actor.storeId}::uuid, ${actor.userId}::uuid, ${difference < 0 ? 'cash_shortage' : 'cash_excess'},
        ${numericText(Math.abs(difference))}::numeric, 'cash', ${vehicle.id}::uuid, ${input.note}::text, ${actor.idempotencyKey}::text, ${when})`);
  }
  const { rows } = await tx.execute(sql`
    with last as (
      select max(l.id) as id from ledger_entries l
      where ${inRound(actor.storeId, vehicle.id, after, null)} and l.kind <> 'vehicle_cost'
    )
    insert into vehicle_closes (store_id, vehicle_id, after_entry_id, last_entry_id, day, cash_expected, cash_handed, difference, note, user_id, created_at)
    select ${actor.storeId}::uuid, ${vehicle.id}::uuid, ${after}, last.id, (${when} at time zone ${TIME_ZONE})::date,
      ${numericText(expected)}::numeric, ${numericText(handed)}::numeric, ${numericText(difference)}::numeric,
      ${input.note}::text, ${actor.userId}::uuid, ${when}
    from last
    returning id`);
  return String((rows[0] as Row).id);
}

/** A message for the close: "12 full and 7 empty back; Tk 500 short". */
export function closeMessage(report: VanDayReport) {
  const t = report.totals;
  const back = `${counted(t.returnedFull, 'full', 'full')} and ${counted(t.returnedEmpty, 'empty', 'empties')}${t.returnedUnits ? ` and ${t.returnedUnits} other item(s)` : ''} back to the store`;
  const d = toPoisha(report.difference ?? 0);
  const cash = d === 0 ? 'cash as expected' : d < 0 ? `${takaWords(-d)} short` : `${takaWords(d)} over`;
  return `${report.vehicle.name} closed: ${back}; ${cash}`;
}
