import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addCylinderSizeBodySchema,
  cylinderSizesResponseSchema,
  accessoryInventoryResponseSchema,
  accessoryItemSchema,
  type AccessoryKind,
  accessoryResponseSchema,
  brandsResponseSchema,
  buyBodySchema,
  createAccessoryBodySchema,
  cylinderBuyBodySchema,
  cylinderFiltersSchema,
  cylinderInventoryResponseSchema,
  cylinderItemSchema,
  cylinderMarkQuerySchema,
  cylinderTradeBodySchema,
  isUuid,
  markBodySchema,
  markQuerySchema,
  movementResponseSchema,
  priceBodySchema,
  reorderCsvSchema,
  reorderCsvQuerySchema,
  reorderLevelBodySchema,
  reorderLevelResponseSchema,
  reorderResponseSchema,
  stockCountBodySchema,
  tradeBodySchema,
  updateBrandsBodySchema,
  updateBrandsResponseSchema,
} from '@mojud/contracts';
import { runIdempotent, runSingleWrite } from '../plugins/idempotency';
import { csvLine } from '../ledger/csv';
import { text } from '../i18n/text';
import { brandLabel, itemLabel } from '@mojud/domain';
import { afterSale, deliverAfterCommit, nothingOutgoing } from '../plugins/outgoing';
import {
  addCylinderSize,
  createAccessory,
  cylinderSizesOf,
  listAccessories,
  listBrands,
  listCylinders,
  markProblem,
  recordStockCount,
  setBrands,
  setAccessoryPrice,
  setCylinderPrice,
  buy,
  sellOne,
  type Actor,
} from './repository';
import { listReorder, setReorderLevel } from './reorder';

const storeParams = z.object({ storeId: z.string() });
const itemParams = z.object({ storeId: z.string(), itemId: z.string() });

const actorOf = (request: FastifyRequest): Actor => {
  const raw = request.headers['idempotency-key'];
  return {
    storeId: request.store!.id,
    userId: request.user!.id,
    idempotencyKey: Array.isArray(raw) ? raw[0] : raw,
    role: request.store!.role,
  };
};

const ok = (message: string) => ({ statusCode: 200, body: { success: true as const, message } });
const sold = (message: string, sale: { id: string; number: string }) => ({
  statusCode: 200,
  body: { success: true as const, message, saleId: sale.id, saleNumber: sale.number },
});

const ACCESSORIES: { kind: AccessoryKind; plural: string; Plural: string }[] = [
  { kind: 'stove', plural: 'stoves', Plural: 'Stoves' },
  { kind: 'regulator', plural: 'regulators', Plural: 'Regulators' },
];

const inventoryRoutes: FastifyPluginAsyncZod = async (app) => {
  // Brands
  app.get(
    '/stores/:storeId/brands/a',
    { config: { access: 'staff' }, schema: { params: storeParams, response: { 200: brandsResponseSchema } } },
    async (request) => ({ localBrands: await listBrands(app.db, request.store!.id) }),
  );

  app.patch(
    '/stores/:storeId/brands',
    {
      config: { access: 'admin' },
      schema: { params: storeParams, body: updateBrandsBodySchema, response: { 200: updateBrandsResponseSchema } },
    },
    async (request) => {
      const updatedBrands = await app.db.transaction((tx) => setBrands(tx, request.store!.id, request.body));
      return { message: 'Brands updated successfully', updatedBrands };
    },
  );

  // Cylinder sizes: 5, 12, 20 kg and those the store added (35, 45 kg for restaurants)
  app.get(
    '/stores/:storeId/cylinder-sizes',
    { config: { access: 'staff' }, schema: { params: storeParams, response: { 200: cylinderSizesResponseSchema } } },
    async (request) => ({ sizes: await cylinderSizesOf(app.db, request.store!.id) }),
  );

  app.post(
    '/stores/:storeId/cylinder-sizes',
    {
      config: { access: 'admin' },
      schema: { params: storeParams, body: addCylinderSizeBodySchema, response: { 201: cylinderSizesResponseSchema } },
    },
    async (request, reply) => {
      const sizes = await app.db.transaction((tx) => addCylinderSize(tx, request.store!.id, request.body.size));
      return reply.status(201).send({ sizes });
    },
  );

  // Cylinders
  app.get(
    '/stores/:storeId/cylinder-inventory',
    {
      config: { access: 'staff' },
      schema: { params: storeParams, querystring: cylinderFiltersSchema, response: { 200: cylinderInventoryResponseSchema } },
    },
    async (request) => listCylinders(app.db, request.store!.id, request.query),
  );

  app.post(
    '/stores/:storeId/cylinders/buy',
    {
      config: { access: 'manager' },
      schema: {
        params: storeParams,
        querystring: cylinderFiltersSchema,
        body: cylinderBuyBodySchema,
        response: { 200: movementResponseSchema },
      },
    },
    async (request, reply) => {
      const outcome = await runSingleWrite(app, request, async (db) => {
        await buy(db, actorOf(request), { type: 'cylinder', filters: request.query }, request.body);
        return ok('Cylinders purchased successfully!');
      });
      return reply.status(outcome.statusCode as 200).send(outcome.body);
    },
  );

  app.post(
    '/stores/:storeId/cylinders/sell',
    {
      config: { access: 'staff' },
      schema: {
        params: storeParams,
        querystring: cylinderFiltersSchema,
        body: cylinderTradeBodySchema,
        response: { 200: movementResponseSchema },
      },
    },
    async (request, reply) => {
      let outgoing = nothingOutgoing();
      const outcome = await runIdempotent(app, request, async (tx) => {
        const sale = await sellOne(tx, actorOf(request), { type: 'cylinder', filters: request.query }, request.body);
        outgoing = await afterSale(app, tx, request.store!.id, sale.id, request.user!.id);
        return sold('Cylinders sold successfully!', sale);
      });
      await deliverAfterCommit(app, outgoing);
      return reply.status(outcome.statusCode as 200).send(outcome.body);
    },
  );

  app.patch(
    '/stores/:storeId/cylinders/mark-defected',
    {
      config: { access: 'staff' },
      schema: {
        params: storeParams,
        querystring: cylinderMarkQuerySchema,
        body: markBodySchema,
        response: { 200: movementResponseSchema },
      },
    },
    async (request, reply) => {
      const { isDefected, ...filters } = request.query;
      const mark = isDefected === 'true';
      const count = request.body.cylinderCount ?? request.body.count!;
      const outcome = await runIdempotent(app, request, async (tx) => {
        await markProblem(tx, actorOf(request), { type: 'cylinder', filters }, request.body.id, count, mark);
        return ok(mark ? 'Cylinders marked as problem!' : 'Cylinders returned to stock!');
      });
      return reply.status(outcome.statusCode as 200).send(outcome.body);
    },
  );

  app.patch(
    '/stores/:storeId/cylinder-inventory/:itemId',
    {
      config: { access: 'manager' },
      schema: { params: itemParams, body: priceBodySchema, response: { 200: z.object({ item: cylinderItemSchema }) } },
    },
    async (request) => {
      const item = await app.db.transaction((tx) =>
        setCylinderPrice(tx, actorOf(request), validItemId(request.params.itemId), request.body),
      );
      return { item };
    },
  );

  // Stoves and regulators
  for (const { kind, plural, Plural } of ACCESSORIES) {
    app.get(
      `/stores/:storeId/${kind}-inventory`,
      { config: { access: 'staff' }, schema: { params: storeParams, response: { 200: accessoryInventoryResponseSchema } } },
      async (request) => listAccessories(app.db, request.store!.id, kind),
    );

    app.post(
      `/stores/:storeId/${kind}-inventory`,
      {
        config: { access: 'manager' },
        schema: { params: storeParams, body: createAccessoryBodySchema, response: { 201: accessoryResponseSchema } },
      },
      async (request, reply) => {
        const item = await createAccessory(app.db, request.store!.id, kind, request.body);
        return reply.status(201).send({ item });
      },
    );

    app.patch(
      `/stores/:storeId/${kind}-inventory/:itemId`,
      {
        config: { access: 'manager' },
        schema: { params: itemParams, body: priceBodySchema, response: { 200: z.object({ item: accessoryItemSchema }) } },
      },
      async (request) => {
        const item = await app.db.transaction((tx) =>
          setAccessoryPrice(tx, actorOf(request), kind, validItemId(request.params.itemId), request.body),
        );
        return { item };
      },
    );

    app.post(
      `/stores/:storeId/${plural}/buy`,
      {
        config: { access: 'manager' },
        schema: { params: storeParams, body: buyBodySchema, response: { 200: movementResponseSchema } },
      },
      async (request, reply) => {
        const outcome = await runSingleWrite(app, request, async (db) => {
          await buy(db, actorOf(request), { type: kind }, request.body);
          return ok(`${Plural} purchased successfully!`);
        });
        return reply.status(outcome.statusCode as 200).send(outcome.body);
      },
    );

    app.post(
      `/stores/:storeId/${plural}/sell`,
      {
        config: { access: 'staff' },
        schema: { params: storeParams, body: tradeBodySchema, response: { 200: movementResponseSchema } },
      },
      async (request, reply) => {
        let outgoing = nothingOutgoing();
        const outcome = await runIdempotent(app, request, async (tx) => {
          const sale = await sellOne(tx, actorOf(request), { type: kind }, request.body);
          outgoing = await afterSale(app, tx, request.store!.id, sale.id, request.user!.id);
          return sold(`${Plural} sold successfully!`, sale);
        });
        await deliverAfterCommit(app, outgoing);
        return reply.status(outcome.statusCode as 200).send(outcome.body);
      },
    );

    app.patch(
      `/stores/:storeId/${plural}/mark-defected`,
      {
        config: { access: 'staff' },
        schema: { params: storeParams, querystring: markQuerySchema, body: markBodySchema, response: { 200: movementResponseSchema } },
      },
      async (request, reply) => {
        const mark = request.query.isDefected === 'true';
        const count = request.body.cylinderCount ?? request.body.count!;
        const outcome = await runIdempotent(app, request, async (tx) => {
          await markProblem(tx, actorOf(request), { type: kind }, request.body.id, count, mark);
          return ok(mark ? `${Plural} marked as problem!` : `${Plural} returned to stock!`);
        });
        return reply.status(outcome.statusCode as 200).send(outcome.body);
      },
    );
  }

  // Physical counts (and the opening stock of a new store)
  app.post(
    '/stores/:storeId/stock-counts',
    {
      config: { access: 'manager' },
      schema: { params: storeParams, body: stockCountBodySchema, response: { 200: movementResponseSchema } },
    },
    async (request, reply) => {
      const outcome = await runIdempotent(app, request, async (tx) => {
        await recordStockCount(tx, actorOf(request), request.body);
        return ok('Stock count saved');
      });
      return reply.status(outcome.statusCode as 200).send(outcome.body);
    },
  );

  // Reorder levels and the "to order" list (items below their level)

  app.get(
    '/stores/:storeId/reorder',
    {
      config: { access: 'staff' },
      schema: { params: storeParams, response: { 200: reorderResponseSchema } },
    },
    async (request) => ({ items: await listReorder(app.db, request.store!.id) }),
  );

  app.get(
    '/stores/:storeId/reorder.csv',
    {
      config: { access: 'staff' },
      schema: {
        params: storeParams,
        querystring: reorderCsvQuerySchema,
        response: { 200: { content: { 'text/csv': { schema: reorderCsvSchema } } } },
      },
    },
    async (request, reply) => {
      const lang = request.query.lang ?? 'en';
      const items = await listReorder(app.readDb, request.store!.id);
      // Header, brands and items in the reader's language; the counts stay plain figures.
      const word = (key: string) => text(lang, `csv.toOrder.${key}`);
      const header = [word('brand'), word('item'), word('inStock'), word('level'), word('toOrder')];
      const rows = items.map((i) => [
        i.brandName ? brandLabel(i.brandName, lang) : word(i.itemType === 'stove' ? 'stoves' : 'regulators'),
        itemLabel(i.name, lang),
        i.count,
        i.level,
        i.shortBy,
      ]);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="mojud-to-order.csv"')
        .send(`\uFEFF${csvLine(header)}${rows.map(csvLine).join('')}`);
    },
  );

  app.put(
    '/stores/:storeId/reorder-levels',
    {
      config: { access: 'manager' },
      schema: {
        params: storeParams,
        body: reorderLevelBodySchema,
        response: { 200: reorderLevelResponseSchema },
      },
    },
    async (request) => setReorderLevel(app.db, request.store!.id, request.body),
  );
};

/** A malformed id is simply an item that does not exist here. */
function validItemId(id: string) {
  if (!isUuid(id)) return '00000000-0000-0000-0000-000000000000';
  return id;
}

export default inventoryRoutes;
