// Installs the dependencies when node_modules is missing or older than package-lock.json, so
// `npm start`, `npm test` and `npm run dev` work on a fresh clone with nothing run before them.
// Node built-ins only: this runs before anything imports a dependency.
// Same step as .ci/run: `npm ci`, exactly what package-lock.json says.
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function mtime(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

/** Why an install is needed, or undefined when node_modules is up to date. */
export function installReason(dir = root) {
  const lock = mtime(join(dir, 'package-lock.json'));
  // npm writes node_modules/.package-lock.json at the end of every install.
  const installed = mtime(join(dir, 'node_modules', '.package-lock.json'));
  if (installed === undefined) return 'node_modules is missing';
  if (lock !== undefined && lock > installed) return 'package-lock.json is newer than node_modules';
  return undefined;
}

export function ensureDeps(dir = root) {
  const reason = installReason(dir);
  if (!reason) return;
  console.log(`Installing dependencies (${reason}); this happens once…`);
  const started = Date.now();
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const run = (args) => spawnSync(npm, args, { cwd: dir, stdio: 'inherit' }).status === 0;
  if (!run(['ci', '--no-audit', '--no-fund'])) {
    console.error('Installing the dependencies failed (see npm’s message above).');
    process.exit(1);
  }
  console.log(`Dependencies installed in ${Math.round((Date.now() - started) / 1000)} s.`);
}
