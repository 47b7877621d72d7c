import path from 'node:path';
import { buildApp } from './app';
import { readConfig } from './config';
import { createDb, createPool, runMigrations } from './db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { resolveJwtSecret } from './db/secrets';
import { DEMO_LOGIN, seedDemo } from './seed/demo';

const config = readConfig();

async function main() {
  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  if (!url) {
    const dir = path.join(config.dataDir, 'pg');
    console.log(`Starting the embedded PostgreSQL (data in ${dir})…`);
    embedded = await startEmbeddedPostgres(dir);
    url = embedded.url;
  }
  await runMigrations(url);
  const pool = createPool(url, config.poolSize);
  const db = createDb(pool);
  const jwtSecret = await resolveJwtSecret(db, config.jwtSecret);
  const seeded = config.seedDemo ? await seedDemo(db) : false;

  const isLocal = /^http:\/\/(localhost|127\.0\.0\.1)(:|$)/.test(config.publicUrl);
  const app = await buildApp({
    pool,
    jwtSecret,
    appOrigins: config.appOrigins,
    appsRoot: config.appsRoot,
    remotesFile: config.remotesFile,
    secureCookies: !isLocal,
    hsts: !isLocal,
    trustProxy: config.trustProxy,
    loginPerMinutePerIp: config.loginPerMinutePerIp,
    smtpUrl: config.smtpUrl,
    publicUrl: config.publicUrl,
    logger: { level: config.logLevel },
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing requests in flight, then stopping`);
    // close() stops accepting connections and waits for in-flight requests to finish.
    await app.close();
    await pool.end();
    await embedded?.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  console.log(`\nMojud is running at ${config.publicUrl}`);
  if (config.seedDemo) {
    console.log(`Demo login: ${DEMO_LOGIN.username} / ${DEMO_LOGIN.password}${seeded ? ' (just created)' : ''}\n`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
