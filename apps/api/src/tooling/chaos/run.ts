// `npm run test:chaos`: the crash scenarios (kill -9 the API, then PostgreSQL, under ~1,000
// concurrent trades and payments) and a short soak, on loopback, in a few minutes.
// `… run.ts soak --seconds 120 --rate 100 --json out.json` runs only the soak (npm run bench).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startEmbeddedPostgres } from '../../db/embedded';
import { runCrashScenarios } from './crash';
import { setupStore, startApi, stopApi } from './harness';
import { soak, type SoakReport } from './soak';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    seconds: { type: 'string', default: '30' },
    rate: { type: 'string', default: '40' },
    requests: { type: 'string', default: '1000' },
    json: { type: 'string' },
    'max-growth': { type: 'string', default: '15' },
  },
});
const only = positionals[0];
// Ports 3250–3299 are this suite's; PostgreSQL gets a fixed one so a restart keeps the URL.
const API_PORT = Number(process.env.CHAOS_API_PORT ?? 3260);
const PG_PORT = Number(process.env.CHAOS_PG_PORT ?? 3261);
const log = (line: string) => console.log(`[chaos ${new Date().toISOString().slice(11, 19)}] ${line}`);

async function runSoak(dir: string, seconds: number, rate: number): Promise<SoakReport> {
  const db = await startEmbeddedPostgres(path.join(dir, 'soak-pg'), { port: PG_PORT + 1 });
  const api = await startApi(API_PORT + 3, db.url);
  try {
    const store = await setupStore(api.base, { stock: 1_000_000, shopCount: 20 });
    log(`soak: ${seconds} s at ${rate} req/s (after 10 s of warm-up)`);
    return await soak(api, store, { seconds, rate, warmupSeconds: 10 });
  } finally {
    await stopApi(api);
    await db.stop();
  }
}

function soakProblems(r: SoakReport, maxGrowth: number): string[] {
  const problems: string[] = [];
  if (r.errors > 0) problems.push(`soak: ${r.errors} errors, e.g. ${r.errorSamples.join('; ')}`);
  if (r.growthPercent > maxGrowth) {
    problems.push(`soak: API memory grew ${r.growthPercent.toFixed(1)}% (${r.rssFirstThird.toFixed(0)} → ${r.rssLastThird.toFixed(0)} MiB)`);
  }
  return problems;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mojud-chaos-'));
const started = Date.now();
let failed = false;
try {
  const problems: string[] = [];
  if (!only || only === 'crash') {
    const reports = await runCrashScenarios({ dir, apiPort: API_PORT, pgPort: PG_PORT, requests: Number(values.requests), log });
    for (const r of reports) {
      log(
        `${r.scenario}: ${r.requests} requests, ${r.answeredBeforeKill} answered before the kill, ` +
          `${r.unansweredFirstPass} unanswered and retried with the same key (${r.replayed2xx} then got a 2xx), ` +
          `${r.final2xx} with a 2xx in the end, ${r.ledgerRows} ledger entries; recovery ${r.recoverySeconds.toFixed(1)} s` +
          `${r.apiRestarted ? ' (API restarted)' : ''}`,
      );
      problems.push(...r.problems.map((p) => `${r.scenario}: ${p}`));
      for (const w of r.warnings) console.warn(`WARNING ${r.scenario}: ${w}`);
    }
  }
  if (!only || only === 'soak') {
    const r = await runSoak(dir, Number(values.seconds), Number(values.rate));
    log(
      `soak: ${r.requests} requests ${JSON.stringify(r.byKind)}, ${r.errors} errors, p50 ${r.p50.toFixed(1)} ms, ` +
        `p99 ${r.p99.toFixed(1)} ms; RSS ${r.rssFirstThird.toFixed(0)} MiB (first third) → ${r.rssLastThird.toFixed(0)} MiB (last third), ` +
        `${r.growthPercent >= 0 ? '+' : ''}${r.growthPercent.toFixed(1)}%`,
    );
    if (values.json) fs.writeFileSync(values.json, JSON.stringify(r, null, 2));
    problems.push(...soakProblems(r, Number(values['max-growth'])));
  }
  if (problems.length) {
    failed = true;
    console.error(`\nFAILED (${problems.length}):\n- ${problems.slice(0, 30).join('\n- ')}`);
  } else {
    log(`all checks held (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
