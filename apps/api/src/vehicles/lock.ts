import { sql } from 'drizzle-orm';
import { isUuid } from '@mojud/contracts';
import type { Tx } from '../db/client';
import { HttpError } from '../errors';


export interface LockedVehicle {
  id: string;
  /** What the store calls it (its registration unless named): how messages name it. */
  name: string;
  assignedUserId: string | null;
}

/**
 * The vehicle of this store (not deleted), locked for the rest of the transaction. Every
 * movement on a vehicle (a load, a sale from it, empties collected onto it, a reversal of its
 * sale) takes it `share`, so they run side by side; a day close takes it `update`, so it waits
 * for those in flight and holds back new ones until it commits: no entry of the round it closes
 * can commit after it has read the round.
 *
 * Lock order across the app: vehicle, then shop, then item rows in item-id order (the store's
 * row before the vehicle's for one item), then the sale counter.
 */
export async function lockVehicle(tx: Tx, storeId: string, vehicleId: string, mode: 'share' | 'update', field = 'vehicleId') {
  const missing = () =>
    new HttpError(404, { message: 'Vehicle not found', code: 'vehicle.notFound' }, [{ field, message: 'Vehicle not found' }]);
  if (!isUuid(vehicleId)) throw missing();
  const { rows } = await tx.execute(sql`
    select id, name, assigned_user_id from vehicles
    where store_id = ${storeId}::uuid and id = ${vehicleId}::uuid and deleted_at is null
    ${mode === 'update' ? sql`for update` : sql`for share`}`);
  const row = rows[0] as { id: string; name: string; assigned_user_id: string | null } | undefined;
  if (!row) throw missing();
  return { id: row.id, name: row.name, assignedUserId: row.assigned_user_id } satisfies LockedVehicle;
}
