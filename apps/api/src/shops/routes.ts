import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  divisionBodySchema,
  divisionResponseSchema,
  divisionsResponseSchema,
  duePaymentBodySchema,
  duePaymentResponseSchema,
  createShopBodySchema,
  noBodySchema,
  openingBalanceBodySchema,
  shopBodySchema,
  shopFileCsvSchema,
  csvLanguageQuerySchema,
  shopHistoryResponseSchema,
  shopImportBodySchema,
  shopImportResponseSchema,
  shopListQuerySchema,
  shopPickerQuerySchema,
  shopPickerResponseSchema,
  shopResponseSchema,
  shopsResponseSchema,
} from '@mojud/contracts';
import { takaWords, toPoisha } from '@mojud/domain';
import { conflict, fieldProblem, notFound } from '../errors';
import { isUniqueViolation } from '../db/errors';
import { runIdempotent } from '../plugins/idempotency';
import { afterDuePayment, deliverAfterCommit, nothingOutgoing } from '../plugins/outgoing';
import { enterShopOpening, reverseShopOpening } from '../opening/repository';
import { exportShops, importShops, planAnswer, planImport, shopFileTemplate } from './import';
import {
  countLiveDivisions,
  countShopsIn,
  createDivision,
  createShop,
  findDivision,
  findShop,
  isId,
  latestShopTransaction,
  listDivisions,
  listShops,
  totalReceivable,
  lockShopDue,
  recordDuePayment,
  renameDivision,
  historyBody,
  softDeleteDivision,
  softDeleteShop,
  updateShop,
} from './repository';

// `workspace` is the store and `divisions` are its delivery areas (spec §7 paths).
const ws = { storeParam: 'workspaceId' } as const;
const wsParams = z.object({ workspaceId: z.string() });
const divParams = wsParams.extend({ divisionId: z.string() });
const shopParams = divParams.extend({ shopId: z.string() });
const flatParams = z.object({ storeId: z.string(), shopId: z.string() });

const shopOut = ({
  divisionName: _omit,
  ...shop
}: { divisionName: string } & z.infer<typeof shopResponseSchema>['store']) => shop;

const shopRoutes: FastifyPluginAsyncZod = async (app) => {
  const storeOf = (request: FastifyRequest) => request.store!.id;

  async function divisionOr404(request: FastifyRequest, divisionId: string) {
    const division = await findDivision(app.db, storeOf(request), divisionId);
    if (!division) throw notFound(areaNotFound);
    return division;
  }

  // ---- Areas -------------------------------------------------------------------------------

  app.get(
    '/workspace/:workspaceId/divisions',
    {
      config: { access: 'staff', ...ws },
      schema: { params: wsParams, response: { 200: divisionsResponseSchema } },
    },
    async (request) => ({ divisions: await listDivisions(app.db, storeOf(request)) }),
  );

  app.post(
    '/workspace/:workspaceId/divisions',
    {
      config: { access: 'manager', ...ws },
      schema: { params: wsParams, body: divisionBodySchema, response: { 201: divisionResponseSchema } },
    },
    async (request, reply) => {
      try {
        const division = await createDivision(app.db, storeOf(request), request.body);
        return reply.status(201).send({ division });
      } catch (err) {
        if (isUniqueViolation(err)) throw areaExists(request.body.name);
        throw err;
      }
    },
  );

  app.patch(
    '/workspace/:workspaceId/divisions/:divisionId',
    {
      config: { access: 'manager', ...ws },
      schema: { params: divParams, body: divisionBodySchema, response: { 200: divisionResponseSchema } },
    },
    async (request) => {
      try {
        const division = await renameDivision(
          app.db,
          storeOf(request),
          request.params.divisionId,
          request.body,
        );
        if (!division) throw notFound(areaNotFound);
        return { division };
      } catch (err) {
        if (isUniqueViolation(err)) throw areaExists(request.body.name);
        throw err;
      }
    },
  );

  app.delete(
    '/workspace/:workspaceId/divisions/:divisionId',
    { config: { access: 'manager', ...ws }, schema: { params: divParams, response: { 204: z.null() } } },
    async (request, reply) => {
      const storeId = storeOf(request);
      await app.db.transaction(async (tx) => {
        const division = await findDivision(tx, storeId, request.params.divisionId);
        if (!division) throw notFound(areaNotFound);
        const shops = await countShopsIn(tx, storeId, division.id);
        if (shops > 0) {
          throw conflict({
            message: `${division.name} still has ${shops} shop${shops === 1 ? '' : 's'}. Move or delete them first.`,
            code: 'area.hasShops',
            params: { area: division.name, count: shops },
          });
        }
        if ((await countLiveDivisions(tx, storeId)) <= 1) throw conflict({ message: 'A store keeps at least one area', code: 'area.last' });
        await softDeleteDivision(tx, storeId, division.id);
      });
      return reply.status(204).send(null);
    },
  );

  // ---- Shops of an area --------------------------------------------------------------------

  app.get(
    '/workspace/:workspaceId/divisions/:divisionId/stores',
    {
      config: { access: 'staff', ...ws },
      schema: { params: divParams, querystring: shopListQuerySchema, response: { 200: shopsResponseSchema } },
    },
    async (request) => {
      const division = await divisionOr404(request, request.params.divisionId);
      const rows = await listShops(app.db, storeOf(request), { divisionId: division.id, ...request.query });
      return { stores: rows.map(shopOut), totalReceivable: await totalReceivable(app.db, storeOf(request)) };
    },
  );

  app.post(
    '/workspace/:workspaceId/divisions/:divisionId/stores',
    {
      config: { access: 'manager', ...ws },
      schema: { params: divParams, body: createShopBodySchema, response: { 201: shopResponseSchema } },
    },
    async (request, reply) => {
      const division = await divisionOr404(request, request.params.divisionId);
      const targetId = request.body.divisionId
        ? await targetDivision(request, request.body.divisionId)
        : division.id;
      const { opening, ...body } = request.body;
      // The shop and its opening balance (DEALER.md rule 20) commit together.
      const outcome = await runIdempotent(app, request, async (tx, idempotencyKey) => {
        const created = await createShop(tx, storeOf(request), targetId, body);
        if (opening) {
          await enterShopOpening(tx, { storeId: storeOf(request), userId: request.user!.id, idempotencyKey }, created, opening);
        }
        return { statusCode: 201, body: { store: shopOut((await findShop(tx, storeOf(request), created.id))!) } };
      });
      return reply.status(201).send(outcome.body);
    },
  );

  app.put(
    '/workspace/:workspaceId/divisions/:divisionId/stores/:shopId',
    {
      config: { access: 'manager', ...ws },
      schema: { params: shopParams, body: shopBodySchema, response: { 200: shopResponseSchema } },
    },
    async (request) => {
      const division = await divisionOr404(request, request.params.divisionId);
      const targetId = request.body.divisionId
        ? await targetDivision(request, request.body.divisionId)
        : division.id;
      const shop = await updateShop(app.db, storeOf(request), request.params.shopId, division.id, {
        ...request.body,
        divisionId: targetId,
      });
      if (!shop) throw notFound(shopNotFound);
      return { store: shopOut(shop) };
    },
  );

  app.delete(
    '/workspace/:workspaceId/divisions/:divisionId/stores/:shopId',
    { config: { access: 'manager', ...ws }, schema: { params: shopParams, response: { 204: z.null() } } },
    async (request, reply) => {
      const division = await divisionOr404(request, request.params.divisionId);
      if (!(await softDeleteShop(app.db, storeOf(request), request.params.shopId, division.id))) {
        throw notFound(shopNotFound);
      }
      return reply.status(204).send(null);
    },
  );

  // ---- Dues ----------------------------------------------------------------------------------

  async function takePayment(
    request: FastifyRequest,
    reply: FastifyReply,
    body: z.output<typeof duePaymentBodySchema>,
    shopId: string,
    divisionId?: string,
  ) {
    const storeId = storeOf(request);
    let outgoing = nothingOutgoing();
    const outcome = await runIdempotent(app, request, async (tx, idempotencyKey) => {
      const shop = await lockShopDue(tx, storeId, shopId, divisionId);
      if (!shop) throw notFound(shopNotFound);
      const over = body.amount > shop.due;
      if (over && !body.advance) {
        const params = { shop: shop.name, due: Math.max(shop.due, 0) };
        throw conflict(
          shop.due > 0
            ? { message: `${shop.name} owes only ${takaWords(toPoisha(shop.due))}. To take more, confirm it as an advance.`, code: 'due.overpay', params }
            : { message: `${shop.name} owes nothing now. To take money anyway, confirm it as an advance.`, code: 'due.nothingOwed', params },
          [{ field: 'amount', message: `Due is ${takaWords(toPoisha(Math.max(shop.due, 0)))}`, code: 'due.is', params }],
        );
      }
      const entryId = await recordDuePayment(tx, {
        storeId,
        shopId: shop.id,
        userId: request.user!.id,
        amount: body.amount,
        paymentMethod: body.paymentMethod,
        accountId: body.accountId,
        ref: body.ref,
        advance: over,
        idempotencyKey: idempotencyKey ?? undefined,
      });
      // The payment's receipt commits with the payment.
      outgoing = await afterDuePayment(app, tx, {
        storeId,
        shopId: shop.id,
        ledgerEntryId: entryId,
        amount: body.amount,
        userId: request.user!.id,
      });
      const transaction = await latestShopTransaction(tx, storeId, shop.id);
      return {
        statusCode: 201,
        body: {
          success: true as const,
          message: `Payment of ${takaWords(toPoisha(body.amount))} received from ${shop.name}`,
          due: transaction.balance,
          transaction,
        },
      };
    });
    await deliverAfterCommit(app, outgoing);
    return reply.status(outcome.statusCode).send(outcome.body);
  }

  async function history(request: FastifyRequest, shopId: string, divisionId?: string) {
    const storeId = storeOf(request);
    const shop = await findShop(app.db, storeId, shopId, divisionId);
    if (!shop) throw notFound(shopNotFound);
    return historyBody(app.db, storeId, shop);
  }

  app.post(
    '/workspace/:workspaceId/divisions/:divisionId/stores/:shopId/payments',
    {
      config: { access: 'staff', ...ws },
      schema: { params: shopParams, body: duePaymentBodySchema, response: { 201: duePaymentResponseSchema } },
    },
    async (request, reply) => {
      const division = await divisionOr404(request, request.params.divisionId);
      return takePayment(request, reply, request.body, request.params.shopId, division.id);
    },
  );

  app.get(
    '/workspace/:workspaceId/divisions/:divisionId/stores/:shopId/history',
    {
      config: { access: 'staff', ...ws },
      schema: { params: shopParams, response: { 200: shopHistoryResponseSchema } },
    },
    async (request) => {
      const division = await divisionOr404(request, request.params.divisionId);
      return history(request, request.params.shopId, division.id);
    },
  );

  // ---- Flat, store-wide: pickers, the dashboard's Due action -------------------------------

  app.get(
    '/stores/:storeId/shops',
    {
      config: { access: 'staff' },
      schema: {
        params: z.object({ storeId: z.string() }),
        querystring: shopPickerQuerySchema,
        response: { 200: shopPickerResponseSchema },
      },
    },
    async (request) => {
      const rows = await listShops(app.db, storeOf(request), { search: request.query.search, sort: 'name' });
      return {
        shops: rows.map((s) => ({
          id: s.id,
          name: s.name,
          code: s.code,
          phone: s.phone,
          language: s.language,
          due: s.due,
          divisionId: s.divisionId,
          divisionName: s.divisionName,
          priceTier: s.priceTier,
          emptiesOwed: s.emptiesOwed,
        })),
      };
    },
  );

  app.post(
    '/stores/:storeId/shops/:shopId/payments',
    {
      config: { access: 'staff' },
      schema: { params: flatParams, body: duePaymentBodySchema, response: { 201: duePaymentResponseSchema } },
    },
    async (request, reply) => takePayment(request, reply, request.body, request.params.shopId),
  );

  app.get(
    '/stores/:storeId/shops/:shopId/history',
    {
      config: { access: 'staff' },
      schema: { params: flatParams, response: { 200: shopHistoryResponseSchema } },
    },
    async (request) => history(request, request.params.shopId),
  );

  // ---- Opening balances and the shop file (DEALER.md rule 20) ------------------------------

  app.post(
    '/stores/:storeId/shops/:shopId/opening',
    {
      config: { access: 'manager' },
      schema: { params: flatParams, body: openingBalanceBodySchema, response: { 201: shopHistoryResponseSchema } },
    },
    async (request, reply) => {
      const storeId = storeOf(request);
      const outcome = await runIdempotent(app, request, async (tx, idempotencyKey) => {
        const shop = await findShop(tx, storeId, request.params.shopId);
        if (!shop) throw notFound(shopNotFound);
        await enterShopOpening(tx, { storeId, userId: request.user!.id, idempotencyKey }, shop, request.body);
        const after = (await findShop(tx, storeId, shop.id))!;
        return { statusCode: 201, body: await historyBody(tx, storeId, after) };
      });
      return reply.status(201).send(outcome.body);
    },
  );

  app.post(
    '/stores/:storeId/shops/:shopId/opening/reverse',
    {
      config: { access: 'manager' },
      schema: { params: flatParams, body: noBodySchema, response: { 201: shopHistoryResponseSchema } },
    },
    async (request, reply) => {
      const storeId = storeOf(request);
      const outcome = await runIdempotent(app, request, async (tx, idempotencyKey) => {
        const shop = await findShop(tx, storeId, request.params.shopId);
        if (!shop) throw notFound(shopNotFound);
        await reverseShopOpening(tx, { storeId, userId: request.user!.id, idempotencyKey }, shop);
        const after = (await findShop(tx, storeId, shop.id))!;
        return { statusCode: 201, body: await historyBody(tx, storeId, after) };
      });
      return reply.status(201).send(outcome.body);
    },
  );

  app.post(
    '/stores/:storeId/shops/import',
    {
      config: { access: 'manager' },
      // 5,000 shops with a few item columns come to well under a megabyte; room for long addresses.
      bodyLimit: 10 * 1024 * 1024,
      schema: { params: z.object({ storeId: z.string() }), body: shopImportBodySchema, response: { 200: shopImportResponseSchema } },
    },
    async (request) => {
      const storeId = storeOf(request);
      if (!request.body.confirm) return planAnswer(await planImport(app.db, storeId, request.body.csv), false);
      const outcome = await runIdempotent(app, request, async (tx, idempotencyKey) => {
        const plan = await importShops(tx, { storeId, userId: request.user!.id, idempotencyKey }, request.body.csv);
        return { statusCode: 200, body: planAnswer(plan, true) };
      });
      return outcome.body;
    },
  );

  const csvReply = (reply: FastifyReply, file: string, text: string) =>
    reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${file}"`)
      .send(text);

  app.get(
    '/stores/:storeId/shops.csv',
    {
      config: { access: 'manager' },
      schema: {
        params: z.object({ storeId: z.string() }),
        querystring: csvLanguageQuerySchema,
        response: { 200: { content: { 'text/csv': { schema: shopFileCsvSchema } } } },
      },
    },
    async (request, reply) => csvReply(reply, 'mojud-shops.csv', await exportShops(app.readDb, storeOf(request), request.query.lang)),
  );

  app.get(
    '/stores/:storeId/shops/template.csv',
    {
      config: { access: 'manager' },
      schema: {
        params: z.object({ storeId: z.string() }),
        querystring: csvLanguageQuerySchema,
        response: { 200: { content: { 'text/csv': { schema: shopFileCsvSchema } } } },
      },
    },
    async (request, reply) => csvReply(reply, 'mojud-shops-template.csv', await shopFileTemplate(app.db, storeOf(request), request.query.lang)),
  );

  async function targetDivision(request: FastifyRequest, divisionId: string) {
    const target = isId(divisionId) ? await findDivision(app.db, storeOf(request), divisionId) : undefined;
    if (!target) throw fieldProblem('divisionId', areaNotFound);
    return target.id;
  }
};

const areaNotFound = { message: 'Area not found', code: 'area.notFound' };
const shopNotFound = { message: 'Shop not found', code: 'shop.notFound' };
const areaExists = (name: string) =>
  conflict({ message: `An area named ${name.trim()} already exists`, code: 'area.nameTaken', params: { name: name.trim() } }, [
    { field: 'name', message: 'Already exists', code: 'alreadyExists' },
  ]);

export default shopRoutes;
