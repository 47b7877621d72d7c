import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import selfsigned from 'selfsigned';
import { snsStringToSign, type SnsMessage } from './sns';

/**
 * bKash on 127.0.0.1, for the tests and the local demo only (never started by default): the
 * Tokenized Checkout API as published (grant and refresh token, create, execute, payment
 * status, search transaction; docs/decisions.md, "bKash merchant API"), the payer's page at
 * `bkashURL` whose "Pay" completes the payment and sends the browser back to the callback
 * with `?paymentID=…&status=success`, and the merchant notification as bKash delivers it:
 * an Amazon SNS message signed with a key whose certificate this server serves at
 * `SigningCertURL`. Credentials are checked as bKash checks them (a wrong app key is `2001`,
 * an unknown username `9999`), and its answers have bKash's shape, status codes and all.
 */

export interface FakeBkashOptions {
  appKey?: string;
  appSecret?: string;
  username?: string;
  password?: string;
  /** The merchant wallet payments land in (bKash's organizationShortCode). */
  merchantNumber?: string;
  /** Seconds a token lives. */
  tokenSeconds?: number;
}

export interface FakePayment {
  paymentID: string;
  amount: string;
  payerReference: string;
  merchantInvoiceNumber: string;
  callbackURL: string;
  createdAt: Date;
  /** Initiated → Authorized (the payer confirmed on the page) → Completed (executed); or Cancelled. */
  status: 'Initiated' | 'Authorized' | 'Completed' | 'Cancelled' | 'Failed';
  customerMsisdn: string | null;
  trxID: string | null;
  executedAt: Date | null;
}

export interface FakeTransaction {
  trxID: string;
  amount: string;
  customerMsisdn: string;
  transactionReference: string | null;
  merchantInvoiceNumber: string | null;
  status: 'Completed';
  completedAt: Date;
  /** Checkout (`bKash Tokenized Checkout via API`) or a payment made in the bKash app. */
  transactionType: string;
}

const json = (response: http.ServerResponse, status: number, body: unknown) =>
  response.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' }).end(JSON.stringify(body));

/** bKash's own way of writing a time: `2019-08-07T11:15:56:336 GMT+0600` (Dhaka). */
const bkashTimeText = (at: Date) => {
  const d = new Date(at.getTime() + 6 * 3_600_000).toISOString();
  return `${d.slice(0, 19)}:${d.slice(20, 23)} GMT+0600`;
};
/** The notification's `dateTime`: `20180419122246` (Dhaka). */
const compactDhaka = (at: Date) => new Date(at.getTime() + 6 * 3_600_000).toISOString().slice(0, 19).replace(/\D/g, '');
/** A transaction id in bKash's form: ten capitals and digits. */
const newTrxId = () => crypto.randomBytes(8).toString('hex').toUpperCase().slice(0, 10);
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startFakeBkash(opts: FakeBkashOptions = {}) {
  const creds = {
    appKey: opts.appKey ?? 'fake-app-key',
    appSecret: opts.appSecret ?? 'fake-app-secret',
    username: opts.username ?? 'fakeMerchantUser',
    password: opts.password ?? 'fake-password',
  };
  const merchantNumber = opts.merchantNumber ?? '01700000000';
  const tokenSeconds = opts.tokenSeconds ?? 3600;
  // SNS's signing key and its certificate, made for this server alone.
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'sns.fake-bkash.local' }], {
    keySize: 2048,
    notAfterDate: new Date(Date.now() + 365 * 86_400_000),
  });
  const signingKey = crypto.createPrivateKey(pems.private);

  const idTokens = new Map<string, number>();
  const refreshTokens = new Set<string>();
  const payments = new Map<string, FakePayment>();
  const transactions = new Map<string, FakeTransaction>();
  /** Every API call, by path (the token's reuse shows here). */
  const calls: string[] = [];
  const confirmedSubscriptions: string[] = [];
  let next = 1;

  const sockets = new Set<Socket>();
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      try {
        handle(request, response, raw);
      } catch (error) {
        json(response, 500, { statusCode: '9999', statusMessage: (error as Error).message });
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const baseUrl = `${origin}/v1.2.0-beta`;
  const certUrl = `${origin}/sns/SimpleNotificationService-fake.pem`;

  function handle(request: http.IncomingMessage, response: http.ServerResponse, raw: string) {
    const url = new URL(request.url ?? '/', origin);
    const path = url.pathname;
    if (request.method === 'GET' && path === new URL(certUrl).pathname) {
      response.writeHead(200, { 'content-type': 'application/x-pem-file' }).end(pems.cert);
      return;
    }
    if (request.method === 'GET' && path === '/sns/confirm') {
      confirmedSubscriptions.push(url.searchParams.get('Token') ?? '');
      response.writeHead(200, { 'content-type': 'text/xml' }).end('<ConfirmSubscriptionResponse/>');
      return;
    }
    if (request.method === 'GET' && path === '/redirect/tokenized/') return payPage(url, response);
    if (request.method === 'POST' && path === '/redirect/tokenized/pay') return payOrCancel(raw, response);
    if (request.method !== 'POST' || !path.startsWith('/v1.2.0-beta/tokenized/checkout/')) {
      json(response, 404, { message: 'Not Found' });
      return;
    }
    const op = path.slice('/v1.2.0-beta/tokenized/checkout/'.length);
    calls.push(op);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw || '{}') as Record<string, unknown>;
    } catch {
      json(response, 200, { statusCode: '2025', statusMessage: 'Invalid request body' });
      return;
    }
    if (op === 'token/grant' || op === 'token/refresh') return grant(op, request, body, response);
    // Every other call carries the token (as it is, no "Bearer") and the app key. The gateway in
    // front of bKash refuses a missing or expired token with 401 and a bare message.
    const token = String(request.headers.authorization ?? '');
    const expires = idTokens.get(token);
    if (expires === undefined || expires < Date.now()) {
      json(response, 401, { message: expires === undefined ? 'Unauthorized' : 'The incoming token has expired' });
      return;
    }
    if (request.headers['x-app-key'] !== creds.appKey) {
      json(response, 200, { statusCode: '2001', statusMessage: 'Invalid App Key' });
      return;
    }
    if (op === 'create') return create(body, response);
    if (op === 'execute') return execute(body, response);
    if (op === 'payment/status') return status(body, response);
    if (op === 'general/searchTransaction') return search(body, response);
    json(response, 404, { message: 'Not Found' });
  }

  function grant(op: string, request: http.IncomingMessage, body: Record<string, unknown>, response: http.ServerResponse) {
    if (request.headers.username !== creds.username) {
      json(response, 200, { statusCode: '9999', statusMessage: 'Username does not exist' });
      return;
    }
    if (request.headers.password !== creds.password) {
      json(response, 200, { statusCode: '9999', statusMessage: 'Invalid password' });
      return;
    }
    if (body.app_key !== creds.appKey || body.app_secret !== creds.appSecret) {
      json(response, 200, { statusCode: '2001', statusMessage: 'Invalid App Key' });
      return;
    }
    if (op === 'token/refresh' && !refreshTokens.has(String(body.refresh_token))) {
      json(response, 200, { statusCode: '9999', statusMessage: 'Invalid refresh token' });
      return;
    }
    const idToken = `fake.id.${crypto.randomBytes(24).toString('base64url')}`;
    const refreshToken = `fake.refresh.${crypto.randomBytes(24).toString('base64url')}`;
    idTokens.set(idToken, Date.now() + tokenSeconds * 1000);
    refreshTokens.add(refreshToken);
    json(response, 200, {
      statusCode: '0000',
      statusMessage: 'Successful',
      id_token: idToken,
      token_type: 'Bearer',
      expires_in: tokenSeconds,
      refresh_token: refreshToken,
    });
  }

  function create(body: Record<string, unknown>, response: http.ServerResponse) {
    const amount = String(body.amount ?? '');
    if (body.mode !== '0011') return void json(response, 200, { statusCode: '2063', statusMessage: 'Mode is not valid as per request data' });
    if (body.currency !== 'BDT') return void json(response, 200, { statusCode: '2007', statusMessage: 'Invalid currency' });
    if (body.intent !== 'sale') return void json(response, 200, { statusCode: '2008', statusMessage: 'Invalid intent' });
    if (!/^\d+(\.\d{1,2})?$/.test(amount) || Number(amount) <= 0) {
      return void json(response, 200, { statusCode: '2006', statusMessage: 'Invalid amount' });
    }
    if (typeof body.callbackURL !== 'string' || !/^https?:\/\//.test(body.callbackURL)) {
      return void json(response, 200, { statusCode: '2049', statusMessage: 'Invalid Merchant Callback URL' });
    }
    if (typeof body.payerReference !== 'string' || typeof body.merchantInvoiceNumber !== 'string' || !body.merchantInvoiceNumber) {
      return void json(response, 200, { statusCode: '2065', statusMessage: 'Mendatory field missing' });
    }
    const paymentID = `TR0011${String(next++).padStart(4, '0')}${crypto.randomBytes(5).toString('hex').toUpperCase()}`;
    const payment: FakePayment = {
      paymentID,
      amount,
      payerReference: body.payerReference,
      merchantInvoiceNumber: body.merchantInvoiceNumber,
      callbackURL: body.callbackURL,
      createdAt: new Date(),
      status: 'Initiated',
      customerMsisdn: null,
      trxID: null,
      executedAt: null,
    };
    payments.set(paymentID, payment);
    const back = (status: string) => `${payment.callbackURL}${payment.callbackURL.includes('?') ? '&' : '?'}paymentID=${paymentID}&status=${status}`;
    json(response, 200, {
      statusCode: '0000',
      statusMessage: 'Successful',
      paymentID,
      bkashURL: `${origin}/redirect/tokenized/?paymentID=${paymentID}&hash=${crypto.randomBytes(12).toString('hex')}&mode=0011&apiVersion=v1.2.0-beta`,
      callbackURL: payment.callbackURL,
      successCallbackURL: back('success'),
      failureCallbackURL: back('failure'),
      cancelledCallbackURL: back('cancel'),
      amount,
      intent: 'sale',
      currency: 'BDT',
      paymentCreateTime: bkashTimeText(payment.createdAt),
      transactionStatus: 'Initiated',
      merchantInvoiceNumber: payment.merchantInvoiceNumber,
    });
  }

  function execute(body: Record<string, unknown>, response: http.ServerResponse) {
    const payment = payments.get(String(body.paymentID));
    if (!payment) return void json(response, 200, { statusCode: '2002', statusMessage: 'Invalid Payment ID' });
    if (payment.status === 'Completed') {
      return void json(response, 200, { statusCode: '2062', statusMessage: 'The payment has already been completed' });
    }
    if (payment.status !== 'Authorized') {
      return void json(response, 200, { statusCode: '2056', statusMessage: 'Invalid Payment State' });
    }
    payment.status = 'Completed';
    payment.trxID = newTrxId();
    payment.executedAt = new Date();
    transactions.set(payment.trxID, {
      trxID: payment.trxID,
      amount: payment.amount,
      customerMsisdn: payment.customerMsisdn!,
      transactionReference: payment.payerReference,
      merchantInvoiceNumber: payment.merchantInvoiceNumber,
      status: 'Completed',
      completedAt: payment.executedAt,
      transactionType: 'bKash Tokenized Checkout via API',
    });
    json(response, 200, {
      statusCode: '0000',
      statusMessage: 'Successful',
      paymentID: payment.paymentID,
      payerReference: payment.payerReference,
      customerMsisdn: payment.customerMsisdn,
      trxID: payment.trxID,
      amount: payment.amount,
      transactionStatus: 'Completed',
      paymentExecuteTime: bkashTimeText(payment.executedAt),
      currency: 'BDT',
      intent: 'sale',
      merchantInvoiceNumber: payment.merchantInvoiceNumber,
    });
  }

  function status(body: Record<string, unknown>, response: http.ServerResponse) {
    const payment = payments.get(String(body.paymentID));
    if (!payment) return void json(response, 200, { statusCode: '2002', statusMessage: 'Invalid Payment ID' });
    // Authorized is bKash's inner state; the merchant sees the payment Initiated until it executes.
    const shown = payment.status === 'Authorized' ? 'Initiated' : payment.status;
    json(response, 200, {
      paymentID: payment.paymentID,
      mode: '0011',
      paymentCreateTime: bkashTimeText(payment.createdAt),
      ...(payment.executedAt && { paymentExecuteTime: bkashTimeText(payment.executedAt) }),
      amount: payment.amount,
      currency: 'BDT',
      intent: 'sale',
      merchantInvoice: payment.merchantInvoiceNumber,
      transactionStatus: shown,
      verificationStatus: shown === 'Completed' ? 'Complete' : 'Incomplete',
      payerReference: payment.payerReference,
      ...(payment.trxID && { trxID: payment.trxID, customerMsisdn: payment.customerMsisdn }),
      statusCode: '0000',
      statusMessage: 'Successful',
    });
  }

  function search(body: Record<string, unknown>, response: http.ServerResponse) {
    const trx = transactions.get(String(body.trxID));
    if (!trx) return void json(response, 200, { statusCode: '2033', statusMessage: 'Transaction not found' });
    json(response, 200, {
      trxID: trx.trxID,
      initiationTime: bkashTimeText(trx.completedAt),
      completedTime: bkashTimeText(trx.completedAt),
      transactionType: trx.transactionType,
      customerMsisdn: trx.customerMsisdn,
      transactionStatus: trx.status,
      amount: trx.amount,
      currency: 'BDT',
      organizationShortCode: merchantNumber,
      ...(trx.transactionReference !== null && { transactionReference: trx.transactionReference }),
      statusCode: '0000',
      statusMessage: 'Successful',
    });
  }

  // ---- the payer's page

  function payPage(url: URL, response: http.ServerResponse) {
    const payment = payments.get(url.searchParams.get('paymentID') ?? '');
    if (!payment) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('No such payment');
      return;
    }
    const id = escapeHtml(payment.paymentID);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>bKash payment (local test server)</title></head>
<body><main><h1>Pay Tk ${escapeHtml(payment.amount)}</h1>
<p>Merchant invoice ${escapeHtml(payment.merchantInvoiceNumber)}</p>
<form method="post" action="/redirect/tokenized/pay">
<input type="hidden" name="paymentID" value="${id}">
<label>bKash account number <input name="wallet" value="01770618575" inputmode="numeric"></label>
<button name="action" value="pay">Pay</button> <button name="action" value="cancel">Cancel</button>
</form></main></body></html>`);
  }

  function payOrCancel(raw: string, response: http.ServerResponse) {
    const form = new URLSearchParams(raw);
    const payment = payments.get(form.get('paymentID') ?? '');
    if (!payment || payment.status !== 'Initiated') {
      response.writeHead(409, { 'content-type': 'text/plain' }).end('This payment can no longer be paid');
      return;
    }
    const pay = form.get('action') === 'pay';
    if (pay) {
      payment.status = 'Authorized';
      payment.customerMsisdn = form.get('wallet') || '01770618575';
    } else {
      payment.status = 'Cancelled';
    }
    const sep = payment.callbackURL.includes('?') ? '&' : '?';
    response
      .writeHead(302, { location: `${payment.callbackURL}${sep}paymentID=${payment.paymentID}&status=${pay ? 'success' : 'cancel'}` })
      .end();
  }

  // ---- notifications (SNS)

  const sign = (fields: Omit<SnsMessage, 'Signature' | 'SignatureVersion' | 'SigningCertURL'>, version: '1' | '2' = '1') => {
    const unsigned = { ...fields, SignatureVersion: version, Signature: '', SigningCertURL: certUrl } as SnsMessage;
    const signature = crypto.sign(version === '1' ? 'sha1' : 'sha256', Buffer.from(snsStringToSign(unsigned), 'utf8'), signingKey);
    return { ...unsigned, Signature: signature.toString('base64') };
  };
  const topicArn = 'arn:aws:sns:ap-southeast-1:000000000000:fake-bkash-merchant-webhook';

  /** The notification body bKash sends for a completed transaction (the SNS envelope, signed, as JSON text). */
  function notificationFor(trxID: string, version: '1' | '2' = '1') {
    const trx = transactions.get(trxID);
    if (!trx) throw new Error(`no transaction ${trxID}`);
    return JSON.stringify(
      sign(
        {
          Type: 'Notification',
          MessageId: crypto.randomUUID(),
          TopicArn: topicArn,
          Message: JSON.stringify({
            dateTime: compactDhaka(trx.completedAt),
            debitMSISDN: trx.customerMsisdn,
            creditOrganizationName: 'Fake Merchant',
            creditShortCode: merchantNumber,
            trxID: trx.trxID,
            transactionStatus: trx.status,
            transactionType: '10003',
            amount: trx.amount,
            currency: 'BDT',
            transactionReference: trx.transactionReference ?? '',
            ...(trx.merchantInvoiceNumber && { merchantInvoiceNumber: trx.merchantInvoiceNumber }),
          }),
          Timestamp: new Date().toISOString(),
        },
        version,
      ),
    );
  }

  /** The confirmation SNS sends first to a new HTTP/S subscription. */
  function subscriptionFor() {
    const token = crypto.randomBytes(32).toString('hex');
    return JSON.stringify(
      sign({
        Type: 'SubscriptionConfirmation',
        MessageId: crypto.randomUUID(),
        TopicArn: topicArn,
        Token: token,
        Message: `You have chosen to subscribe to the topic ${topicArn}.\nTo confirm the subscription, visit the SubscribeURL included in this message.`,
        SubscribeURL: `${origin}/sns/confirm?Action=ConfirmSubscription&TopicArn=${encodeURIComponent(topicArn)}&Token=${token}`,
        Timestamp: new Date().toISOString(),
      }),
    );
  }

  /** Posts a body to a notification address as SNS does (JSON sent as text/plain). */
  async function deliver(url: string, body: string, type = 'Notification') {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'text/plain; charset=UTF-8', 'x-amz-sns-message-type': type },
      body,
    });
    return { status: response.status, body: await response.text() };
  }

  return {
    /** The base URL a store enters (as bKash's: …/v1.2.0-beta). */
    baseUrl,
    origin,
    credentials: creds,
    merchantNumber,
    /** Where the signing certificate is served; the API's allowed pattern for it in tests. */
    certUrl,
    certUrlPattern: new RegExp(`^${origin.replace(/[.:/]/g, '\\$&')}/sns/[^?#]+\\.pem$`),
    subscribeUrlPattern: new RegExp(`^${origin.replace(/[.:/]/g, '\\$&')}/sns/`),
    payments,
    transactions,
    calls,
    confirmedSubscriptions,
    /** A payment made in the bKash app to the merchant wallet ("Make Payment", with a reference). */
    addTransaction(input: { amount: number; sender: string; reference?: string | null; at?: Date }) {
      const trx: FakeTransaction = {
        trxID: newTrxId(),
        amount: String(input.amount),
        customerMsisdn: input.sender,
        transactionReference: input.reference ?? null,
        merchantInvoiceNumber: null,
        status: 'Completed',
        completedAt: input.at ?? new Date(),
        transactionType: '10003',
      };
      transactions.set(trx.trxID, trx);
      return trx;
    },
    notificationFor,
    subscriptionFor,
    /** Signs any SNS message (a test forges what bKash would never send). */
    sign,
    deliver,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export type FakeBkash = Awaited<ReturnType<typeof startFakeBkash>>;
