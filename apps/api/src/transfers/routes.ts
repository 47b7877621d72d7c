import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  noBodySchema,
  receiveTransferBodySchema,
  sendTransferBodySchema,
  stockLocationsResponseSchema,
  transferActionResponseSchema,
  transferDestinationsResponseSchema,
  transferResponseSchema,
  transfersQuerySchema,
  transfersResponseSchema,
} from '@mojud/contracts';
import { runIdempotent } from '../plugins/idempotency';
import {
  cancelTransfer,
  findTransfer,
  listTransfers,
  receiveTransfer,
  sendTransfer,
  stockLocations,
  transferDestinations,
  type TransferActor,
} from './repository';

// Transfers between stores (DEALER.md rule 21). Sending and cancelling are for managers and up
// of the sending store (and sending, of the receiving one too, checked in the repository);
// receiving is for any member of the receiving store, who counts what arrived. A transfer is
// found only from one of its two stores: from any other it is a 404.

const storeParams = z.object({ storeId: z.string() });
const transferParams = storeParams.extend({ transferId: z.string() });

const actorOf = (request: FastifyRequest, idempotencyKey: string | null): TransferActor => ({
  storeId: request.store!.id,
  userId: request.user!.id,
  idempotencyKey,
});

const transferRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stores/:storeId/transfer-destinations',
    { config: { access: 'manager' }, schema: { params: storeParams, response: { 200: transferDestinationsResponseSchema } } },
    async (request) => ({ stores: await app.db.transaction((tx) => transferDestinations(tx, request.store!.id, request.user!.id)) }),
  );

  app.post(
    '/stores/:storeId/transfers',
    {
      config: { access: 'manager' },
      schema: { params: storeParams, body: sendTransferBodySchema, response: { 201: transferActionResponseSchema } },
    },
    async (request, reply) => {
      const outcome = await runIdempotent(app, request, async (tx, key) => {
        const id = await sendTransfer(tx, actorOf(request, key), request.body);
        const transfer = await findTransfer(tx, request.store!.id, id);
        return { statusCode: 201, body: { success: true as const, message: `${transfer.number} sent to ${transfer.toStore.name}`, transfer } };
      });
      return reply.status(outcome.statusCode as 201).send(outcome.body);
    },
  );

  app.get(
    '/stores/:storeId/transfers',
    { config: { access: 'staff' }, schema: { params: storeParams, querystring: transfersQuerySchema, response: { 200: transfersResponseSchema } } },
    async (request) => ({ transfers: await app.db.transaction((tx) => listTransfers(tx, request.store!.id, request.query)) }),
  );

  app.get(
    '/stores/:storeId/transfers/:transferId',
    { config: { access: 'staff' }, schema: { params: transferParams, response: { 200: transferResponseSchema } } },
    async (request) => ({ transfer: await app.db.transaction((tx) => findTransfer(tx, request.store!.id, request.params.transferId)) }),
  );

  app.post(
    '/stores/:storeId/transfers/:transferId/receive',
    {
      config: { access: 'staff' },
      schema: { params: transferParams, body: receiveTransferBodySchema, response: { 201: transferActionResponseSchema } },
    },
    async (request, reply) => {
      const outcome = await runIdempotent(app, request, async (tx, key) => {
        const id = await receiveTransfer(tx, actorOf(request, key), request.params.transferId, request.body);
        const transfer = await findTransfer(tx, request.store!.id, id);
        const lost = transfer.lines.reduce((n, l) => n + (l.lost ? l.lost.fullCount + l.lost.emptyCount + l.lost.problemCount + l.lost.stockCount : 0), 0);
        const message = lost > 0 ? `${transfer.number} received; ${lost} lost in transit` : `${transfer.number} received`;
        return { statusCode: 201, body: { success: true as const, message, transfer } };
      });
      return reply.status(outcome.statusCode as 201).send(outcome.body);
    },
  );

  app.post(
    '/stores/:storeId/transfers/:transferId/cancel',
    {
      config: { access: 'manager' },
      schema: { params: transferParams, body: noBodySchema, response: { 201: transferActionResponseSchema } },
    },
    async (request, reply) => {
      const outcome = await runIdempotent(app, request, async (tx, key) => {
        const id = await cancelTransfer(tx, actorOf(request, key), request.params.transferId);
        const transfer = await findTransfer(tx, request.store!.id, id);
        return { statusCode: 201, body: { success: true as const, message: `${transfer.number} cancelled; the stock is back`, transfer } };
      });
      return reply.status(outcome.statusCode as 201).send(outcome.body);
    },
  );

  app.get(
    '/stores/:storeId/stock-locations',
    { config: { access: 'staff' }, schema: { params: storeParams, response: { 200: stockLocationsResponseSchema } } },
    async (request) => ({ items: await stockLocations(app.db, request.store!.id) }),
  );
};

export default transferRoutes;
