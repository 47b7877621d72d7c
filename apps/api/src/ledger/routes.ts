import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  summaryQuerySchema,
  summaryResponseSchema,
  transactionsCsvQuerySchema,
  transactionsCsvSchema,
  transactionsQuerySchema,
  transactionsResponseSchema,
  type LedgerEntry,
  type Locale,
} from '@mojud/contracts';
import { itemLabel } from '@mojud/domain';
import { bindDbContext } from '../db/client';
import { text } from '../i18n/text';
import { ownWorkOnly } from '../plugins/money-view';
import { csvLine } from './csv';
import { allEntries, entryTotals, listEntries, summary, TIME_ZONE, totalsDb } from './repository';

const params = z.object({ storeId: z.string() });

/**
 * The columns: header key in the API's catalogue, and the value. Numbers stay plain Latin
 * numbers in every language (a spreadsheet adds them up); words (kind, method, trade type,
 * category), item names (`itemLabel`) and the header line are in the language asked for.
 */
const CSV_COLUMNS: [string, (e: LedgerEntry, word: (group: string, value: string | null) => string | null, lang: Locale) => unknown][] = [
  ['id', (e) => e.id],
  ['time', (e) => new Date(e.createdAt).toLocaleString('sv-SE', { timeZone: TIME_ZONE })],
  ['kind', (e, word) => word('kind', e.kind)],
  ['item', (e, _, lang) => itemLabel(e.itemName, lang)],
  ['tradeType', (e, word) => word('tradeType', e.tradeType)],
  ['quantity', (e) => e.quantity],
  ['fullDelta', (e) => e.fullDelta],
  ['emptyDelta', (e) => e.emptyDelta],
  ['problemDelta', (e) => e.problemDelta],
  ['stockDelta', (e) => e.stockDelta],
  ['vehicleFullDelta', (e) => e.vehicleFullDelta],
  ['vehicleEmptyDelta', (e) => e.vehicleEmptyDelta],
  ['vehicleStockDelta', (e) => e.vehicleStockDelta],
  ['emptiesOwedDelta', (e) => e.emptiesOwedDelta],
  ['unitPrice', (e) => e.unitPrice],
  ['totalAmount', (e) => e.totalAmount],
  ['paymentMethod', (e, word) => word('method', e.paymentMethod)],
  ['moneyIn', (e) => e.moneyIn],
  ['moneyOut', (e) => e.moneyOut],
  ['dueDelta', (e) => e.dueDelta],
  ['shop', (e) => e.shopName],
  ['vehicle', (e) => e.vehicleName],
  ['staff', (e) => e.staffName],
  ['category', (e, word) => word('category', e.category)],
  ['reference', (e) => e.ref],
  ['note', (e) => e.note],
  ['month', (e) => e.month],
  ['user', (e) => e.username],
];

const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  // The ledger is the store's money report (buys at cost, expenses, salaries): managers up
  // (DEALER.md rule 23). Staff see their own work on the dashboard (summary, below).
  app.get(
    '/stores/:storeId/transactions',
    {
      config: { access: 'manager' },
      schema: { params, querystring: transactionsQuerySchema, response: { 200: transactionsResponseSchema } },
    },
    async (request) => {
      const storeId = request.store!.id;
      // The history and its exports are heavy reads that may lag a moment: the standby when
      // there is one (plugins/db.ts). The dashboard's summary, read right after a sale, is not.
      const totalsFrom = await totalsDb(app.db, app.readDb, storeId);
      const [page, totals] = await Promise.all([
        listEntries(app.readDb, storeId, request.query),
        entryTotals(totalsFrom, storeId, request.query),
      ]);
      return { ...page, totals };
    },
  );

  app.get(
    '/stores/:storeId/transactions.csv',
    { config: { access: 'manager' }, schema: {
        params,
        querystring: transactionsCsvQuerySchema,
        response: { 200: { content: { 'text/csv': { schema: transactionsCsvSchema } } } },
      },
    },
    async (request, reply) => {
      const storeId = request.store!.id;
      const { lang = 'en', ...query } = request.query;
      const word = (group: string, value: string | null) => (value === null ? null : text(lang, `${group}.${value}`) || value);
      reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="mojud-transactions-${query.from ?? 'all'}-${query.to ?? 'now'}.csv"`);
      async function* lines() {
        // The byte-order mark makes spreadsheet programs read Bangla text as UTF-8.
        yield `\uFEFF${csvLine(CSV_COLUMNS.map(([key]) => text(lang, `csv.transactions.${key}`)))}`;
        for await (const entry of allEntries(app.readDb, storeId, query)) {
          yield csvLine(CSV_COLUMNS.map(([, get]) => get(entry, word, lang)));
        }
      }
      // Later pages are read when the client drains the socket: keep them in this request's store.
      // A stream skips the response serializer; the schema above is the document's description.
      return reply.send(Readable.from(bindDbContext(lines())) as unknown as string);
    },
  );

  app.get(
    '/stores/:storeId/summary',
    { config: { access: 'staff' }, schema: { params, querystring: summaryQuerySchema, response: { 200: summaryResponseSchema } } },
    async (request) => summary(app.db, request.store!.id, request.query.period, ownWorkOnly(request)),
  );
};

export default ledgerRoutes;
