import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import {
  assignPaymentBodySchema,
  dismissPaymentBodySchema,
  incomingPaymentParamsSchema,
  incomingPaymentResponseSchema,
  incomingPaymentsQuerySchema,
  incomingPaymentsResponseSchema,
  normalizeBdMobile,
  pasteSmsBodySchema,
  smsInboundBodySchema,
  smsInboundQuerySchema,
  smsInboundResponseSchema,
} from '@mojud/contracts';
import { readWalletSms, type WalletSmsPayment, type WalletSmsRefusal } from '@mojud/domain';
import type { Tx } from '../db/client';
import { inStoreScope } from '../db/scope';
import { HttpError, conflict, notFound } from '../errors';
import { runIdempotent } from '../plugins/idempotency';
import { deliverAfterCommit, nothingOutgoing } from '../plugins/outgoing';
import { isId } from '../shops/repository';
import { fromWalletSms, listIncomingPayments, readIncomingPayment, recordForShop, recordIncomingPayment } from './record';

// Money that arrives (DEALER.md rule 22): a wallet's "money received" SMS pasted on the payments
// page (any member: the person at the counter reads it off the phone) or forwarded by the
// owner's phone through the SMS gateway; the Unmatched list and what a manager does with it.

const storeParams = z.object({ storeId: z.string() });

type Row = Record<string, unknown>;

const PROVIDER_NAMES = { bkash: 'bKash', nagad: 'Nagad', rocket: 'Rocket', upay: 'Upay' } as const;

/** Why a pasted message is not a payment, in plain words (the apps say it from the code). */
const REFUSALS: Record<WalletSmsRefusal, { code: string; message: string }> = {
  notMoneyReceived: {
    code: 'payments.notMoneyReceived',
    message: 'This is not a money-received message from bKash, Nagad or Rocket',
  },
  noTransactionId: {
    code: 'payments.noTransactionId',
    message: 'This message has no transaction id (TrxID). Paste the whole message.',
  },
  amountUnreadable: {
    code: 'payments.amountUnreadable',
    message: 'The amount in this message cannot be read. Paste the whole message as it came.',
  },
};

const unreadable = (reason: WalletSmsRefusal) =>
  new HttpError(422, REFUSALS[reason], [{ field: 'text', message: REFUSALS[reason].message, code: REFUSALS[reason].code }]);

const paymentNotFound = () => notFound({ message: 'Payment not found', code: 'payments.notFound' });

/**
 * The wallet account a payment of `provider` lands in: the one named (a wallet of that provider,
 * of this store, not put away), else the store's wallet of that provider (its default first).
 */
async function walletFor(tx: Tx, storeId: string, provider: WalletSmsPayment['provider'], accountId?: string): Promise<string> {
  const params = { provider };
  if (accountId) {
    const { rows } = await tx.execute(sql`
      select kind, provider, archived_at from money_accounts where store_id = ${storeId}::uuid and id = ${accountId}::uuid`);
    const a = rows[0] as Row | undefined;
    if (!a) throw notFound({ message: 'Account not found', code: 'accounts.notFound' }, [{ field: 'accountId', message: 'Account not found', code: 'accounts.notFound' }]);
    if (a.archived_at) throw conflict({ message: 'This account is put away. Choose another account.', code: 'accounts.archived' });
    if (a.kind !== 'wallet' || a.provider !== provider) {
      const message = `This is a ${PROVIDER_NAMES[provider]} message: choose your ${PROVIDER_NAMES[provider]} wallet`;
      throw new HttpError(422, { message, code: 'payments.walletMismatch', params }, [
        { field: 'accountId', message, code: 'payments.walletMismatch', params },
      ]);
    }
    return accountId;
  }
  const { rows } = await tx.execute(sql`
    select id from money_accounts
    where store_id = ${storeId}::uuid and kind = 'wallet' and provider = ${provider} and archived_at is null
    order by is_default desc, created_at, id limit 1`);
  if (!rows[0]) {
    throw new HttpError(422, {
      message: `Add your ${PROVIDER_NAMES[provider]} wallet on the accounts page first`,
      code: 'payments.noWallet',
      params,
    });
  }
  return String((rows[0] as Row).id);
}

/** The payment, locked for the rest of the transaction, with its status; 404 if it is not this store's. */
async function lockPayment(tx: Tx, storeId: string, paymentId: string) {
  if (!isId(paymentId)) throw paymentNotFound();
  const { rows } = await tx.execute(sql`
    select status from incoming_payments where store_id = ${storeId}::uuid and id = ${paymentId}::uuid for update`);
  if (!rows[0]) throw paymentNotFound();
  return String((rows[0] as Row).status);
}

const alreadySettled = (status: string) =>
  status === 'recorded'
    ? conflict({ message: 'This payment is recorded already', code: 'payments.alreadyRecorded' })
    : conflict({ message: 'This payment was put aside already', code: 'payments.alreadyDismissed' });

/** The secret a gateway's call carries, compared in constant time; none configured: never right. */
function secretMatches(configured: string | undefined, given: string | undefined) {
  const a = Buffer.from(given ?? '');
  return !!configured && a.length === Buffer.byteLength(configured) && timingSafeEqual(a, Buffer.from(configured));
}

const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const storeOf = (request: FastifyRequest) => request.store!.id;

  app.post(
    '/stores/:storeId/incoming-payments/sms',
    {
      config: { access: 'staff' },
      schema: {
        params: storeParams,
        body: pasteSmsBodySchema,
        response: { 200: incomingPaymentResponseSchema, 201: incomingPaymentResponseSchema },
      },
    },
    async (request, reply) => {
      const reading = readWalletSms(request.body.text);
      if (!reading.ok) throw unreadable(reading.reason);
      const storeId = storeOf(request);
      let outgoing = nothingOutgoing();
      // Queued offline and sent again with its Idempotency-Key, it answers as the first time.
      const outcome = await runIdempotent(app, request, async (tx) => {
        const accountId = await walletFor(tx, storeId, reading.payment.provider, request.body.accountId);
        const done = await recordIncomingPayment(app, tx, {
          storeId,
          accountId,
          userId: request.user!.id,
          ...fromWalletSms(reading.payment, request.body.text, 'pasted'),
        });
        outgoing = done.outgoing;
        return { statusCode: done.duplicate ? 200 : 201, body: { payment: done.payment, duplicate: done.duplicate } };
      });
      await deliverAfterCommit(app, outgoing);
      return reply.status(outcome.statusCode as 200 | 201).send(outcome.body);
    },
  );

  app.get(
    '/stores/:storeId/incoming-payments',
    {
      config: { access: 'manager' },
      schema: { params: storeParams, querystring: incomingPaymentsQuerySchema, response: { 200: incomingPaymentsResponseSchema } },
    },
    async (request) => ({ payments: await listIncomingPayments(app.db, storeOf(request), request.query.status) }),
  );

  app.post(
    '/stores/:storeId/incoming-payments/:paymentId/assign',
    {
      config: { access: 'manager' },
      schema: { params: incomingPaymentParamsSchema, body: assignPaymentBodySchema, response: { 200: incomingPaymentResponseSchema } },
    },
    async (request, reply) => {
      const storeId = storeOf(request);
      let outgoing = nothingOutgoing();
      const outcome = await runIdempotent(app, request, async (tx) => {
        const status = await lockPayment(tx, storeId, request.params.paymentId);
        if (status !== 'unmatched') throw alreadySettled(status);
        const { rows } = await tx.execute(sql`
          select 1 from shops where store_id = ${storeId}::uuid and id = ${request.body.shopId}::uuid and deleted_at is null`);
        if (rows.length === 0) {
          throw notFound({ message: 'Shop not found', code: 'shop.notFound' }, [{ field: 'shopId', message: 'Shop not found', code: 'shop.notFound' }]);
        }
        outgoing = await recordForShop(app, tx, {
          storeId,
          paymentId: request.params.paymentId,
          shopId: request.body.shopId,
          matchedBy: 'hand',
          userId: request.user!.id,
        });
        return { statusCode: 200, body: { payment: await readIncomingPayment(tx, storeId, request.params.paymentId), duplicate: false } };
      });
      await deliverAfterCommit(app, outgoing);
      return reply.status(outcome.statusCode as 200).send(outcome.body);
    },
  );

  app.post(
    '/stores/:storeId/incoming-payments/:paymentId/dismiss',
    {
      config: { access: 'manager' },
      schema: { params: incomingPaymentParamsSchema, body: dismissPaymentBodySchema, response: { 200: incomingPaymentResponseSchema } },
    },
    async (request, reply) => {
      const storeId = storeOf(request);
      const outcome = await runIdempotent(app, request, async (tx) => {
        const status = await lockPayment(tx, storeId, request.params.paymentId);
        if (status !== 'unmatched') throw alreadySettled(status);
        await tx.execute(sql`
          update incoming_payments
             set status = 'dismissed', reason = ${request.body.reason}, settled_by = ${request.user!.id}::uuid, settled_at = app_now()
           where store_id = ${storeId}::uuid and id = ${request.params.paymentId}::uuid`);
        return { statusCode: 200, body: { payment: await readIncomingPayment(tx, storeId, request.params.paymentId), duplicate: false } };
      });
      return reply.status(outcome.statusCode as 200).send(outcome.body);
    },
  );

  // ---- a wallet SMS forwarded to the store's inbound number ---------------------------------

  // In a scope of its own: SMS gateways post what they receive as a form as often as JSON, and
  // only this route (and the delivery reports') reads forms.
  const inbound: FastifyPluginAsyncZod = async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    scope.post(
      '/payments/sms-inbound',
      {
        config: { access: 'public', rateLimit: { max: 600, timeWindow: '1 minute' } },
        schema: { querystring: smsInboundQuerySchema, body: smsInboundBodySchema, response: { 200: smsInboundResponseSchema } },
        // No secret configured, or a wrong one: the route is not there, whatever the body.
        preValidation: async (request) => {
          const given = (request.query as { secret?: unknown } | undefined)?.secret;
          if (!secretMatches(app.messaging.gateways.inboundSecret, typeof given === 'string' ? given : undefined)) throw notFound();
        },
      },
      async (request) => {
        const reading = readWalletSms(request.body.text);
        if (!reading.ok) {
          request.log.info({ reason: reading.reason }, 'forwarded SMS is not a wallet payment');
          return { outcome: 'unreadable' as const };
        }
        // The phone that forwarded it holds the wallet: its number finds the store and account.
        const number = normalizeBdMobile(request.body.from);
        let wallet: Row | undefined;
        for (const form of number ? [number, number.slice(3)] : [request.body.from]) {
          const { rows } = await app.db.execute(sql`select store_id, account_id from find_wallet_by_number(${form}, ${reading.payment.provider})`);
          wallet = rows[0] as Row | undefined;
          if (wallet) break;
        }
        if (!wallet) return { outcome: 'unknownWallet' as const };
        const storeId = String(wallet.store_id);
        // From here the request reads and writes as that store (row-level security keeps it there).
        request.dbContext.storeId = storeId;
        const done = await app.db.transaction(async (tx) => {
          await inStoreScope(tx, storeId);
          return recordIncomingPayment(app, tx, {
            storeId,
            accountId: String(wallet.account_id),
            userId: null,
            ...fromWalletSms(reading.payment, request.body.text, 'forwarded'),
          });
        });
        await deliverAfterCommit(app, done.outgoing);
        return { outcome: done.duplicate ? ('duplicate' as const) : done.payment.status === 'recorded' ? ('recorded' as const) : ('unmatched' as const) };
      },
    );
  };
  await app.register(inbound);
};

export default paymentRoutes;
