// Proves the README's first command on a fresh clone: clone this repository (its committed
// HEAD) into a temporary folder with no node_modules, run `npm start` alone on another port,
// wait for /api/v1/health, then stop it. Prints how long the first start took (install, build,
// database, API). .ci/run runs it; BENCHMARKS.md quotes its figure.
// Node built-ins only, like ensure-deps.mjs. FRESH_START_PORT moves the port (default 3179).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.FRESH_START_PORT ?? 3179);
const limitMs = Number(process.env.FRESH_START_TIMEOUT_MS ?? 20 * 60_000);
const dir = mkdtempSync(join(tmpdir(), 'mojud-fresh-'));
const keep = process.env.FRESH_START_KEEP === '1';

function cleanup() {
  if (!keep) rmSync(dir, { recursive: true, force: true });
}

const clone = spawnSync('git', ['clone', '--quiet', root, dir], { stdio: 'inherit' });
if (clone.status !== 0) {
  cleanup();
  console.error('git clone failed');
  process.exit(1);
}

console.log(`--- fresh clone in ${dir}: npm start on port ${port}`);
const started = Date.now();
// Its own process group, so stopping it stops npm, the build and the API with its database.
const child = spawn('npm', ['start'], {
  cwd: dir,
  detached: true,
  stdio: 'inherit',
  env: { ...process.env, PORT: String(port), NX_DAEMON: 'false', CI: 'true' },
});
let exited = false;
child.on('exit', () => (exited = true));

async function healthy() {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
    return res.ok;
  } catch {
    return false;
  }
}

async function stop() {
  if (exited) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  // The API stops PostgreSQL on SIGTERM; give it time, then make sure.
  for (let i = 0; i < 60 && !exited; i++) await new Promise((r) => setTimeout(r, 500));
  if (!exited) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
}

let ok = false;
while (!exited && Date.now() - started < limitMs) {
  if (await healthy()) {
    ok = true;
    break;
  }
  await new Promise((r) => setTimeout(r, 1000));
}
const seconds = ((Date.now() - started) / 1000).toFixed(0);
await stop();
cleanup();
if (!ok) {
  console.error(`--- npm start on a fresh clone did not answer /api/v1/health (${seconds} s)`);
  process.exit(1);
}
console.log(`--- fresh clone: npm start answered /api/v1/health after ${seconds} s (install, build, database, API)`);
