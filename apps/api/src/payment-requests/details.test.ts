import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBanglaQr, readPaymentQr } from '@mojud/domain';
import { createTestApp } from '../tooling/test/helpers';
import { addShop, quietOnDrop, storeRequests, teamSellingBashundhara, type Team } from '../tooling/test/stock';
import { DEMO_BANGLA_QR } from '../payments/demo-seed';

// The store's payment details and the payment request (DEALER.md rule 22) through the real
// routes: a Bangla QR set (a damaged one refused, nothing changed), a shop owing Tk 3,500 asked
// for it by its code with a dynamic QR whose CRC checks, on its public statement and in its
// reminder; a sale's receipt asking for what is left of it by the sale's number.

const ctx = quietOnDrop(await createTestApp({ linkBase: 'https://mjd.bd' }));
afterAll(() => ctx.close());

let t: Team;
let itemId: string;
let shopId: string;
const { send, ok } = storeRequests(ctx, () => t.store.id);
const details = async (who = t.staff) => (await ok(who, 'GET', 'payment-details')).details;
const request = async (id = shopId, who = t.staff) => (await ok(who, 'GET', `shops/${id}/payment-request`)).request;
const key = () => ({ 'idempotency-key': crypto.randomUUID() });

// A one-character slip in the merchant's name: the CRC no longer matches.
const DAMAGED = DEMO_BANGLA_QR.replace('RAHIM', 'RAHIN');

beforeAll(async () => {
  ({ t, itemId } = await teamSellingBashundhara(ctx, 20));
  await ok(t.manager, 'POST', 'accounts', { kind: 'wallet', provider: 'bkash', walletType: 'merchant', number: '01711-223344' });
  shopId = await addShop(ctx, t.store.id, 'Karim Traders');
  await ctx.pool.query(`update shops set phone = '+8801811000111', price_tier = 'retail' where id = $1`, [shopId]);
  await ok(t.manager, 'POST', `shops/${shopId}/opening`, { due: 3500 }, key());
});

describe("the store's payment details", () => {
  it('everyone at the counter reads the wallets with their numbers; no Bangla QR yet', async () => {
    expect(await details()).toEqual({
      banglaQr: null,
      wallets: [{ accountId: expect.any(String), provider: 'bkash', walletType: 'merchant', number: '+8801711223344' }],
      inboundNumber: null,
    });
  });

  it('a manager sets the Bangla QR; the answer names the merchant it read', async () => {
    const res = await send(t.manager, 'PUT', 'payment-details', { banglaQr: `${DEMO_BANGLA_QR}\n` });
    expect(res.statusCode).toBe(200);
    expect(res.json().details.banglaQr).toEqual({ payload: DEMO_BANGLA_QR, merchantName: 'RAHIM GAS HOUSE', merchantCity: 'DHAKA' });
    expect((await details(t.staff)).banglaQr.merchantName).toBe('RAHIM GAS HOUSE');
  });

  it('a damaged QR is refused with the reason in plain words, and nothing changes', async () => {
    const res = await send(t.owner, 'PUT', 'payment-details', { banglaQr: DAMAGED });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'banglaQr.badCrc',
      message: 'This QR is damaged: its check digits do not match. Scan it again or paste the whole text.',
      errors: [expect.objectContaining({ field: 'banglaQr', code: 'banglaQr.badCrc' })],
    });
    const foreign = await send(t.owner, 'PUT', 'payment-details', { banglaQr: 'https://example.com/pay' });
    expect(foreign.json().code).toBe('banglaQr.noCrc');
    expect((await details()).banglaQr.payload).toBe(DEMO_BANGLA_QR);
  });

  it('staff read it but may not set or clear it', async () => {
    expect((await send(t.staff, 'PUT', 'payment-details', { banglaQr: null })).statusCode).toBe(403);
    expect((await details()).banglaQr.payload).toBe(DEMO_BANGLA_QR);
  });

  it("another store's member gets 404, and so does a shop of another store", async () => {
    expect((await send(t.outsider, 'GET', 'payment-details')).statusCode).toBe(404);
    expect((await send(t.outsider, 'PUT', 'payment-details', { banglaQr: null })).statusCode).toBe(404);
    expect((await send(t.outsider, 'GET', `shops/${shopId}/payment-request`)).statusCode).toBe(404);
    const theirs = await addShop(ctx, t.otherStore.id, 'Their Shop');
    expect((await send(t.owner, 'GET', `shops/${theirs}/payment-request`)).json()).toMatchObject({ code: 'shop.notFound' });
    expect((await send(t.owner, 'GET', 'shops/not-an-id/payment-request')).statusCode).toBe(404);
  });

  it('the demo store’s QR is a sound Bangla QR', () => {
    expect(checkBanglaQr(DEMO_BANGLA_QR).ok).toBe(true);
  });
});

describe('a payment request', () => {
  it('asks a shop owing Tk 3,500 for it by its code, with the wallets and a dynamic QR whose CRC checks', async () => {
    const asked = await request();
    expect(asked).toMatchObject({ amount: 3500, reference: 'C-0001', wallets: [expect.objectContaining({ number: '+8801711223344' })] });
    expect(readPaymentQr(asked.qrPayload)).toEqual({ amount: 3500, reference: 'C-0001', crcOk: true });
    expect(asked.qrPayload).toContain('5915RAHIM GAS HOUSE');
    expect(asked.qrPayload).toContain('010212');
  });

  it('a shop that owes nothing is asked for nothing; without a Bangla QR the request has wallets only', async () => {
    const paid = await addShop(ctx, t.store.id, 'Paid Up');
    expect(await request(paid)).toBeNull();
    await ok(t.owner, 'PUT', 'payment-details', { banglaQr: null });
    expect(await request()).toMatchObject({ amount: 3500, qrPayload: null });
    await ok(t.owner, 'PUT', 'payment-details', { banglaQr: DEMO_BANGLA_QR });
  });

  it("the shop's public statement carries the same request", async () => {
    const { url } = await ok(t.staff, 'POST', `shops/${shopId}/statement-links`, { expiresInDays: 7, send: false }, key());
    const token = String(url).split('/s/')[1];
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/public/statements/${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().payment).toEqual(await request());
  });

  it('the reminder and its shared text carry the wallet number and the reference', async () => {
    const text = await ok(t.staff, 'GET', `messages/text?kind=due_reminder&shopId=${shopId}`);
    expect(text.text).toBe('Test Gas House: মোট বাকি ৳৩,৫০০। বিকাশ ০১৭১১-২২৩৩৪৪, রেফ C-0001।');
    expect(text.segments).toBe(1);
    expect(decodeURIComponent(text.whatsappUrl)).toContain('রেফ C-0001');
    const { message } = await ok(t.staff, 'POST', `shops/${shopId}/reminders`, undefined, key());
    expect(message.text).toBe(text.text);
    await ctx.pool.query(`update shops set language = 'en' where id = $1`, [shopId]);
    const english = await ok(t.staff, 'GET', `messages/text?kind=due_reminder&shopId=${shopId}`);
    expect(english.text).toBe(
      'Test Gas House: Karim Traders, you owe Tk 3,500. Pay to bKash 01711-223344, ref C-0001; ignore this if you have paid.',
    );
    await ctx.pool.query(`update shops set language = 'bn' where id = $1`, [shopId]);
  });

  it("a sale's receipt asks for what is left of it by the sale's number, never more than the shop owes", async () => {
    const sold = await ok(t.staff, 'POST', 'sales', {
      shopId,
      lines: [{ itemType: 'cylinder', itemId, tradeType: 'refill', quantity: 2 }],
      payments: [{ method: 'cash', amount: 800 }],
    }, key());
    expect(sold.sale.due).toBe(2000);
    expect(sold.sale.paymentRequest).toMatchObject({ amount: 2000, reference: sold.sale.number });
    expect(readPaymentQr(sold.sale.paymentRequest.qrPayload)).toEqual({ amount: 2000, reference: sold.sale.number, crcOk: true });
    // The shop pays Tk 5,000 of its Tk 5,500: Tk 500 is left, of this sale too.
    const pay = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/workspace/${t.store.id}/divisions/${await areaOf(shopId)}/stores/${shopId}/payments`,
      headers: { ...t.staff.auth, ...key() },
      payload: { amount: 5000, paymentMethod: 'cash' },
    });
    expect(pay.statusCode).toBe(201);
    expect((await ok(t.staff, 'GET', `sales/${sold.sale.id}`)).sale.paymentRequest).toMatchObject({ amount: 500 });
    expect(await request()).toMatchObject({ amount: 500 });
    // A walk-in sale paid in full asks for nothing.
    const walkIn = await ok(t.staff, 'POST', 'sales', {
      lines: [{ itemType: 'cylinder', itemId, tradeType: 'refill', quantity: 1 }],
      payments: [{ method: 'cash', amount: 1400 }],
    }, key());
    expect(walkIn.sale.paymentRequest).toBeNull();
  });
});

async function areaOf(id: string) {
  const { rows } = await ctx.pool.query('select division_id from shops where id = $1', [id]);
  return String(rows[0].division_id);
}
