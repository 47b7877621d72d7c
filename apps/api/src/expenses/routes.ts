import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createExpenseBodySchema,
  expenseReportCsvQuerySchema,
  expenseReportCsvSchema,
  expenseReportQuerySchema,
  expenseReportSchema,
  expenseResponseSchema,
  expensesQuerySchema,
  expensesResponseSchema,
} from '@mojud/contracts';
import { text } from '../i18n/text';
import { csvLine } from '../ledger/csv';
import { runIdempotent } from '../plugins/idempotency';
import { expenseReport, listExpenses, recordExpense } from './repository';

const params = z.object({ storeId: z.string() });

// DEALER.md rule 18. Expenses are the owner's money (rule 23): managers up record and read them.
const expenseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/stores/:storeId/expenses',
    { config: { access: 'manager' }, schema: { params, body: createExpenseBodySchema, response: { 201: expenseResponseSchema } } },
    async (request, reply) => {
      const outcome = await runIdempotent(app, request, async (tx, idempotencyKey) => ({
        statusCode: 201,
        body: {
          expense: await recordExpense(tx, { storeId: request.store!.id, userId: request.user!.id, idempotencyKey, ...request.body }),
        },
      }));
      return reply.status(outcome.statusCode as 201).send(outcome.body);
    },
  );

  app.get(
    '/stores/:storeId/expenses',
    { config: { access: 'manager' }, schema: { params, querystring: expensesQuerySchema, response: { 200: expensesResponseSchema } } },
    async (request) => listExpenses(app.db, request.store!.id, request.query),
  );

  app.get(
    '/stores/:storeId/reports/expenses',
    { config: { access: 'manager' }, schema: { params, querystring: expenseReportQuerySchema, response: { 200: expenseReportSchema } } },
    async (request) => expenseReport(app.db, request.store!.id, request.query.month),
  );

  app.get(
    '/stores/:storeId/reports/expenses.csv',
    {
      config: { access: 'manager' },
      schema: {
        params,
        querystring: expenseReportCsvQuerySchema,
        response: { 200: { content: { 'text/csv': { schema: expenseReportCsvSchema } } } },
      },
    },
    async (request, reply) => {
      const { month, lang = 'en' } = request.query;
      const report = await expenseReport(app.db, request.store!.id, month);
      // The header line and the category names in the reader's language; numbers stay plain Latin ones.
      const word = (key: string) => text(lang, `csv.expenses.${key}`);
      const rows = report.categories.map((c) => [text(lang, `category.${c.category}`), c.amount]);
      rows.push([word('total'), report.total]);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="mojud-expenses-${month}.csv"`)
        .send(`\uFEFF${csvLine([word('category'), word('amount')])}${rows.map(csvLine).join('')}`);
    },
  );
};

export default expenseRoutes;
