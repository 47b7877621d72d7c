import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema, livenessSchema } from '@mojud/contracts';
import { pingDatabase } from '../db/client';
import { HttpError } from '../errors';
import { DATABASE_RETRY_AFTER_SECONDS } from '../plugins/errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when the process begins to shut down: it finishes what it has and takes nothing new. */
    draining: boolean;
  }
}

/**
 * - /health and /health/ready: this process should get requests (a proxy routes by it): the
 *   database answers and the process is not shutting down;
 * - /health/live: the process runs at all (restart it when this fails). It touches nothing
 *   else, so a database outage does not get every process restarted.
 */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const ready = async () => {
    if (app.draining) throw new HttpError(503, { message: 'This server is shutting down', code: 'server.draining' });
    try {
      await pingDatabase(app.db);
    } catch {
      throw new HttpError(503, { message: 'The database is not reachable', code: 'server.databaseDown' }, null, {
        'retry-after': String(DATABASE_RETRY_AFTER_SECONDS),
      });
    }
    return { status: 'ok' as const, database: 'up' as const };
  };
  const options = { config: { access: 'public' as const }, schema: { response: { 200: healthSchema } } };
  app.get('/health', options, ready);
  app.get('/health/ready', options, ready);
  app.get(
    '/health/live',
    { config: { access: 'public' }, schema: { response: { 200: livenessSchema } } },
    async () => ({ status: 'ok' as const }),
  );
};

export default healthRoutes;
