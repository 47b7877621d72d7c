import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyReply, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import authRoutes from './auth/routes';
import healthRoutes from './health/routes';
import accessPlugin from './plugins/access';
import dbPlugin from './plugins/db';
import errorsPlugin from './plugins/errors';
import securityPlugin from './plugins/security';
import staticApps from './plugins/static-apps';
import storeRoutes from './stores/routes';
import userRoutes from './users/routes';

export interface AppOptions {
  pool: pg.Pool;
  jwtSecret: string;
  appOrigins?: string[];
  /** Serve the built shell and remotes from apps/<name>/dist (production, e2e). */
  appsRoot?: string;
  remotesFile?: string;
  secureCookies?: boolean;
  hsts?: boolean;
  loginPerMinutePerIp?: number;
  logger?: FastifyServerOptions['logger'];
  trustProxy?: boolean;
  /** SMTP server for invitation e-mails; without it they go to the log and the outbox table. */
  smtpUrl?: string;
  /** Where the web app is served, for links in e-mails. */
  publicUrl?: string;
  /** How long a checked membership is remembered (plugins/membership-cache.ts); 0 turns it off. */
  membershipCacheMs?: number;
}

/** The Fastify application: plugins (infrastructure) first, then each area's routes. */
export async function buildApp(opts: AppOptions) {
  const app = Fastify({
    logger: opts.logger ?? false,
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
        .send({ status, message: status === 414 ? 'The address is too long' : 'The address is not valid', errors: null });
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const appOrigins = opts.appOrigins ?? [];
  await app.register(errorsPlugin);
  await app.register(securityPlugin, { appOrigins, hsts: opts.hsts ?? false });
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(dbPlugin, { pool: opts.pool });
  await app.register(accessPlugin, { jwtSecret: opts.jwtSecret, membershipCacheMs: opts.membershipCacheMs });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes, {
        jwtSecret: opts.jwtSecret,
        appOrigins,
        secureCookies: opts.secureCookies ?? false,
        loginPerMinutePerIp: opts.loginPerMinutePerIp ?? 20,
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
      await api.register(userRoutes);
      await api.register(storeRoutes);
      // Feature areas register here: inventory, shops, vehicles, staff, members, ledger.
      await api.register(import('./staff/routes'));
      await api.register(import('./members/routes'));
      await api.register(import('./invites/routes'), { smtpUrl: opts.smtpUrl, publicUrl: opts.publicUrl ?? 'http://localhost:3000' });
      await api.register(import('./inventory/routes'));
      await api.register(import('./shops/routes'));
      await api.register(import('./vehicles/routes'));
      await api.register(import('./ledger/routes'));
    },
    { prefix: '/api/v1' },
  );

  if (opts.appsRoot) {
    await app.register(staticApps, { appsRoot: opts.appsRoot, remotesFile: opts.remotesFile });
  }
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
