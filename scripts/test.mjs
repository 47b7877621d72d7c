// `npm test`: every check a change must pass, in order from fastest to slowest.
// All steps run even after a failure, so one run shows everything that is wrong.
import { spawnSync } from 'node:child_process';
import { ensureDeps } from './ensure-deps.mjs';

ensureDeps();

const APPS = 'shell,inventory,fleet,customers,people';
const steps = [
  // Every package in package-lock.json runs on the Node.js version the README names.
  ['engines', 'node', ['scripts/check-engines.mjs']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  // No module imports itself through others, no two folders import each other (docs/architecture.md).
  ['cycles in imports (modules and folders)', 'node', ['scripts/check-cycles.mjs']],
  ['unit, component and API tests', 'npx', ['vitest', 'run']],
  ['build', 'npx', ['nx', 'run-many', '-t', 'build', `--projects=${APPS}`, '--outputStyle=static']],
  ['byte budgets', 'node', ['scripts/check-budgets.mjs']],
  ['browser flows (Playwright)', 'npx', ['playwright', 'test']],
];

// `npm test -- --at 02:00` (today in Dhaka), `--at 2026-11-30T23:59` (a Dhaka date and time) or
// `--at <ISO instant>`: the tests start with the API's clock (and the browser-side Date of the
// component tests) at that time, running on from there (apps/api/src/clock.ts). Other words
// pick steps by the start of their names: `npm test -- lint unit`.
const argv = process.argv.slice(2);
const atIndex = argv.indexOf('--at');
const clockAt = atIndex >= 0 ? dhakaInstant(argv[atIndex + 1] ?? '') : process.env.MOJUD_CLOCK_AT;
const only = argv.filter((_, i) => atIndex < 0 || (i !== atIndex && i !== atIndex + 1));
if (clockAt) console.log(`=== the clock starts at ${clockAt} (${new Date(clockAt).toISOString()})`);

/** `HH:MM` today in Dhaka, `YYYY-MM-DDTHH:MM` in Dhaka, or an ISO instant as it is. */
function dhakaInstant(value) {
  const today = new Date(Date.now() + 6 * 3_600_000).toISOString().slice(0, 10);
  const text = /^\d{2}:\d{2}$/.test(value) ? `${today}T${value}:00+06:00`
    : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00+06:00`
    : value;
  if (Number.isNaN(Date.parse(text))) {
    console.error(`--at wants HH:MM, YYYY-MM-DDTHH:MM (Dhaka) or an ISO instant, not "${value}"`);
    process.exit(2);
  }
  return text;
}

const results = [];
for (const [name, cmd, args] of steps) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue;
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const env = { ...process.env, NX_DAEMON: 'false', ...(clockAt && { MOJUD_CLOCK_AT: clockAt }) };
  const { status } = spawnSync(cmd, args, { stdio: 'inherit', env });
  results.push({ name, ok: status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
}

console.log('\n=== summary');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name} (${r.seconds} s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`checks: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
