import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bkashCallbackQuerySchema,
  bkashCheckoutBodySchema,
  bkashCheckoutResponseSchema,
  bkashGatewayBodySchema,
  bkashGatewayResponseSchema,
  bkashNotificationSchema,
  bkashNotifyResponseSchema,
  bkashTokenParamsSchema,
  statementTokenParamsSchema,
  type BkashGateway,
} from '@mojud/contracts';
import { shopCode, takaText, toPoisha, toTaka } from '@mojud/domain';
import { sealer } from '../../db/seal';
import { badRequest, conflict, fieldProblem, forbidden, HttpError, notFound } from '../../errors';
import { deliverAfterCommit } from '../../plugins/outgoing';
import { openStatementLink, statementUrl } from '../../messages/statements';
import { recordIncomingPayment } from '../record';
import { BkashClient, BkashError, bkashTime, type BkashCredentials, type PaymentState } from './client';
import { baseUrlAllowed, defaultBkashOptions, type BkashOptions } from './options';
import {
  accountOf,
  deleteGateway,
  findGatewayStore,
  getGateway,
  hasIncoming,
  hashNotifyToken,
  newNotifyToken,
  saveGateway,
  shopDue,
  type GatewayRow,
} from './repository';
import { snsVerifier } from './sns';

/**
 * bKash's merchant API (docs/decisions.md, "bKash merchant API"):
 * - the owner sets the store's credentials; they are checked with a grant token call, kept
 *   sealed, and never sent back;
 * - a shop pays its due from its statement link through bKash's checkout (create, the payer's
 *   page, the callback, execute, then the payment queried) and the payment is recorded once;
 * - bKash's notifications (Amazon SNS, signed) count only after the signature is checked and
 *   bKash's search confirms a completed transaction of that amount.
 * Every payment goes through recordIncomingPayment (keyed by bKash's transaction id), so a
 * callback and a notification of the same payment, or twenty deliveries at once, make one.
 */
export interface BkashRoutesOptions {
  /** The server's secret, from which the sealing keys are derived. */
  secret: string;
  /** Where this server is reached from outside: the callback and notification addresses. */
  publicUrl: string;
  bkash?: BkashOptions;
}

const storeParams = z.object({ storeId: z.string() });

/** What is kept sealed in payment_gateways.credentials. */
interface Sealed extends BkashCredentials {
  notifyToken: string;
}

const notConfigured = () =>
  notFound({ message: 'This store does not take bKash payments online', code: 'bkash.notConfigured' });
const unreachable = (status = 502) =>
  new HttpError(status, { message: 'bKash could not be reached; try again in a minute', code: 'bkash.unreachable' }, null, {
    'retry-after': '60',
  });
const credentialsUnreadable = () =>
  conflict({
    message: 'The saved bKash details can no longer be read (the server’s secret changed); enter them again',
    code: 'bkash.credentialsUnreadable',
  });

const bkashRoutes: FastifyPluginAsyncZod<BkashRoutesOptions> = async (app, opts) => {
  const options = opts.bkash ?? defaultBkashOptions();
  const publicUrl = opts.publicUrl.replace(/\/+$/, '');
  const vault = sealer(opts.secret, 'payment-gateway:bkash');
  const callbacks = sealer(opts.secret, 'bkash-callback');
  const verifySns = snsVerifier({ certUrl: options.snsCertUrl, timeoutMs: Math.min(options.timeoutMs, 10_000) });

  const notifyUrl = (token: string) => `${publicUrl}/api/v1/payments/bkash/notify/${token}`;
  const callbackUrl = (token: string) => `${publicUrl}/api/v1/payments/bkash/callback/${token}`;

  const unseal = (row: GatewayRow): Sealed | null => {
    const text = vault.open(row.credentials);
    if (!text) return null;
    try {
      const s = JSON.parse(text) as Partial<Sealed>;
      return s.appKey && s.appSecret && s.username && s.password && s.notifyToken ? (s as Sealed) : null;
    } catch {
      return null;
    }
  };
  const clientFor = (row: GatewayRow, sealed: BkashCredentials) =>
    new BkashClient({ baseUrl: row.baseUrl, credentials: sealed, timeoutMs: options.timeoutMs });
  /** The store's gateway with its client, or the refusal to answer. */
  const gatewayOf = async (storeId: string) => {
    const row = await getGateway(app.db, storeId);
    if (!row) throw notConfigured();
    const sealed = unseal(row);
    if (!sealed) throw credentialsUnreadable();
    return { row, sealed, client: clientFor(row, sealed) };
  };
  const answer = (row: GatewayRow, sealed: Sealed): BkashGateway => ({
    accountId: row.accountId,
    baseUrl: row.baseUrl,
    appKey: sealed.appKey,
    username: sealed.username,
    notifyUrl: notifyUrl(sealed.notifyToken),
    updatedAt: row.updatedAt,
  });

  // ---- the owner's settings ------------------------------------------------------------------

  app.get(
    '/stores/:storeId/payment-gateways/bkash',
    { config: { access: 'owner' }, schema: { params: storeParams, response: { 200: bkashGatewayResponseSchema } } },
    async (request) => {
      const row = await getGateway(app.db, request.store!.id);
      if (!row) return { gateway: null };
      const sealed = unseal(row);
      if (!sealed) throw credentialsUnreadable();
      return { gateway: answer(row, sealed) };
    },
  );

  app.put(
    '/stores/:storeId/payment-gateways/bkash',
    {
      config: { access: 'owner' },
      schema: { params: storeParams, body: bkashGatewayBodySchema, response: { 200: bkashGatewayResponseSchema } },
    },
    async (request) => {
      const storeId = request.store!.id;
      const b = request.body;
      const account = await accountOf(app.db, storeId, b.accountId);
      if (!account) throw notFound({ message: 'Account not found', code: 'accounts.notFound' });
      if (account.archived) throw conflict({ message: 'This account is put away. Choose another account.', code: 'accounts.archived' });
      if (account.kind !== 'wallet' || account.provider !== 'bkash') {
        throw fieldProblem('accountId', { message: 'Choose the store’s bKash account', code: 'bkash.notBkashWallet' });
      }
      const baseUrl = b.baseUrl.replace(/\/+$/, '');
      if (!baseUrlAllowed(options, baseUrl)) {
        throw fieldProblem('baseUrl', {
          message: 'Enter bKash’s own address (https://tokenized.pay.bka.sh/…, or the sandbox’s)',
          code: 'bkash.baseUrlNotAllowed',
        });
      }
      const credentials: BkashCredentials = { appKey: b.appKey, appSecret: b.appSecret, username: b.username, password: b.password };
      // The credentials are tried before they are kept: bKash gives a token only to good ones.
      try {
        await new BkashClient({ baseUrl, credentials, timeoutMs: options.timeoutMs }).grantToken();
      } catch (error) {
        if (!(error instanceof BkashError)) throw error;
        if (error.failure !== 'refused') throw unreachable();
        throw error.bkashCode === '2001'
          ? new HttpError(422, { message: 'bKash does not know this app key and app secret', code: 'bkash.appKeyRefused' })
          : new HttpError(422, { message: 'bKash refused this username or password', code: 'bkash.credentialsRefused' });
      }
      // The notification address stays the same when the details change (bKash keeps sending to it).
      const kept = await getGateway(app.db, storeId);
      const notifyToken = (kept && unseal(kept)?.notifyToken) || newNotifyToken();
      const sealed: Sealed = { ...credentials, notifyToken };
      const row = await saveGateway(app.db, {
        storeId,
        accountId: account.id,
        baseUrl,
        credentials: vault.seal(JSON.stringify(sealed)),
        notifyTokenHash: hashNotifyToken(notifyToken),
        userId: request.user!.id,
      });
      return { gateway: answer(row, sealed) };
    },
  );

  app.delete(
    '/stores/:storeId/payment-gateways/bkash',
    { config: { access: 'owner' }, schema: { params: storeParams, response: { 204: z.null() } } },
    async (request, reply) => {
      if (!(await deleteGateway(app.db, request.store!.id))) throw notConfigured();
      return reply.status(204).send(null);
    },
  );

  // ---- a shop pays from its statement link ----------------------------------------------------

  app.post(
    '/public/statements/:token/bkash',
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { params: statementTokenParamsSchema, body: bkashCheckoutBodySchema, response: { 200: bkashCheckoutResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      const link = await openStatementLink(app.db, request.params.token);
      if (!link) {
        throw notFound({
          message: 'This statement link does not work any more. Ask the shop for a new one.',
          code: 'statement.notFound',
        });
      }
      request.dbContext.storeId = link.storeId;
      const shop = await shopDue(app.db, link.storeId, link.shopId);
      if (!shop) throw notFound({ message: 'This statement link does not work any more. Ask the shop for a new one.', code: 'statement.notFound' });
      const { client } = await gatewayOf(link.storeId);
      const due = toPoisha(shop.due);
      if (due <= 0) throw conflict({ message: 'Nothing is due now', code: 'bkash.nothingDue' });
      const amount = request.body?.amount === undefined ? due : toPoisha(request.body.amount);
      if (amount > due) {
        throw fieldProblem('amount', {
          message: `At most ${takaText(due)}, what is due`,
          code: 'bkash.moreThanDue',
          params: { due: toTaka(due) },
        });
      }
      const code = shopCode(shop.codeNumber);
      // Back to this statement afterwards; the address bKash holds carries it sealed, not readable.
      const back = callbacks.seal(packCallback(link.storeId, request.params.token));
      try {
        const created = await client.createPayment({
          amount: toTaka(amount),
          payerReference: code,
          callbackURL: callbackUrl(back),
          // Unique per attempt, and naming the shop: a notification that carries only this still matches.
          merchantInvoiceNumber: `${code}-${randomBytes(5).toString('hex')}`,
        });
        return { bkashURL: created.bkashURL, amount: toTaka(amount) };
      } catch (error) {
        if (!(error instanceof BkashError)) throw error;
        if (error.failure === 'unreachable') throw unreachable();
        request.log.warn({ bkashCode: error.bkashCode }, `bKash refused a checkout: ${error.message}`);
        throw new HttpError(502, { message: 'bKash did not start the payment; try again later', code: 'bkash.refused' });
      }
    },
  );

  // bKash sends the payer's browser here when the payer paid, cancelled or failed on its page.
  app.get(
    '/payments/bkash/callback/:token',
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        params: bkashTokenParamsSchema,
        querystring: bkashCallbackQuerySchema,
        response: { 303: z.null().describe('Back to the statement page: ?paid=1, or ?paid=0&reason=…') },
      },
    },
    async (request, reply) => {
      const opened = callbacks.openBytes(request.params.token);
      const back = opened && unpackCallback(opened);
      if (!back) throw notFound({ message: 'This payment is not known here', code: 'bkash.checkoutNotFound' });
      request.dbContext.storeId = back.s;
      const page = statementUrl(app.messaging.linkBase, back.t);
      const to = (query: string) => reply.header('cache-control', 'no-store').redirect(`${page}?${query}`, 303);
      const { paymentID, status } = request.query;
      if (status !== 'success' || !paymentID) return to(`paid=0&reason=${status === 'cancel' ? 'cancelled' : 'failed'}`);
      const row = await getGateway(app.db, back.s);
      const sealed = row && unseal(row);
      if (!row || !sealed) return to('paid=0&reason=failed');
      const client = clientFor(row, sealed);
      // Execute completes it; whatever execute said, the payment is then queried, and only
      // bKash's own account of it counts (an execute lost on the way, or sent twice, is fine).
      let executed: PaymentState | null = null;
      try {
        executed = await client.executePayment(paymentID);
      } catch (error) {
        if (!(error instanceof BkashError)) throw error;
        request.log.info({ bkashCode: error.bkashCode }, `bKash execute: ${error.message}`);
      }
      let state: PaymentState;
      try {
        state = await client.queryPayment(paymentID);
      } catch (error) {
        if (!(error instanceof BkashError)) throw error;
        request.log.warn({ bkashCode: error.bkashCode }, `bKash query: ${error.message}`);
        return to('paid=0&reason=unconfirmed');
      }
      if (state.transactionStatus !== 'Completed' || !state.trxID || !(state.amount > 0)) {
        return to(`paid=0&reason=${state.transactionStatus === 'Cancelled' ? 'cancelled' : 'failed'}`);
      }
      const trxId = state.trxID;
      const { outgoing } = await app.db.transaction((tx) =>
        recordIncomingPayment(app, tx, {
          storeId: back.s,
          accountId: row.accountId,
          provider: 'bkash',
          trxId,
          source: 'api',
          amount: state.amount,
          sender: state.customerMsisdn ?? executed?.customerMsisdn ?? null,
          reference: state.payerReference ?? executed?.payerReference ?? state.merchantInvoiceNumber,
          paidAt: dateOrNull(state.executedAt ?? executed?.executedAt ?? null),
          raw: JSON.stringify({ execute: executed?.raw ?? null, query: state.raw }),
          userId: null,
        }),
      );
      await deliverAfterCommit(app, outgoing);
      return to('paid=1');
    },
  );

  // ---- bKash's notifications (Amazon SNS) -----------------------------------------------------

  // In a scope of its own: SNS posts its JSON as text/plain, and only this route reads that.
  const notifications: FastifyPluginAsyncZod = async (scope) => {
    scope.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(badRequest({ message: 'The request body is not valid JSON', code: 'request.invalidJson' }), undefined);
      }
    });
    scope.post(
      '/payments/bkash/notify/:token',
      {
        config: { access: 'public', rateLimit: { max: 600, timeWindow: '1 minute' } },
        schema: { params: bkashTokenParamsSchema, body: bkashNotificationSchema, response: { 200: bkashNotifyResponseSchema } },
      },
      async (request) => {
        const storeId = await findGatewayStore(app.db, request.params.token);
        if (!storeId) throw notFound({ message: 'Not found', code: 'bkash.notifyNotFound' });
        request.dbContext.storeId = storeId;
        const verdict = await verifySns(request.body);
        if (!verdict.ok) {
          request.log.warn(`bKash notification refused: ${verdict.reason}`);
          throw forbidden({ message: 'The notification’s signature does not check out', code: 'bkash.badSignature' });
        }
        const message = verdict.message;
        if (message.Type === 'SubscriptionConfirmation') {
          const url = message.SubscribeURL ?? '';
          if (!options.snsSubscribeUrl.test(url)) {
            throw forbidden({ message: 'The notification’s signature does not check out', code: 'bkash.badSignature' });
          }
          const confirmed = await fetch(url, { signal: AbortSignal.timeout(10_000), redirect: 'error' }).catch(() => null);
          if (!confirmed?.ok) throw unreachable(503);
          request.log.info('bKash notifications: subscription confirmed');
          return { outcome: 'subscribed' as const };
        }
        if (message.Type !== 'Notification') return { outcome: 'ignored' as const };

        const said = bkashMessage(message.Message);
        if (!said) throw badRequest({ message: 'The notification does not name a bKash transaction', code: 'bkash.badNotification' });
        if (said.transactionStatus !== 'Completed') return { outcome: 'ignored' as const };
        // Delivered again: nothing to ask bKash.
        if (await hasIncoming(app.db, storeId, said.trxID)) return { outcome: 'duplicate' as const };

        const { row, client } = await gatewayOf(storeId);
        let confirmed;
        try {
          confirmed = await client.searchTransaction(said.trxID);
        } catch (error) {
          if (!(error instanceof BkashError)) throw error;
          // Unreachable: SNS delivers again later. Refused: bKash does not know it.
          if (error.failure !== 'refused') throw unreachable(503);
          confirmed = null;
        }
        if (
          !confirmed ||
          confirmed.transactionStatus !== 'Completed' ||
          confirmed.trxID !== said.trxID ||
          toPoisha(confirmed.amount) !== toPoisha(said.amount)
        ) {
          request.log.warn({ trxID: said.trxID }, 'bKash notification not confirmed by bKash');
          throw conflict({ message: 'bKash does not confirm this payment', code: 'bkash.notConfirmed' });
        }
        const { payment, duplicate, outgoing } = await app.db.transaction((tx) =>
          recordIncomingPayment(app, tx, {
            storeId,
            accountId: row.accountId,
            provider: 'bkash',
            trxId: said.trxID,
            source: 'api',
            amount: confirmed.amount,
            sender: confirmed.customerMsisdn ?? said.debitMSISDN,
            reference: said.transactionReference ?? confirmed.transactionReference ?? said.merchantInvoiceNumber,
            paidAt: dateOrNull(confirmed.completedAt ?? bkashTime(said.dateTime)),
            raw: JSON.stringify({ notification: message.Message, confirmed: confirmed.raw }),
            userId: null,
          }),
        );
        await deliverAfterCommit(app, outgoing);
        if (duplicate) return { outcome: 'duplicate' as const };
        return { outcome: payment.status === 'recorded' ? ('recorded' as const) : ('waiting' as const) };
      },
    );
  };
  await app.register(notifications);
};

const dateOrNull = (iso: string | null) => (iso ? new Date(iso) : null);

/**
 * What the callback address carries, sealed: the store and the statement's token, packed as
 * bytes (the store's id, then the token: as the 9 bytes a 12-character token is, or its text),
 * so the address stays within the 100 characters a path parameter may have.
 */
function packCallback(storeId: string, token: string): Buffer {
  const store = Buffer.from(storeId.replace(/-/g, ''), 'hex');
  const raw = Buffer.from(token, 'base64url');
  const compact = raw.toString('base64url') === token;
  return Buffer.concat([store, Buffer.from([compact ? 0 : 1]), compact ? raw : Buffer.from(token, 'utf8')]);
}

function unpackCallback(bytes: Buffer): { s: string; t: string } | null {
  if (bytes.length < 18) return null;
  const hex = bytes.subarray(0, 16).toString('hex');
  const s = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const rest = bytes.subarray(17);
  return { s, t: bytes[16] === 0 ? rest.toString('base64url') : rest.toString('utf8') };
}

/** bKash's notification message (inside SNS's envelope): the fields a payment needs, or null. */
function bkashMessage(text: string) {
  let m: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    m = parsed as Record<string, unknown>;
  } catch {
    return null;
  }
  const str = (k: string) => (typeof m[k] === 'string' && (m[k] as string).trim() !== '' ? (m[k] as string).trim() : null);
  const trxID = str('trxID');
  const amount = Number(str('amount') ?? m.amount);
  if (!trxID || !/^[A-Za-z0-9]{4,40}$/.test(trxID) || !(amount > 0)) return null;
  return {
    trxID,
    amount,
    transactionStatus: str('transactionStatus'),
    debitMSISDN: str('debitMSISDN'),
    transactionReference: str('transactionReference'),
    merchantInvoiceNumber: str('merchantInvoiceNumber'),
    dateTime: str('dateTime'),
  };
}

export default bkashRoutes;
