import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../app';
import { resetClock, setClock } from '../../clock';
import { createTestApp, storeWithTeam, type SignedIn } from '../../tooling/test/helpers';
import { addShop, url } from '../../tooling/test/stock';
import { BkashClient, BkashError, bkashAmount, bkashTime, forgetBkashTokens } from './client';
import { startFakeBkash, type FakeBkash } from './fake-server';
import { baseUrlAllowed, defaultBkashOptions, snsTrust } from './options';
import { parseSnsMessage, snsStringToSign, snsVerifier } from './sns';

/**
 * bKash's merchant API against a bKash on a loopback port (fake-server.ts, following the
 * published API): the owner's settings checked with a grant token, a shop paying its due from
 * its statement link through the whole checkout, and the signed notifications, which count
 * only when bKash confirms them, once however often they come.
 */

let fake: FakeBkash;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
const PUBLIC = 'https://mojud.test';

beforeAll(async () => {
  fake = await startFakeBkash({ merchantNumber: '01700000000' });
  ctx = await createTestApp({
    jobs: false,
    publicUrl: PUBLIC,
    linkBase: 'https://mjd.test',
    bkash: {
      ...defaultBkashOptions(),
      baseUrls: [fake.baseUrl],
      snsCertUrl: fake.certUrlPattern,
      snsSubscribeUrl: fake.subscribeUrlPattern,
      timeoutMs: 5_000,
    },
  });
  ctx.pool.on('error', () => {});
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});
afterEach(() => resetClock());

type Team = Awaited<ReturnType<typeof storeWithTeam>>;

async function call(who: SignedIn | null, method: string, path: string, payload?: unknown) {
  return ctx.app.inject({
    method: method as 'GET',
    url: path,
    headers: who?.auth ?? {},
    ...(payload !== undefined && { payload: payload as object }),
  });
}

const gatewayPath = (storeId: string) => url(storeId, 'payment-gateways/bkash');

/** A store with a bKash merchant wallet and a shop owing `due`, and the shop's statement link. */
async function dealerWithShop(due = 3500) {
  const t = await storeWithTeam(ctx);
  const wallet = await call(t.owner, 'POST', url(t.store.id, 'accounts'), {
    kind: 'wallet',
    provider: 'bkash',
    walletType: 'merchant',
    number: '01700000000',
    name: 'bKash merchant',
  });
  expect(wallet.statusCode, wallet.body).toBe(201);
  const shopId = await addShop(ctx, t.store.id, 'Karim Traders');
  const opening = await call(t.owner, 'POST', url(t.store.id, `shops/${shopId}/opening`), { due });
  expect(opening.statusCode, opening.body).toBeLessThan(300);
  const link = await call(t.staff, 'POST', url(t.store.id, `shops/${shopId}/statement-links`), { expiresInDays: 7 });
  expect(link.statusCode, link.body).toBe(201);
  const token = (link.json().url as string).split('/s/')[1];
  const code = (await ctx.pool.query<{ code: number }>('select code_number as code from shops where id = $1', [shopId])).rows[0].code;
  return { t, accountId: wallet.json().account.id as string, shopId, token, shopCode: `C-${String(code).padStart(4, '0')}` };
}

const goodBody = (accountId: string) => ({
  accountId,
  baseUrl: fake.baseUrl,
  appKey: fake.credentials.appKey,
  appSecret: fake.credentials.appSecret,
  username: fake.credentials.username,
  password: fake.credentials.password,
});

async function configured(t: Team, accountId: string) {
  const res = await call(t.owner, 'PUT', gatewayPath(t.store.id), goodBody(accountId));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().gateway as { notifyUrl: string; appKey: string; username: string; accountId: string };
}

const dueOf = async (shopId: string) =>
  Number((await ctx.pool.query('select coalesce(sum(due_delta), 0) as due from ledger_entries where shop_id = $1', [shopId])).rows[0].due);
const incoming = async (storeId: string) =>
  (
    await ctx.pool.query<{ trx_id: string; amount: string; status: string; shop_id: string | null; source: string; reference: string | null; sender: string | null }>(
      'select trx_id, amount, status, shop_id, source, reference, sender from incoming_payments where store_id = $1 order by created_at',
      [storeId],
    )
  ).rows;
const duePayments = async (shopId: string) =>
  (await ctx.pool.query("select count(*)::int as n from ledger_entries where shop_id = $1 and kind = 'due_payment'", [shopId])).rows[0].n as number;

/** Delivers a notification body to an address as SNS does (JSON sent as text/plain). */
const notify = (path: string, body: string) =>
  ctx.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'text/plain; charset=UTF-8', 'x-amz-sns-message-type': 'Notification' },
    payload: body,
  });

describe('the owner sets up the bKash merchant API', () => {
  it('is checked with a grant token: wrong credentials are refused in plain words, good ones kept sealed', async () => {
    const { t, accountId } = await dealerWithShop();
    const path = gatewayPath(t.store.id);
    expect((await call(t.owner, 'GET', path)).json()).toEqual({ gateway: null });

    const wrongKey = await call(t.owner, 'PUT', path, { ...goodBody(accountId), appKey: 'not-the-key' });
    expect(wrongKey.statusCode).toBe(422);
    expect(wrongKey.json()).toMatchObject({ code: 'bkash.appKeyRefused', message: 'bKash does not know this app key and app secret' });
    const wrongPassword = await call(t.owner, 'PUT', path, { ...goodBody(accountId), password: 'guess' });
    expect(wrongPassword.statusCode).toBe(422);
    expect(wrongPassword.json().code).toBe('bkash.credentialsRefused');
    // Only bKash's own hosts (here: the test server) may be called.
    const elsewhere = await call(t.owner, 'PUT', path, { ...goodBody(accountId), baseUrl: 'http://127.0.0.1:9/v1.2.0-beta' });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().errors[0]).toMatchObject({ field: 'baseUrl', code: 'bkash.baseUrlNotAllowed' });
    // The money lands in a bKash wallet account of the store, not in the drawer.
    const accounts = (await call(t.owner, 'GET', url(t.store.id, 'accounts'))).json().accounts as { id: string; kind: string }[];
    const drawer = accounts.find((a) => a.kind === 'cash')!.id;
    const notWallet = await call(t.owner, 'PUT', path, goodBody(drawer));
    expect(notWallet.statusCode).toBe(400);
    expect(notWallet.json().errors[0]).toMatchObject({ field: 'accountId', code: 'bkash.notBkashWallet' });
    expect((await ctx.pool.query('select * from payment_gateways where store_id = $1', [t.store.id])).rows).toEqual([]);

    const gateway = await configured(t, accountId);
    expect(gateway).toMatchObject({ accountId, appKey: fake.credentials.appKey, username: fake.credentials.username, baseUrl: fake.baseUrl });
    expect(gateway.notifyUrl).toMatch(new RegExp(`^${PUBLIC}/api/v1/payments/bkash/notify/[A-Za-z0-9_-]{32}$`));
    const token = gateway.notifyUrl.split('/').pop()!;
    const answered = JSON.stringify((await call(t.owner, 'GET', path)).json());
    expect(answered).toContain(gateway.notifyUrl);
    expect(answered).not.toContain(fake.credentials.appSecret);
    expect(answered).not.toContain(fake.credentials.password);
    // Sealed in the database: neither secret nor the address token is readable there.
    const [row] = (await ctx.pool.query('select * from payment_gateways where store_id = $1', [t.store.id])).rows;
    for (const secret of [fake.credentials.appSecret, fake.credentials.password, fake.credentials.appKey, token]) {
      expect(JSON.stringify(row)).not.toContain(secret);
    }

    // Changing the details keeps the notification address bKash already sends to.
    const again = await configured(t, accountId);
    expect(again.notifyUrl).toBe(gateway.notifyUrl);
    // The owner's alone: a manager may not even read it.
    expect((await call(t.manager, 'GET', path)).statusCode).toBe(403);
    expect((await call(t.admin, 'PUT', path, goodBody(accountId))).statusCode).toBe(403);

    expect((await call(t.owner, 'DELETE', path)).statusCode).toBe(204);
    expect((await call(t.owner, 'GET', path)).json()).toEqual({ gateway: null });
    expect((await call(t.owner, 'DELETE', path)).statusCode).toBe(404);
  });
});

describe('a shop pays its due from its statement link', () => {
  it('goes statement → create → bKash page → callback → execute → query, records one payment and lowers the due', async () => {
    setClock('2026-11-24T10:00:00+06:00');
    const { t, accountId, shopId, token, shopCode } = await dealerWithShop(3500);
    const checkout = `/api/v1/public/statements/${token}/bkash`;
    // Without a gateway the statement cannot offer it.
    expect((await call(null, 'POST', checkout, {})).json().code).toBe('bkash.notConfigured');
    await configured(t, accountId);
    const tooMuch = await call(null, 'POST', checkout, { amount: 3600 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors[0]).toMatchObject({ field: 'amount', code: 'bkash.moreThanDue', params: { due: 3500 } });

    forgetBkashTokens();
    const callsBefore = fake.calls.length;
    const started = await call(null, 'POST', checkout, { amount: 3000 });
    expect(started.statusCode, started.body).toBe(200);
    const { bkashURL, amount } = started.json();
    expect(amount).toBe(3000);
    expect(bkashURL.startsWith(`${fake.origin}/redirect/tokenized/`)).toBe(true);
    const paymentID = new URL(bkashURL).searchParams.get('paymentID')!;
    const created = fake.payments.get(paymentID)!;
    expect(created).toMatchObject({ amount: '3000', payerReference: shopCode, status: 'Initiated' });
    expect(created.merchantInvoiceNumber).toMatch(new RegExp(`^${shopCode}-[0-9a-f]{10}$`));
    // The callback address names neither the store nor the statement's token readably.
    expect(created.callbackURL.startsWith(`${PUBLIC}/api/v1/payments/bkash/callback/`)).toBe(true);
    expect(created.callbackURL).not.toContain(token);
    expect(created.callbackURL).not.toContain(t.store.id);

    // The payer's page: "Pay" completes it on bKash's side and sends the browser back.
    const page = await fetch(bkashURL);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Pay Tk 3000');
    const form = new URLSearchParams({ paymentID, wallet: '01711000009', action: 'pay' });
    const paid = await fetch(`${fake.origin}/redirect/tokenized/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      redirect: 'manual',
    });
    expect(paid.status).toBe(302);
    const back = new URL(paid.headers.get('location')!);
    expect(back.searchParams.get('status')).toBe('success');
    expect(back.searchParams.get('paymentID')).toBe(paymentID);
    // Nothing counts before the callback executes it.
    expect(await incoming(t.store.id)).toEqual([]);

    const callback = await call(null, 'GET', `${back.pathname}${back.search}`);
    expect(callback.statusCode).toBe(303);
    expect(callback.headers.location).toBe(`https://mjd.test/s/${token}?paid=1`);
    expect(fake.payments.get(paymentID)!.status).toBe('Completed');
    const trxID = fake.payments.get(paymentID)!.trxID!;
    expect(await incoming(t.store.id)).toEqual([
      { trx_id: trxID, amount: '3000.00', status: 'recorded', shop_id: shopId, source: 'api', reference: shopCode, sender: '01711000009' },
    ]);
    expect(await dueOf(shopId)).toBe(500);
    expect(await duePayments(shopId)).toBe(1);
    // One token for create, execute and query: kept, not asked for each call.
    expect(fake.calls.slice(callsBefore)).toEqual(['token/grant', 'create', 'execute', 'payment/status']);

    // The payer reloads the page: bKash says it is done already, the query says completed, still one payment.
    const reload = await call(null, 'GET', `${back.pathname}${back.search}`);
    expect(reload.headers.location).toBe(`https://mjd.test/s/${token}?paid=1`);
    // bKash's notification of the same transaction comes too: one payment all the same.
    const gateway = (await call(t.owner, 'GET', gatewayPath(t.store.id))).json().gateway;
    const late = await notify(new URL(gateway.notifyUrl).pathname, fake.notificationFor(trxID));
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json()).toEqual({ outcome: 'duplicate' });
    expect((await incoming(t.store.id)).length).toBe(1);
    expect(await dueOf(shopId)).toBe(500);
    expect(await duePayments(shopId)).toBe(1);

    // What the shop sees now: Tk 500 left, so at most that.
    const more = await call(null, 'POST', checkout, { amount: 600 });
    expect(more.json().errors[0].params).toEqual({ due: 500 });
  });

  it('a cancelled or failed payment records nothing and says why on the statement', async () => {
    const { t, accountId, shopId, token } = await dealerWithShop(1000);
    await configured(t, accountId);
    const { bkashURL } = (await call(null, 'POST', `/api/v1/public/statements/${token}/bkash`, {})).json();
    const paymentID = new URL(bkashURL).searchParams.get('paymentID')!;
    expect(fake.payments.get(paymentID)!.amount).toBe('1000');
    const cancelled = await fetch(`${fake.origin}/redirect/tokenized/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ paymentID, action: 'cancel' }).toString(),
      redirect: 'manual',
    });
    const back = new URL(cancelled.headers.get('location')!);
    expect(back.searchParams.get('status')).toBe('cancel');
    const res = await call(null, 'GET', `${back.pathname}${back.search}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`https://mjd.test/s/${token}?paid=0&reason=cancelled`);
    // A forged "success" for the cancelled payment: bKash's execute and query both say no.
    const forged = await call(null, 'GET', `${back.pathname}?paymentID=${paymentID}&status=success`);
    expect(forged.headers.location).toBe(`https://mjd.test/s/${token}?paid=0&reason=cancelled`);
    expect(await incoming(t.store.id)).toEqual([]);
    expect(await dueOf(shopId)).toBe(1000);
    // A callback address that this server did not make is nobody's.
    const unknown = await call(null, 'GET', '/api/v1/payments/bkash/callback/v1.AAAA.BBBB?paymentID=x&status=success');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('bkash.checkoutNotFound');
  });

  it('nothing due, or a dead link: no payment is started', async () => {
    const { t, accountId, token } = await dealerWithShop(0);
    await configured(t, accountId);
    const none = await call(null, 'POST', `/api/v1/public/statements/${token}/bkash`, {});
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('bkash.nothingDue');
    const dead = await call(null, 'POST', '/api/v1/public/statements/AAAAAAAAAAAA/bkash', {});
    expect(dead.statusCode).toBe(404);
    expect(dead.json().code).toBe('statement.notFound');
  });
});

describe("bKash's notifications", () => {
  /** A store set up, a shop that owes, and the address bKash notifies. */
  async function listening(due = 2000) {
    const d = await dealerWithShop(due);
    const gateway = await configured(d.t, d.accountId);
    return { ...d, notifyPath: new URL(gateway.notifyUrl).pathname };
  }

  it('one paid in the bKash app with the shop code counts after bKash confirms it', async () => {
    const { t, shopId, shopCode, notifyPath } = await listening(2000);
    const trx = fake.addTransaction({ amount: 1500, sender: '8801711000042', reference: shopCode });
    const res = await notify(notifyPath, fake.notificationFor(trx.trxID));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ outcome: 'recorded' });
    expect(await incoming(t.store.id)).toEqual([
      { trx_id: trx.trxID, amount: '1500.00', status: 'recorded', shop_id: shopId, source: 'api', reference: shopCode, sender: '01711000042' },
    ]);
    expect(await dueOf(shopId)).toBe(500);
    // SignatureVersion 2 (SHA256withRSA) is checked as well.
    const second = fake.addTransaction({ amount: 100, sender: '01711000042', reference: shopCode });
    expect((await notify(notifyPath, fake.notificationFor(second.trxID, '2'))).json()).toEqual({ outcome: 'recorded' });
    expect(await dueOf(shopId)).toBe(400);
  });

  it('with a bad signature is refused (403) and nothing is recorded', async () => {
    const { t, shopId, shopCode, notifyPath } = await listening();
    const trx = fake.addTransaction({ amount: 700, sender: '01711000042', reference: shopCode });
    const good = JSON.parse(fake.notificationFor(trx.trxID));
    // The amount changed on the way: the signature no longer matches.
    const tampered = { ...good, Message: good.Message.replace('"amount":"700"', '"amount":"7000"') };
    expect(tampered.Message).not.toBe(good.Message);
    // Signed by someone else's key, with a certificate from somewhere SNS is not.
    const elsewhere = { ...good, SigningCertURL: 'https://evil.example/SimpleNotificationService-x.pem' };
    const unsigned = { ...good, Signature: Buffer.from('not a signature').toString('base64') };
    const oldVersion = { ...good, SignatureVersion: '3' };
    for (const body of [tampered, elsewhere, unsigned, oldVersion]) {
      const res = await notify(notifyPath, JSON.stringify(body));
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().code).toBe('bkash.badSignature');
    }
    expect(await incoming(t.store.id)).toEqual([]);
    expect(await dueOf(shopId)).toBe(2000);
    // An address that is no store's: not found, whatever it carries.
    const nobody = await notify('/api/v1/payments/bkash/notify/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', JSON.stringify(good));
    expect(nobody.statusCode).toBe(404);
  });

  it('the same notification delivered 20 times at once makes one payment', async () => {
    const { t, shopId, shopCode, notifyPath } = await listening(2000);
    const trx = fake.addTransaction({ amount: 800, sender: '01711000042', reference: shopCode });
    const body = fake.notificationFor(trx.trxID);
    const answers = await Promise.all(Array.from({ length: 20 }, () => notify(notifyPath, body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const outcomes = answers.map((a) => a.json().outcome as string);
    expect(outcomes.filter((o) => o === 'recorded')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(19);
    expect(await incoming(t.store.id)).toHaveLength(1);
    expect(await duePayments(shopId)).toBe(1);
    expect(await dueOf(shopId)).toBe(1200);
    // And again later: still one.
    expect((await notify(notifyPath, body)).json()).toEqual({ outcome: 'duplicate' });
    expect(await duePayments(shopId)).toBe(1);
  });

  it('for a transaction bKash does not confirm records nothing', async () => {
    const { t, shopId, shopCode, notifyPath } = await listening();
    const trx = fake.addTransaction({ amount: 300, sender: '01711000042', reference: shopCode });
    const good = JSON.parse(fake.notificationFor(trx.trxID)) as { Message: string; MessageId: string; TopicArn: string; Timestamp: string };
    // Properly signed, but bKash's search knows no such transaction…
    const unknownTrx = fake.sign({ ...good, Type: 'Notification', Message: good.Message.replaceAll(trx.trxID, 'ZZZZZZZZZZ') });
    // …or knows it for another amount.
    const otherAmount = fake.sign({ ...good, Type: 'Notification', Message: good.Message.replace('"amount":"300"', '"amount":"3000"') });
    for (const body of [unknownTrx, otherAmount]) {
      const res = await notify(notifyPath, JSON.stringify(body));
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().code).toBe('bkash.notConfirmed');
    }
    // Not a completed payment: nothing to do.
    const pending = fake.sign({ ...good, Type: 'Notification', Message: good.Message.replace('"Completed"', '"Initiated"') });
    expect((await notify(notifyPath, JSON.stringify(pending))).json()).toEqual({ outcome: 'ignored' });
    expect(await incoming(t.store.id)).toEqual([]);
    expect(await dueOf(shopId)).toBe(2000);
  });

  it('one that matches no shop waits for a person', async () => {
    const { t, notifyPath } = await listening();
    const trx = fake.addTransaction({ amount: 250, sender: '01799999999', reference: 'for gas' });
    expect((await notify(notifyPath, fake.notificationFor(trx.trxID))).json()).toEqual({ outcome: 'waiting' });
    expect((await incoming(t.store.id)).map((p) => p.status)).toEqual(['unmatched']);
  });

  it("confirms SNS's subscription at SNS's address, after checking its signature", async () => {
    const { notifyPath } = await listening();
    const body = fake.subscriptionFor();
    const token = JSON.parse(body).Token as string;
    const res = await ctx.app.inject({
      method: 'POST',
      url: notifyPath,
      headers: { 'content-type': 'text/plain; charset=UTF-8', 'x-amz-sns-message-type': 'SubscriptionConfirmation' },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ outcome: 'subscribed' });
    expect(fake.confirmedSubscriptions).toContain(token);
  });
});

describe('the client and the checks, alone', () => {
  it('keeps its token until it expires, then refreshes it (the clock is the caller’s)', async () => {
    forgetBkashTokens();
    let nowMs = Date.parse('2026-11-24T10:00:00Z');
    const client = new BkashClient({ baseUrl: fake.baseUrl, credentials: fake.credentials, nowMs: () => nowMs });
    const before = fake.calls.length;
    const trx = fake.addTransaction({ amount: 10, sender: '01711000001' });
    await client.searchTransaction(trx.trxID);
    await client.searchTransaction(trx.trxID);
    expect(fake.calls.slice(before)).toEqual(['token/grant', 'general/searchTransaction', 'general/searchTransaction']);
    nowMs += 3600_000;
    const found = await client.searchTransaction(trx.trxID);
    expect(fake.calls.slice(before + 3)).toEqual(['token/refresh', 'general/searchTransaction']);
    expect(found).toMatchObject({ trxID: trx.trxID, transactionStatus: 'Completed', amount: 10, organizationShortCode: '01700000000' });
  });

  it('says what bKash refused in plain words, and an unreachable bKash as such', async () => {
    forgetBkashTokens();
    const wrong = new BkashClient({ baseUrl: fake.baseUrl, credentials: { ...fake.credentials, appSecret: 'x' } });
    const refused = await wrong.grantToken().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BkashError);
    expect(refused).toMatchObject({ failure: 'refused', bkashCode: '2001', message: 'bKash does not know this app key' });
    const gone = new BkashClient({ baseUrl: 'http://127.0.0.1:9/v1.2.0-beta', credentials: fake.credentials, timeoutMs: 2_000 });
    expect(await gone.grantToken().catch((e: unknown) => e)).toMatchObject({ failure: 'unreachable' });
    const client = new BkashClient({ baseUrl: fake.baseUrl, credentials: fake.credentials });
    expect(await client.queryPayment('TR00NOPE').catch((e: unknown) => e)).toMatchObject({ bkashCode: '2002' });
  });

  it('keeps the tokens of its addresses out of the request log', () => {
    expect(redactUrl('/api/v1/payments/bkash/notify/AbCdEf0123456789AbCdEf0123456789')).toBe('/api/v1/payments/bkash/notify/***');
    expect(redactUrl('/api/v1/payments/bkash/callback/v1.abc.def?paymentID=TR1&status=success')).toBe(
      '/api/v1/payments/bkash/callback/***?paymentID=TR1&status=success',
    );
    expect(redactUrl('/api/v1/public/statements/AbCdEf012345/bkash')).toBe('/api/v1/public/statements/***/bkash');
  });

  it("reads bKash's times and amounts", () => {
    expect(bkashTime('2019-08-07T11:15:56:336 GMT+0600')).toBe('2019-08-07T05:15:56.336Z');
    expect(bkashTime('20180419122246')).toBe('2018-04-19T06:22:46.000Z');
    expect(bkashTime('yesterday')).toBeNull();
    expect(bkashAmount('3500.00')).toBe(3500);
    expect(bkashAmount('15')).toBe(15);
    expect(bkashAmount('1e3')).toBeNaN();
  });

  it('lets a store point only at the allowed bKash hosts', () => {
    const options = defaultBkashOptions();
    expect(baseUrlAllowed(options, 'https://tokenized.pay.bka.sh/v1.2.0-beta')).toBe(true);
    expect(baseUrlAllowed(options, 'https://tokenized.sandbox.bka.sh/v1.2.0-beta/')).toBe(true);
    expect(baseUrlAllowed(options, 'https://tokenized.pay.bka.sh.evil.example/v1.2.0-beta')).toBe(false);
    expect(baseUrlAllowed(options, 'https://user@tokenized.pay.bka.sh/v1.2.0-beta')).toBe(false);
    expect(baseUrlAllowed(options, 'http://tokenized.pay.bka.sh/v1.2.0-beta')).toBe(false);
    expect(baseUrlAllowed(options, 'http://169.254.169.254/latest')).toBe(false);
  });

  it("builds SNS's string to sign in AWS's order and trusts only SNS's certificate hosts", async () => {
    const message = parseSnsMessage({
      Type: 'Notification',
      MessageId: 'm-1',
      TopicArn: 'arn:aws:sns:ap-southeast-1:1:t',
      Subject: 'S',
      Message: 'hello\nworld',
      Timestamp: '2026-11-24T04:00:00.000Z',
      SignatureVersion: '1',
      Signature: 'c2ln',
      SigningCertURL: 'https://sns.ap-southeast-1.amazonaws.com/SimpleNotificationService-abc.pem',
      UnsubscribeURL: 'https://sns.ap-southeast-1.amazonaws.com/?Action=Unsubscribe',
    })!;
    expect(snsStringToSign(message)).toBe(
      'Message\nhello\nworld\nMessageId\nm-1\nSubject\nS\nTimestamp\n2026-11-24T04:00:00.000Z\nTopicArn\narn:aws:sns:ap-southeast-1:1:t\nType\nNotification\n',
    );
    const verify = snsVerifier();
    for (const cert of ['http://sns.ap-southeast-1.amazonaws.com/x.pem', 'https://sns.ap-southeast-1.amazonaws.com.evil.example/x.pem', 'https://sns.ap-southeast-1.amazonaws.com/x.txt']) {
      expect(await verify({ ...message, SigningCertURL: cert })).toEqual({ ok: false, reason: 'the signing certificate is not from SNS' });
    }
    expect(snsTrust('http://127.0.0.1:1234/sns').certUrl.test('http://127.0.0.1:1234/sns/a.pem')).toBe(true);
    expect(snsTrust('http://127.0.0.1:1234/sns').certUrl.test('http://127.0.0.1:12345/sns/a.pem')).toBe(false);
  });
});
