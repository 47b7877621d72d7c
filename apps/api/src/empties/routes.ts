import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { collectEmptiesBodySchema, collectEmptiesResponseSchema, emptiesOutResponseSchema } from '@mojud/contracts';
import { runIdempotent } from '../plugins/idempotency';
import { collectEmpties, emptiesOut } from './repository';

const storeParams = z.object({ storeId: z.string() });
const shopParams = storeParams.extend({ shopId: z.string() });

// Empties owed by shops (DEALER.md rule 9). Collecting is staff work, like taking a due payment:
// whoever delivers is the one handed the empties.
const emptiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/stores/:storeId/shops/:shopId/empties',
    {
      config: { access: 'staff' },
      schema: { params: shopParams, body: collectEmptiesBodySchema, response: { 201: collectEmptiesResponseSchema } },
    },
    async (request, reply) => {
      const outcome = await runIdempotent(app, request, async (tx, key) => ({
        statusCode: 201,
        body: await collectEmpties(
          tx,
          { storeId: request.store!.id, userId: request.user!.id, idempotencyKey: key },
          request.params.shopId,
          request.body,
        ),
      }));
      return reply.status(outcome.statusCode as 201).send(outcome.body);
    },
  );

  app.get(
    '/stores/:storeId/empties-owed',
    { config: { access: 'staff' }, schema: { params: storeParams, response: { 200: emptiesOutResponseSchema } } },
    async (request) => emptiesOut(app.db, request.store!.id),
  );
};

export default emptiesRoutes;
