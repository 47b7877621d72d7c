import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noBodySchema, openingStockBodySchema, openingStockResponseSchema } from '@mojud/contracts';
import { runIdempotent } from '../plugins/idempotency';
import { enterOpeningStock, reverseOpeningStock } from './repository';

// Opening stock with its unit cost (DEALER.md rule 20). A shop's opening balance is entered on
// the shop (shops/routes.ts), which writes it through this area's repository.
const openingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/stores/:storeId/opening-stock',
    {
      config: { access: 'manager' },
      schema: { params: z.object({ storeId: z.string() }), body: openingStockBodySchema, response: { 201: openingStockResponseSchema } },
    },
    async (request, reply) => {
      const outcome = await runIdempotent(app, request, async (tx, idempotencyKey) => ({
        statusCode: 201,
        body: await enterOpeningStock(tx, { storeId: request.store!.id, userId: request.user!.id, idempotencyKey }, request.body),
      }));
      return reply.status(201).send(outcome.body);
    },
  );

  app.post(
    '/stores/:storeId/opening-stock/:itemId/reverse',
    {
      config: { access: 'manager' },
      schema: { params: z.object({ storeId: z.string(), itemId: z.string() }), body: noBodySchema, response: { 200: openingStockResponseSchema } },
    },
    async (request, reply) => {
      const outcome = await runIdempotent(app, request, async (tx, idempotencyKey) => ({
        statusCode: 200,
        body: await reverseOpeningStock(tx, { storeId: request.store!.id, userId: request.user!.id, idempotencyKey }, request.params.itemId),
      }));
      return reply.status(200).send(outcome.body);
    },
  );
};

export default openingRoutes;
