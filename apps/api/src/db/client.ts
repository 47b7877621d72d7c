import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { clockOffsetMs } from '../clock';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle; repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

// NUMERIC comes back as a string by default; int8 (bigserial ids, counts) as a string too.
// Ids and sums stay far below 2^53, so numbers are safe and simpler for every caller.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

/**
 * Who a query runs for. Set for each request by the db plugin and filled in by the access
 * hook; absent outside requests (start-up, migrations, the demo seed, test fixtures).
 */
export interface DbContext {
  /** The store named by the route, once the caller is known to be a member. */
  storeId: string | null;
  /** The signed-in user. */
  userId: string | null;
  /**
   * The hash of the invitation token the request presents (a link): row-level security lets
   * the request read and answer that invitation whatever the account's address (migration 0016).
   */
  inviteTokenHash?: string | null;
}

export const dbContext = new AsyncLocalStorage<DbContext>();

/** Runs `fn` with its queries scoped to a store and user, as a request's would be. */
export const withDbContext = <T>(context: DbContext, fn: () => T): T => dbContext.run(context, fn);

/**
 * Keeps an async iterable's steps in the current database context. A streamed reply is read
 * when the socket asks for more, outside the request's context; bind its source with this.
 */
export function bindDbContext<T>(iterable: AsyncIterable<T>): AsyncIterable<T> {
  const inContext = AsyncLocalStorage.snapshot();
  const iterator = iterable[Symbol.asyncIterator]();
  return {
    [Symbol.asyncIterator]: () => ({
      next: () => inContext(() => iterator.next()),
      return: (value?: unknown) => inContext(() => iterator.return?.(value) ?? Promise.resolve({ done: true as const, value: undefined })),
    }),
  };
}

/** The role request queries run as; row-level security applies to it (migration 0005). */
export const APP_ROLE = 'mojud_app';
const APPLIED = Symbol('mojud.dbContext');
const PREPARED = Symbol('mojud.prepared');
type ScopedClient = pg.PoolClient & { [APPLIED]?: string; [PREPARED]?: Set<string> };

/**
 * Statement names by SQL text. Each connection prepares a statement once (a named statement,
 * parsed and planned by PostgreSQL the first time) and then only binds and executes it: the
 * same few queries run thousands of times, and parsing them each time (with row-level security
 * rewriting every one) was a large part of the database's CPU per request. Bounded: texts past
 * the limits run unnamed, as before.
 */
const statementNames = new Map<string, string>();
const MAX_STATEMENT_NAMES = 2_000;
const MAX_PREPARED_PER_CONNECTION = 500;
function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_STATEMENT_NAMES) {
    name = `m_${createHash('sha1').update(text).digest('hex')}`;
    statementNames.set(text, name);
  }
  return name;
}

/** Gives parameterised queries (drizzle's) a statement name; see `statementName`. */
function prepareStatements(client: ScopedClient) {
  if (client[PREPARED]) return;
  const prepared = (client[PREPARED] = new Set<string>());
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (config: unknown, ...rest: unknown[]) => {
    // Only queries with parameters: one text without them may hold several statements, which a
    // named (extended-protocol) statement cannot.
    const values = rest[0];
    if (
      config &&
      typeof config === 'object' &&
      !('submit' in config) &&
      !(config as { name?: string }).name &&
      typeof (config as { text?: unknown }).text === 'string' &&
      Array.isArray(values) &&
      values.length > 0
    ) {
      const name = statementName((config as { text: string }).text);
      if (name && (prepared.has(name) || prepared.size < MAX_PREPARED_PER_CONNECTION)) {
        prepared.add(name);
        return query({ ...config, name }, ...rest);
      }
    }
    return query(config, ...rest);
  };
}

/**
 * A pool whose checkouts carry the request's store and user into PostgreSQL: inside a request
 * the connection runs as `mojud_app` with `app.store_id` and `app.user_id` set, so the
 * row-level security policies keep it to that store even if a query forgets its filter.
 * Outside a request it runs as the connecting user. Each connection also carries the clock's
 * offset for app_now() (clock.ts). The settings are session-level and only
 * sent when they differ from what the connection already has, so a connection serving the
 * same store again costs nothing extra.
 */
export class ScopedPool extends pg.Pool {
  /** False when the connecting user may not SET ROLE mojud_app (then RLS is not in force). */
  appRole = true;

  constructor(config?: pg.PoolConfig) {
    super(config);
    // While a request or a job holds a connection the pool's own listener is detached; a backend
    // that dies meanwhile (PostgreSQL restarting, the primary lost in a failover) would otherwise
    // throw an unhandled 'error' and take the whole API down instead of failing that one piece
    // of work. Every pool gets this, the job queue's too.
    this.on('connect', (client) => client.on('error', (error) => console.warn(`database connection lost: ${error.message}`)));
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(
    callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): Promise<pg.PoolClient> | void {
    // Read the context now: pg-pool may hand the client over from another request's callback.
    const context = dbContext.getStore();
    const checkout = super.connect().then((client) => this.apply(client as ScopedClient, context));
    if (!callback) return checkout;
    checkout.then(
      (client) => callback(undefined, client, (release?: unknown) => client.release(release as Error | undefined)),
      (error: Error) => callback(error, undefined, () => {}),
    );
  }

  private async apply(client: ScopedClient, context: DbContext | undefined): Promise<pg.PoolClient> {
    prepareStatements(client);
    // The clock's offset rides along, so app_now() in SQL reads the API's clock (clock.ts).
    const offset = String(clockOffsetMs());
    const want = context
      ? `${this.appRole ? APP_ROLE : ''}|${context.storeId ?? ''}|${context.userId ?? ''}|${context.inviteTokenHash ?? ''}|${offset}`
      : `||||${offset}`;
    if (client[APPLIED] === want) return client;
    try {
      await client.query(
        `select set_config('role', $1, false), set_config('app.store_id', $2, false), set_config('app.user_id', $3, false),
                set_config('mojud.clock_offset', $4, false), set_config('app.invite_token', $5, false)`,
        [context && this.appRole ? APP_ROLE : 'none', context?.storeId ?? '', context?.userId ?? '', offset, context?.inviteTokenHash ?? ''],
      );
      client[APPLIED] = want;
      return client;
    } catch (error) {
      const code = (error as { code?: string }).code;
      // 42704: no such role (migration 0005 could not create it); 42501: not allowed to assume it.
      if (context && this.appRole && (code === '42704' || code === '42501')) {
        this.appRole = false;
        console.warn(`cannot SET ROLE ${APP_ROLE} (${(error as Error).message}): row-level security is not in force`);
        return this.apply(client, context);
      }
      client.release(error as Error);
      throw error;
    }
  }
}

export function createPool(url: string, max = 20): ScopedPool {
  // connectionTimeoutMillis: a database that does not answer at all (a host gone from the
  // network) fails a request after 10 s, answered 503 (plugins/errors.ts), instead of holding it.
  const pool = new ScopedPool({ connectionString: url, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 10_000 });
  // An idle connection the server closed (restart, failover) must not crash the API; the
  // pool drops it and the next query opens a fresh one.
  pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
  return pool;
}

export function createDb(pool: pg.Pool): Db {
  return drizzle(pool, { schema });
}

/**
 * Applies the committed SQL migrations. An advisory lock held on one connection makes it
 * safe when several API instances start at once: the others wait, then find nothing to do.
 */
export async function runMigrations(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  // A connection lost meanwhile fails the query in flight; without a listener it would also end the process.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(724311)');
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock(724311)').catch(() => {});
    await client.end();
  }
}

/**
 * Runs `work` in a transaction on one pooled connection (for plain SQL that holds row locks
 * while it talks to the outside, as delivery does): committed when it returns, rolled back when
 * it throws.
 */
export async function inClientTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** Whether the database answers at all (readiness). */
export async function pingDatabase(db: DbOrTx) {
  await db.execute(sql`select 1`);
}
