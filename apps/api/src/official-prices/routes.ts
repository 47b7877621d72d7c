import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  aboveOfficialCsvQuerySchema,
  aboveOfficialCsvSchema,
  aboveOfficialQuerySchema,
  aboveOfficialReportSchema,
  officialPriceBodySchema,
  officialPricePolicyBodySchema,
  officialPricePolicyResponseSchema,
  officialPriceResponseSchema,
  officialPricesResponseSchema,
} from '@mojud/contracts';
import { itemLabel, nextOfficial, officialInForce, saleNumberLabel } from '@mojud/domain';
import { now } from '../clock';
import { text } from '../i18n/text';
import { csvLine } from '../ledger/csv';
import {
  aboveOfficialReport,
  addOfficialPrice,
  cylinderSizes,
  listOfficialPrices,
  readOfficialPolicy,
  writeOfficialPolicy,
} from './repository';

// The official BERC price book (DEALER.md rule 13). Every member reads it (the sale screen warns
// before the tap); managers and up enter it, choose warn or refuse, and read the report of sales
// above it.

const storeParams = z.object({ storeId: z.string() });

const officialPriceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stores/:storeId/official-prices',
    { config: { access: 'staff' }, schema: { params: storeParams, response: { 200: officialPricesResponseSchema } } },
    async (request) => {
      const storeId = request.store!.id;
      const [entries, policy, sizes] = await Promise.all([
        listOfficialPrices(app.db, storeId),
        readOfficialPolicy(app.db, storeId),
        cylinderSizes(app.db, storeId),
      ]);
      const at = now();
      return { entries: [...entries].reverse(), current: officialInForce(entries, at), next: nextOfficial(entries, at), policy, sizes };
    },
  );

  app.post(
    '/stores/:storeId/official-prices',
    {
      config: { access: 'manager' },
      schema: { params: storeParams, body: officialPriceBodySchema, response: { 201: officialPriceResponseSchema } },
    },
    async (request, reply) => {
      const entry = await app.db.transaction((tx) => addOfficialPrice(tx, request.store!.id, request.user!.id, request.body));
      return reply.status(201).send({ entry });
    },
  );

  app.put(
    '/stores/:storeId/official-price-policy',
    {
      config: { access: 'manager' },
      schema: { params: storeParams, body: officialPricePolicyBodySchema, response: { 200: officialPricePolicyResponseSchema } },
    },
    async (request) => ({ policy: await writeOfficialPolicy(app.db, request.store!.id, request.body.policy) }),
  );

  app.get(
    '/stores/:storeId/reports/above-official',
    {
      config: { access: 'manager' },
      schema: { params: storeParams, querystring: aboveOfficialQuerySchema, response: { 200: aboveOfficialReportSchema } },
    },
    async (request) => ({ month: request.query.month, rows: await aboveOfficialReport(app.readDb, request.store!.id, request.query.month) }),
  );

  app.get(
    '/stores/:storeId/reports/above-official.csv',
    {
      config: { access: 'manager' },
      schema: {
        params: storeParams,
        querystring: aboveOfficialCsvQuerySchema,
        response: { 200: { content: { 'text/csv': { schema: aboveOfficialCsvSchema } } } },
      },
    },
    async (request, reply) => {
      const { month, lang = 'en' } = request.query;
      const rows = await aboveOfficialReport(app.readDb, request.store!.id, month);
      // The header line and item names in the reader's language; numbers and what people typed stay as they are.
      const word = (key: string) => text(lang, `csv.aboveOfficial.${key}`);
      const header = ['date', 'sale', 'item', 'quantity', 'price', 'official', 'reason', 'seller'].map(word);
      const lines = rows.map((r) => [r.localTime, saleNumberLabel(r.number, lang), itemLabel(r.itemName, lang), r.quantity, r.unitPrice, r.officialPrice, r.reason ?? '', r.sellerName]);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="mojud-above-official-${month}.csv"`)
        .send(`\uFEFF${csvLine(header)}${lines.map(csvLine).join('')}`);
    },
  );
};

export default officialPriceRoutes;
