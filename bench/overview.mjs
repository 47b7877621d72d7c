// The owner's overview of all his stores (issue 28): GET /overview for an owner with STORES
// stores of ENTRIES ledger entries each (a year of history seeded in SQL by
// scripts/seed-ledger.ts), on the external PostgreSQL when it answers, else the embedded one. The
// first request rolls up every store's closed days (ledger_daily, account_daily); it is reported
// apart. The figure: the median (min–max) of RUNS timed requests after it. Target: under 300 ms.
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

const STORES = Number(process.env.BENCH_STORES ?? 10);
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 21);
const EXTERNAL = process.env.BENCH_EXTERNAL_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const API_PORT = Number(process.env.BENCH_OVERVIEW_PORT ?? 3280);

async function timed(base, auth) {
  const started = performance.now();
  const res = await fetch(`${base}/api/v1/overview`, { headers: auth });
  const body = await res.text();
  if (!res.ok) throw new Error(`/overview → ${res.status} ${body.slice(0, 200)}`);
  return { ms: performance.now() - started, bytes: body.length, json: JSON.parse(body) };
}

async function benchOn(label, url) {
  const api = await startApi(API_PORT, url);
  try {
    const first = await setupStore(api.base, { stock: 1000, shopCount: 0, cylinders: 1, vehicle: false });
    const storeIds = [first.storeId];
    for (let i = 2; i <= STORES; i++) {
      const { store } = await call(api.base, 'POST', '/api/v1/stores', { name: `Branch ${i}`, location: 'Dhaka', phone: '01711000000' }, first.auth);
      storeIds.push(store.id);
    }
    const seedStarted = Date.now();
    for (const id of storeIds) await seedLedger(url, id, ENTRIES, () => {});
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    const cold = await timed(api.base, first.auth);
    const ms = [];
    let last = cold;
    for (let i = 0; i < RUNS; i++) {
      last = await timed(api.base, first.auth);
      ms.push(last.ms);
    }
    const o = last.json;
    if (o.stores.length !== STORES || !(o.totals.month.sales > 0)) throw new Error(`unexpected answer: ${o.stores.length} stores`);
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const { rows } = await c.query(`select count(*)::int as n from ledger_entries where store_id = any($1::uuid[])`, [storeIds]);
    await c.end();
    console.log(`  ${label}: cold ${cold.ms.toFixed(0)} ms, then ${stat(ms, ' ms')} (${(last.bytes / 1024).toFixed(0)} KiB)`);
    return { label, cold: cold.ms, ms, bytes: last.bytes, seedSeconds, entries: rows[0].n };
  } finally {
    await stopApi(api);
  }
}

let result;
const admin = new pg.Client({ connectionString: EXTERNAL, connectionTimeoutMillis: 2000 });
let external = true;
await admin.connect().catch(() => (external = false));
if (external) {
  const name = `mojud_overview_${process.pid}`;
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const u = new URL(EXTERNAL);
  u.pathname = `/${name}`;
  try {
    console.log(`external PostgreSQL: ${STORES} stores of ${ENTRIES} entries`);
    result = await benchOn('external (127.0.0.1:5432)', u.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
} else {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mojud-overview-'));
  try {
    const embedded = await startEmbeddedPostgres(path.join(dir, 'pg'), { port: API_PORT + 1 });
    try {
      console.log(`embedded PostgreSQL: ${STORES} stores of ${ENTRIES} entries`);
      result = await benchOn('embedded', embedded.url);
    } finally {
      await embedded.stop();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

writeSection(
  '37-overview',
  `## The owner's overview of ${STORES} stores, ${ENTRIES.toLocaleString('en')} ledger entries each
\`GET /api/v1/overview\` for an owner of ${STORES} stores, each with a year of history seeded by \`scripts/seed-ledger.ts\` (${result.entries.toLocaleString('en')} entries in all, seeded in ${result.seedSeconds.toFixed(0)} s). Each store is read in its own scope by the readers its own pages use: the period figures from the closed days' totals (ledger_daily) and today's entries, balances from account_daily and today's entries, stock, vans, transfers in transit, the to-order list. The first request after seeding rolls up every store's closed days; the median is of ${RUNS} requests after it, API and client on this machine. Target: under 300 ms.

${table(['request', 'database', 'latency', 'answer'], [
  ['overview, first request (rolls up the closed days)', result.label, `${result.cold.toFixed(0)} ms`, ''],
  ['overview', result.label, stat(result.ms, ' ms'), `${(result.bytes / 1024).toFixed(0)} KiB`],
])}`,
);
console.log('overview benchmark done');
