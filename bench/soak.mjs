// Soak: two minutes of mixed traffic (list, summary, sell, buy, due payment) at a steady
// 100 req/s against the API on the embedded PostgreSQL, with its resident memory sampled
// every 5 s. Runs apps/api/src/tooling/chaos/run.ts (the same code `npm run test:chaos` runs for 30 s).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, table, writeSection } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 120);
const RATE = Number(process.env.BENCH_SOAK_RATE ?? 100);
const out = path.join(os.tmpdir(), `mojud-soak-${process.pid}.json`);
let failed = false;
try {
  execFileSync(process.execPath, ['--import', 'tsx', 'apps/api/src/tooling/chaos/run.ts', 'soak', '--seconds', String(SECONDS), '--rate', String(RATE), '--json', out], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, CHAOS_API_PORT: process.env.CHAOS_API_PORT ?? '3280', CHAOS_PG_PORT: process.env.CHAOS_PG_PORT ?? '3281' },
  });
} catch {
  failed = true; // the report below says what went wrong; benchmarks never fail the run
}
const r = JSON.parse(fs.readFileSync(out, 'utf8'));
fs.rmSync(out, { force: true });
const kinds = Object.entries(r.byKind).map(([k, n]) => `${k} ${n}`).join(', ');
writeSection(
  '40-soak',
  `## Soak: ${r.seconds} s at ${r.rate} req/s
Mixed traffic against the API on the embedded PostgreSQL after 10 s of warm-up: ${r.requests} requests (${kinds}); trades and payments carry Idempotency-Keys. Requests are sent on a fixed schedule (open model), not after the previous answer. Resident memory of the listening process, sampled every 5 s.

${table(
  ['requests', 'errors', 'p50', 'p99', 'max', 'RSS first third', 'RSS last third', 'change'],
  [[
    String(r.requests),
    String(r.errors),
    `${r.p50.toFixed(1)} ms`,
    `${r.p99.toFixed(1)} ms`,
    `${r.max.toFixed(0)} ms`,
    `${r.rssFirstThird.toFixed(0)} MiB`,
    `${r.rssLastThird.toFixed(0)} MiB`,
    `${r.growthPercent >= 0 ? '+' : ''}${r.growthPercent.toFixed(1)}%`,
  ]],
)}

RSS samples (s: MiB): ${r.rss.map(([s, m]) => `${s}: ${m.toFixed(0)}`).join(', ')}.${r.errors ? `\n\nErrors, e.g.: ${r.errorSamples.join('; ')}` : ''}${failed ? '\n\nThe soak\'s own checks failed (errors or memory growth above 15%).' : ''}`,
);
console.log('soak benchmark done');
