import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { VehicleCostCategory, VehicleStockItem } from '@mojud/contracts';
import { takaNumeric } from '@mojud/domain';
import { isUuid } from '@mojud/contracts';
import type { DbOrTx, Tx } from '../db/client';
import { ledgerEntries, vehicles } from '../db/schema';
import { conflict } from '../errors';
import { appendLedgerEntry } from '../ledger/ledger';
import { paymentColumns } from '../accounts/repository';
import { now } from '../clock';

const isId = (id: string) => isUuid(id);

type VehicleBody = { name: string; regNumber: string; vehicleBrand: string; vehicleModel: string; assignedUserId?: string | null };

/** A vehicle given no name is called by its registration (the body's check wants one of them). */
const withName = (body: VehicleBody) => ({ ...body, name: body.name || body.regNumber });
type PaymentMethod = 'cash' | 'bank' | 'mobile' | 'due' | 'other';

// "This month" is the shop's month: Bangladesh time, whatever the server's zone.
const inThisMonth = sql`${ledgerEntries.createdAt} >= (date_trunc('month', app_now() at time zone 'Asia/Dhaka') at time zone 'Asia/Dhaka')`;

function monthTotals(db: DbOrTx, storeId: string) {
  return db
    .select({
      vehicleId: ledgerEntries.vehicleId,
      fuel: sql<string>`sum(${ledgerEntries.totalAmount}) filter (where ${ledgerEntries.category} = 'fuel_payment')`.as(
        'fuel',
      ),
      repair:
        sql<string>`sum(${ledgerEntries.totalAmount}) filter (where ${ledgerEntries.category} = 'repair_payment')`.as(
          'repair',
        ),
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.storeId, storeId), eq(ledgerEntries.kind, 'vehicle_cost'), inThisMonth))
    .groupBy(ledgerEntries.vehicleId)
    .as('month_totals');
}

/** What each vehicle of the store carries now (rows with anything on them), by vehicle id. */
export async function vehicleStockOf(db: DbOrTx, storeId: string, vehicleId?: string) {
  const { rows } = await db.execute(sql`
    select vs.vehicle_id, vs.item_type, vs.item_id, vs.full_count, vs.empty_count, vs.stock_count,
      coalesce(b.name || ' ' || ci.size || ' kg ' || ci.regulator_type || ' mm', ai.name, 'Item') as name, b.name as brand_name
    from vehicle_stock vs
    left join cylinder_items ci on vs.item_type = 'cylinder' and ci.store_id = vs.store_id and ci.id = vs.item_id
    left join brands b on b.id = ci.brand_id
    left join accessory_items ai on vs.item_type <> 'cylinder' and ai.store_id = vs.store_id and ai.id = vs.item_id
    where vs.store_id = ${storeId}::uuid ${vehicleId ? sql`and vs.vehicle_id = ${vehicleId}::uuid` : sql``}
      and (vs.full_count > 0 or vs.empty_count > 0 or vs.stock_count > 0)
    order by vs.item_type, lower(coalesce(b.name, ai.name)), ci.size, ci.regulator_type`);
  const byVehicle = new Map<string, VehicleStockItem[]>();
  for (const r of rows as Record<string, unknown>[]) {
    const list = byVehicle.get(String(r.vehicle_id)) ?? [];
    list.push({
      itemType: r.item_type as VehicleStockItem['itemType'],
      itemId: String(r.item_id),
      name: String(r.name),
      brandName: (r.brand_name as string) ?? null,
      fullCount: Number(r.full_count),
      emptyCount: Number(r.empty_count),
      stockCount: Number(r.stock_count),
    });
    byVehicle.set(String(r.vehicle_id), list);
  }
  return byVehicle;
}

export async function listVehicles(db: DbOrTx, storeId: string, vehicleId?: string) {
  const totals = monthTotals(db, storeId);
  const rows = await db
    .select({
      id: vehicles.id,
      name: vehicles.name,
      vehicleBrand: vehicles.vehicleBrand,
      vehicleModel: vehicles.vehicleModel,
      regNumber: vehicles.regNumber,
      monthFuel: sql<string>`coalesce(${totals.fuel}, 0)`,
      monthRepair: sql<string>`coalesce(${totals.repair}, 0)`,
      assignedUserId: vehicles.assignedUserId,
      // The driver only while still a member of the store.
      assignedName: sql<string | null>`(select coalesce(nullif(btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.username)
        from users u join memberships m on m.user_id = u.id and m.store_id = ${vehicles.storeId}
        where u.id = ${vehicles.assignedUserId})`,
      lastClosedAt: sql<string | null>`(select max(c.created_at) from vehicle_closes c
        where c.store_id = ${vehicles.storeId} and c.vehicle_id = ${vehicles.id})`,
    })
    .from(vehicles)
    .leftJoin(totals, eq(totals.vehicleId, vehicles.id))
    .where(
      and(
        eq(vehicles.storeId, storeId),
        isNull(vehicles.deletedAt),
        vehicleId ? eq(vehicles.id, vehicleId) : undefined,
      ),
    )
    .orderBy(asc(vehicles.createdAt), asc(vehicles.name));
  const stock = await vehicleStockOf(db, storeId, vehicleId);
  return rows.map(({ assignedUserId, assignedName, lastClosedAt, ...r }) => ({
    ...r,
    monthFuel: Number(r.monthFuel),
    monthRepair: Number(r.monthRepair),
    assignedUser: assignedUserId && assignedName ? { id: assignedUserId, name: assignedName } : null,
    stock: stock.get(r.id) ?? [],
    lastClosedAt: lastClosedAt ? new Date(lastClosedAt).toISOString() : null,
  }));
}

export async function findVehicle(db: DbOrTx, storeId: string, vehicleId: string) {
  if (!isId(vehicleId)) return undefined;
  const [row] = await listVehicles(db, storeId, vehicleId);
  return row;
}

export async function createVehicle(db: DbOrTx, storeId: string, body: VehicleBody) {
  const [row] = await db
    .insert(vehicles)
    .values({ storeId, ...withName(body) })
    .returning({ id: vehicles.id });
  return (await findVehicle(db, storeId, row.id))!;
}

export async function updateVehicle(db: DbOrTx, storeId: string, vehicleId: string, body: VehicleBody) {
  if (!isId(vehicleId)) return undefined;
  const [row] = await db
    .update(vehicles)
    .set(withName(body))
    .where(and(eq(vehicles.id, vehicleId), eq(vehicles.storeId, storeId), isNull(vehicles.deletedAt)))
    .returning({ id: vehicles.id });
  return row ? findVehicle(db, storeId, row.id) : undefined;
}

/** Is this user a member of the store (someone a vehicle can be given to)? */
export async function isMember(db: DbOrTx, storeId: string, userId: string) {
  const { rows } = await db.execute(sql`select 1 from memberships where store_id = ${storeId}::uuid and user_id = ${userId}::uuid`);
  return rows.length > 0;
}

/**
 * Soft delete: its fuel and repair costs stay in the ledger (and in the store's expenses). A
 * vehicle still carrying stock, or with a round not yet closed, is refused: its stock and its
 * cash must come back to the store first (Day close).
 */
export async function softDeleteVehicle(db: DbOrTx, storeId: string, vehicleId: string) {
  if (!isId(vehicleId)) return false;
  const { rows: open } = await db.execute(sql`
    select coalesce((select sum(full_count + empty_count + stock_count) from vehicle_stock
        where store_id = ${storeId}::uuid and vehicle_id = ${vehicleId}::uuid), 0)::int as carried,
      exists (select 1 from ledger_entries l
        where l.store_id = ${storeId}::uuid and l.vehicle_id = ${vehicleId}::uuid and l.kind <> 'vehicle_cost'
          and l.id > coalesce((select max(c.last_entry_id) from vehicle_closes c
            where c.store_id = ${storeId}::uuid and c.vehicle_id = ${vehicleId}::uuid), 0)) as unclosed`);
  const state = open[0] as { carried: number; unclosed: boolean };
  if (state.carried > 0 || state.unclosed) {
    throw conflict({
      message: state.carried > 0
        ? `This vehicle still carries ${state.carried} item(s). Close its day first, so they go back to the store.`
        : 'This vehicle has sales not yet closed. Close its day first.',
      code: 'vehicle.notClosed',
      params: { carried: state.carried },
    });
  }
  const rows = await db
    .update(vehicles)
    .set({ deletedAt: now() })
    .where(and(eq(vehicles.id, vehicleId), eq(vehicles.storeId, storeId), isNull(vehicles.deletedAt)))
    .returning({ id: vehicles.id });
  return rows.length > 0;
}

export async function recordVehicleCost(
  tx: Tx,
  e: {
    storeId: string;
    vehicleId: string;
    userId: string;
    category: VehicleCostCategory;
    amount: number;
    paymentMethod: PaymentMethod;
    accountId?: string;
    ref: string | null;
    description: string | null;
    idempotencyKey?: string | null;
  },
) {
  const money = await paymentColumns(tx, e.storeId, { kind: 'vehicle_cost', method: e.paymentMethod, accountId: e.accountId, amount: e.amount });
  const row = await appendLedgerEntry(tx, {
    ...money,
    storeId: e.storeId,
    kind: 'vehicle_cost',
    vehicleId: e.vehicleId,
    category: e.category,
    totalAmount: takaNumeric(e.amount),
    paymentMethod: e.paymentMethod,
    // Paid "on due" means the store now owes the garage or pump.
    payableDelta: e.paymentMethod === 'due' ? takaNumeric(e.amount) : '0',
    ref: e.ref,
    note: e.description,
    userId: e.userId,
    idempotencyKey: e.idempotencyKey ?? null,
  });
  return toTransaction(row);
}

export async function vehicleTransactions(db: DbOrTx, storeId: string, vehicleId: string, limit = 1000) {
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.storeId, storeId),
        eq(ledgerEntries.vehicleId, vehicleId),
        eq(ledgerEntries.kind, 'vehicle_cost'),
      ),
    )
    .orderBy(desc(ledgerEntries.id))
    .limit(limit);
  return rows.map(toTransaction);
}

const toTransaction = (r: typeof ledgerEntries.$inferSelect) => ({
  id: r.id,
  transactionType: r.category as VehicleCostCategory,
  amount: Number(r.totalAmount),
  details: { description: r.note },
  paymentMethod: r.paymentMethod,
  accountId: r.accountId,
  ref: r.ref,
  createdAt: new Date(r.createdAt).toISOString(),
});
