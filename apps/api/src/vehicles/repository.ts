import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { VehicleCostCategory } from '@mojud/contracts';
import type { DbOrTx, Tx } from '../db/client';
import { ledgerEntries, vehicles } from '../db/schema';
import { appendLedgerEntry, money } from '../ledger/ledger';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isId = (id: string) => UUID.test(id);

type VehicleBody = { regNumber: string; vehicleBrand: string; vehicleModel: string };
type PaymentMethod = 'cash' | 'bank' | 'mobile' | 'due' | 'other';

// "This month" is the shop's month: Bangladesh time, whatever the server's zone.
const inThisMonth = sql`${ledgerEntries.createdAt} >= (date_trunc('month', now() at time zone 'Asia/Dhaka') at time zone 'Asia/Dhaka')`;

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

export async function listVehicles(db: DbOrTx, storeId: string, vehicleId?: string) {
  const totals = monthTotals(db, storeId);
  const rows = await db
    .select({
      id: vehicles.id,
      vehicleBrand: vehicles.vehicleBrand,
      vehicleModel: vehicles.vehicleModel,
      regNumber: vehicles.regNumber,
      monthFuel: sql<string>`coalesce(${totals.fuel}, 0)`,
      monthRepair: sql<string>`coalesce(${totals.repair}, 0)`,
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
    .orderBy(asc(vehicles.createdAt), asc(vehicles.regNumber));
  return rows.map((r) => ({ ...r, monthFuel: Number(r.monthFuel), monthRepair: Number(r.monthRepair) }));
}

export async function findVehicle(db: DbOrTx, storeId: string, vehicleId: string) {
  if (!isId(vehicleId)) return undefined;
  const [row] = await listVehicles(db, storeId, vehicleId);
  return row;
}

export async function createVehicle(db: DbOrTx, storeId: string, body: VehicleBody) {
  const [row] = await db
    .insert(vehicles)
    .values({ storeId, ...body })
    .returning({ id: vehicles.id });
  return (await findVehicle(db, storeId, row.id))!;
}

export async function updateVehicle(db: DbOrTx, storeId: string, vehicleId: string, body: VehicleBody) {
  if (!isId(vehicleId)) return undefined;
  const [row] = await db
    .update(vehicles)
    .set(body)
    .where(and(eq(vehicles.id, vehicleId), eq(vehicles.storeId, storeId), isNull(vehicles.deletedAt)))
    .returning({ id: vehicles.id });
  return row ? findVehicle(db, storeId, row.id) : undefined;
}

/** Soft delete: its fuel and repair costs stay in the ledger (and in the store's expenses). */
export async function softDeleteVehicle(db: DbOrTx, storeId: string, vehicleId: string) {
  if (!isId(vehicleId)) return false;
  const rows = await db
    .update(vehicles)
    .set({ deletedAt: new Date() })
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
    ref: string | null;
    description: string | null;
    idempotencyKey?: string | null;
  },
) {
  const row = await appendLedgerEntry(tx, {
    storeId: e.storeId,
    kind: 'vehicle_cost',
    vehicleId: e.vehicleId,
    category: e.category,
    totalAmount: money(e.amount),
    paymentMethod: e.paymentMethod,
    // Paid "on due" means the store now owes the garage or pump.
    payableDelta: e.paymentMethod === 'due' ? money(e.amount) : '0',
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
  ref: r.ref,
  createdAt: new Date(r.createdAt).toISOString(),
});
