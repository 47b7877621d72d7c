import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import stableStringify from 'safe-stable-stringify';
import type { DbOrTx, Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { HttpError, badRequest } from '../errors';

// HTTP idempotency: a POST that moves stock or money runs in one transaction that also records
// its answer under the request's `Idempotency-Key`, so a retry gets the first answer instead of
// a second record (docs/api-conventions.md, "Stock and money"). The nightly job that forgets old
// keys (jobs/queue.ts) calls `purgeIdempotencyKeys`.

/**
 * How long a request waits for an earlier request with the same key that is still running
 * before it is told so (409 `idempotency.inProgress`, Retry-After): the client retries later.
 * A double click waits and gets the first answer; a first request stuck for seconds does not
 * hold the retry's connection for as long.
 */
export const IDEMPOTENCY_WAIT = '3s';

/**
 * Idempotency records are kept this long, then deleted (`purgeIdempotencyKeys` below, run nightly by jobs/queue.ts). It must exceed the
 * longest time a device may stay offline with queued writes (30 days, docs/decisions.md), or a
 * late replay of a queued sale would find no record and be recorded a second time.
 */
export const IDEMPOTENCY_RETENTION_DAYS = 45;

/** PostgreSQL's lock_not_available: the wait above ran out. */
const LOCK_NOT_AVAILABLE = '55P03';

const inProgress = () =>
  new HttpError(
    409,
    { message: 'A request with this Idempotency-Key is still being processed; try again shortly', code: 'idempotency.inProgress' },
    null,
    { 'retry-after': '2' },
  );

/**
 * A key sent again with another request (a different body, parameters, route or method) would
 * otherwise answer the first request's result while recording nothing: the caller would take a
 * lost write for a success. It is refused instead; the caller makes a new key for a new request.
 */
const keyReused = () =>
  new HttpError(422, {
    message: 'This Idempotency-Key was already used for a different request; send a new request with a new key',
    code: 'idempotency.keyReused',
  });

/**
 * What a key is bound to: the method and route, the path parameters, the query and the body as
 * validated, with object keys in a fixed order, so the same request sent again (however its
 * JSON was laid out) hashes the same and any other request does not.
 */
export function requestHash(request: { route: string; params: unknown; query: unknown; body: unknown }): string {
  const canonical = stableStringify({ route: request.route, params: request.params ?? null, query: request.query ?? null, body: request.body ?? null });
  return createHash('sha256').update(canonical ?? '').digest('hex');
}

export interface Outcome<T> {
  statusCode: number;
  body: T;
}

/**
 * Runs a stock- or money-moving request in one transaction and honours `Idempotency-Key`:
 * the first request with a key records its answer in the same transaction; a retry with the
 * same key (even one racing the first) waits for it and gets that answer, changing nothing.
 * The same key with a different request is refused (422 `idempotency.keyReused`), changing
 * nothing either. A request that fails rolls back its key too, so it can be retried.
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
  const hash = key ? requestHash({ route, params: request.params, query: request.query, body: request.body }) : null;
  return app.db.transaction(async (tx) => {
    if (key) {
      // The claim waits on a racing request with the same key only for IDEMPOTENCY_WAIT; the
      // work after it runs with the usual (unlimited) lock wait again.
      await tx.execute(sql`select set_config('lock_timeout', ${IDEMPOTENCY_WAIT}, true)`);
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({ storeId, userId, key, route, requestHash: hash })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key })
        .catch((error: unknown) => {
          throw pgCode(error) === LOCK_NOT_AVAILABLE ? inProgress() : error;
        });
      await tx.execute(sql`set local lock_timeout to default`);
      if (claimed.length === 0) {
        const [previous] = await tx
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.storeId, storeId), eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
        // A record written before requests were hashed has none: its route alone is compared.
        const sameRequest = previous?.route === route && (previous.requestHash === null || previous.requestHash === hash);
        if (!previous || !sameRequest) throw keyReused();
        if (previous.statusCode === null) throw inProgress();
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

/** The SQLSTATE of a PostgreSQL error, which drizzle may wrap in its own error (`cause`). */
function pgCode(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
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

/**
 * Deletes idempotency records older than IDEMPOTENCY_RETENTION_DAYS, a few thousand rows per
 * statement so that no long lock is held; returns how many went. Younger records stay: a phone
 * that was offline for up to 30 days may still replay a queued sale with its key.
 */
export async function purgeIdempotencyKeys(pool: pg.Pool, days = IDEMPOTENCY_RETENTION_DAYS): Promise<number> {
  let total = 0;
  for (;;) {
    const { rowCount } = await pool.query(
      `delete from idempotency_keys where ctid in (
         select ctid from idempotency_keys where created_at < app_now() - make_interval(days => $1) limit 5000)`,
      [days],
    );
    total += rowCount ?? 0;
    if ((rowCount ?? 0) < 5000) return total;
  }
}
