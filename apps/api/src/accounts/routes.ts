import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  accountOpeningBodySchema,
  createMoneyAccountBodySchema,
  moneyAccountResponseSchema,
  moneyAccountsResponseSchema,
  updateMoneyAccountBodySchema,
} from '@mojud/contracts';
import { createAccount, listAccounts, readAccount, updateAccount, writeOpening } from './repository';

// Money accounts (DEALER.md rule 15). Every member lists them (the counter says which wallet
// was paid; balances are left out of a staff member's answer by the money view); managers and up
// set them up, with their opening balances (rule 20).

const storeParams = z.object({ storeId: z.string() });
const accountParams = z.object({ storeId: z.string(), accountId: z.uuid() });

const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stores/:storeId/accounts',
    { config: { access: 'staff' }, schema: { params: storeParams, response: { 200: moneyAccountsResponseSchema } } },
    async (request) => ({ accounts: await listAccounts(app.db, request.store!.id) }),
  );

  app.post(
    '/stores/:storeId/accounts',
    {
      config: { access: 'manager' },
      schema: { params: storeParams, body: createMoneyAccountBodySchema, response: { 201: moneyAccountResponseSchema } },
    },
    async (request, reply) => {
      const account = await app.db.transaction((tx) => createAccount(tx, request.store!.id, request.user!.id, request.body));
      return reply.status(201).send({ account });
    },
  );

  app.patch(
    '/stores/:storeId/accounts/:accountId',
    {
      config: { access: 'manager' },
      schema: { params: accountParams, body: updateMoneyAccountBodySchema, response: { 200: moneyAccountResponseSchema } },
    },
    async (request) => ({
      account: await app.db.transaction((tx) => updateAccount(tx, request.store!.id, request.params.accountId, request.body)),
    }),
  );

  app.post(
    '/stores/:storeId/accounts/:accountId/opening',
    {
      config: { access: 'manager' },
      schema: { params: accountParams, body: accountOpeningBodySchema, response: { 201: moneyAccountResponseSchema } },
    },
    async (request, reply) => {
      const storeId = request.store!.id;
      const account = await app.db.transaction(async (tx) => {
        await readAccount(tx, storeId, request.params.accountId);
        // One opening per account: two racing requests wait here, and the second is refused.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`account-opening:${request.params.accountId}`}))`);
        await writeOpening(tx, storeId, request.user!.id, request.params.accountId, request.body.amount);
        return readAccount(tx, storeId, request.params.accountId);
      });
      return reply.status(201).send({ account });
    },
  );
};

export default accountRoutes;
