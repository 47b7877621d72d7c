import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createStoreBodySchema,
  storeResponseSchema,
  createdStoreResponseSchema,
  storesResponseSchema,
  updateStoreBodySchema,
} from '@mojud/contracts';
import { createStore, deleteStore, listStoresOf, localeOf, updateStore } from './repository';

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
