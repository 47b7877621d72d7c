// `npm run smoke -- <url>` or `npm run smoke -- --env staging|production`: the browser smoke test
// (e2e/smoke.spec.ts) against a running environment. --env reads the URL from SMOKE_URL_STAGING
// or SMOKE_URL_PRODUCTION. SMOKE_USER / SMOKE_PASSWORD sign in as an account with a store;
// without them the test signs up a new shop owner (fine on staging, not on production).
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { env: { type: 'string' } } });
const url = positionals[0] ?? (values.env ? process.env[`SMOKE_URL_${values.env.toUpperCase()}`] : undefined);
if (!url) {
  console.error('Usage: npm run smoke -- <url>   or   npm run smoke -- --env staging (with SMOKE_URL_STAGING set)');
  process.exit(1);
}
if (values.env === 'production' && !process.env.SMOKE_USER) {
  console.error('On production the smoke test signs in as SMOKE_USER (with SMOKE_PASSWORD) rather than creating accounts.');
  process.exit(1);
}
console.log(`Smoke test of ${url}`);
const result = spawnSync('npx', ['playwright', 'test', 'e2e/smoke.spec.ts'], {
  stdio: 'inherit',
  env: { ...process.env, E2E_BASE_URL: url.replace(/\/+$/, '') },
});
process.exit(result.status ?? 1);
