import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle; repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

// NUMERIC comes back as a string by default; int8 (bigserial ids, counts) as a string too.
// Ids and sums stay far below 2^53, so numbers are safe and simpler for every caller.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

export function createPool(url: string, max = 20): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
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
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(724311)');
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock(724311)').catch(() => {});
    await client.end();
  }
}
