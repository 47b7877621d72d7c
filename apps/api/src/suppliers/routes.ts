import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  supplierBodySchema,
  supplierPaymentBodySchema,
  supplierPaymentResponseSchema,
  supplierResponseSchema,
  supplierStatementQuerySchema,
  supplierStatementResponseSchema,
  supplierUpdateBodySchema,
  suppliersResponseSchema,
} from '@mojud/contracts';
import { runIdempotent } from '../plugins/idempotency';
import {
  createSupplier,
  deleteSupplier,
  listSuppliers,
  paySupplier,
  supplierStatement,
  updateSupplier,
} from './repository';

// DEALER.md rule 19 (suppliers, their payables, payments and statements) and rule 20's opening
// payable. What is owed to a supplier is the owner's money: managers and up.

const storeParams = z.object({ storeId: z.string() });
const supplierParams = storeParams.extend({ supplierId: z.string() });

const supplierRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stores/:storeId/suppliers',
    { config: { access: 'manager' }, schema: { params: storeParams, response: { 200: suppliersResponseSchema } } },
    async (request) => listSuppliers(app.db, request.store!.id),
  );

  app.post(
    '/stores/:storeId/suppliers',
    {
      config: { access: 'manager' },
      schema: { params: storeParams, body: supplierBodySchema, response: { 201: supplierResponseSchema } },
    },
    async (request, reply) => {
      const outcome = await runIdempotent(app, request, async (tx, idempotencyKey) => ({
        statusCode: 201,
        body: { supplier: await createSupplier(tx, { storeId: request.store!.id, userId: request.user!.id, idempotencyKey }, request.body) },
      }));
      return reply.status(outcome.statusCode as 201).send(outcome.body);
    },
  );

  app.patch(
    '/stores/:storeId/suppliers/:supplierId',
    {
      config: { access: 'manager' },
      schema: { params: supplierParams, body: supplierUpdateBodySchema, response: { 200: supplierResponseSchema } },
    },
    async (request) => ({
      supplier: await app.db.transaction((tx) => updateSupplier(tx, request.store!.id, request.params.supplierId, request.body)),
    }),
  );

  app.delete(
    '/stores/:storeId/suppliers/:supplierId',
    { config: { access: 'manager' }, schema: { params: supplierParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await app.db.transaction((tx) => deleteSupplier(tx, request.store!.id, request.params.supplierId));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/stores/:storeId/suppliers/:supplierId/payments',
    {
      config: { access: 'manager' },
      schema: { params: supplierParams, body: supplierPaymentBodySchema, response: { 201: supplierPaymentResponseSchema } },
    },
    async (request, reply) => {
      const outcome = await runIdempotent(app, request, async (tx, idempotencyKey) => ({
        statusCode: 201,
        body: await paySupplier(
          tx,
          { storeId: request.store!.id, userId: request.user!.id, idempotencyKey },
          request.params.supplierId,
          request.body,
        ),
      }));
      return reply.status(outcome.statusCode as 201).send(outcome.body);
    },
  );

  app.get(
    '/stores/:storeId/suppliers/:supplierId/statement',
    {
      config: { access: 'manager' },
      schema: { params: supplierParams, querystring: supplierStatementQuerySchema, response: { 200: supplierStatementResponseSchema } },
    },
    async (request) => supplierStatement(app.db, request.store!.id, request.params.supplierId, request.query),
  );
};

export default supplierRoutes;
