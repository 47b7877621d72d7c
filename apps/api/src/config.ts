import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gatewayConfigFromEnv, type GatewayConfig } from './messages/gateways';
import { bkashOptionsFromEnv, type BkashOptions } from './payments/bkash/options';

/** Everything the API reads from its environment, read once at start. */
export interface ApiConfig {
  port: number;
  host: string;
  /** A PostgreSQL URL; absent means "start the embedded server". */
  databaseUrl?: string;
  /**
   * A PostgreSQL URL for heavy reads that may lag a moment behind (`DATABASE_READ_URL`: a hot
   * standby, docs/deploy/ha-postgres.md): reports, CSV exports, histories. Absent: they read
   * `DATABASE_URL` like everything else.
   */
  databaseReadUrl?: string;
  dataDir: string;
  /** Origins serving Mojud's own apps: they may call the API cross-origin and refresh sessions. */
  appOrigins: string[];
  /**
   * Other origins an operator lets call the API from a browser, with credentials (`CORS_ORIGINS`,
   * comma-separated), e.g. a client built to the spec on its own host. Empty by default.
   */
  corsOrigins: string[];
  jwtSecret?: string;
  /** Where the built apps live (apps/<name>/dist). */
  appsRoot: string;
  remotesFile?: string;
  /** The release store served at /releases/ (RELEASES_DIR, default ./.releases; docs/releases.md). */
  releasesDir: string;
  /** Usernames allowed to see release statistics (OPERATOR_USERS, comma-separated). */
  operators: string[];
  smtpUrl?: string;
  publicUrl: string;
  seedDemo: boolean;
  logLevel: string;
  trustProxy: boolean;
  /** Sign-in and sign-up attempts one IP may make per minute (the e2e suite raises it). */
  loginPerMinutePerIp: number;
  /** Most connections the API opens to PostgreSQL (`DATABASE_POOL_SIZE`), per process. */
  poolSize: number;
  /** API processes on this machine (`WORKERS`, node:cluster); 1 runs a single process. */
  workers: number;
  /** Redis for the sign-in limits shared by every process; without it they live in PostgreSQL. */
  redisUrl?: string;
  /**
   * On SIGTERM, how long a process keeps serving while readiness already answers 503, so that a
   * proxy stops sending it requests before it closes (`SHUTDOWN_GRACE_MS`; 0 alone on a machine).
   */
  shutdownGraceMs: number;
  /** SMS and WhatsApp gateways (docs/operations.md, "Messages"); none: the capture gateway. */
  gateways: GatewayConfig;
  /** Where statement links in messages point (`SMS_LINK_BASE`, a short domain); default PUBLIC_URL. */
  linkBase: string;
  /** TEST_CLOCK=1: the e2e server's clock may be set over HTTP (plugins/test-clock.ts). */
  testClock: boolean;
  /**
   * Which bKash hosts a store's merchant API may call (`BKASH_BASE_URLS`, default bKash's
   * sandbox and production) and whose notifications are trusted (`BKASH_SNS_URL`, default
   * Amazon SNS); docs/operations.md, "bKash merchant API".
   */
  bkash: BkashOptions;
  /** BKASH_FAKE=1: start the local bKash test server and use it (demo and e2e only). */
  bkashFake: boolean;
}

const DEV_PORTS = [4200, 4201, 4202, 4203, 4204];

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export function readConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const port = Number(env.PORT ?? 3000);
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${port}`;
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    databaseReadUrl: env.DATABASE_READ_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? path.join(repoRoot, '.data')),
    // By default the dev servers (shell 4200, each remote's harness 4201–4204) may refresh a
    // session too, so a remote run alone stays signed in across reloads. Production sets APP_ORIGINS.
    appOrigins: originList('APP_ORIGINS', env.APP_ORIGINS ?? [publicUrl, ...DEV_PORTS.map((p) => `http://localhost:${p}`)].join(',')),
    corsOrigins: originList('CORS_ORIGINS', env.CORS_ORIGINS ?? ''),
    jwtSecret: env.JWT_SECRET || undefined,
    appsRoot: path.resolve(env.APPS_ROOT ?? path.join(repoRoot, 'apps')),
    // Where `npm run release` publishes by default, so a local release is served as it is.
    releasesDir: path.resolve(env.RELEASES_DIR ?? path.join(repoRoot, '.releases')),
    // RELEASE_ENV=production serves that environment's remotes file from the release store.
    remotesFile:
      env.REMOTES_FILE ||
      (env.RELEASE_ENV
        ? path.resolve(env.RELEASES_DIR ?? path.join(repoRoot, '.releases'), 'environments', env.RELEASE_ENV, 'remotes.json')
        : undefined),
    operators: (env.OPERATOR_USERS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    smtpUrl: env.SMTP_URL || undefined,
    publicUrl,
    seedDemo: env.SEED_DEMO !== '0',
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY === '1',
    loginPerMinutePerIp: Number(env.LOGIN_RATE_PER_MINUTE ?? 20),
    // A few connections per core: more only make PostgreSQL switch between backends that wait on
    // the same rows (at 50 clients selling one item, 20 connections cost about a sixth more
    // database CPU per sale than 4–8). Requests beyond them wait in the pool, which is cheap.
    poolSize: Number(env.DATABASE_POOL_SIZE ?? 8),
    workers: Math.max(1, Math.floor(Number(env.WORKERS ?? 1)) || 1),
    redisUrl: env.REDIS_URL || undefined,
    shutdownGraceMs: Math.max(0, Number(env.SHUTDOWN_GRACE_MS ?? 0) || 0),
    gateways: gatewayConfigFromEnv(env),
    linkBase: env.SMS_LINK_BASE || publicUrl,
    testClock: env.TEST_CLOCK === '1',
    bkash: bkashOptionsFromEnv(env),
    bkashFake: env.BKASH_FAKE === '1',
  };
}

/**
 * A comma-separated list of browser origins, each as a browser sends it in `Origin` (scheme,
 * host, port; no path, no trailing slash). A wildcard or a URL that is not http(s) stops the
 * start: credentials are only ever allowed for origins named one by one.
 */
function originList(name: string, value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      let url: URL | null = null;
      try {
        url = new URL(entry);
      } catch {
        url = null;
      }
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin === 'null') {
        throw new Error(`${name}: "${entry}" is not an origin like https://shop.example`);
      }
      return url.origin;
    });
}

export { repoRoot };
