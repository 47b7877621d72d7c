import { sql } from 'drizzle-orm';
import type { Deltas } from '@mojud/domain';
import type { Tx } from '../db/client';
import { ledgerEntries } from '../db/schema';

export type LedgerEntryInput = Omit<typeof ledgerEntries.$inferInsert, 'id' | 'createdAt'>;
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;

/**
 * A movement's count changes (the domain's `movement` table) as the entry's delta columns, for
 * `appendLedgerEntry`.
 */
export const deltaColumns = (d: Deltas) => ({
  fullDelta: d.full,
  emptyDelta: d.empty,
  problemDelta: d.problem,
  stockDelta: d.stock,
  vehicleFullDelta: d.vehicleFull,
  vehicleEmptyDelta: d.vehicleEmpty,
  vehicleStockDelta: d.vehicleStock,
});

/** The same for an entry written in SQL: the columns, and the values in their order. */
export const DELTA_COLUMNS = sql`full_delta, empty_delta, problem_delta, stock_delta, vehicle_full_delta, vehicle_empty_delta, vehicle_stock_delta`;
export const deltaValues = (d: Deltas) =>
  sql`${d.full}::int, ${d.empty}::int, ${d.problem}::int, ${d.stock}::int, ${d.vehicleFull}::int, ${d.vehicleEmpty}::int, ${d.vehicleStock}::int`;

/**
 * Empties coming in (`movement.emptiesIn`): onto the vehicle when there is one, else into the
 * store's empty count. A statement returning the item's `id`, for a `with moved as (…)` that
 * writes the ledger entry in the same statement.
 */
export const emptiesInMove = (storeId: string, vehicleId: string | null, itemId: string, d: Deltas) =>
  vehicleId
    ? sql`insert into vehicle_stock (store_id, vehicle_id, item_type, item_id, empty_count)
        values (${storeId}::uuid, ${vehicleId}::uuid, 'cylinder', ${itemId}::uuid, ${d.vehicleEmpty}::int)
        on conflict (store_id, vehicle_id, item_id) do update set empty_count = vehicle_stock.empty_count + excluded.empty_count
        returning item_id as id`
    : sql`update cylinder_items i set empty_count = i.empty_count + ${d.empty}::int
        where i.id = ${itemId}::uuid and i.store_id = ${storeId}::uuid returning i.id`;

/**
 * Appends one immutable ledger entry. Every change of stock or money in any area goes through
 * here, inside the same transaction as the change itself, so the two can never disagree.
 */
export async function appendLedgerEntry(tx: Tx, entry: LedgerEntryInput): Promise<LedgerEntryRow> {
  const [row] = await tx.insert(ledgerEntries).values(entry).returning();
  return row;
}
