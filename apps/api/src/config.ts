import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Everything the API reads from its environment, read once at start. */
export interface ApiConfig {
  port: number;
  host: string;
  /** A PostgreSQL URL; absent means "start the embedded server". */
  databaseUrl?: string;
  dataDir: string;
  /** Browser origins allowed to call the API cross-origin and to refresh sessions. */
  appOrigins: string[];
  jwtSecret?: string;
  /** Where the built apps live (apps/<name>/dist). */
  appsRoot: string;
  remotesFile?: string;
  smtpUrl?: string;
  publicUrl: string;
  seedDemo: boolean;
  logLevel: string;
  trustProxy: boolean;
  /** Sign-in and sign-up attempts one IP may make per minute (the e2e suite raises it). */
  loginPerMinutePerIp: number;
  /** Most connections the API opens to PostgreSQL (`DATABASE_POOL_SIZE`). */
  poolSize: number;
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
    dataDir: path.resolve(env.DATA_DIR ?? path.join(repoRoot, '.data')),
    // By default the dev servers (shell 4200, each remote's harness 4201–4204) may refresh a
    // session too, so a remote run alone stays signed in across reloads. Production sets APP_ORIGINS.
    appOrigins: (env.APP_ORIGINS ?? [publicUrl, ...DEV_PORTS.map((p) => `http://localhost:${p}`)].join(','))
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    jwtSecret: env.JWT_SECRET || undefined,
    appsRoot: path.resolve(env.APPS_ROOT ?? path.join(repoRoot, 'apps')),
    remotesFile: env.REMOTES_FILE || undefined,
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
  };
}

export { repoRoot };
