import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Security headers on every answer, and CORS only for the configured app origins (the shell
 * and remotes are normally same-origin; dev servers and previews are the exceptions).
 */
export default fp(
  async (app, opts: { appOrigins: string[]; hsts: boolean }) => {
    await app.register(helmet, {
      // JSON answers get a locked-down policy; the HTML shell sets its own (static-apps).
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      },
      crossOriginEmbedderPolicy: false,
      // Remote bundles are loaded by the shell from other origins in previews.
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      hsts: opts.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
    await app.register(cors, {
      origin: (origin, cb) => cb(null, !origin || opts.appOrigins.includes(origin)),
      credentials: true,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Content-Type', 'Authorization', 'Idempotency-Key', 'X-Requested-With'],
      maxAge: 600,
    });
  },
  { name: 'security' },
);
