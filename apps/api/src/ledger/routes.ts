import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  summaryQuerySchema,
  summaryResponseSchema,
  transactionsQuerySchema,
  transactionsResponseSchema,
  type LedgerEntry,
} from '@mojud/contracts';
import { bindDbContext } from '../db/client';
import { allEntries, entryTotals, listEntries, summary, TIME_ZONE } from './repository';

const params = z.object({ storeId: z.string() });

const CSV_COLUMNS: [string, (e: LedgerEntry) => unknown][] = [
  ['id', (e) => e.id],
  ['time', (e) => new Date(e.createdAt).toLocaleString('sv-SE', { timeZone: TIME_ZONE })],
  ['kind', (e) => e.kind],
  ['item', (e) => e.itemName],
  ['trade type', (e) => e.tradeType],
  ['quantity', (e) => e.quantity],
  ['full change', (e) => e.fullDelta],
  ['empty change', (e) => e.emptyDelta],
  ['problem change', (e) => e.problemDelta],
  ['stock change', (e) => e.stockDelta],
  ['unit price', (e) => e.unitPrice],
  ['total amount', (e) => e.totalAmount],
  ['payment method', (e) => e.paymentMethod],
  ['money in', (e) => e.moneyIn],
  ['money out', (e) => e.moneyOut],
  ['due change', (e) => e.dueDelta],
  ['shop', (e) => e.shopName],
  ['vehicle', (e) => e.vehicleName],
  ['staff', (e) => e.staffName],
  ['category', (e) => e.category],
  ['reference', (e) => e.ref],
  ['note', (e) => e.note],
  ['month', (e) => e.month],
  ['user', (e) => e.username],
];

/**
 * RFC 4180: quote a field holding a comma, quote or line break; double its quotes. Text that a
 * spreadsheet would run as a formula (a shop named `=HYPERLINK(…)`) gets a leading apostrophe
 * (OWASP "CSV injection"); numbers stay numbers.
 */
const csvField = (value: unknown) => {
  const raw = value === null || value === undefined ? '' : String(value);
  const text = typeof value === 'string' && /^[=+\-@\t\r]/.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};
const csvLine = (fields: unknown[]) => `${fields.map(csvField).join(',')}\r\n`;

const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stores/:storeId/transactions',
    {
      config: { access: 'staff' },
      schema: { params, querystring: transactionsQuerySchema, response: { 200: transactionsResponseSchema } },
    },
    async (request) => {
      const storeId = request.store!.id;
      const [page, totals] = await Promise.all([
        listEntries(app.db, storeId, request.query),
        entryTotals(app.db, storeId, request.query),
      ]);
      return { ...page, totals };
    },
  );

  app.get(
    '/stores/:storeId/transactions.csv',
    { config: { access: 'staff' }, schema: { params, querystring: transactionsQuerySchema.omit({ cursor: true, limit: true }) } },
    async (request, reply) => {
      const storeId = request.store!.id;
      const query = request.query;
      reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="mojud-transactions-${query.from ?? 'all'}-${query.to ?? 'now'}.csv"`);
      async function* lines() {
        // The byte-order mark makes spreadsheet programs read Bangla text as UTF-8.
        yield `\uFEFF${csvLine(CSV_COLUMNS.map(([name]) => name))}`;
        for await (const entry of allEntries(app.db, storeId, query)) {
          yield csvLine(CSV_COLUMNS.map(([, get]) => get(entry)));
        }
      }
      // Later pages are read when the client drains the socket: keep them in this request's store.
      return reply.send(Readable.from(bindDbContext(lines())));
    },
  );

  app.get(
    '/stores/:storeId/summary',
    { config: { access: 'staff' }, schema: { params, querystring: summaryQuerySchema, response: { 200: summaryResponseSchema } } },
    async (request) => summary(app.db, request.store!.id, request.query.period),
  );
};

export default ledgerRoutes;
