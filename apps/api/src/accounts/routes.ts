import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  accountOpeningBodySchema,
  accountTransferBodySchema,
  accountTransferResponseSchema,
  moneyReportCsvQuerySchema,
  moneyReportCsvSchema,
  moneyReportQuerySchema,
  moneyReportSchema,
  createMoneyAccountBodySchema,
  moneyAccountResponseSchema,
  moneyAccountsResponseSchema,
  updateMoneyAccountBodySchema,
} from '@mojud/contracts';
import { formatBdMobile, type Locale, type MoneyAccount } from '@mojud/contracts';
import { text } from '../i18n/text';
import { csvLine } from '../ledger/csv';
import { totalsDb } from '../ledger/repository';
import { runIdempotent } from '../plugins/idempotency';
import { moneyReport } from './money-report';
import { createAccount, listAccounts, readAccount, updateAccount, writeOpening } from './repository';
import { transferMoney } from './transfer';

/** An account as the CSV's reader names it, in their language. */
function csvAccountName(a: MoneyAccount, lang: Locale) {
  const word = (key: string) => text(lang, `csv.money.${key}`);
  const called = a.name ?? (a.kind === 'wallet' && a.provider ? word(a.provider) : word(a.kind));
  return [called, a.number && a.kind === 'wallet' ? formatBdMobile(a.number) : a.number, a.walletType && `(${word(a.walletType)})`].filter(Boolean).join(' ');
}

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

  // Rule 16: money moved between two of the store's accounts, with its fee (an expense).
  app.post(
    '/stores/:storeId/accounts/transfers',
    {
      config: { access: 'manager' },
      schema: { params: storeParams, body: accountTransferBodySchema, response: { 201: accountTransferResponseSchema } },
    },
    async (request, reply) => {
      const outcome = await runIdempotent(app, request, async (tx, idempotencyKey) => ({
        statusCode: 201,
        body: await transferMoney(tx, { storeId: request.store!.id, userId: request.user!.id, idempotencyKey, ...request.body }),
      }));
      return reply.status(outcome.statusCode as 201).send(outcome.body);
    },
  );

  // The money picture: balances, receivable, payable and profit are the owner's money (rule 23).
  app.get(
    '/stores/:storeId/reports/money',
    {
      config: { access: 'manager' },
      schema: { params: storeParams, querystring: moneyReportQuerySchema, response: { 200: moneyReportSchema } },
    },
    async (request) => {
      const storeId = request.store!.id;
      // A heavy read that may lag a moment: the standby once the closed days are rolled up.
      return moneyReport(await totalsDb(app.db, app.readDb, storeId), storeId, request.query);
    },
  );

  app.get(
    '/stores/:storeId/reports/money.csv',
    {
      config: { access: 'manager' },
      schema: {
        params: storeParams,
        querystring: moneyReportCsvQuerySchema,
        response: { 200: { content: { 'text/csv': { schema: moneyReportCsvSchema } } } },
      },
    },
    async (request, reply) => {
      const storeId = request.store!.id;
      const { from, to, lang = 'en' } = request.query;
      const report = await moneyReport(await totalsDb(app.db, app.readDb, storeId), storeId, { from, to });
      // The header line and the names in the reader's language; the numbers stay plain Latin ones.
      const word = (key: string) => text(lang, `csv.money.${key}`);
      const header = ['account', 'opening', 'moneyIn', 'moneyOut', 'movedIn', 'movedOut', 'closing'].map(word);
      const flow = (f: typeof report.totals) => [f.opening, f.moneyIn, f.moneyOut, f.movedIn, f.movedOut, f.closing];
      const rows = report.accounts.map((a) => [csvAccountName(a.account, lang), ...flow(a)]);
      rows.push([word('total'), ...flow(report.totals)]);
      rows.push([]);
      for (const key of ['receivable', 'payable', 'grossProfit', 'expenses', 'netProfit'] as const) rows.push([word(key), report[key]]);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="mojud-money-${from}-${to}.csv"`)
        .send(`\uFEFF${csvLine(header)}${rows.map(csvLine).join('')}`);
    },
  );
};

export default accountRoutes;
