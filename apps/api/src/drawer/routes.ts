import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LEDGER_KIND_NAMES,
  LEDGER_KIND_NAMES_BN,
  closeDrawerBodySchema,
  closeDrawerResponseSchema,
  drawerDayQuerySchema,
  drawerDayResponseSchema,
  drawerSheetCsvQuerySchema,
  drawerSheetCsvSchema,
  type DrawerDay,
} from '@mojud/contracts';
import { takaWords, toPoisha } from '@mojud/domain';
import { text } from '../i18n/text';
import { csvLine } from '../ledger/csv';
import { runIdempotent } from '../plugins/idempotency';
import { closeDrawer, drawerDay } from './repository';

// The cash drawer (DEALER.md rule 17): the day's opening, money in and out by kind, what it
// should hold, and the close against the count. Managers and up: the drawer's balance is the
// owner's money (rule 23).

const storeParams = z.object({ storeId: z.string() });

/** "Drawer closed at Tk 5,000: Tk 200 short". */
function closeMessage(drawer: DrawerDay) {
  const close = drawer.close!;
  const d = toPoisha(close.difference);
  const cash = d === 0 ? 'as expected' : d < 0 ? `${takaWords(-d)} short` : `${takaWords(d)} over`;
  return `Drawer closed at ${takaWords(toPoisha(close.counted))}: ${cash}`;
}

const drawerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stores/:storeId/drawer',
    { config: { access: 'manager' }, schema: { params: storeParams, querystring: drawerDayQuerySchema, response: { 200: drawerDayResponseSchema } } },
    // The primary, not the standby: the screen reads the day again right after closing it.
    async (request) => ({ drawer: await drawerDay(app.db, request.store!.id, request.query.day) }),
  );

  app.post(
    '/stores/:storeId/drawer/close',
    {
      config: { access: 'manager' },
      schema: { params: storeParams, body: closeDrawerBodySchema, response: { 201: closeDrawerResponseSchema } },
    },
    async (request, reply) => {
      const storeId = request.store!.id;
      const outcome = await runIdempotent(app, request, async (tx, key) => {
        const { day } = await closeDrawer(tx, { storeId, userId: request.user!.id, idempotencyKey: key }, request.body);
        const drawer = await drawerDay(tx, storeId, day);
        return { statusCode: 201, body: { success: true as const, message: closeMessage(drawer), drawer } };
      });
      return reply.status(outcome.statusCode as 201).send(outcome.body);
    },
  );

  app.get(
    '/stores/:storeId/drawer/sheet.csv',
    {
      config: { access: 'manager' },
      schema: {
        params: storeParams,
        querystring: drawerSheetCsvQuerySchema,
        response: { 200: { content: { 'text/csv': { schema: drawerSheetCsvSchema } } } },
      },
    },
    async (request, reply) => {
      const { day, lang = 'en' } = request.query;
      const drawer = await drawerDay(app.db, request.store!.id, day);
      // Words and kinds in the reader's language; the figures stay plain numbers a spreadsheet adds up.
      const word = (key: string) => text(lang, `csv.drawer.${key}`);
      const kindName = (kind: keyof typeof LEDGER_KIND_NAMES) => (lang === 'bn' ? LEDGER_KIND_NAMES_BN : LEDGER_KIND_NAMES)[kind];
      const close = drawer.close;
      const lines = [
        csvLine([word('drawer'), word('day'), drawer.day]),
        csvLine([word('opening'), drawer.opening]),
        csvLine([]),
        csvLine([word('moneyIn')]),
        ...drawer.moneyIn.map((k) => csvLine([kindName(k.kind), k.amount])),
        csvLine([word('totalIn'), drawer.cashIn]),
        csvLine([]),
        csvLine([word('moneyOut')]),
        ...drawer.moneyOut.map((k) => csvLine([kindName(k.kind), k.amount])),
        csvLine([word('totalOut'), drawer.cashOut]),
        csvLine([]),
        csvLine([word('expected'), drawer.expected]),
        ...(close
          ? [
              csvLine([word('counted'), close.counted]),
              csvLine([word(close.difference < 0 ? 'shortage' : close.difference > 0 ? 'excess' : 'difference'), close.difference]),
              csvLine([word('note'), close.note ?? '']),
              csvLine([word('closedBy'), close.closedBy]),
            ]
          : [csvLine([word('counted'), word('notClosed')])]),
      ];
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="mojud-drawer-${drawer.day}.csv"`)
        .send(`\uFEFF${lines.join('')}`);
    },
  );
};

export default drawerRoutes;
