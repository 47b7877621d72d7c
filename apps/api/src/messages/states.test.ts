import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activate, cylinder, stock, url } from '../tooling/test/stock';
import {
  createTestApp,
  silentLog,
  storeWithTeam,
  type SignedIn,
  type TestContext,
} from '../tooling/test/helpers';
import { dhakaTime, resetClock, setClock } from '../clock';
import { applyDeliveryReport, deliverMessage } from './deliver';
import { startFakeGateway } from './fake-gateway';
import { createGateways } from './gateways';

// What a message says became of it is what happened (issue 29): no service → "not sent", never
// "delivered"; quiet hours → waiting until 8:00; a gateway took it → sent; its delivery report →
// delivered; a refusal → failed with the gateway's reason. The seller can leave a receipt out,
// and the store's texts name its payment number, in both languages.

let ctx: TestContext;
beforeAll(async () => {
  // No job queue: each test delivers its messages itself, through the gateway it chooses.
  ctx = await createTestApp({ jobs: false, linkBase: 'https://mjd.bd' });
});
afterAll(() => ctx.close());

const call = (who: SignedIn, method: string, path: string, payload?: unknown) =>
  ctx.app.inject({
    method: method as 'GET',
    url: path,
    headers: who.auth,
    ...(payload !== undefined && { payload: payload as object }),
  });

/** A dealer with Bashundhara 12 kg at Tk 1,200 and a shop with a mobile number. */
async function dealer(phone = '01711-223344') {
  const t = await storeWithTeam(ctx);
  await activate(ctx, t.store.id, t.owner, ['Bashundhara']);
  const item = await cylinder(ctx, t.store.id, t.owner);
  await stock(ctx, t.store.id, t.owner, item.id, { fullCount: 40, emptyCount: 10, problemCount: 0 }, 1200);
  const { rows } = await ctx.pool.query('select id from divisions where store_id = $1 limit 1', [t.store.id]);
  const res = await call(t.owner, 'POST', `/api/v1/workspace/${t.store.id}/divisions/${rows[0].id}/stores`, {
    name: 'Karim Traders',
    phone,
  });
  expect(res.statusCode).toBe(201);
  return { ...t, item, shopId: res.json().store.id as string };
}
type Dealer = Awaited<ReturnType<typeof dealer>>;

/** A sale of one refill on due to the shop; `sendReceipt` as the sale screen sends it. */
async function sellOnDue(t: Dealer, extra: Record<string, unknown> = {}) {
  const res = await call(t.staff, 'POST', url(t.store.id, 'sales'), {
    shopId: t.shopId,
    lines: [{ itemType: 'cylinder', itemId: t.item.id, tradeType: 'refill', quantity: 1 }],
    ...extra,
  });
  expect(res.statusCode).toBe(201);
  return res.json().sale as { id: string };
}

const messages = async (t: Dealer) =>
  (await call(t.owner, 'GET', url(t.store.id, 'messages'))).json().messages;
const deliver = (t: Dealer, id: number, gateways = createGateways({}, ctx.pool)) =>
  deliverMessage(ctx.pool, gateways, t.store.id, id, silentLog);

describe('message states', () => {
  it('with no SMS service a receipt is "not sent", never sent or delivered, and its text is there to send by hand', async () => {
    const t = await dealer();
    await sellOnDue(t);
    const [queued] = await messages(t);
    expect(queued).toMatchObject({ kind: 'sale_receipt', status: 'queued' });
    await deliver(t, queued.id);
    const [after] = await messages(t);
    expect(after).toMatchObject({ status: 'unsent', sentAt: null, deliveredAt: null, gateway: 'capture' });
    expect(after.text).toContain('৳১,২০০');
    // The Messages page's "Send on WhatsApp" for it: the same text, to the shop's number.
    const text = await call(
      t.staff,
      'GET',
      `${url(t.store.id, 'messages/text')}?kind=sale_receipt&saleId=${after.saleId}`,
    );
    expect(text.json().message.status).toBe('unsent');
    expect(text.json().whatsappUrl).toBe(
      `https://wa.me/8801711223344?text=${encodeURIComponent(after.text)}`,
    );
    // The filter finds it under its own state.
    const filtered = await call(t.owner, 'GET', `${url(t.store.id, 'messages')}?status=unsent`);
    expect(filtered.json().messages.map((m: { id: number }) => m.id)).toEqual([after.id]);
  });

  it('a reminder made at night waits until 8:00 Dhaka, then is not sent without a service', async () => {
    const t = await dealer();
    await sellOnDue(t);
    const day = '2026-11-24';
    try {
      setClock(dhakaTime(day, '02:40'));
      const res = await call(t.staff, 'POST', url(t.store.id, `shops/${t.shopId}/reminders`), {});
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toMatchObject({
        status: 'queued',
        notBefore: dhakaTime(day, '08:00').toISOString(),
      });
      await deliver(t, res.json().message.id);
      expect((await messages(t))[0]).toMatchObject({ kind: 'due_reminder', status: 'queued', attempts: 0 });
      setClock(dhakaTime(day, '08:00'));
      await deliver(t, res.json().message.id);
      expect((await messages(t))[0]).toMatchObject({ kind: 'due_reminder', status: 'unsent' });
    } finally {
      resetClock();
    }
  });

  it('a gateway that takes it makes it "sent"; only its delivery report makes it "delivered"', async () => {
    const t = await dealer();
    await sellOnDue(t);
    const gateway = await startFakeGateway();
    try {
      const gateways = createGateways(
        { sms: { url: gateway.url, apiKey: 'key-1234', style: 'bulksmsbd' } },
        ctx.pool,
      );
      const [queued] = await messages(t);
      await deliver(t, queued.id, gateways);
      const [sent] = await messages(t);
      expect(sent).toMatchObject({ status: 'sent', gateway: 'http', deliveredAt: null });
      expect(sent.sentAt).not.toBeNull();
      expect(gateway.accepted).toHaveLength(1);
      expect(await applyDeliveryReport(ctx.pool, 'http', sent.gatewayMessageId, 'delivered', null)).toBe(1);
      const [delivered] = await messages(t);
      expect(delivered.status).toBe('delivered');
      expect(delivered.deliveredAt).not.toBeNull();
    } finally {
      await gateway.close();
    }
  });

  it('a gateway that refuses makes it "failed" with the gateway\'s reason', async () => {
    const t = await dealer();
    await sellOnDue(t);
    const gateway = await startFakeGateway({ refuse: 'Number is in the do-not-disturb list' });
    try {
      const gateways = createGateways(
        { sms: { url: gateway.url, apiKey: 'key-1234', style: 'bulksmsbd' } },
        ctx.pool,
      );
      const [queued] = await messages(t);
      await deliver(t, queued.id, gateways);
      const [failed] = await messages(t);
      expect(failed).toMatchObject({ status: 'failed', sentAt: null, deliveredAt: null });
      expect(failed.lastError).toContain('Number is in the do-not-disturb list');
    } finally {
      await gateway.close();
    }
  });

  it('a message not sent for want of a service can be sent again once one is connected', async () => {
    const t = await dealer();
    await sellOnDue(t);
    const [queued] = await messages(t);
    await deliver(t, queued.id);
    const resend = await ctx.app.inject({
      method: 'POST',
      url: url(t.store.id, `messages/${queued.id}/resend`),
      headers: { ...t.owner.auth, 'idempotency-key': 'resend-unsent' },
    });
    expect(resend.statusCode).toBe(200);
    expect(resend.json().message.status).toBe('queued');
    const gateway = await startFakeGateway();
    try {
      await deliver(
        t,
        queued.id,
        createGateways({ sms: { url: gateway.url, apiKey: 'key-1234', style: 'bulksmsbd' } }, ctx.pool),
      );
      expect((await messages(t))[0].status).toBe('sent');
    } finally {
      await gateway.close();
    }
    // The month counted it once.
    const usage = (await call(t.owner, 'GET', url(t.store.id, 'messages/settings'))).json().usage;
    expect(usage.used).toBe(1);
  });
});

describe('the receipt of one sale', () => {
  it('the seller turns it off: the sale is recorded and no message is made', async () => {
    const t = await dealer();
    const sale = await sellOnDue(t, { sendReceipt: false });
    expect(await messages(t)).toEqual([]);
    const again = await sellOnDue(t, { sendReceipt: true });
    expect((await messages(t)).map((m: { saleId: string }) => m.saleId)).toEqual([again.id]);
    expect(sale.id).not.toBe(again.id);
  });

  it('the sale screen learns whether a receipt will go, and how', async () => {
    const t = await dealer();
    const plan = await call(t.staff, 'GET', url(t.store.id, 'messages/receipt-plan'));
    expect(plan.statusCode).toBe(200);
    expect(plan.json()).toEqual({ saleReceipt: true, channel: 'sms', service: false });
    const current = (await call(t.owner, 'GET', url(t.store.id, 'messages/settings'))).json().settings;
    await call(t.owner, 'PUT', url(t.store.id, 'messages/settings'), { ...current, saleReceipt: false });
    expect((await call(t.staff, 'GET', url(t.store.id, 'messages/receipt-plan'))).json().saleReceipt).toBe(
      false,
    );
    // Someone of another store learns nothing.
    expect((await call(t.outsider, 'GET', url(t.store.id, 'messages/receipt-plan'))).statusCode).toBe(404);
  });

  it('a sale with a sendReceipt that is not true or false is refused and records nothing', async () => {
    const t = await dealer();
    const res = await call(t.staff, 'POST', url(t.store.id, 'sales'), {
      shopId: t.shopId,
      lines: [{ itemType: 'cylinder', itemId: t.item.id, tradeType: 'refill', quantity: 1 }],
      sendReceipt: 'no',
    });
    expect(res.statusCode).toBe(400);
    const { rows } = await ctx.pool.query('select count(*)::int as n from sales where store_id = $1', [
      t.store.id,
    ]);
    expect(rows[0].n).toBe(0);
  });
});

describe("the store's texts", () => {
  const settingsOf = async (t: Dealer) =>
    (await call(t.owner, 'GET', url(t.store.id, 'messages/settings'))).json().settings;

  it("a reminder text in each language names the store's payment number, in the reader's digits", async () => {
    const t = await dealer();
    const current = await settingsOf(t);
    const res = await call(t.owner, 'PUT', url(t.store.id, 'messages/settings'), {
      ...current,
      paymentNumber: '০১৮১১-৫৫৫৬৬৬',
      templates: {
        due_reminder: {
          bn: '{{store}}: বাকি {{due}}। বিকাশ {{payNumber}}',
          en: '{{store}}: you owe {{due}}. bKash {{payNumber}}',
        },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings.paymentNumber).toBe('+8801811555666');
    await sellOnDue(t);
    const bn = await call(
      t.staff,
      'GET',
      `${url(t.store.id, 'messages/text')}?kind=due_reminder&shopId=${t.shopId}`,
    );
    expect(bn.json().text).toBe('Test Gas House: বাকি ৳১,২০০। বিকাশ ০১৮১১-৫৫৫৬৬৬');
    expect(bn.json().segments).toBe(1);
    // The same shop in English gets the English text, with Latin digits.
    await ctx.pool.query(`update shops set language = 'en' where id = $1`, [t.shopId]);
    const reminder = await call(t.staff, 'POST', url(t.store.id, `shops/${t.shopId}/reminders`), {});
    expect(reminder.json().message.text).toBe('Test Gas House: you owe Tk 1,200. bKash 01811-555666');
    expect(reminder.json().message.encoding).toBe('gsm7');
  });

  it('a bad payment number, an unknown word or a text too long is refused and changes nothing', async () => {
    const t = await dealer();
    const current = await settingsOf(t);
    const put = (changes: Record<string, unknown>) =>
      call(t.owner, 'PUT', url(t.store.id, 'messages/settings'), { ...current, ...changes });
    const badNumber = await put({ paymentNumber: '12345' });
    expect(badNumber.statusCode).toBe(400);
    const unknown = await put({ templates: { due_reminder: { bn: '{{store}}: {{bkash}}' } } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('Unknown placeholder {{bkash}}');
    // {{payNumber}} is for messages to shops, not the owner's own alerts.
    expect((await put({ templates: { low_stock: { en: '{{item}} {{payNumber}}' } } })).statusCode).toBe(400);
    expect((await put({ templates: { due_reminder: { en: 'x'.repeat(201) } } })).statusCode).toBe(400);
    expect(await settingsOf(t)).toEqual(current);
  });
  it('a manager changes the texts; staff may not; the owner’s settings leave them as they are', async () => {
    const t = await dealer();
    const texts = {
      paymentNumber: '01811555666',
      templates: { due_reminder: { bn: '{{store}}: বাকি {{due}}। বিকাশ {{payNumber}}', en: null } },
    };
    const put = await call(t.manager, 'PUT', url(t.store.id, 'messages/templates'), texts);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      paymentNumber: '+8801811555666',
      templates: { due_reminder: { bn: '{{store}}: বাকি {{due}}। বিকাশ {{payNumber}}' } },
      linkBase: 'https://mjd.bd',
    });
    expect((await call(t.staff, 'PUT', url(t.store.id, 'messages/templates'), texts)).statusCode).toBe(403);
    expect((await call(t.staff, 'GET', url(t.store.id, 'messages/templates'))).statusCode).toBe(403);
    expect((await call(t.manager, 'GET', url(t.store.id, 'messages/settings'))).statusCode).toBe(403);
    // The owner saves the settings without the texts: the manager's texts stay.
    const { templates: _t, paymentNumber: _p, ...settings } = await settingsOf(t);
    expect(
      (await call(t.owner, 'PUT', url(t.store.id, 'messages/settings'), { ...settings, monthlyCap: 9 }))
        .statusCode,
    ).toBe(200);
    expect(await settingsOf(t)).toMatchObject({ monthlyCap: 9, paymentNumber: '+8801811555666' });
    expect((await settingsOf(t)).templates.due_reminder.bn).toContain('{{payNumber}}');
  });
});
