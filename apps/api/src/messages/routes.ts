import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  countSms,
  createStatementLinkBodySchema,
  createStatementLinkResponseSchema,
  deliveryReportBodySchema,
  deliveryReportQuerySchema,
  deliveryReportResponseSchema,
  messageSettingsBodySchema,
  messageSettingsResponseSchema,
  messageTemplate,
  messageTextQuerySchema,
  messageTextResponseSchema,
  messageTextsBodySchema,
  messageTextsResponseSchema,
  messagesQuerySchema,
  messagesResponseSchema,
  noBodySchema,
  normalizeBdMobile,
  publicStatementSchema,
  queuedMessageResponseSchema,
  receiptPlanSchema,
  reminderRunBodySchema,
  reminderRunResponseSchema,
  renderMessage,
  statementLinkSchema,
  statementLinksResponseSchema,
  statementTokenParamsSchema,
  whatsappUrl,
  type MessageValues,
} from '@mojud/contracts';
import { conflict, notFound } from '../errors';
import { runIdempotent } from '../plugins/idempotency';
import { isId } from '../shops/repository';
import { applyDeliveryReport, deliveryOutcome } from './deliver';
import { describeGateways } from './gateways';
import { deliverAfterCommit, nothingOutgoing } from '../plugins/outgoing';
import { messagingContext } from './hooks';
import { payValues, queueMessage, queueReminder, runReminders, storeValues, type QueuedRef } from './queue';
import {
  countAgainstCap,
  getMessages,
  lastDuePayment,
  listMessages,
  monthUsage,
  ownerEmail,
  paymentReceiptIds,
  readSettings,
  requeueMessage,
  saleForReceipt,
  saveSettings,
  saveTexts,
  shopContact,
} from './repository';
import { saleNumber } from '@mojud/domain';
import {
  createStatementLink,
  listStatementLinks,
  openStatementLink,
  publicStatement,
  revokeStatementLink,
} from './statements';

const storeParams = z.object({ storeId: z.string() });
const shopParams = z.object({ storeId: z.string(), shopId: z.string() });
const linkParams = z.object({ storeId: z.string(), linkId: z.string() });
const messageParams = z.object({ storeId: z.string(), messageId: z.string() });

const shopNotFound = () => notFound({ message: 'Shop not found', code: 'shop.notFound' });

/**
 * Messages (docs/decisions.md, "Messages"). Who may do what: the settings, the templates, the
 * message queue and a reminder run for all shops are the owner's and admins'; a reminder to one shop
 * and its statement links are for anyone who may take its due payment (staff and up).
 */
const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const loadShop = async (storeId: string, shopId: string) => {
    if (!isId(shopId)) throw shopNotFound();
    const shop = await shopContact(app.db, storeId, shopId);
    if (!shop) throw shopNotFound();
    return shop;
  };

  // ---- settings and the message queue (owner, admin) ------------------------------------------------

  const settingsAnswer = async (storeId: string) => {
    const { settings } = await readSettings(app.db, storeId);
    return {
      settings,
      usage: await monthUsage(app.db, storeId, settings.monthlyCap),
      gateways: describeGateways(app.messaging.gateways),
      linkBase: app.messaging.linkBase,
      ownerEmail: await ownerEmail(app.db, storeId),
    };
  };

  app.get(
    '/stores/:storeId/messages/settings',
    {
      config: { access: 'admin' },
      schema: { params: storeParams, response: { 200: messageSettingsResponseSchema } },
    },
    async (request) => settingsAnswer(request.store!.id),
  );

  app.put(
    '/stores/:storeId/messages/settings',
    {
      config: { access: 'admin' },
      schema: {
        params: storeParams,
        body: messageSettingsBodySchema,
        response: { 200: messageSettingsResponseSchema },
      },
    },
    async (request) => {
      await saveSettings(app.db, request.store!.id, request.body);
      return settingsAnswer(request.store!.id);
    },
  );

  // ---- the store's texts and payment number (managers and up) ---------------------------------

  const textsAnswer = async (storeId: string) => {
    const { settings } = await readSettings(app.db, storeId);
    return { templates: settings.templates, paymentNumber: settings.paymentNumber, linkBase: app.messaging.linkBase };
  };

  app.get(
    '/stores/:storeId/messages/templates',
    {
      config: { access: 'manager' },
      schema: { params: storeParams, response: { 200: messageTextsResponseSchema } },
    },
    async (request) => textsAnswer(request.store!.id),
  );

  app.put(
    '/stores/:storeId/messages/templates',
    {
      config: { access: 'manager' },
      schema: { params: storeParams, body: messageTextsBodySchema, response: { 200: messageTextsResponseSchema } },
    },
    async (request) => {
      await saveTexts(app.db, request.store!.id, request.body);
      return textsAnswer(request.store!.id);
    },
  );

  app.get(
    '/stores/:storeId/messages',
    {
      config: { access: 'admin' },
      schema: {
        params: storeParams,
        querystring: messagesQuerySchema,
        response: { 200: messagesResponseSchema },
      },
    },
    async (request) => listMessages(app.db, request.store!.id, request.query),
  );

  app.post(
    '/stores/:storeId/messages/:messageId/resend',
    {
      config: { access: 'admin' },
      schema: { params: messageParams, body: noBodySchema, response: { 200: queuedMessageResponseSchema } },
    },
    async (request, reply) => {
      const storeId = request.store!.id;
      const id = /^\d{1,15}$/.test(request.params.messageId) ? Number(request.params.messageId) : 0;
      let refs: QueuedRef[] = [];
      const outcome = await runIdempotent(app, request, async (tx) => {
        const [message] = await getMessages(tx, storeId, [id]);
        if (!message) throw notFound({ message: 'Message not found', code: 'message.notFound' });
        if (message.status !== 'capped' && message.status !== 'failed' && message.status !== 'unsent') {
          throw conflict({
            message: 'Only a message that was not sent can be sent again',
            code: 'message.notResendable',
          });
        }
        const { settings } = await readSettings(tx, storeId);
        // A failed or unsent message was counted when it was made; one kept back by the cap was not.
        const counted = message.status !== 'capped' || (await countAgainstCap(tx, storeId, settings.monthlyCap));
        if (!counted) {
          throw conflict({
            message: `The monthly limit of ${settings.monthlyCap} messages is reached. Raise it in the settings first.`,
            code: 'messages.capReached',
            params: { cap: settings.monthlyCap },
          });
        }
        await requeueMessage(tx, storeId, id);
        refs = [{ storeId, id, notBefore: null, status: 'queued' }];
        return { statusCode: 200, body: { message: (await getMessages(tx, storeId, [id]))[0] } };
      });
      await deliverAfterCommit(app, { messages: refs, mails: [] });
      return reply.status(outcome.statusCode as 200).send(outcome.body);
    },
  );

  app.post(
    '/stores/:storeId/messages/reminder-runs',
    {
      config: { access: 'admin' },
      schema: {
        params: storeParams,
        body: reminderRunBodySchema,
        response: { 201: reminderRunResponseSchema },
      },
    },
    async (request, reply) => {
      const storeId = request.store!.id;
      let outgoing = nothingOutgoing();
      const outcome = await runIdempotent(app, request, async (tx) => {
        const ctx = await messagingContext(app, tx, storeId);
        const minDue = request.body?.minDue ?? ctx.settings.reminderMinDue;
        const run = await runReminders(tx, ctx, { storeId, minDue, userId: request.user!.id });
        outgoing = { messages: run.queued, mails: [] };
        return {
          statusCode: 201,
          body: {
            queued: run.queued.length,
            withoutMobile: run.withoutMobile,
            messages: await getMessages(
              tx,
              storeId,
              run.queued.map((r) => r.id),
            ),
          },
        };
      });
      await deliverAfterCommit(app, outgoing);
      return reply.status(outcome.statusCode as 201).send(outcome.body);
    },
  );

  // ---- one shop: a reminder, the text for WhatsApp, statement links (staff and up) -----------

  app.post(
    '/stores/:storeId/shops/:shopId/reminders',
    {
      config: { access: 'staff' },
      schema: { params: shopParams, body: noBodySchema, response: { 201: queuedMessageResponseSchema } },
    },
    async (request, reply) => {
      const storeId = request.store!.id;
      const shop = await loadShop(storeId, request.params.shopId);
      if (!shop.phone || !normalizeBdMobile(shop.phone)) {
        throw conflict({
          message: `${shop.name} has no mobile number. Add one to the shop first.`,
          code: 'messages.noMobile',
          params: { shop: shop.name },
        });
      }
      if (shop.due <= 0) {
        throw conflict({
          message: `${shop.name} owes nothing now`,
          code: 'messages.nothingOwed',
          params: { shop: shop.name },
        });
      }
      let refs: QueuedRef[] = [];
      const outcome = await runIdempotent(app, request, async (tx) => {
        const ref = await queueReminder(tx, await messagingContext(app, tx, storeId), {
          storeId,
          shop,
          userId: request.user!.id,
        });
        refs = ref ? [ref] : [];
        return {
          statusCode: 201,
          body: {
            message: (
              await getMessages(
                tx,
                storeId,
                refs.map((r) => r.id),
              )
            )[0],
          },
        };
      });
      await deliverAfterCommit(app, { messages: refs, mails: [] });
      return reply.status(outcome.statusCode as 201).send(outcome.body);
    },
  );

  // Whether a sale's receipt will go, and how, for the sale screen (staff and up sell).
  app.get(
    '/stores/:storeId/messages/receipt-plan',
    {
      config: { access: 'staff' },
      schema: { params: storeParams, response: { 200: receiptPlanSchema } },
    },
    async (request) => {
      const { settings } = await readSettings(app.db, request.store!.id);
      const gateways = describeGateways(app.messaging.gateways);
      const service = settings.channel === 'whatsapp' ? gateways.whatsapp !== 'capture' : gateways.sms !== 'capture';
      return { saleReceipt: settings.saleReceipt, channel: settings.channel, service };
    },
  );

  app.get(
    '/stores/:storeId/messages/text',
    {
      config: { access: 'staff' },
      schema: {
        params: storeParams,
        querystring: messageTextQuerySchema,
        response: { 200: messageTextResponseSchema },
      },
    },
    async (request) => {
      const storeId = request.store!.id;
      const q = request.query;
      const store = await readSettings(app.db, storeId);
      const { settings } = store;
      let shopId = q.shopId ?? '';
      let values: MessageValues;
      if (q.kind === 'sale_receipt') {
        const sale = await saleForReceipt(app.db, storeId, q.saleId!);
        if (!sale) throw notFound({ message: 'Sale not found', code: 'sale.notFound' });
        if (!sale.shop_id)
          throw conflict({ message: 'A walk-in sale has no shop to send to', code: 'messages.walkIn' });
        shopId = String(sale.shop_id);
        // The text of the SMS this sale queued, word for word, if there is one.
        const [sent] = (
          await listMessages(app.db, storeId, { saleId: q.saleId, kind: 'sale_receipt', limit: 1 })
        ).messages;
        const shop = await loadShop(storeId, shopId);
        if (sent) return textAnswer(sent.text, sent.language, shop.phone, sent);
        values = {
          shop: shop.name,
          number: saleNumber(Number(sale.number)),
          total: Number(sale.total),
          paid: Number(sale.paid),
          amount: Number(sale.due),
          due: Math.round((Number(sale.shop_balance_before) + Number(sale.due)) * 100) / 100,
          ...(await payValues(app.db, storeId, settings, saleNumber(Number(sale.number)))),
        };
        const text = renderMessage(
          messageTemplate('sale_receipt', shop.language, settings.templates),
          { ...storeValues(store), ...values },
          shop.language,
        );
        return textAnswer(text, shop.language, shop.phone, null);
      }
      const shop = await loadShop(storeId, shopId);
      if (q.kind === 'payment_receipt') {
        // The shop's last due payment, and its balance right after it.
        const payment = await lastDuePayment(app.db, storeId, shop.id);
        if (!payment) {
          throw notFound({
            message: `${shop.name} has made no due payment yet`,
            code: 'messages.noPayment',
            params: { shop: shop.name },
          });
        }
        const [sent] = await getMessages(app.db, storeId, await paymentReceiptIds(app.db, storeId, Number(payment.id)));
        if (sent) return textAnswer(sent.text, sent.language, shop.phone, sent);
        values = { shop: shop.name, amount: Number(payment.total_amount), due: Number(payment.due) };
      } else {
        // The due reminder as shared (WhatsApp, copied): how to pay, by the shop's code.
        values = { shop: shop.name, due: shop.due, ...(await payValues(app.db, storeId, settings, shop.code)) };
      }
      const text = renderMessage(
        messageTemplate(q.kind, shop.language, settings.templates),
        { ...storeValues(store), ...values },
        shop.language,
      );
      return textAnswer(text, shop.language, shop.phone, null);
    },
  );

  app.get(
    '/stores/:storeId/shops/:shopId/statement-links',
    {
      config: { access: 'staff' },
      schema: { params: shopParams, response: { 200: statementLinksResponseSchema } },
    },
    async (request) => {
      const shop = await loadShop(request.store!.id, request.params.shopId);
      return { links: await listStatementLinks(app.db, request.store!.id, shop.id) };
    },
  );

  app.post(
    '/stores/:storeId/shops/:shopId/statement-links',
    {
      config: { access: 'staff' },
      schema: {
        params: shopParams,
        body: createStatementLinkBodySchema,
        response: { 201: createStatementLinkResponseSchema },
      },
    },
    async (request, reply) => {
      const storeId = request.store!.id;
      const shop = await loadShop(storeId, request.params.shopId);
      if (request.body.send && (!shop.phone || !normalizeBdMobile(shop.phone))) {
        throw conflict({
          message: `${shop.name} has no mobile number. Add one to the shop first.`,
          code: 'messages.noMobile',
          params: { shop: shop.name },
        });
      }
      let refs: QueuedRef[] = [];
      const outcome = await runIdempotent(app, request, async (tx) => {
        const made = await createStatementLink(tx, {
          storeId,
          shopId: shop.id,
          days: request.body.expiresInDays,
          userId: request.user!.id,
          base: app.messaging.linkBase,
        });
        let message = null;
        if (request.body.send) {
          const ctx = await messagingContext(app, tx, storeId);
          const ref = await queueMessage(tx, ctx, {
            storeId,
            kind: 'statement_link',
            to: shop.phone!,
            language: shop.language,
            values: { shop: shop.name, due: shop.due, link: made.url },
            channel: ctx.settings.channel,
            shopId: shop.id,
            payRef: shop.code,
            userId: request.user!.id,
          });
          refs = ref ? [ref] : [];
          message = ref ? (await getMessages(tx, storeId, [ref.id]))[0] : null;
        }
        return { statusCode: 201, body: { link: made.link, url: made.url, message } };
      });
      await deliverAfterCommit(app, { messages: refs, mails: [] });
      // The address is a secret for as long as it lives: no cache may keep the answer.
      return reply
        .status(outcome.statusCode as 201)
        .header('cache-control', 'no-store')
        .send(outcome.body);
    },
  );

  app.post(
    '/stores/:storeId/statement-links/:linkId/revoke',
    {
      config: { access: 'staff' },
      schema: {
        params: linkParams,
        body: noBodySchema,
        response: { 200: z.object({ link: statementLinkSchema }) },
      },
    },
    async (request) => {
      if (!isId(request.params.linkId))
        throw notFound({ message: 'Link not found', code: 'statementLink.notFound' });
      const link = await app.db.transaction((tx) =>
        revokeStatementLink(tx, request.store!.id, request.params.linkId, request.user!.id),
      );
      if (!link) throw notFound({ message: 'Link not found', code: 'statementLink.notFound' });
      return { link };
    },
  );

  // ---- the customer's statement, without signing in --------------------------------------

  app.get(
    '/public/statements/:token',
    {
      // Guessing 72-bit tokens is hopeless; the limit keeps anyone from trying at scale.
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { params: statementTokenParamsSchema, response: { 200: publicStatementSchema } },
    },
    async (request, reply) => {
      reply
        .header('x-robots-tag', 'noindex, nofollow')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer');
      const link = await openStatementLink(app.db, request.params.token);
      const gone = () =>
        notFound({
          message: 'This statement link does not work any more. Ask the shop for a new one.',
          code: 'statement.notFound',
        });
      if (!link) throw gone();
      // From here the request reads as that store (row-level security keeps it there).
      request.dbContext.storeId = link.storeId;
      const statement = await publicStatement(app.db, link);
      if (!statement) throw gone();
      return statement;
    },
  );

  // ---- the SMS gateway's delivery reports ------------------------------------------------

  // In a scope of its own: gateways post delivery reports as a form as often as JSON, and only
  // this route reads forms.
  const deliveryReports: FastifyPluginAsyncZod = async (reports) => {
    reports.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    reports.post(
      '/messages/delivery-reports',
      {
        config: { access: 'public', rateLimit: { max: 600, timeWindow: '1 minute' } },
        schema: {
          querystring: deliveryReportQuerySchema,
          body: deliveryReportBodySchema,
          response: { 200: deliveryReportResponseSchema },
        },
      },
      async (request) => {
        const secret = app.messaging.gateways.dlrSecret;
        const given = Buffer.from(request.query.secret ?? '');
        // No secret configured: the route is not there. A wrong one: not there either.
        if (
          !secret ||
          given.length !== Buffer.byteLength(secret) ||
          !timingSafeEqual(given, Buffer.from(secret))
        ) {
          throw notFound();
        }
        const b = request.body;
        const id = b.message_id ?? b.messageId ?? b.request_id ?? b.reference_id ?? b.csms_id;
        const outcome = deliveryOutcome(b.status ?? b.sms_status);
        if (id === undefined || !outcome) return { updated: 0 };
        const status = String(b.status ?? b.sms_status);
        return {
          updated: await applyDeliveryReport(
            app.db,
            'http',
            String(id),
            outcome,
            outcome === 'failed' ? `gateway: ${status}` : null,
          ),
        };
      },
    );
  };
  await app.register(deliveryReports);
};

function textAnswer(
  text: string,
  language: 'bn' | 'en',
  phone: string | null,
  message: z.infer<typeof messageTextResponseSchema>['message'],
) {
  const count = countSms(text);
  const to = phone ? normalizeBdMobile(phone) : null;
  return {
    text,
    language,
    segments: count.segments,
    encoding: count.encoding,
    to,
    whatsappUrl: to ? whatsappUrl(to, text) : null,
    message,
  };
}

export default messagesRoutes;
