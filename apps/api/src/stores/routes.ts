import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createStoreBodySchema,
  sellingLimitResponseSchema,
  sellingLimitSchema,
  storeResponseSchema,
  createdStoreResponseSchema,
  storesResponseSchema,
  updateStoreBodySchema,
} from '@mojud/contracts';
import { createStore, deleteStore, listStoresOf, localeOf, readSellingLimit, updateStore, writeSellingLimit } from './repository';

const params = z.object({ storeId: z.string() });

const storeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stores',
    { config: { access: 'user' }, schema: { response: { 200: storesResponseSchema } } },
    async (request) => ({ stores: await listStoresOf(app.db, request.user!.id) }),
  );

  app.post(
    '/stores',
    { config: { access: 'user' }, schema: { body: createStoreBodySchema, response: { 201: createdStoreResponseSchema } } },
    async (request, reply) => {
      const locale = await localeOf(app.db, request.user!.id);
      const store = await app.db.transaction((tx) => createStore(tx, request.user!.id, request.body, locale));
      return reply.status(201).send({ store, data: store });
    },
  );

  app.get(
    '/stores/:storeId',
    { config: { access: 'staff' }, schema: { params, response: { 200: storeResponseSchema } } },
    async (request) => {
      const [store] = (await listStoresOf(app.db, request.user!.id)).filter((s) => s.id === request.store!.id);
      return { store };
    },
  );

  app.patch(
    '/stores/:storeId',
    { config: { access: 'admin' }, schema: { params, body: updateStoreBodySchema, response: { 200: storeResponseSchema } } },
    async (request) => {
      const store = await updateStore(app.db, request.store!.id, request.body);
      return { store: { ...store, role: request.store!.role } };
    },
  );

  // Rule 14: every member reads how far staff may sell below the tier (the sale screens show it
  // before the seller hits it); the owner and admins set it, as other store settings.
  app.get(
    '/stores/:storeId/selling-limit',
    { config: { access: 'staff' }, schema: { params, response: { 200: sellingLimitResponseSchema } } },
    async (request) => ({ sellingLimit: await readSellingLimit(app.db, request.store!.id) }),
  );

  app.put(
    '/stores/:storeId/selling-limit',
    { config: { access: 'admin' }, schema: { params, body: sellingLimitSchema, response: { 200: sellingLimitResponseSchema } } },
    async (request) => ({ sellingLimit: await writeSellingLimit(app.db, request.store!.id, request.body) }),
  );

  app.delete(
    '/stores/:storeId',
    { config: { access: 'owner' }, schema: { params, response: { 204: z.null() } } },
    async (request, reply) => {
      await app.db.transaction((tx) => deleteStore(tx, request.store!.id));
      // Nobody may reach a deleted store, not even from a remembered membership.
      app.memberships.forgetStore(request.store!.id);
      return reply.status(204).send(null);
    },
  );
};

export default storeRoutes;
