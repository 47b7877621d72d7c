// The server Playwright talks to: a fresh embedded PostgreSQL in a temporary folder and the
// API serving the built apps on E2E_PORT (3100). It writes the database URL to a file so
// specs can read what the app wrote (e.g. an invitation e-mail in the outbox).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded';

const port = process.env.E2E_PORT ?? '3100';
// One file per port, so two runs on different ports never read each other's database.
const E2E_INFO_FILE = path.join(os.tmpdir(), `mojud-e2e-server-${port}.json`);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mojud-e2e-'));
const db = await startEmbeddedPostgres(path.join(dir, 'pg'));
fs.writeFileSync(E2E_INFO_FILE, JSON.stringify({ databaseUrl: db.url, port: Number(port) }));

const api = spawn('npx', ['tsx', 'apps/api/src/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    DATABASE_URL: db.url,
    PUBLIC_URL: `http://localhost:${port}`,
    APP_ORIGINS: `http://localhost:${port},http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    // Every browser in the suite signs in from 127.0.0.1; the per-IP limit has its own API tests.
    LOGIN_RATE_PER_MINUTE: '1000',
    // The account that may read the release statistics (e2e/releases.spec.ts signs it up).
    OPERATOR_USERS: 'releasemanager',
    // Specs that need an hour of their own set the server's clock (e2e/support/clock.ts).
    TEST_CLOCK: '1',
  },
});

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  api.kill('SIGTERM');
  await new Promise((r) => api.once('exit', r));
  await db.stop();
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
api.on('exit', () => void stop());
