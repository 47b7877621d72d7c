// `npm test`: every check a change must pass, in order from fastest to slowest.
// All steps run even after a failure, so one run shows everything that is wrong.
import { spawnSync } from 'node:child_process';
import { ensureDeps } from './ensure-deps.mjs';

ensureDeps();

const APPS = 'shell,inventory,fleet,customers,people';
const steps = [
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['unit, component and API tests', 'npx', ['vitest', 'run']],
  ['build', 'npx', ['nx', 'run-many', '-t', 'build', `--projects=${APPS}`, '--outputStyle=static']],
  ['byte budgets', 'node', ['scripts/check-budgets.mjs']],
  ['browser flows (Playwright)', 'npx', ['playwright', 'test']],
];

const only = process.argv.slice(2);
const results = [];
for (const [name, cmd, args] of steps) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue;
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const { status } = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, NX_DAEMON: 'false' } });
  results.push({ name, ok: status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
}

console.log('\n=== summary');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name} (${r.seconds} s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`checks: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
