import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import Fastify, { type FastifyReply, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type pg from 'pg';
import authRoutes from './auth/routes';
import healthRoutes from './health/routes';
import { apiReferencePage, openApiDocumentation } from './openapi/plugin';
import openApiRoutes from './openapi/routes';
import { startJobs, type Jobs, type JobsOptions } from './jobs/queue';
import type { GatewayConfig } from './messages/gateways';
import { outgoingHooks } from './messages/hooks';
import type { BkashOptions } from './payments/bkash/options';
import accessPlugin from './plugins/access';
import moneyViewPlugin, { moneyViewSerializerCompiler } from './plugins/money-view';
import { attemptLimiter, type LimitAttempts } from './plugins/attempts';
import dbPlugin from './plugins/db';
import errorsPlugin from './plugins/errors';
import { postgresRateLimitStore } from './plugins/rate-limit-store';
import securityPlugin from './plugins/security';
import staticApps from './plugins/static-apps';
import storeRoutes from './stores/routes';
import userRoutes from './users/routes';

export interface AppOptions {
  pool: pg.Pool;
  /**
   * A second pool for heavy reads that may lag (DATABASE_READ_URL, a standby): `app.readDb`.
   * Absent: those reads use `pool`. Its lifetime belongs to the caller, like `pool`'s.
   */
  readPool?: pg.Pool;
  jwtSecret: string;
  /** Origins of Mojud's own apps (APP_ORIGINS). */
  appOrigins?: string[];
  /** Other origins the operator allows to call the API with credentials (CORS_ORIGINS). */
  corsOrigins?: string[];
  /** Serve the built shell and remotes from apps/<name>/dist (production, e2e). */
  appsRoot?: string;
  remotesFile?: string;
  /** The release store, served at /releases/<remote>/ (immutable builds). */
  releasesDir?: string;
  /** Usernames who may read release statistics. */
  operators?: string[];
  secureCookies?: boolean;
  hsts?: boolean;
  loginPerMinutePerIp?: number;
  logger?: FastifyServerOptions['logger'];
  trustProxy?: boolean;
  /** SMTP server for invitation e-mails; without it they go to the log and the mail queue table. */
  smtpUrl?: string;
  /** Where the web app is served, for links in e-mails. */
  publicUrl?: string;
  /** How long a checked membership is remembered (plugins/membership-cache.ts); 0 turns it off. */
  membershipCacheMs?: number;
  /**
   * Listen for other processes' changes (plugins/invalidation.ts); default on. Off only for a
   * process that is certainly alone on its database and wants no extra connection.
   */
  listen?: boolean;
  /** Redis for the shared sign-in limits; without it they are counted in PostgreSQL. */
  redisUrl?: string;
  /** The job queue's settings (jobs/queue.ts), or false for none: e-mails then stay in the mail queue. */
  jobs?: false | Partial<Omit<JobsOptions, 'connectionString' | 'smtpUrl' | 'log' | 'gateways' | 'linkBase'>>;
  /** SMS and WhatsApp gateways (messages/gateways.ts); none: the local capture gateway. */
  gateways?: GatewayConfig;
  /** Where statement links in messages point (`<linkBase>/s/<token>`); default publicUrl. */
  linkBase?: string;
  /** Let tests set the clock over HTTP (`PUT /api/v1/test/clock`, plugins/test-clock.ts); never in production. */
  testClock?: boolean;
  /**
   * Which bKash addresses a store's merchant API may call and whom its notifications may be
   * signed by (payments/bkash/options.ts); default bKash's own hosts and Amazon SNS.
   */
  bkash?: BkashOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Background work (jobs/queue.ts); null when the app runs without a queue. */
    jobs: Jobs | null;
    /** How messages leave (never the credentials' values outside the gateways) and where links point. */
    messaging: { gateways: GatewayConfig; linkBase: string };
    /** Limits per account and per address against guessing (plugins/attempts.ts). */
    limitAttempts: LimitAttempts;
  }
}

/**
 * Secrets that travel in addresses never reach a log line: statement tokens (`/s/<token>`,
 * `/public/statements/<token>`), invitation tokens answered by path
 * (`/user/invites/<token>/accept`; an id, a UUID, stays), the delivery-report secret, the
 * tokens of mailed links (`?secret=`, `?token=`) and of bKash's callback and notification
 * addresses (`/payments/bkash/notify/<token>`).
 */
export function redactUrl(url: string) {
  return url
    .replace(/(\/(?:s|statements)\/)[^/?#]+/g, '$1***')
    .replace(/(\/payments\/bkash\/(?:notify|callback)\/)[^/?#]+/g, '$1***')
    .replace(/(\/user\/invites\/)(?!by-token(?:[?#]|$))(?![0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:[/?#]|$))[^/?#]+/gi, '$1***')
    .replace(/([?&](?:secret|token)=)[^&#]*/gi, '$1***');
}

function withRedactedUrls(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = typeof logger === 'object' ? logger : {};
  return {
    ...options,
    serializers: {
      ...(options as { serializers?: Record<string, unknown> }).serializers,
      req: (request: { method: string; url: string; hostname?: string; ip?: string; socket?: { remotePort?: number } }) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.hostname,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  } as FastifyServerOptions['logger'];
}

/** The Fastify application: plugins (infrastructure) first, then each area's routes. */
export async function buildApp(opts: AppOptions) {
  const app = Fastify({
    logger: withRedactedUrls(opts.logger),
    trustProxy: opts.trustProxy ?? false,
    bodyLimit: 256 * 1024,
    // A slow phone on a bad network still gets 30 s to send its request.
    requestTimeout: 30_000,
    // Malformed URLs and over-long path parameters are refused before routing; answer them in
    // the usual {status, message, errors} shape too.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      void (reply as unknown as FastifyReply)
        .status(status)
        .send({
          status,
          ...(status === 414
            ? { message: 'The address is too long', code: 'request.addressTooLong' }
            : { message: 'The address is not valid', code: 'request.badAddress' }),
          errors: null,
        });
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Answers are written by their zod schema; a staff member's without the owner's money.
  app.setSerializerCompiler(moneyViewSerializerCompiler);
  // A client built to the spec sends `Content-Type: application/json` on every call, also on
  // those that carry no body (refresh, logout, a DELETE): an empty body is no body, not broken
  // JSON. Anything else goes to Fastify's own parser (prototype poisoning refused as before).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') return done(null, undefined);
    return parseJson(request, text, done);
  });

  // Mojud's apps and the operator's other clients are treated alike: CORS with credentials,
  // and a refresh or logout from a page they serve.
  const allowedOrigins = [...new Set([...(opts.appOrigins ?? []), ...(opts.corsOrigins ?? [])])];
  await app.register(errorsPlugin);
  await app.register(securityPlugin, { allowedOrigins, hsts: opts.hsts ?? false });
  await app.register(cookie);
  // Sign-in limits count across every process on the database: in Redis when configured,
  // else in PostgreSQL (docs/decisions.md, "Several API processes").
  if (opts.redisUrl) {
    const redis = new Redis(opts.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1 });
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    await app.register(rateLimit, { global: false, redis, nameSpace: 'mojud-rl:' });
    // The plugin's own Redis counter (it exports no entry for it; the file is part of its package).
    const RedisStore = createRequire(import.meta.url)('@fastify/rate-limit/store/RedisStore.js') as new (
      continueExceeding: boolean,
      exponentialBackoff: boolean,
      client: Redis,
      key: string,
    ) => FastifyRateLimitStore;
    app.decorate('limitAttempts', attemptLimiter(new RedisStore(false, false, redis, 'mojud-rl:attempts:')));
  } else {
    const PostgresStore = postgresRateLimitStore(opts.pool);
    await app.register(rateLimit, { global: false, store: PostgresStore });
    app.decorate('limitAttempts', attemptLimiter(new PostgresStore(undefined, 'rl:attempts:')));
  }
  await app.register(dbPlugin, { pool: opts.pool, readPool: opts.readPool });
  // Where the web app is served, without a trailing slash: e-mailed links are built on it.
  const publicUrl = (opts.publicUrl ?? 'http://localhost:3000').replace(/\/+$/, '');
  const linkBase = (opts.linkBase ?? publicUrl).replace(/\/$/, '');
  app.decorate('messaging', { gateways: opts.gateways ?? {}, linkBase });
  // How other areas write the messages their changes make necessary (plugins/outgoing.ts).
  app.decorate('outgoing', outgoingHooks(app));
  // Set by main.ts on SIGTERM; readiness then answers 503 (health/routes.ts).
  app.decorate('draining', false);
  if (opts.jobs === false) {
    app.decorate('jobs', null);
  } else {
    // Started when the app is ready. A database that does not answer yet must not keep the API
    // from starting (readiness says so): the queue is tried again every 5 s meanwhile, and
    // e-mails written in between wait in the mail queue for the sweep.
    const jobsOptions = opts.jobs;
    let started: Jobs | null = null;
    let stopped = false;
    let retry: NodeJS.Timeout | undefined;
    const start = async () => {
      try {
        started = await startJobs({
          connectionString: (opts.pool as unknown as { options: { connectionString: string } }).options.connectionString,
          smtpUrl: opts.smtpUrl,
          log: app.log,
          gateways: opts.gateways,
          linkBase,
          ...jobsOptions,
        });
        if (stopped) await started.stop();
      } catch (error) {
        app.log.warn(`job queue not started (${(error as Error).message}); trying again in 5 s`);
        if (!stopped) retry = setTimeout(() => void start(), 5_000).unref();
      }
    };
    app.decorate('jobs', {
      deliverMail: async (ids: number[]) => {
        if (started) await started.deliverMail(ids);
      },
      // Without a started queue the rows wait in the mail queue; the sweep sends them once it runs.
      deliverMessages: async (refs) => {
        if (started) await started.deliverMessages(refs);
      },
      stop: async () => {
        stopped = true;
        clearTimeout(retry);
        await started?.stop();
      },
    } satisfies Jobs);
    app.addHook('onReady', start);
    app.addHook('onClose', () => app.jobs!.stop());
  }
  await app.register(accessPlugin, { jwtSecret: opts.jwtSecret, membershipCacheMs: opts.membershipCacheMs, listen: opts.listen });
  await app.register(moneyViewPlugin);
  // Before any route: the OpenAPI document collects routes as they register.
  await app.register(openApiDocumentation);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes, {
        jwtSecret: opts.jwtSecret,
        allowedOrigins,
        secureCookies: opts.secureCookies ?? false,
        loginPerMinutePerIp: opts.loginPerMinutePerIp ?? 20,
        publicUrl,
      });
      // Answers from here on are compressed when the client accepts it: a 1,000-item cylinder
      // list is about 270 kB of JSON, some 1.3 s on a phone's 1.6 Mbit/s, and about a tenth of
      // that compressed. Registered after the auth routes on purpose: answers that carry a
      // token are never compressed (no length side channel on secrets). Brotli at quality 4
      // costs about what gzip does; quality 11 is for the prebuilt static files only.
      await api.register(compress, {
        threshold: 1024,
        encodings: ['br', 'gzip'],
        brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
      });
      await api.register(userRoutes, { publicUrl });
      await api.register(storeRoutes);
      await api.register(import('./overview/routes'));
      // Feature areas register here: inventory, shops, vehicles, staff, members, ledger.
      await api.register(import('./staff/routes'));
      await api.register(import('./members/routes'));
      await api.register(import('./invites/routes'), { publicUrl, secret: opts.jwtSecret });
      await api.register(import('./inventory/routes'));
      await api.register(import('./shops/routes'));
      await api.register(import('./vehicles/routes'));
      await api.register(import('./ledger/routes'));
      await api.register(import('./releases/routes'), { operators: opts.operators ?? [] });
      await api.register(import('./sales/routes'));
      await api.register(import('./official-prices/routes'));
      await api.register(import('./messages/routes'));
      await api.register(import('./empties/routes'));
      await api.register(import('./vans/routes'));
      await api.register(import('./opening/routes'));
      await api.register(import('./suppliers/routes'));
      await api.register(import('./accounts/routes'));
      await api.register(import('./expenses/routes'));
      await api.register(import('./drawer/routes'));
      await api.register(import('./transfers/routes'));
      await api.register(import('./payments/bkash/routes'), { secret: opts.jwtSecret, publicUrl, bkash: opts.bkash });
      await api.register(import('./payments/routes'));
      await api.register(import('./payment-requests/routes'));
      if (opts.testClock) await api.register(import('./plugins/test-clock'));
      await api.register(openApiRoutes);
    },
    { prefix: '/api/v1' },
  );

  await app.register(apiReferencePage);

  if (opts.appsRoot) {
    await app.register(staticApps, {
      appsRoot: opts.appsRoot,
      remotesFile: opts.remotesFile,
      releasesDir: opts.releasesDir,
    });
  }
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
