import { createHash } from 'node:crypto';

/**
 * bKash Tokenized Checkout, as its merchant API is published (docs/decisions.md, "bKash merchant
 * API"): a grant token from the app key and secret and the merchant's username and password,
 * then create, execute, query a payment and search a transaction with that token. A small typed
 * client over fetch: the base URL and the credentials are the store's (table payment_gateways);
 * the token is kept until it expires and shared by concurrent calls; every call has a timeout;
 * what bKash says no with becomes a `BkashError` in plain words.
 */

export interface BkashCredentials {
  appKey: string;
  appSecret: string;
  username: string;
  password: string;
}

export interface BkashClientOptions {
  /** e.g. https://tokenized.pay.bka.sh/v1.2.0-beta (no trailing slash needed). */
  baseUrl: string;
  credentials: BkashCredentials;
  /** Per call; bKash asks merchants to allow 30 s. */
  timeoutMs?: number;
  /** Milliseconds now, for the token's expiry (elapsed time, not the shop's clock). */
  nowMs?: () => number;
}

/** Why a call failed: bKash said no, bKash could not be reached in time, or it answered something unreadable. */
export type BkashFailure = 'refused' | 'unreachable' | 'badAnswer';

export class BkashError extends Error {
  constructor(
    public readonly failure: BkashFailure,
    /** bKash's own code (`2001`, `2062`) when it gave one; `http.<status>` for a bare HTTP error. */
    public readonly bkashCode: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'BkashError';
  }
}

/** What bKash's codes mean, in words an owner understands (its own messages are terse). */
const PLAIN: Record<string, string> = {
  '2001': 'bKash does not know this app key',
  '2002': 'bKash does not know this payment',
  '2003': 'bKash could not complete it',
  '2006': 'bKash refused the amount',
  '2023': 'The payer does not have enough balance',
  '2029': 'bKash says this is a duplicate payment',
  '2033': 'bKash has no such transaction',
  '2056': 'The payment is not ready to complete (the payer did not confirm it)',
  '2062': 'The payment was already completed',
  '2068': 'The transaction was already completed',
  '2069': 'The transaction was cancelled',
  '2116': 'bKash has no record of this payment',
  '2117': 'The payment was already completed',
  '503': 'bKash is under maintenance; try again later',
  '9999': 'bKash refused the username or password',
};

export const plainBkashMessage = (code: string | null, said: string | undefined) =>
  (code && PLAIN[code]) || (said ? `bKash said: ${said}` : 'bKash refused the request');

// ---------------------------------------------------------------- answers

export interface GrantAnswer {
  idToken: string;
  refreshToken: string;
  /** Seconds the id token lives (bKash: 3600). */
  expiresIn: number;
}

export interface CreatePaymentInput {
  /** Taka, at most two decimals. */
  amount: number;
  payerReference: string;
  callbackURL: string;
  merchantInvoiceNumber: string;
}

export interface CreatedPayment {
  paymentID: string;
  bkashURL: string;
  transactionStatus: string;
  amount: number;
}

/** A payment as execute and query answer it. */
export interface PaymentState {
  paymentID: string;
  /** Present once the money moved. */
  trxID: string | null;
  /** `Initiated`, `Completed`, `Cancelled`, `Failed`… */
  transactionStatus: string;
  amount: number;
  payerReference: string | null;
  merchantInvoiceNumber: string | null;
  customerMsisdn: string | null;
  /** ISO time it completed, when bKash says. */
  executedAt: string | null;
  raw: Record<string, unknown>;
}

export interface TransactionState {
  trxID: string;
  transactionStatus: string;
  amount: number;
  customerMsisdn: string | null;
  /** What the payer typed as the reference, when bKash gives it back. */
  transactionReference: string | null;
  /** ISO time it completed. */
  completedAt: string | null;
  organizationShortCode: string | null;
  raw: Record<string, unknown>;
}

// ---------------------------------------------------------------- times and amounts

/**
 * bKash writes times as `2019-08-07T11:15:56:336 GMT+0600` (a colon before the milliseconds)
 * and its notifications as `20180419122246` (Dhaka time); ISO 8601 or null.
 */
export function bkashTime(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  let m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(?:[:.](\d{1,3}))?\s*GMT([+-]\d{2}):?(\d{2})$/.exec(value.trim());
  if (m) {
    const at = new Date(`${m[1]}T${m[2]}.${(m[3] ?? '0').padEnd(3, '0')}${m[4]}:${m[5]}`);
    return Number.isNaN(at.getTime()) ? null : at.toISOString();
  }
  m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value.trim());
  if (m) {
    const at = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}+06:00`);
    return Number.isNaN(at.getTime()) ? null : at.toISOString();
  }
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** bKash's amounts are strings (`"15"`, `"3500.00"`): taka with two decimals, or NaN. */
export function bkashAmount(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : NaN;
  return Math.round(n * 100) / 100;
}

const amountText = (taka: number) => (Number.isInteger(taka) ? String(taka) : taka.toFixed(2));
const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

// ---------------------------------------------------------------- the token, shared

interface Token {
  idToken: string;
  refreshToken: string;
  expiresAt: number;
}
/**
 * Tokens by base URL and credentials, for every client of this process: bKash asks merchants
 * not to ask for a new one per payment (one lives an hour). A grant in flight is shared.
 */
const tokens = new Map<string, Token>();
const granting = new Map<string, Promise<Token>>();
/** Renewed this long before bKash would refuse it. */
const EARLY_MS = 60_000;

/** Forgets every kept token (tests; a changed credential gets a new key anyway). */
export function forgetBkashTokens() {
  tokens.clear();
  granting.clear();
}

// ---------------------------------------------------------------- the client

export class BkashClient {
  private readonly base: string;
  private readonly timeoutMs: number;
  private readonly nowMs: () => number;
  private readonly key: string;

  constructor(private readonly opts: BkashClientOptions) {
    this.base = opts.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = opts.timeoutMs ?? 30_000;
    this.nowMs = opts.nowMs ?? Date.now;
    const c = opts.credentials;
    this.key = createHash('sha256')
      .update(JSON.stringify([this.base, c.appKey, c.appSecret, c.username, c.password]))
      .digest('hex');
  }

  /** Asks for a new token (also how a store's credentials are checked when they are saved). */
  async grantToken(): Promise<GrantAnswer> {
    const c = this.opts.credentials;
    const body = await this.post(
      '/tokenized/checkout/token/grant',
      { app_key: c.appKey, app_secret: c.appSecret },
      { username: c.username, password: c.password },
    );
    return this.grantAnswer(body);
  }

  async refreshToken(refreshToken: string): Promise<GrantAnswer> {
    const c = this.opts.credentials;
    const body = await this.post(
      '/tokenized/checkout/token/refresh',
      { app_key: c.appKey, app_secret: c.appSecret, refresh_token: refreshToken },
      { username: c.username, password: c.password },
    );
    return this.grantAnswer(body);
  }

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    const body = await this.authorized('/tokenized/checkout/create', {
      mode: '0011',
      payerReference: input.payerReference,
      callbackURL: input.callbackURL,
      amount: amountText(input.amount),
      currency: 'BDT',
      intent: 'sale',
      merchantInvoiceNumber: input.merchantInvoiceNumber,
    });
    const paymentID = text(body.paymentID);
    const bkashURL = text(body.bkashURL);
    if (!paymentID || !bkashURL) throw new BkashError('badAnswer', null, 'bKash did not send a payment page');
    return {
      paymentID,
      bkashURL,
      transactionStatus: text(body.transactionStatus) ?? 'Initiated',
      amount: bkashAmount(body.amount),
    };
  }

  /** Completes a payment the payer confirmed on bKash's page (once; again is `2062`). */
  async executePayment(paymentID: string): Promise<PaymentState> {
    return paymentState(await this.authorized('/tokenized/checkout/execute', { paymentID }));
  }

  /** What bKash knows of a payment now. */
  async queryPayment(paymentID: string): Promise<PaymentState> {
    return paymentState(await this.authorized('/tokenized/checkout/payment/status', { paymentID }));
  }

  /** What bKash knows of a transaction by its id (any payment into the merchant wallet). */
  async searchTransaction(trxID: string): Promise<TransactionState> {
    const body = await this.authorized('/tokenized/checkout/general/searchTransaction', { trxID });
    return {
      trxID: text(body.trxID) ?? trxID,
      transactionStatus: text(body.transactionStatus) ?? '',
      amount: bkashAmount(body.amount),
      customerMsisdn: text(body.customerMsisdn),
      transactionReference: text(body.transactionReference),
      completedAt: bkashTime(body.completedTime),
      organizationShortCode: text(body.organizationShortCode),
      raw: body,
    };
  }

  // ---- plumbing

  private grantAnswer(body: Record<string, unknown>): GrantAnswer {
    const idToken = text(body.id_token);
    const refreshToken = text(body.refresh_token);
    const expiresIn = Number(body.expires_in);
    if (!idToken || !refreshToken) throw new BkashError('badAnswer', null, 'bKash did not send a token');
    return { idToken, refreshToken, expiresIn: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 3600 };
  }

  /** The kept token, renewed (refresh, else a new grant) when it is about to expire. */
  private async token(fresh = false): Promise<Token> {
    const kept = tokens.get(this.key);
    if (!fresh && kept && kept.expiresAt - EARLY_MS > this.nowMs()) return kept;
    const pending = granting.get(this.key);
    if (pending) return pending;
    const work = (async () => {
      let answer: GrantAnswer | null = null;
      if (kept && !fresh) answer = await this.refreshToken(kept.refreshToken).catch(() => null);
      answer ??= await this.grantToken();
      const token = { idToken: answer.idToken, refreshToken: answer.refreshToken, expiresAt: this.nowMs() + answer.expiresIn * 1000 };
      tokens.set(this.key, token);
      return token;
    })();
    granting.set(this.key, work);
    try {
      return await work;
    } finally {
      granting.delete(this.key);
    }
  }

  /** A call with the token; a token bKash no longer takes is renewed once and the call sent again. */
  private async authorized(path: string, body: Record<string, unknown>) {
    const send = async (token: Token) =>
      this.post(path, body, { authorization: token.idToken, 'x-app-key': this.opts.credentials.appKey });
    const token = await this.token();
    try {
      return await send(token);
    } catch (error) {
      if (!(error instanceof BkashError) || error.bkashCode !== 'http.401') throw error;
      tokens.delete(this.key);
      return send(await this.token(true));
    }
  }

  private async post(path: string, body: Record<string, unknown>, headers: Record<string, string>) {
    let response: Response;
    try {
      response = await fetch(`${this.base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'error',
      });
    } catch {
      throw new BkashError('unreachable', null, 'bKash could not be reached; try again in a minute');
    }
    let answer: Record<string, unknown> | null = null;
    try {
      const parsed: unknown = JSON.parse(await response.text());
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) answer = parsed as Record<string, unknown>;
    } catch {
      answer = null;
    }
    // bKash answers most refusals with 200 and its own code: statusCode (0000 is success), or
    // errorCode in the older answers; a gateway in front of it answers 401/403 with `message`.
    const code = text(answer?.statusCode) ?? text(answer?.errorCode);
    const said = text(answer?.statusMessage) ?? text(answer?.errorMessage) ?? text(answer?.message) ?? undefined;
    if (code && code !== '0000') throw new BkashError('refused', code, plainBkashMessage(code, said));
    if (!response.ok) {
      const httpCode = `http.${response.status}`;
      throw new BkashError(response.status >= 500 ? 'unreachable' : 'refused', httpCode, plainBkashMessage(httpCode, said));
    }
    if (!answer) throw new BkashError('badAnswer', null, 'bKash answered something that is not JSON');
    return answer;
  }
}

function paymentState(body: Record<string, unknown>): PaymentState {
  const paymentID = text(body.paymentID) ?? text(body.paymentId);
  if (!paymentID) throw new BkashError('badAnswer', null, 'bKash did not name the payment');
  return {
    paymentID,
    trxID: text(body.trxID),
    transactionStatus: text(body.transactionStatus) ?? '',
    amount: bkashAmount(body.amount),
    payerReference: text(body.payerReference),
    merchantInvoiceNumber: text(body.merchantInvoiceNumber) ?? text(body.merchantInvoice),
    customerMsisdn: text(body.customerMsisdn),
    executedAt: bkashTime(body.paymentExecuteTime) ?? bkashTime(body.updateTime),
    raw: body,
  };
}
