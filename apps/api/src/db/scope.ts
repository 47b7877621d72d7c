import { sql } from 'drizzle-orm';
import type { Tx } from './client';

/**
 * Runs the rest of the transaction's queries as a request of `storeId` would, row-level security
 * included (null: no store, as store creation runs). Local to the transaction, so the pooled
 * connection is back to its request's scope when it ends. Only for a store the caller was
 * checked to be allowed into; a step that visits another store's rows scopes back to its own
 * before it returns (store copies, transfers between stores).
 */
export async function inStoreScope(tx: Tx, storeId: string | null) {
  await tx.execute(sql`select set_config('app.store_id', ${storeId ?? ''}, true)`);
}
