// `npm run test:clock`: the unit, component and API tests at the hours that have caught us out:
// BTRC's quiet hours (02:00, 07:59, 08:00 in Dhaka), a minute before midnight, the last minute
// of a month and the first morning of the next (the demo's history once came up empty then).
// Each run starts the clock there (scripts/test.mjs --at); all must pass. About six times
// `npx vitest run`; not part of `npm test` (CI runs the API suite at 02:00).
import { spawnSync } from 'node:child_process';

const today = new Date(Date.now() + 6 * 3_600_000);
const lastOfMonth = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
const firstOfNextMonth = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
const times = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['02:00', '07:59', '08:00', '23:59', `${lastOfMonth}T23:59`, `${firstOfNextMonth}T02:00`];

const results = [];
for (const at of times) {
  console.log(`\n##### the tests with the clock at ${at} (Dhaka)`);
  const { status } = spawnSync('node', ['scripts/test.mjs', '--at', at, 'unit'], { stdio: 'inherit' });
  results.push({ at, ok: status === 0 });
}
console.log('\n##### summary');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'}  clock at ${r.at}`);
const failed = results.filter((r) => !r.ok).length;
console.log(`clock runs: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
