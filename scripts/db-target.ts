// Which database `npm run backup` / `npm run restore` work on: DATABASE_URL when set, else the
// embedded PostgreSQL in DATA_DIR/pg (default .data/pg). If the API is running, its embedded
// server is reached through the port in postmaster.pid; otherwise one is started for the job.
import fs from 'node:fs';
import path from 'node:path';
import { readConfig } from '../apps/api/src/config';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded';

export interface Target {
  url: string;
  /** Set when the database belongs to a running API (embedded server already up). */
  inUseBy?: number;
  describe: string;
  release: () => Promise<void>;
}

// The password startEmbeddedPostgres gives the local superuser (loopback only).
const EMBEDDED_PASSWORD = 'mojud-local';

function runningServer(dir: string): { pid: number; port: number } | null {
  try {
    const lines = fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(lines[0]);
    process.kill(pid, 0);
    return { pid, port: Number(lines[3]) };
  } catch {
    return null;
  }
}

export async function openTarget(): Promise<Target> {
  const config = readConfig();
  if (config.databaseUrl) {
    const u = new URL(config.databaseUrl);
    return { url: config.databaseUrl, describe: `${u.host}${u.pathname}`, release: async () => {} };
  }
  const dir = path.join(config.dataDir, 'pg');
  const running = runningServer(dir);
  if (running) {
    return {
      url: `postgres://postgres:${EMBEDDED_PASSWORD}@127.0.0.1:${running.port}/mojud`,
      inUseBy: running.pid,
      describe: `the embedded PostgreSQL in ${dir} (running, pid ${running.pid})`,
      release: async () => {},
    };
  }
  if (!fs.existsSync(path.join(dir, 'PG_VERSION')) && process.argv[1]?.includes('backup')) {
    throw new Error(`No database in ${dir} (set DATA_DIR or DATABASE_URL)`);
  }
  const db = await startEmbeddedPostgres(dir);
  return { url: db.url, describe: `the embedded PostgreSQL in ${dir}`, release: () => db.stop() };
}
