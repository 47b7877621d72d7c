import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { idempotencyKeys, ledgerEntries } from '../db/schema';
import { badRequest, conflict } from '../errors';

export type LedgerEntryInput = Omit<typeof ledgerEntries.$inferInsert, 'id' | 'createdAt'>;
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;

/** Taka as NUMERIC text for the database: exact, never a binary float. */
export const money = (amount: number) => amount.toFixed(2);

/**
 * Appends one immutable ledger entry. Every change of stock or money in any area goes through
 * here, inside the same transaction as the change itself, so the two can never disagree.
 */
export async function appendLedgerEntry(tx: Tx, entry: LedgerEntryInput): Promise<LedgerEntryRow> {
  const [row] = await tx.insert(ledgerEntries).values(entry).returning();
  return row;
}

export interface Outcome<T> {
  statusCode: number;
  body: T;
}

/**
 * Runs a stock- or money-moving request in one transaction and honours `Idempotency-Key`:
 * the first request with a key records its answer in the same transaction; a retry with the
 * same key (even one racing the first) waits for it and gets that answer, changing nothing.
 * A request that fails rolls back its key too, so it can be retried.
 */
export async function runIdempotent<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  /** Gets the key too, to store on the ledger row it writes (`idempotency_key`). */
  work: (tx: Tx, idempotencyKey: string | null) => Promise<Outcome<T>>,
): Promise<Outcome<T>> {
  const raw = request.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key !== undefined && (key.length < 1 || key.length > 200)) {
    throw badRequest({ message: 'Idempotency-Key must be 1 to 200 characters', code: 'idempotency.keyLength' }, [
      { field: 'Idempotency-Key', message: 'Must be 1 to 200 characters', code: 'idempotency.keyLength' },
    ]);
  }
  const storeId = request.store!.id;
  const userId = request.user!.id;
  const route = `${request.method} ${request.routeOptions.url}`;
  return app.db.transaction(async (tx) => {
    if (key) {
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({ storeId, userId, key, route })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length === 0) {
        const [previous] = await tx
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.storeId, storeId), eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
        if (!previous || previous.route !== route || previous.statusCode === null) {
          throw conflict({ message: 'This Idempotency-Key was already used for a different request', code: 'idempotency.keyReused' });
        }
        return { statusCode: previous.statusCode, body: previous.response as T };
      }
    }
    const outcome = await work(tx, key ?? null);
    if (key) {
      await tx
        .update(idempotencyKeys)
        .set({ statusCode: outcome.statusCode, response: outcome.body as object })
        .where(and(eq(idempotencyKeys.storeId, storeId), eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    }
    return outcome;
  });
}

/**
 * `runIdempotent` for work whose only write is one statement (atomic by itself, such as a
 * trade: see `moveAndRecord` in inventory/repository.ts). Without an Idempotency-Key there is
 * nothing to keep in the same transaction, so the work runs without one: two round trips fewer
 * (BEGIN, COMMIT), and the row it changes is locked only while PostgreSQL runs and commits that
 * statement. With a key it runs in `runIdempotent`'s transaction as before.
 */
export async function runSingleWrite<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  work: (db: DbOrTx, idempotencyKey: string | null) => Promise<Outcome<T>>,
): Promise<Outcome<T>> {
  if (request.headers['idempotency-key'] === undefined) return work(app.db, null);
  return runIdempotent(app, request, work);
}
