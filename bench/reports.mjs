// Dashboard summary and history latency with 1,000,000 ledger entries in one store (issue 7,
// "Measure"), on the embedded PostgreSQL and on the external one when it answers. The store is
// seeded in SQL by scripts/seed-ledger.ts; the API runs as its own process; every figure is
// the median (min–max) of RUNS timed requests after one warm-up request.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import { stat, table, writeSection } from './lib.mjs';

register();
const { startEmbeddedPostgres } = await import('../apps/api/src/db/embedded.ts');
const { call, setupStore, startApi, stopApi } = await import('../apps/api/src/tooling/chaos/harness.ts');
const { seedLedger } = await import('../scripts/seed-ledger.ts');

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const EXTERNAL = process.env.BENCH_EXTERNAL_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const API_PORT = Number(process.env.BENCH_REPORTS_PORT ?? 3270);

async function timed(base, url, auth) {
  const started = performance.now();
  const res = await fetch(base + url, { headers: auth });
  const body = await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url} → ${res.status} ${Buffer.from(body).toString().slice(0, 200)}`);
  return { ms: performance.now() - started, bytes: body.byteLength, body };
}

async function measure(base, url, auth) {
  await timed(base, url, auth);
  const ms = [];
  let last;
  for (let i = 0; i < RUNS; i++) {
    last = await timed(base, url, auth);
    ms.push(last.ms);
  }
  return { ms, last };
}

async function explain(url, storeId) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query(
      `explain (analyze, buffers off) select
         coalesce(sum(case when l.kind = 'sell' then l.total_amount else 0 end) filter (where l.created_at >= date_trunc('month', now())), 0),
         coalesce(sum(l.due_delta), 0)
       from ledger_entries l where l.store_id = $1`,
      [storeId],
    );
    return rows.map((r) => r['QUERY PLAN']).filter((l) => /Scan|Execution Time|Aggregate/.test(l)).map((l) => l.trim());
  } finally {
    await c.end();
  }
}

async function benchOn(label, url) {
  const api = await startApi(API_PORT, url);
  try {
    const store = await setupStore(api.base, { stock: 1000, shopCount: 0, cylinders: 1 });
    const seedStarted = Date.now();
    await seedLedger(url, store.storeId, ENTRIES, () => {});
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const { rows: deep } = await c.query(`select id from ledger_entries where store_id = $1 order by id desc offset 500000 limit 1`, [store.storeId]);
    const { rows: shop } = await c.query(`select shop_id from ledger_entries where store_id = $1 and shop_id is not null limit 1`, [store.storeId]);
    const { rows: day } = await c.query(`select to_char((now() at time zone 'Asia/Dhaka') - interval '180 days', 'YYYY-MM-DD') as d,
                                                to_char((now() at time zone 'Asia/Dhaka') - interval '210 days', 'YYYY-MM-DD') as m,
                                                to_char(now() at time zone 'Asia/Dhaka', 'YYYY-MM-DD') as today,
                                                to_char(date_trunc('month', now() at time zone 'Asia/Dhaka'), 'YYYY-MM-DD') as month`);
    const { rows: size } = await c.query(`select pg_size_pretty(pg_total_relation_size('ledger_entries')) as s`);
    await c.end();
    const s = store.s;
    const cases = [
      ['summary, period=month', `${s}/summary?period=month`],
      ['summary, period=today', `${s}/summary?period=today`],
      // The money picture beside it: each account's opening, in, out and closing (account_daily).
      ['money picture, today', `${s}/reports/money?from=${day[0].today}&to=${day[0].today}`],
      ['money picture, this month', `${s}/reports/money?from=${day[0].month}&to=${day[0].today}`],
      ['history, first page (50)', `${s}/transactions?limit=50`],
      ['history, deep page (cursor at entry 500,000)', `${s}/transactions?limit=50&cursor=${deep[0]?.id ?? 1}`],
      ['history, one shop', `${s}/transactions?limit=50&shopId=${shop[0].shop_id}`],
      ['history, one day (180 days ago)', `${s}/transactions?limit=50&from=${day[0].d}&to=${day[0].d}`],
      ['CSV export, 30 days', `${s}/transactions.csv?from=${day[0].m}&to=${day[0].d}`],
    ];
    const rows = [];
    for (const [name, u] of cases) {
      const { ms, last } = await measure(api.base, u, store.auth);
      let note = `${(last.bytes / 1024).toFixed(0)} KiB`;
      if (u.includes('.csv')) {
        const lines = Buffer.from(last.body).toString('utf8').split('\r\n').length - 2;
        note = `${lines} rows, ${(last.bytes / 1024 / 1024).toFixed(1)} MiB, ${Math.round(lines / (Math.min(...ms) / 1000))} rows/s`;
      }
      rows.push([name, label, stat(ms, ' ms'), note]);
      console.log(`  ${label}: ${name}: ${stat(ms, ' ms')} (${note})`);
    }
    const plan = await explain(url, store.storeId);
    const summary = await call(api.base, 'GET', `${s}/summary?period=month`, undefined, store.auth);
    return { label, rows, seedSeconds, plan, size: size[0].s, sanity: summary.sales > 0 };
  } finally {
    await stopApi(api);
  }
}

const results = [];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mojud-reports-'));
try {
  const embedded = await startEmbeddedPostgres(path.join(dir, 'pg'), { port: API_PORT + 1 });
  try {
    console.log(`embedded PostgreSQL: seeding ${ENTRIES} entries`);
    results.push(await benchOn('embedded', embedded.url));
  } finally {
    await embedded.stop();
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}

const admin = new pg.Client({ connectionString: EXTERNAL, connectionTimeoutMillis: 2000 });
let external = true;
await admin.connect().catch(() => (external = false));
if (external) {
  const name = `mojud_reports_${process.pid}`;
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const u = new URL(EXTERNAL);
  u.pathname = `/${name}`;
  try {
    console.log(`external PostgreSQL: seeding ${ENTRIES} entries`);
    results.push(await benchOn('external (127.0.0.1:5432)', u.toString()));
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const seeds = results.map((r) => `- ${r.label}: seeded in ${r.seedSeconds.toFixed(0)} s; ledger table with indexes ${r.size}.`).join('\n');
const plans = results.map((r) => `- ${r.label}, summing every entry in one query, as the summary did before daily totals (now it reads ledger_daily and sums only today): ${r.plan.join('; ')}`).join('\n');
writeSection(
  '35-reports',
  `## Dashboard, money picture and history at ${ENTRIES.toLocaleString('en')} ledger entries
One store, a year of history seeded by \`scripts/seed-ledger.ts\` (55% cylinder sells, a fifth of them on due across 200 shops; 20% buys; 12% due payments; stove trades; vehicle costs; monthly salaries). Each figure: median (min–max) of ${RUNS} requests after a warm-up, API and client on this machine. A history page also computes the filter's totals (count, money in and out), which is most of its time.

${table(['request', 'database', 'latency', 'answer'], results.flatMap((r) => r.rows))}

${seeds}
${plans}`,
);
console.log('reports benchmark done');
