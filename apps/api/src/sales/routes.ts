import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createSaleBodySchema,
  isUuid,
  profitReportCsvQuerySchema,
  profitReportCsvSchema,
  profitReportQuerySchema,
  profitReportSchema,
  returnSaleBodySchema,
  saleResponseSchema,
  salesQuerySchema,
  salesResponseSchema,
  voidSaleBodySchema,
} from '@mojud/contracts';
import { brandLabel, itemLabel } from '@mojud/domain';
import { runIdempotent } from '../plugins/idempotency';
import { afterSale, deliverAfterCommit, nothingOutgoing } from '../plugins/outgoing';
import { text } from '../i18n/text';
import { csvLine } from '../ledger/csv';
import { profitReport } from './profit';
import { ownWorkOnly } from '../plugins/money-view';
import { getSale, listSales } from './read';
import { createSale, type SaleActor } from './record';
import { returnLines, voidSale } from './reverse';

const storeParams = z.object({ storeId: z.string() });
const saleParams = z.object({ storeId: z.string(), saleId: z.string() });
/** A malformed id is simply a sale that does not exist here. */
const validSaleId = (id: string) => (isUuid(id) ? id : '00000000-0000-0000-0000-000000000000');

const actorOf = (request: FastifyRequest, idempotencyKey: string | null): SaleActor => ({
  storeId: request.store!.id,
  userId: request.user!.id,
  idempotencyKey,
  role: request.store!.role,
});

const salesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/stores/:storeId/sales',
    {
      config: { access: 'staff' },
      schema: { params: storeParams, body: createSaleBodySchema, response: { 201: saleResponseSchema } },
    },
    async (request, reply) => {
      let outgoing = nothingOutgoing();
      const outcome = await runIdempotent(app, request, async (tx, key) => {
        const { id } = await createSale(tx, actorOf(request, key), request.body);
        // The receipt (and any low-stock alert) commits with the sale, or not at all.
        outgoing = await afterSale(app, tx, request.store!.id, id, request.user!.id, {
          sendReceipt: request.body.sendReceipt,
        });
        return { statusCode: 201, body: { sale: await getSale(tx, request.store!.id, id) } };
      });
      await deliverAfterCommit(app, outgoing);
      return reply.status(outcome.statusCode as 201).send(outcome.body);
    },
  );

  app.get(
    '/stores/:storeId/sales',
    {
      config: { access: 'staff' },
      schema: { params: storeParams, querystring: salesQuerySchema, response: { 200: salesResponseSchema } },
    },
    async (request) => listSales(app.db, request.store!.id, request.query, ownWorkOnly(request)),
  );

  app.get(
    '/stores/:storeId/sales/:saleId',
    { config: { access: 'staff' }, schema: { params: saleParams, response: { 200: saleResponseSchema } } },
    async (request) => ({
      sale: await getSale(app.db, request.store!.id, validSaleId(request.params.saleId), ownWorkOnly(request)),
    }),
  );

  app.post(
    '/stores/:storeId/sales/:saleId/void',
    {
      config: { access: 'manager' },
      schema: { params: saleParams, body: voidSaleBodySchema, response: { 200: saleResponseSchema } },
    },
    async (request, reply) => {
      const saleId = validSaleId(request.params.saleId);
      const outcome = await runIdempotent(app, request, async (tx, key) => {
        await voidSale(tx, actorOf(request, key), saleId, request.body?.note ?? null);
        return { statusCode: 200, body: { sale: await getSale(tx, request.store!.id, saleId) } };
      });
      return reply.status(outcome.statusCode as 200).send(outcome.body);
    },
  );

  app.post(
    '/stores/:storeId/sales/:saleId/returns',
    {
      config: { access: 'manager' },
      schema: { params: saleParams, body: returnSaleBodySchema, response: { 200: saleResponseSchema } },
    },
    async (request, reply) => {
      const saleId = validSaleId(request.params.saleId);
      const outcome = await runIdempotent(app, request, async (tx, key) => {
        await returnLines(tx, actorOf(request, key), saleId, request.body);
        return { statusCode: 200, body: { sale: await getSale(tx, request.store!.id, saleId) } };
      });
      return reply.status(outcome.statusCode as 200).send(outcome.body);
    },
  );

  // Costs and profit are the owner's money (DEALER.md rule 23): managers up.
  app.get(
    '/stores/:storeId/reports/profit',
    {
      config: { access: 'manager' },
      schema: { params: storeParams, querystring: profitReportQuerySchema, response: { 200: profitReportSchema } },
    },
    // A heavy read that may lag a moment: the standby when there is one (plugins/db.ts).
    async (request) => profitReport(app.readDb, request.store!.id, request.query),
  );

  app.get(
    '/stores/:storeId/reports/profit.csv',
    {
      config: { access: 'manager' },
      schema: {
        params: storeParams,
        querystring: profitReportCsvQuerySchema,
        response: { 200: { content: { 'text/csv': { schema: profitReportCsvSchema } } } },
      },
    },
    async (request, reply) => {
      const { from, to, lang = 'en' } = request.query;
      const report = await profitReport(app.readDb, request.store!.id, { from, to });
      // The header line and the names in the reader's language; the numbers stay plain Latin ones.
      const word = (key: string) => text(lang, `csv.profit.${key}`);
      const header = ['brand', 'item', 'quantity', 'sales', 'cost', 'profit', 'unknownLines', 'unknownSales'].map(word);
      const rows = report.items.map((i) => [
        i.brandName ? brandLabel(i.brandName, lang) : word(i.itemType === 'stove' ? 'stoves' : 'regulators'),
        itemLabel(i.itemName, lang),
        i.quantity,
        i.sales,
        i.cost,
        i.profit,
        i.costUnknownLines,
        i.costUnknownSales,
      ]);
      const t = report.totals;
      rows.push([word('total'), '', t.quantity, t.sales, t.cost, t.profit, t.costUnknownLines, t.costUnknownSales]);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="mojud-profit-${from}-${to}.csv"`)
        .send(`\uFEFF${csvLine(header)}${rows.map(csvLine).join('')}`);
    },
  );
};

export default salesRoutes;
