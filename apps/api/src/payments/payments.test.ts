import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, storeWithTeam, type SignedIn, type TestContext } from '../tooling/test/helpers';

// Money that arrives (DEALER.md rule 22), through the real routes on the real database: a
// wallet's "money received" SMS pasted or forwarded is matched to a shop once and recorded as
// its due payment into the wallet's account, or waits in Unmatched for a manager.

const INBOUND_SECRET = 'inbound-secret-7c1e9a';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ gateways: { inboundSecret: INBOUND_SECRET, inboundNumber: '01700999999' } });
});
afterAll(() => ctx.close());

type Team = Awaited<ReturnType<typeof storeWithTeam>>;
type Who = Pick<SignedIn, 'auth'>;
interface Shop {
  id: string;
  name: string;
  code: string;
  due: number;
}

const base = (storeId: string) => `/api/v1/stores/${storeId}/incoming-payments`;

let keys = 0;
const key = () => `paste-${Date.now()}-${++keys}`;

async function paste(storeId: string, who: Who, text: string, extra: object = {}, idempotencyKey = key()) {
  return ctx.app.inject({
    method: 'POST',
    url: `${base(storeId)}/sms`,
    headers: { ...who.auth, 'idempotency-key': idempotencyKey },
    payload: { text, ...extra },
  });
}

async function mainArea(storeId: string, who: Who): Promise<string> {
  const res = await ctx.app.inject({ url: `/api/v1/workspace/${storeId}/divisions`, headers: who.auth });
  return (res.json().divisions as { id: string; name: string }[]).find((d) => d.name === 'Main')!.id;
}

async function addShop(storeId: string, who: Who, body: { name: string; phone?: string }): Promise<Shop> {
  const area = await mainArea(storeId, who);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/workspace/${storeId}/divisions/${area}/stores`,
    headers: who.auth,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().store as Shop;
}

/** A sell on due, as the inventory area writes it: the shop's due rises by the amount. */
async function owes(storeId: string, shopId: string, userId: string, amount: number) {
  await ctx.pool.query(
    `insert into ledger_entries (store_id, kind, shop_id, total_amount, payment_method, due_delta, quantity, user_id)
     values ($1, 'sell', $2, $3, 'due', $3, 1, $4)`,
    [storeId, shopId, amount.toFixed(2), userId],
  );
}

async function addWallet(storeId: string, who: Who, provider: string, number: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/stores/${storeId}/accounts`,
    headers: who.auth,
    payload: { kind: 'wallet', provider, walletType: 'personal', number },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().account as { id: string };
}

async function history(storeId: string, shopId: string, who: Who) {
  const res = await ctx.app.inject({ url: `/api/v1/stores/${storeId}/shops/${shopId}/history`, headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { due: number; transactions: { kind: string; amount: number; ref: string | null; accountId: string | null; note: string | null }[] };
}

async function balanceOf(storeId: string, accountId: string, who: Who) {
  const res = await ctx.app.inject({ url: `/api/v1/stores/${storeId}/accounts`, headers: who.auth });
  return (res.json().accounts as { id: string; balance: number }[]).find((a) => a.id === accountId)!.balance;
}

async function count(sql: string, params: unknown[]) {
  const { rows } = await ctx.pool.query(sql, params);
  return Number(rows[0].n);
}

const receipts = (storeId: string, shopId: string) =>
  count(`select count(*) as n from message_outbox where store_id = $1 and shop_id = $2 and kind = 'payment_receipt'`, [storeId, shopId]);

const bkashSms = (amount: string, from: string, ref: string | null, trx: string) =>
  `You have received Tk ${amount} from ${from}.${ref === null ? '' : ` Ref ${ref}.`} Fee Tk 0.00. Balance Tk 9,999.00. TrxID ${trx} at 25/11/2026 14:05`;

describe('a pasted bKash SMS', () => {
  let t: Team;
  let bkash: { id: string };
  let karim: Shop;
  beforeAll(async () => {
    t = await storeWithTeam(ctx);
    bkash = await addWallet(t.store.id, t.owner, 'bkash', '01711000001');
    karim = await addShop(t.store.id, t.manager, { name: 'Karim Gas', phone: '01811000001' });
    await owes(t.store.id, karim.id, t.owner.id, 3500);
  });

  it("records one payment of 3,000 into the bKash account by the shop's code, pasted twice", async () => {
    expect(karim.code).toMatch(/^C-\d{4}$/);
    const sms = bkashSms('3,000.00', '01999000111', karim.code, '9A1B2C3D4E');
    const first = await paste(t.store.id, t.staff, sms);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      duplicate: false,
      payment: {
        provider: 'bkash',
        trxId: '9A1B2C3D4E',
        source: 'pasted',
        amount: 3000,
        sender: '01999000111',
        reference: karim.code,
        paidAt: '2026-11-25T08:05:00.000Z',
        accountId: bkash.id,
        accountName: 'bKash',
        status: 'recorded',
        reason: null,
        shop: { id: karim.id, name: 'Karim Gas' },
        matchedBy: 'reference',
      },
    });
    // The SMS tells the wallet's balance: the owner's money, left out of a staff member's answer.
    expect(first.json().payment).not.toHaveProperty('raw');

    const again = await paste(t.store.id, t.manager, sms);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ duplicate: true, payment: { id: first.json().payment.id, status: 'recorded', raw: sms } });

    const h = await history(t.store.id, karim.id, t.owner);
    expect(h.due).toBe(500);
    const payments = h.transactions.filter((x) => x.kind === 'due_payment');
    expect(payments).toEqual([expect.objectContaining({ amount: 3000, ref: '9A1B2C3D4E', accountId: bkash.id, note: null })]);
    expect(await balanceOf(t.store.id, bkash.id, t.owner)).toBe(3000);
    expect(await count(`select count(*) as n from ledger_entries where store_id = $1 and idempotency_key = 'bkash:9A1B2C3D4E'`, [t.store.id])).toBe(1);
    expect(await receipts(t.store.id, karim.id)).toBe(1);
  });

  it('takes more than the due as an advance, never refusing money already received', async () => {
    const res = await paste(t.store.id, t.staff, bkashSms('800.00', '01999000111', karim.code.toLowerCase().replace('-', ''), 'ADV0000001'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().payment).toMatchObject({ status: 'recorded', matchedBy: 'reference', shop: { id: karim.id } });
    const h = await history(t.store.id, karim.id, t.owner);
    expect(h.due).toBe(-300);
    expect(h.transactions[0]).toMatchObject({ kind: 'due_payment', amount: 800, note: 'advance' });
  });

  it("matches by the sender's number when there is no reference, and a sale's number to the sale's shop", async () => {
    const rahim = await addShop(t.store.id, t.manager, { name: 'Rahim Store', phone: '+8801722000002' });
    await owes(t.store.id, rahim.id, t.owner.id, 1000);
    const byPhone = await paste(t.store.id, t.staff, bkashSms('400.00', '01722000002', null, 'PHONE00001'));
    expect(byPhone.statusCode, byPhone.body).toBe(201);
    expect(byPhone.json().payment).toMatchObject({ status: 'recorded', matchedBy: 'phone', shop: { id: rahim.id, name: 'Rahim Store' } });

    await ctx.pool.query(
      `insert into sales (store_id, number, shop_id, tier, subtotal, total, paid, due, shop_balance_before, user_id)
       values ($1, 123, $2, 'wholesale', 200, 200, 0, 200, 600, $3)`,
      [t.store.id, rahim.id, t.owner.id],
    );
    // From another shop's number, but naming Rahim's sale: the reference wins.
    const bySale = await paste(t.store.id, t.staff, bkashSms('200.00', '01811000001', 'S-000123', 'SALE000001'));
    expect(bySale.json().payment).toMatchObject({ status: 'recorded', matchedBy: 'reference', shop: { id: rahim.id } });
    expect((await history(t.store.id, rahim.id, t.owner)).due).toBe(400);
  });

  it('refuses what is not a payment, changing nothing', async () => {
    const before = await count(`select count(*) as n from incoming_payments where store_id = $1`, [t.store.id]);
    const sent = await paste(t.store.id, t.staff, 'Send Money Tk 510.00 to 01813000011 successful. Fee Tk 5.00. Balance Tk 4,479.65. TrxID DCK1B9P81J at 20/03/2026 00:08');
    expect(sent.statusCode).toBe(422);
    expect(sent.json()).toMatchObject({ code: 'payments.notMoneyReceived', message: 'This is not a money-received message from bKash, Nagad or Rocket' });
    const noTrx = await paste(t.store.id, t.staff, 'You have received Tk 500.00 from 01711223344. Fee Tk 0.00. Balance Tk 1,234.56.');
    expect(noTrx.statusCode).toBe(422);
    expect(noTrx.json().code).toBe('payments.noTransactionId');
    const amount = await paste(t.store.id, t.staff, bkashSms('5,00,0.0', '01711223344', null, 'BADAMOUNT1'));
    expect(amount.json().code).toBe('payments.amountUnreadable');

    const nagad = await paste(t.store.id, t.staff, 'Money Received.\nAmount: Tk 500.00\nSender: 01812000006\nRef: N/A\nTxnID: 71NB482J\nBalance: Tk 1,500.00\n25/11/2026 14:05');
    expect(nagad.statusCode).toBe(422);
    expect(nagad.json()).toMatchObject({ code: 'payments.noWallet', message: 'Add your Nagad wallet on the accounts page first', params: { provider: 'nagad' } });

    const cash = await ctx.app.inject({ url: `/api/v1/stores/${t.store.id}/accounts`, headers: t.owner.auth });
    const drawer = (cash.json().accounts as { id: string; kind: string }[]).find((a) => a.kind === 'cash')!;
    const wrong = await paste(t.store.id, t.staff, bkashSms('100.00', '01711223344', null, 'WRONGACC01'), { accountId: drawer.id });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('payments.walletMismatch');

    for (const payload of [{}, { text: 'short' }, { text: 'x'.repeat(1001) }, { text: bkashSms('1.00', '01711223344', null, 'BADBODY001'), accountId: 'nope' }]) {
      const res = await ctx.app.inject({ method: 'POST', url: `${base(t.store.id)}/sms`, headers: t.staff.auth, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await count(`select count(*) as n from incoming_payments where store_id = $1`, [t.store.id])).toBe(before);
  });

  it('records one payment when the same SMS is pasted 20 times at once', async () => {
    const sms = bkashSms('1,000.00', '01999000111', karim.code, 'PARALLEL01');
    const answers = await Promise.all(Array.from({ length: 20 }, () => paste(t.store.id, t.staff, sms)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([...Array(19).fill(200), 201]);
    expect(new Set(answers.map((a) => a.json().payment.id)).size).toBe(1);
    expect(answers.filter((a) => a.json().duplicate === false)).toHaveLength(1);
    expect(await count(`select count(*) as n from ledger_entries where store_id = $1 and idempotency_key = 'bkash:PARALLEL01'`, [t.store.id])).toBe(1);
    expect(await count(`select count(*) as n from incoming_payments where store_id = $1 and trx_id = 'PARALLEL01'`, [t.store.id])).toBe(1);
  });

  it('answers a paste queued offline and sent again with its key as the first time', async () => {
    const sms = bkashSms('50.00', '01999000111', karim.code, 'OUTBOX0001');
    const k = key();
    const first = await paste(t.store.id, t.staff, sms, {}, k);
    const replay = await paste(t.store.id, t.staff, sms, {}, k);
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
  });
});

describe('Unmatched payments', () => {
  let t: Team;
  let twinA: Shop;
  let twinB: Shop;
  beforeAll(async () => {
    t = await storeWithTeam(ctx);
    await addWallet(t.store.id, t.owner, 'bkash', '01711000002');
    twinA = await addShop(t.store.id, t.manager, { name: 'Twin One', phone: '01733000003' });
    twinB = await addShop(t.store.id, t.manager, { name: 'Twin Two', phone: '01733-000003' });
    await owes(t.store.id, twinB.id, t.owner.id, 900);
  });

  it('keeps a payment from a number two shops share, and a manager assigns it by hand', async () => {
    const res = await paste(t.store.id, t.staff, bkashSms('900.00', '01733000003', null, 'TWINS00001'));
    expect(res.statusCode, res.body).toBe(201);
    const payment = res.json().payment;
    expect(payment).toMatchObject({ status: 'unmatched', reason: 'twoShops', shop: null, matchedBy: null });
    expect(payment.candidates.map((c: { id: string }) => c.id).sort()).toEqual([twinA.id, twinB.id].sort());
    expect(await count(`select count(*) as n from ledger_entries where store_id = $1 and idempotency_key = 'bkash:TWINS00001'`, [t.store.id])).toBe(0);

    const list = await ctx.app.inject({ url: `${base(t.store.id)}?status=unmatched`, headers: t.manager.auth });
    expect(list.statusCode).toBe(200);
    expect(list.json().payments.map((p: { id: string }) => p.id)).toEqual([payment.id]);

    const byStaff = await ctx.app.inject({ method: 'POST', url: `${base(t.store.id)}/${payment.id}/assign`, headers: t.staff.auth, payload: { shopId: twinB.id } });
    expect(byStaff.statusCode).toBe(403);
    const assign = await ctx.app.inject({ method: 'POST', url: `${base(t.store.id)}/${payment.id}/assign`, headers: t.manager.auth, payload: { shopId: twinB.id } });
    expect(assign.statusCode, assign.body).toBe(200);
    expect(assign.json().payment).toMatchObject({ status: 'recorded', matchedBy: 'hand', shop: { id: twinB.id, name: 'Twin Two' }, reason: null, settledBy: t.manager.id });
    expect((await history(t.store.id, twinB.id, t.owner)).due).toBe(0);
    expect(await receipts(t.store.id, twinB.id)).toBe(1);

    const again = await ctx.app.inject({ method: 'POST', url: `${base(t.store.id)}/${payment.id}/assign`, headers: t.manager.auth, payload: { shopId: twinA.id } });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('payments.alreadyRecorded');
    const dismiss = await ctx.app.inject({ method: 'POST', url: `${base(t.store.id)}/${payment.id}/dismiss`, headers: t.manager.auth, payload: { reason: 'mistake' } });
    expect(dismiss.statusCode).toBe(409);
    expect((await history(t.store.id, twinA.id, t.owner)).transactions).toEqual([]);
  });

  it('keeps a payment from an unknown number, and a manager puts it aside with the reason', async () => {
    const res = await paste(t.store.id, t.staff, bkashSms('250.00', '01944000004', 'hello', 'UNKNOWN001'));
    const payment = res.json().payment;
    expect(payment).toMatchObject({ status: 'unmatched', reason: 'noMatch', candidates: [] });

    const nowhere = await ctx.app.inject({ method: 'POST', url: `${base(t.store.id)}/${payment.id}/assign`, headers: t.manager.auth, payload: { shopId: crypto.randomUUID() } });
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json().code).toBe('shop.notFound');
    const blank = await ctx.app.inject({ method: 'POST', url: `${base(t.store.id)}/${payment.id}/dismiss`, headers: t.manager.auth, payload: { reason: ' ' } });
    expect(blank.statusCode).toBe(400);

    const dismiss = await ctx.app.inject({ method: 'POST', url: `${base(t.store.id)}/${payment.id}/dismiss`, headers: t.manager.auth, payload: { reason: 'Owner moved his own money' } });
    expect(dismiss.statusCode, dismiss.body).toBe(200);
    expect(dismiss.json().payment).toMatchObject({ status: 'dismissed', reason: 'Owner moved his own money', settledBy: t.manager.id });
    const assign = await ctx.app.inject({ method: 'POST', url: `${base(t.store.id)}/${payment.id}/assign`, headers: t.manager.auth, payload: { shopId: twinA.id } });
    expect(assign.statusCode).toBe(409);
    expect(assign.json().code).toBe('payments.alreadyDismissed');

    const dismissed = await ctx.app.inject({ url: `${base(t.store.id)}?status=dismissed`, headers: t.owner.auth });
    expect(dismissed.json().payments.map((p: { id: string }) => p.id)).toEqual([payment.id]);
    const all = await ctx.app.inject({ url: base(t.store.id), headers: t.owner.auth });
    expect(all.json().payments.map((p: { trxId: string }) => p.trxId)).toEqual(['UNKNOWN001', 'TWINS00001']);
  });

  it('lets staff paste but not list, assign or dismiss; another store finds nothing', async () => {
    const list = await ctx.app.inject({ url: base(t.store.id), headers: t.staff.auth });
    expect(list.statusCode).toBe(403);
    const { rows } = await ctx.pool.query(`select id from incoming_payments where store_id = $1 limit 1`, [t.store.id]);
    const id = rows[0].id as string;
    for (const url of [`${base(t.store.id)}/${id}/assign`, `${base(t.store.id)}/${id}/dismiss`]) {
      const res = await ctx.app.inject({ method: 'POST', url, headers: t.staff.auth, payload: { shopId: twinA.id, reason: 'nope nope' } });
      expect(res.statusCode).toBe(403);
    }
    // The outsider owns another store: this store's payments are not there for them.
    const outsider = await ctx.app.inject({ url: base(t.store.id), headers: t.outsider.auth });
    expect(outsider.statusCode).toBe(404);
    const pasted = await paste(t.store.id, t.outsider, bkashSms('10.00', '01733000003', null, 'OUTSIDER01'));
    expect(pasted.statusCode).toBe(404);
    const fromOwnStore = await ctx.app.inject({ method: 'POST', url: `${base(t.otherStore.id)}/${id}/dismiss`, headers: t.outsider.auth, payload: { reason: 'not mine' } });
    expect(fromOwnStore.statusCode).toBe(404);
    expect(fromOwnStore.json().code).toBe('payments.notFound');
  });
});

describe('a wallet SMS forwarded through the SMS gateway', () => {
  let t: Team;
  let shop: Shop;
  const url = (secret?: string) => `/api/v1/payments/sms-inbound${secret === undefined ? '' : `?secret=${secret}`}`;
  beforeAll(async () => {
    t = await storeWithTeam(ctx);
    await addWallet(t.store.id, t.owner, 'nagad', '01755000005');
    shop = await addShop(t.store.id, t.manager, { name: 'Forward Gas', phone: '01766000006' });
    await owes(t.store.id, shop.id, t.owner.id, 2000);
  });

  const nagadSms = (trx: string) => `Money Received.\nAmount: Tk 1,500.00\nSender: 01766000006\nRef: N/A\nTxnID: ${trx}\nBalance: Tk 9,000.00\n25/11/2026 14:05`;

  it('is not there without the secret, or with a wrong one', async () => {
    for (const u of [url(), url('wrong'), url(`${INBOUND_SECRET}x`)]) {
      const res = await ctx.app.inject({ method: 'POST', url: u, payload: { from: '01755000005', text: nagadSms('FWD00001') } });
      expect(res.statusCode, u).toBe(404);
    }
    expect(await count(`select count(*) as n from incoming_payments where store_id = $1`, [t.store.id])).toBe(0);
  });

  it('tells the store the number its wallet SMS can be forwarded to', async () => {
    const res = await ctx.app.inject({ url: `/api/v1/stores/${t.store.id}/payment-details`, headers: t.owner.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().details.inboundNumber).toBe('01700999999');
  });

  it("records the payment in the store whose wallet forwarded it, as a form or JSON, once", async () => {
    const form = await ctx.app.inject({
      method: 'POST',
      url: url(INBOUND_SECRET),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ from: '+8801755000005', text: nagadSms('FWD00002'), sim: '1' }).toString(),
    });
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json()).toEqual({ outcome: 'recorded' });
    const json = await ctx.app.inject({ method: 'POST', url: url(INBOUND_SECRET), payload: { from: '01755-000005', text: nagadSms('FWD00002') } });
    expect(json.json()).toEqual({ outcome: 'duplicate' });

    const list = await ctx.app.inject({ url: base(t.store.id), headers: t.owner.auth });
    expect(list.json().payments).toEqual([
      expect.objectContaining({ provider: 'nagad', trxId: 'FWD00002', source: 'forwarded', amount: 1500, status: 'recorded', matchedBy: 'phone', shop: { id: shop.id, name: 'Forward Gas' } }),
    ]);
    expect((await history(t.store.id, shop.id, t.owner)).due).toBe(500);
    // Nobody entered it: the ledger names the store's owner.
    const { rows } = await ctx.pool.query(`select user_id from ledger_entries where store_id = $1 and idempotency_key = 'nagad:FWD00002'`, [t.store.id]);
    expect(rows).toEqual([{ user_id: t.owner.id }]);
  });

  it('answers what it could not use without recording anything', async () => {
    const before = await count(`select count(*) as n from incoming_payments`, []);
    const unknown = await ctx.app.inject({ method: 'POST', url: url(INBOUND_SECRET), payload: { from: '01799999999', text: nagadSms('FWD00003') } });
    expect(unknown.json()).toEqual({ outcome: 'unknownWallet' });
    const notMoney = await ctx.app.inject({ method: 'POST', url: url(INBOUND_SECRET), payload: { from: '01755000005', text: 'Your Nagad OTP is 000000' } });
    expect(notMoney.json()).toEqual({ outcome: 'unreadable' });
    const bad = await ctx.app.inject({ method: 'POST', url: url(INBOUND_SECRET), payload: { text: nagadSms('FWD00004') } });
    expect(bad.statusCode).toBe(400);
    expect(await count(`select count(*) as n from incoming_payments`, [])).toBe(before);
  });
});
