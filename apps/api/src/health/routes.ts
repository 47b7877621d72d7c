import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '@mojud/contracts';
import { HttpError } from '../errors';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { config: { access: 'public' }, schema: { response: { 200: healthSchema } } },
    async () => {
      try {
        await app.db.execute(sql`select 1`);
      } catch {
        throw new HttpError(503, 'The database is not reachable');
      }
      return { status: 'ok' as const, database: 'up' as const };
    },
  );
};

export default healthRoutes;
