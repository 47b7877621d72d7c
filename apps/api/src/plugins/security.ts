import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import { fieldProblem } from '../errors';

/** The path of the first string holding a NUL character (PostgreSQL text cannot store one). */
function nulAt(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = nulAt(item, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Security headers on every answer, and CORS only for the configured origins: Mojud's own
 * (APP_ORIGINS; the shell and remotes are normally same-origin, dev servers and previews are the
 * exceptions) and the operator's other clients (CORS_ORIGINS). Only they get an
 * Access-Control-Allow-Origin, and with it credentials; any other origin gets no CORS headers.
 */
export default fp(
  async (app, opts: { allowedOrigins: string[]; hsts: boolean }) => {
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
    // A NUL character can't be stored in PostgreSQL text: refuse it by name before any query.
    app.addHook('preValidation', async (request) => {
      for (const [part, value] of [
        ['params', request.params],
        ['querystring', request.query],
        ['body', request.body],
      ] as const) {
        const field = nulAt(value, '');
        if (field !== null) {
          const name = field || part;
          throw fieldProblem(name, { message: 'Must not contain a NUL character', code: 'request.nulCharacter' });
        }
      }
    });
    await app.register(cors, {
      origin: (origin, cb) => cb(null, !origin || opts.allowedOrigins.includes(origin)),
      credentials: true,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      // X-Requested-With is no longer needed by the API; clients (and older releases of the
      // remotes) that still send it must not fail the preflight.
      allowedHeaders: ['Content-Type', 'Authorization', 'Idempotency-Key', 'X-Requested-With', 'X-Mojud-Releases'],
      maxAge: 600,
    });
  },
  { name: 'security' },
);
