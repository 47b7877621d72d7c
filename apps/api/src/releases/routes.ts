import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { releaseErrorBodySchema, releaseLoadBodySchema, releaseStatsResponseSchema } from '@mojud/contracts';
import { findUserById } from '../auth/repository';
import { notFound } from '../errors';
import { recordReleaseEvent, releaseStats } from './repository';

/**
 * What the shell reports about the remote releases it runs (loads, and errors caught by a
 * remote's boundary), and the statistics page's data. The statistics are for the people who
 * release the app, named by OPERATOR_USERS; anyone else is told there is nothing here.
 */
const releaseRoutes: FastifyPluginAsyncZod<{ operators: string[] }> = async (app, opts) => {
  const operators = new Set(opts.operators.map((name) => name.toLowerCase()));

  app.post(
    '/remote-releases/loads',
    {
      config: { access: 'user', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { body: releaseLoadBodySchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await recordReleaseEvent(app.db, { ...request.body, userId: request.user!.id });
      return reply.status(204).send(null);
    },
  );

  // A broken release can throw on every render of every user: the limit keeps the reports
  // from becoming the outage.
  app.post(
    '/remote-releases/errors',
    {
      config: { access: 'user', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { body: releaseErrorBodySchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const { message, ...release } = request.body;
      await recordReleaseEvent(app.db, { ...release, userId: request.user!.id, error: message });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/remote-releases',
    { config: { access: 'user' }, schema: { response: { 200: releaseStatsResponseSchema } } },
    async (request) => {
      const me = await findUserById(app.db, request.user!.id);
      if (!me || !operators.has(me.username.toLowerCase())) throw notFound();
      return { releases: await releaseStats(app.db) };
    },
  );
};

export default releaseRoutes;
