// API throughput and latency under autocannon (50 clients, from this process, on loopback),
// on the embedded PostgreSQL and on an external server when one answers, beside a bare
// Fastify route. The API runs as its own process, as in production.
import { fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { root, stat, table, writeSection } from './lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const EXTERNAL = process.env.BENCH_EXTERNAL_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// While iterating: BENCH_ONLY=list,sell runs only the scenarios whose names contain one of the
// words (case-insensitive; 'bare', 'embedded' and 'external' pick the databases too), prints the
// table and leaves bench/results alone, so a partial run never replaces the full report.
const ONLY = (process.env.BENCH_ONLY ?? '').toLowerCase().split(',').map((w) => w.trim()).filter(Boolean);
const DATABASE_WORDS = ['bare', 'embedded', 'external'];
const picks = (name) => {
  const words = ONLY.filter((w) => !DATABASE_WORDS.includes(w));
  return words.length === 0 || words.some((w) => name.toLowerCase().includes(w));
};
const runs = (what) => {
  const dbs = ONLY.filter((w) => DATABASE_WORDS.includes(w));
  return dbs.length === 0 || dbs.includes(what);
};

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function waitFor(url) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await sleep(200);
  }
  throw new Error(`${url} did not come up`);
}
const rssMiB = (pid) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
};

async function json(base, method, url, body, headers = {}) {
  const res = await fetch(base + url, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

function cannon(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

async function externalDatabase() {
  const admin = new pg.Client({ connectionString: EXTERNAL, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `mojud_bench_${process.pid}`;
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(EXTERNAL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: EXTERNAL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function startApi(port, databaseUrl, dataDir) {
  // node itself with tsx's loader, not `npx tsx`: killing npx left the API and its embedded
  // PostgreSQL running (and still holding this process's stderr).
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
    },
  });
  await waitFor(`http://127.0.0.1:${port}/api/v1/health`);
  return child;
}

function listenerPid(port) {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set();
  for (const line of fs.readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const cols = line.trim().split(/\s+/);
    if (cols[1]?.endsWith(`:${hex}`) && cols[3] === '0A') inodes.add(cols[9]);
  }
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
        const link = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
        const m = /socket:\[(\d+)\]/.exec(link);
        if (m && inodes.has(m[1])) return Number(pid);
      }
    } catch {
      /* gone or not ours */
    }
  }
  return null;
}

/** A store with one cylinder item holding plenty of full stock, owned by a fresh user. */
let stores = 0;
async function prepareStore(base) {
  const tag = `${Date.now()}${++stores}`;
  const who = { username: `bench${tag}`, email: `bench${tag}@example.com`, password: 'bench-password-1' };
  await json(base, 'POST', '/api/v1/auth/register', who);
  const { accessToken } = await json(base, 'POST', '/api/v1/auth/login', { loginIdentifier: who.username, password: who.password });
  const auth = { authorization: `Bearer ${accessToken}` };
  const { store } = await json(base, 'POST', '/api/v1/stores', { name: 'Bench Gas', location: 'Dhaka', phone: '01711000000' }, auth);
  const s = `/api/v1/stores/${store.id}`;
  const { localBrands } = await json(base, 'GET', `${s}/brands/a`, undefined, auth);
  await json(base, 'PATCH', `${s}/brands`, localBrands.map((b) => ({ id: b.id, isActive: true })), auth);
  const list = await json(base, 'GET', `${s}/cylinder-inventory?size=12&regulatorType=22`, undefined, auth);
  const items = Array.isArray(list) ? list : list.items;
  const item = items[0];
  await json(base, 'POST', `${s}/stock-counts`, { itemId: item.id, fullCount: 1_000_000, emptyCount: 0, problemCount: 0, note: 'bench' }, auth);
  // A sale must name the item's current price (the API refuses a stale one with 409).
  await json(base, 'PATCH', `${s}/cylinder-inventory/${item.id}`, { price: 1200 }, auth);
  // One sell by hand first: if the API refuses the bench's request, say why instead of
  // measuring how fast it refuses.
  await json(base, 'POST', `${s}/cylinders/sell?size=12&regulatorType=22`, { id: item.id, quantity: 1, price: 1200, totalAmount: 1200, paymentMethod: 'cash', tradeType: 'package' }, auth);
  return { auth, s, item, storeId: store.id };
}

/**
 * A store after a busy day: BUSY_DAY_SELLS sales made today, for the summary and history
 * routes. (The sell scenarios leave their store with 150,000+ sales all made today, which the
 * summary sums live; no shop sells that much in a day.)
 */
const BUSY_DAY_SELLS = 2000;
async function prepareBusyDay(base) {
  const ctx = await prepareStore(base);
  const body = { id: ctx.item.id, quantity: 1, price: 1200, totalAmount: 1200, paymentMethod: 'cash', tradeType: 'package' };
  for (let done = 1; done < BUSY_DAY_SELLS; done += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, BUSY_DAY_SELLS - done) }, () =>
        json(base, 'POST', `${ctx.s}/cylinders/sell?size=12&regulatorType=22`, body, ctx.auth),
      ),
    );
  }
  return ctx;
}

async function soldCount(base, ctx) {
  const res = await json(base, 'GET', `${ctx.s}/transactions?itemId=${ctx.item.id}&kind=sell&limit=1`, undefined, ctx.auth);
  return res.totals.count;
}

async function fullCount(base, ctx) {
  const list = await json(base, 'GET', `${ctx.s}/cylinder-inventory?size=12&regulatorType=22`, undefined, ctx.auth);
  const items = Array.isArray(list) ? list : list.items;
  return items.find((i) => i.id === ctx.item.id).fullCount;
}

let keys = 0;
async function benchDatabase(label, databaseUrl) {
  const port = 3300 + Math.floor(Math.random() * 500);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mojud-bench-'));
  const api = await startApi(port, databaseUrl, dataDir);
  const base = `http://127.0.0.1:${port}`;
  const pid = listenerPid(port);
  try {
    const ctx = await prepareStore(base);
    const day = await prepareBusyDay(base);
    const idleRss = pid ? rssMiB(pid) : NaN;
    const scenarios = {
      'GET cylinder list': { url: `${base}${ctx.s}/cylinder-inventory?size=12&regulatorType=22`, headers: ctx.auth },
      'GET /stores': { url: `${base}/api/v1/stores`, headers: ctx.auth },
      'POST sell 1 (refill, cash)': {
        url: `${base}${ctx.s}/cylinders/sell?size=12&regulatorType=22`,
        method: 'POST',
        headers: { ...ctx.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ id: ctx.item.id, quantity: 1, price: 1200, totalAmount: 1200, paymentMethod: 'cash', tradeType: 'package' }),
      },
      // What the shop's own screen sends: a fresh Idempotency-Key on every sale, so the API
      // also records each answer (the path a real sale takes).
      'POST sell 1 with Idempotency-Key': {
        url: `${base}${ctx.s}/cylinders/sell?size=12&regulatorType=22`,
        method: 'POST',
        headers: { ...ctx.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ id: ctx.item.id, quantity: 1, price: 1200, totalAmount: 1200, paymentMethod: 'cash', tradeType: 'package' }),
        setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'idempotency-key': `bench-${process.pid}-${++keys}` } }),
      },
      // On a store with a busy day behind it (prepareBusyDay): today is summed live.
      'GET dashboard summary (month)': { url: `${base}${day.s}/summary?period=month`, headers: day.auth },
      'GET history page (limit 50)': { url: `${base}${day.s}/transactions?limit=50`, headers: day.auth },
    };
    const out = {};
    let loadRss = 0;
    for (const [name, opts] of Object.entries(scenarios)) {
      if (!picks(name)) continue;
      const rps = [], p50 = [], p99 = [];
      let ok = 0;
      const before = name.startsWith('POST') ? await fullCount(base, ctx) : 0;
      const soldBefore = name.startsWith('POST') ? await soldCount(base, ctx) : 0;
      for (let i = 0; i < RUNS; i++) {
        const r = await cannon(opts);
        rps.push(r.requests.average);
        p50.push(r.latency.p50);
        p99.push(r.latency.p99);
        ok += r['2xx'];
        if (pid) loadRss = Math.max(loadRss, rssMiB(pid));
      }
      let note = '';
      if (name.startsWith('POST')) {
        // autocannon returns while its last requests are still being answered: wait until the
        // stock stops moving, so the audit below reads a settled store.
        for (let last = NaN, now = await fullCount(base, ctx); now !== last; last = now, now = await fullCount(base, ctx)) await sleep(500);
        const after = await fullCount(base, ctx);
        // autocannon stops counting answers when its time is up, while the requests it already
        // sent still complete; so the audit compares the stock with the ledger, not with 2xx.
        const sold = (await soldCount(base, ctx)) - soldBefore;
        note =
          before - after === sold
            ? `${sold} sells in the ledger, stock fell by exactly ${before - after} (${ok} answers counted before the clock stopped)`
            : `MISMATCH: ${sold} sells in the ledger, stock fell by ${before - after}`;
      }
      out[name] = { rps, p50, p99, note };
    }
    return { label, out, idleRss, loadRss };
  } finally {
    api.kill('SIGTERM');
    await new Promise((r) => api.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchBare() {
  const port = 3900 + Math.floor(Math.random() * 90);
  const child = fork(path.join(root, 'bench', 'bare-server.mjs'), { env: { ...process.env, PORT: String(port) } });
  await new Promise((r) => child.once('message', r));
  const rps = [], p50 = [], p99 = [];
  for (let i = 0; i < RUNS; i++) {
    const r = await cannon({ url: `http://127.0.0.1:${port}/bare` });
    rps.push(r.requests.average);
    p50.push(r.latency.p50);
    p99.push(r.latency.p99);
  }
  child.kill();
  return { rps, p50, p99 };
}

const bare = runs('bare') ? await benchBare() : null;
const results = runs('embedded') ? [await benchDatabase('embedded PostgreSQL', undefined)] : [];
const external = runs('external') ? await externalDatabase() : null;
if (external) {
  try {
    results.push(await benchDatabase('external PostgreSQL (127.0.0.1:5432)', external.url));
  } finally {
    await external.drop();
  }
}

const rows = bare ? [['bare Fastify route (floor)', '–', stat(bare.rps), stat(bare.p50, ' ms'), stat(bare.p99, ' ms'), '']] : [];
for (const r of results) {
  for (const [name, v] of Object.entries(r.out)) {
    rows.push([name, r.label, stat(v.rps), stat(v.p50, ' ms'), stat(v.p99, ' ms'), v.note]);
  }
}
const memory = results.map((r) => `- ${r.label}: API resident memory ${r.idleRss.toFixed(0)} MiB idle, ${r.loadRss.toFixed(0)} MiB at most under load.`).join('\n');
const section = `## API under load
autocannon, ${CONNECTIONS} connections, ${DURATION} s per run, ${RUNS} runs; median (min–max) of the runs' averages (req/s) and percentiles. Client and server share the machine's cores. The cylinder list and the sells use one store with one busy item; the dashboard summary and the history page a second store with ${BUSY_DAY_SELLS.toLocaleString('en')} sales made today (today is summed live, closed days come from daily totals). No Accept-Encoding is sent, so answers are not compressed.

${table(['route', 'database', 'req/s', 'p50', 'p99', 'check'], rows)}

${memory}`;
if (ONLY.length) console.log(section);
else writeSection('30-api', section);
console.log('api benchmark done');
