import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countSms } from '@mojud/contracts';
import { activate, cylinder, stock, url } from '../tooling/test/stock';
import { createTestApp, silentLog, storeWithTeam, type SignedIn, type TestContext } from '../tooling/test/helpers';
import { dhakaDay, dhakaTime, resetClock, setClock } from '../clock';
import { deliverMessage, sweepScheduled, unsentMessages } from './deliver';
import { createGateways } from './gateways';
import { messagingContext } from './hooks';
import { notBeforeFor, queueDailySummary } from './queue';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ linkBase: 'https://mjd.bd' });
});
afterAll(() => ctx.close());

type Team = Awaited<ReturnType<typeof storeWithTeam>>;

async function until<T>(limitMs: number, fn: () => Promise<T | undefined | false>): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() - started > limitMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function call(
  who: SignedIn,
  method: string,
  path: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return ctx.app.inject({
    method: method as 'GET',
    url: path,
    headers: { ...who.auth, ...headers },
    ...(payload !== undefined && { payload: payload as object }),
  });
}

/** A store with Bashundhara 12 kg at Tk 1,200 (both tiers), 40 full, and its team. */
async function dealer() {
  const t = await storeWithTeam(ctx);
  await activate(ctx, t.store.id, t.owner, ['Bashundhara']);
  const item = await cylinder(ctx, t.store.id, t.owner);
  await stock(ctx, t.store.id, t.owner, item.id, { fullCount: 40, emptyCount: 10, problemCount: 0 }, 1200);
  const { rows } = await ctx.pool.query('select id from divisions where store_id = $1 limit 1', [t.store.id]);
  return { ...t, item, areaId: rows[0].id as string };
}

async function addShop(t: Team & { areaId: string }, body: Record<string, unknown>) {
  const res = await call(
    t.owner,
    'POST',
    `/api/v1/workspace/${t.store.id}/divisions/${t.areaId}/stores`,
    body,
  );
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().store as { id: string; name: string; phone: string | null };
}

async function sell(
  t: Awaited<ReturnType<typeof dealer>>,
  shopId: string | null,
  quantity: number,
  paid: number,
  who = t.staff,
) {
  const res = await call(who, 'POST', url(t.store.id, 'sales'), {
    shopId,
    lines: [{ itemType: 'cylinder', itemId: t.item.id, tradeType: 'refill', quantity }],
    payments: paid > 0 ? [{ method: 'cash', amount: paid }] : [],
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().sale as { id: string; number: string };
}

const queued = async (storeId: string) =>
  (
    await ctx.pool.query(
      `select id, kind, to_number, text, language, segments, encoding, status, gateway, attempts, last_error, shop_id, sale_id
         from message_outbox where store_id = $1 order by id`,
      [storeId],
    )
  ).rows;
const captured = async (storeId: string) =>
  (
    await ctx.pool.query(
      `select c.to_number, c.text from message_capture c join message_outbox m on c.reference = m.id::text
        where m.store_id = $1 order by c.id`,
      [storeId],
    )
  ).rows;

async function putSettings(t: Team, changes: Record<string, unknown>) {
  const current = (await call(t.owner, 'GET', url(t.store.id, 'messages/settings'))).json().settings;
  const res = await call(t.owner, 'PUT', url(t.store.id, 'messages/settings'), { ...current, ...changes });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json();
}

describe('receipts', () => {
  it('a due sale to a shop sends one Bangla receipt of one SMS with the sale and the new balance', async () => {
    const t = await dealer();
    const shop = await addShop(t, { name: 'Karim Traders', phone: '01711-223344' });
    // Already owing Tk 800 from an earlier sale on due.
    await sell(t, shop.id, 1, 400);
    const sale = await sell(t, shop.id, 2, 1000);

    const messages = await until(10_000, async () => {
      const rows = await queued(t.store.id);
      return rows.length === 2 && rows.every((r) => r.status === 'unsent') && rows;
    });
    const receipt = messages[1];
    expect(receipt).toMatchObject({
      kind: 'sale_receipt',
      to_number: '+8801711223344',
      language: 'bn',
      segments: 1,
      encoding: 'ucs2',
      gateway: 'capture',
      attempts: 1,
      sale_id: sale.id,
    });
    // 2 × Tk 1,200 = Tk 2,400, Tk 1,000 paid, Tk 800 + Tk 1,400 now owed: in Bengali digits.
    expect(receipt.text).toBe('Test Gas House: আজ ৳২,৪০০, জমা ৳১,০০০। মোট বাকি ৳২,২০০।');
    expect(countSms(receipt.text)).toMatchObject({ segments: 1, encoding: 'ucs2' });
    // The capture gateway (the phone) got each message exactly once.
    expect((await captured(t.store.id)).map((c) => c.text)).toEqual(messages.map((m) => m.text));
  });

  it('no receipt for a walk-in, a sale paid in full, a shop without a mobile, or when switched off', async () => {
    const t = await dealer();
    const withPhone = await addShop(t, { name: 'Paid Up', phone: '01811000111' });
    const noPhone = await addShop(t, { name: 'No Phone' });
    await sell(t, null, 1, 1200);
    await sell(t, withPhone.id, 1, 1200);
    await sell(t, noPhone.id, 1, 0);
    await putSettings(t, { saleReceipt: false });
    await sell(t, withPhone.id, 1, 0);
    expect(await queued(t.store.id)).toEqual([]);
  });

  it('an English shop gets English with "Tk" (one 160-character SMS), and a due payment gets its receipt', async () => {
    const t = await dealer();
    const shop = await addShop(t, { name: 'Dhaka Hotel', phone: '+880 1911-000222', language: 'en' });
    const sale = await sell(t, shop.id, 3, 0);
    const pay = await call(t.staff, 'POST', url(t.store.id, `shops/${shop.id}/payments`), { amount: 1500 });
    expect(pay.statusCode).toBe(201);
    const [receipt, payment] = await until(10_000, async () => {
      const rows = await queued(t.store.id);
      return rows.length === 2 && rows;
    });
    expect(receipt.text).toBe(
      `Test Gas House: sale ${sale.number} of Tk 3,600, paid Tk 0. You now owe Tk 3,600. Thank you.`,
    );
    expect(receipt).toMatchObject({ language: 'en', encoding: 'gsm7', segments: 1 });
    expect(payment).toMatchObject({ kind: 'payment_receipt', encoding: 'gsm7', segments: 1 });
    expect(payment.text).toBe(
      'Test Gas House: received Tk 1,500 from Dhaka Hotel. You now owe Tk 2,100. Thank you.',
    );
    expect(payment.text).not.toContain('৳');
    // The last payment's receipt for WhatsApp is that SMS, word for word.
    const forWhatsApp = await call(
      t.staff,
      'GET',
      url(t.store.id, `messages/text?kind=payment_receipt&shopId=${shop.id}`),
    );
    expect(forWhatsApp.json()).toMatchObject({ text: payment.text, message: { kind: 'payment_receipt' } });
    const noPayment = await addShop(t, { name: 'New Shop', phone: '01911000333' });
    const none = await call(
      t.staff,
      'GET',
      url(t.store.id, `messages/text?kind=payment_receipt&shopId=${noPayment.id}`),
    );
    expect(none.json()).toMatchObject({ status: 404, code: 'messages.noPayment' });
  });

  it('gives the same text for WhatsApp, with a wa.me link to the shop', async () => {
    const t = await dealer();
    const shop = await addShop(t, { name: 'Karim Traders', phone: '01711-223344' });
    const sale = await sell(t, shop.id, 1, 200);
    const [sms] = await until(
      10_000,
      async () => (await queued(t.store.id)).length === 1 && queued(t.store.id),
    );
    const res = await call(
      t.staff,
      'GET',
      url(t.store.id, `messages/text?kind=sale_receipt&saleId=${sale.id}`),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.text).toBe(sms.text);
    expect(body.whatsappUrl).toBe(`https://wa.me/8801711223344?text=${encodeURIComponent(sms.text)}`);
    const reminder = await call(
      t.staff,
      'GET',
      url(t.store.id, `messages/text?kind=due_reminder&shopId=${shop.id}`),
    );
    expect(reminder.json().text).toBe('Test Gas House: মোট বাকি ৳১,০০০। অনুগ্রহ করে পরিশোধ করুন।');
    expect(reminder.json()).toMatchObject({ segments: 1, to: '+8801711223344' });
  });
});

describe('the monthly cap', () => {
  it('keeps messages beyond it as "not sent", shows it, and sends them once the owner raises it', async () => {
    const t = await dealer();
    const shop = await addShop(t, { name: 'Karim Traders', phone: '01711223344' });
    await putSettings(t, { monthlyCap: 1 });
    await sell(t, shop.id, 1, 0);
    await sell(t, shop.id, 1, 0);
    const rows = await until(10_000, async () => {
      const r = await queued(t.store.id);
      return r.length === 2 && r[0].status === 'unsent' && r;
    });
    expect(rows[1]).toMatchObject({
      status: 'capped',
      last_error: 'Monthly limit of 1 messages reached',
      attempts: 0,
    });
    const settings = (await call(t.owner, 'GET', url(t.store.id, 'messages/settings'))).json();
    expect(settings.usage).toMatchObject({ used: 1, cap: 1, capped: 1 });

    const refused = await call(t.owner, 'POST', url(t.store.id, `messages/${rows[1].id}/resend`), {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'messages.capReached', params: { cap: 1 } });
    await putSettings(t, { monthlyCap: 5 });
    const again = await call(t.owner, 'POST', url(t.store.id, `messages/${rows[1].id}/resend`), {});
    expect(again.statusCode).toBe(200);
    await until(10_000, async () => (await queued(t.store.id))[1].status === 'unsent');
    expect(await captured(t.store.id)).toHaveLength(2);
    // Only the owner and admins see and change this.
    expect((await call(t.manager, 'GET', url(t.store.id, 'messages/settings'))).statusCode).toBe(403);
    expect((await call(t.manager, 'GET', url(t.store.id, 'messages'))).statusCode).toBe(403);
  });
});

// A Tuesday. Reminders keep BTRC's quiet hours (00:00–08:00 Dhaka), so the clock decides.
const TUESDAY = '2026-11-24';

/** A dealer whose shop "Over" owes Tk 2,400 (receipts off, so the message queue holds only reminders). */
async function shopOwing() {
  const t = await dealer();
  const over = await addShop(t, { name: 'Over', phone: '01711000001' });
  await putSettings(t, { saleReceipt: false });
  await sell(t, over.id, 2, 0);
  return { t, over };
}

/** Reminders on Tuesdays from `hour`, for dues over Tk 1,000. */
const remindTuesdaysAt = (t: Team, hour: number) =>
  putSettings(t, { dueReminders: true, reminderDays: [2], reminderHour: hour, reminderMinDue: 1000 });

describe('due reminders', () => {
  // Daytime in Dhaka whatever the hour of the run; the night has tests of its own below.
  beforeEach(() => setClock(dhakaTime(TUESDAY, '10:00')));
  afterEach(() => resetClock());

  it('a reminder run sends to exactly the shops owing more than the threshold', async () => {
    const t = await dealer();
    const over = await addShop(t, { name: 'Over', phone: '01711000001' });
    const under = await addShop(t, { name: 'Under', phone: '01711000002' });
    const noMobile = await addShop(t, { name: 'No Mobile' });
    const clear = await addShop(t, { name: 'Clear', phone: '01711000003' });
    await putSettings(t, { saleReceipt: false });
    await sell(t, over.id, 2, 0); // owes 2,400
    await sell(t, under.id, 1, 400); // owes 800
    await sell(t, noMobile.id, 2, 0); // owes 2,400, no mobile
    await sell(t, clear.id, 1, 1200); // owes nothing

    const res = await call(
      t.owner,
      'POST',
      url(t.store.id, 'messages/reminder-runs'),
      { minDue: 1000 },
      { 'idempotency-key': 'run-1' },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ queued: 1, withoutMobile: 1 });
    expect(res.json().messages.map((m: { shopName: string }) => m.shopName)).toEqual(['Over']);
    // The same key again changes nothing.
    expect(
      (
        await call(
          t.owner,
          'POST',
          url(t.store.id, 'messages/reminder-runs'),
          { minDue: 1000 },
          { 'idempotency-key': 'run-1' },
        )
      ).json().queued,
    ).toBe(1);
    const rows = await until(10_000, async () => {
      const r = await queued(t.store.id);
      return r.length === 1 && r[0].status === 'unsent' && r;
    });
    expect(rows[0]).toMatchObject({ kind: 'due_reminder', shop_id: over.id, segments: 1 });
    expect(rows[0].text).toBe('Test Gas House: মোট বাকি ৳২,৪০০। অনুগ্রহ করে পরিশোধ করুন।');
    expect((await call(t.staff, 'POST', url(t.store.id, 'messages/reminder-runs'), {})).statusCode).toBe(403);
  });

  it('from the shop card: staff may send one; a shop that owes nothing or has no mobile is told so', async () => {
    const t = await dealer();
    const owes = await addShop(t, { name: 'Owes', phone: '01911000001' });
    const clear = await addShop(t, { name: 'Clear', phone: '01911000002' });
    const noMobile = await addShop(t, { name: 'No Mobile' });
    await putSettings(t, { saleReceipt: false });
    await sell(t, owes.id, 1, 0);
    await sell(t, noMobile.id, 1, 0);
    const sent = await call(t.staff, 'POST', url(t.store.id, `shops/${owes.id}/reminders`), {});
    expect(sent.statusCode).toBe(201);
    expect(sent.json().message).toMatchObject({
      kind: 'due_reminder',
      to: '+8801911000001',
      shopName: 'Owes',
    });
    const nothing = await call(t.staff, 'POST', url(t.store.id, `shops/${clear.id}/reminders`), {});
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().code).toBe('messages.nothingOwed');
    const none = await call(t.staff, 'POST', url(t.store.id, `shops/${noMobile.id}/reminders`), {});
    expect(none.json()).toMatchObject({
      status: 409,
      code: 'messages.noMobile',
      params: { shop: 'No Mobile' },
    });
  });

  it('the schedule: on its day and hour each shop over the threshold gets one reminder, once that day', async () => {
    const t = await dealer();
    const over = await addShop(t, { name: 'Over', phone: '01711000001' });
    const under = await addShop(t, { name: 'Under', phone: '01711000002' });
    await putSettings(t, { saleReceipt: false });
    await sell(t, over.id, 2, 0);
    await sell(t, under.id, 1, 600);
    // Tuesdays at 10:00, and it is 10:00 on a Tuesday: the run is due now.
    await remindTuesdaysAt(t, 10);
    await sweepScheduled(ctx.db, 'https://mjd.bd');
    await sweepScheduled(ctx.db, 'https://mjd.bd');
    const sent = await queued(t.store.id);
    expect(sent.map((m) => [m.kind, m.shop_id])).toEqual([['due_reminder', over.id]]);
  });

  it('the schedule waits for its hour: at 09:59 nothing, at 10:00 the run', async () => {
    const { t, over } = await shopOwing();
    await remindTuesdaysAt(t, 10);
    setClock(dhakaTime(TUESDAY, '09:59'));
    await sweepScheduled(ctx.db, 'https://mjd.bd');
    expect(await queued(t.store.id)).toEqual([]);
    setClock(dhakaTime(TUESDAY, '10:00'));
    await sweepScheduled(ctx.db, 'https://mjd.bd');
    expect((await queued(t.store.id)).map((m) => m.shop_id)).toEqual([over.id]);
  });

  it('a reminder run at 02:00 Dhaka waits until 08:00, then goes', async () => {
    setClock(dhakaTime(TUESDAY, '02:00'));
    const { t, over } = await shopOwing();
    const run = await call(t.owner, 'POST', url(t.store.id, 'messages/reminder-runs'), { minDue: 1000 });
    expect(run.statusCode).toBe(201);
    expect(run.json().messages[0]).toMatchObject({ status: 'queued', notBefore: dhakaTime(TUESDAY, '08:00').toISOString() });
    const [message] = await queued(t.store.id);
    // What the message's job does when it runs (pg-boss starts it at 8:00 by the real clock, so
    // the test runs it by hand), and what the minute's sweep finds due.
    const gateways = createGateways({}, ctx.pool);
    const runJob = () => deliverMessage(ctx.pool, gateways, t.store.id, message.id, silentLog);
    const sweepFinds = async () => (await unsentMessages(ctx.pool)).filter((m) => m.storeId === t.store.id).map((m) => m.id);

    setClock(dhakaTime(TUESDAY, '07:59'));
    await runJob();
    expect(await sweepFinds()).toEqual([]);
    expect((await queued(t.store.id))[0]).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await captured(t.store.id)).toEqual([]);

    setClock(dhakaTime(TUESDAY, '08:00'));
    expect(await sweepFinds()).toEqual([message.id]);
    await runJob();
    expect((await queued(t.store.id))[0]).toMatchObject({ kind: 'due_reminder', shop_id: over.id, status: 'unsent', attempts: 1 });
    expect(await captured(t.store.id)).toHaveLength(1);
  });

  it('a schedule set for 08:00 runs nothing at 02:00 and runs at 08:00', async () => {
    setClock(dhakaTime(TUESDAY, '02:00'));
    const { t, over } = await shopOwing();
    await remindTuesdaysAt(t, 8);
    await sweepScheduled(ctx.db, 'https://mjd.bd');
    expect(await queued(t.store.id)).toEqual([]);
    setClock(dhakaTime(TUESDAY, '08:00'));
    await sweepScheduled(ctx.db, 'https://mjd.bd');
    expect((await queued(t.store.id)).map((m) => [m.kind, m.shop_id])).toEqual([['due_reminder', over.id]]);
  });

  it('BTRC: a reminder made between midnight and 8:00 (Dhaka) waits until 8:00; receipts do not', () => {
    // 02:30 in Dhaka is 20:30 UTC the day before.
    const night = new Date('2026-03-09T20:30:00Z');
    expect(notBeforeFor('due_reminder', night)?.toISOString()).toBe('2026-03-10T02:00:00.000Z');
    expect(notBeforeFor('sale_receipt', night)).toBeNull();
    expect(notBeforeFor('due_reminder', new Date('2026-03-10T02:00:00Z'))).toBeNull();
    expect(notBeforeFor('due_reminder', new Date('2026-03-10T17:59:00Z'))).toBeNull();
  });
});

describe('settings', () => {
  it('refuses a template with an unknown placeholder, an alert by SMS without a mobile, and a reminder hour at night', async () => {
    const t = await dealer();
    const current = (await call(t.owner, 'GET', url(t.store.id, 'messages/settings'))).json();
    expect(current.gateways).toEqual({ sms: 'capture', whatsapp: 'capture' });
    expect(current.linkBase).toBe('https://mjd.bd');
    const put = (changes: Record<string, unknown>) =>
      call(t.owner, 'PUT', url(t.store.id, 'messages/settings'), { ...current.settings, ...changes });
    const bad = await put({ templates: { sale_receipt: { bn: '{{store}}: {{price}}' } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({
      field: 'templates.sale_receipt.bn',
      message: 'Unknown placeholder {{price}}',
    });
    expect((await put({ ownerAlerts: 'sms', ownerPhone: null })).json().errors[0].field).toBe('ownerPhone');
    expect((await put({ reminderHour: 6 })).json().errors[0].field).toBe('reminderHour');
    const saved = await put({
      ownerAlerts: 'sms',
      ownerPhone: '01811 000 999',
      templates: { due_reminder: { en: '{{shop}} owes {{due}}' } },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings).toMatchObject({
      ownerPhone: '+8801811000999',
      templates: { due_reminder: { en: '{{shop}} owes {{due}}' } },
    });
    expect(
      (await call(t.admin, 'PUT', url(t.store.id, 'messages/settings'), saved.json().settings)).statusCode,
    ).toBe(200);
  });
});

describe('statement links', () => {
  it('opens signed out with the right balance and 60 days of entries, and stops when revoked', async () => {
    const t = await dealer();
    const shop = await addShop(t, { name: 'Karim Traders', phone: '01711223344' });
    const other = await addShop(t, { name: 'Other Shop', phone: '01711223345' });
    await putSettings(t, { saleReceipt: false, paymentReceipt: false });
    await sell(t, shop.id, 2, 1000);
    await sell(t, other.id, 3, 0);
    await call(t.staff, 'POST', url(t.store.id, `shops/${shop.id}/payments`), { amount: 400 });
    // An entry from 90 days ago counts in the opening balance, not in the list.
    await ctx.pool.query(
      `insert into ledger_entries (store_id, user_id, kind, total_amount, due_delta, shop_id, created_at)
       values ($1, $2, 'due_payment', 100, -100, $3, app_now() - interval '90 days')`,
      [t.store.id, t.owner.id, shop.id],
    );

    const made = await call(t.staff, 'POST', url(t.store.id, `shops/${shop.id}/statement-links`), {
      expiresInDays: 7,
    });
    expect(made.statusCode).toBe(201);
    expect(made.headers['cache-control']).toBe('no-store');
    const { url: link, link: meta } = made.json();
    const token = link.split('/s/')[1];
    expect(link).toBe(`https://mjd.bd/s/${token}`);
    // 72 random bits, 12 characters; only the hash is kept.
    expect(token).toMatch(/^[A-Za-z0-9_-]{12}$/);
    const stored = (await ctx.pool.query('select token_hash from statement_links where id = $1', [meta.id]))
      .rows[0].token_hash;
    expect(stored).not.toContain(token);
    expect(stored).toHaveLength(64);

    const open = await ctx.app.inject({ url: `/api/v1/public/statements/${token}` });
    expect(open.statusCode).toBe(200);
    expect(open.headers['x-robots-tag']).toBe('noindex, nofollow');
    const statement = open.json();
    expect(statement.shop).toEqual({ name: 'Karim Traders' });
    expect(statement.language).toBe('bn');
    expect(statement.balance).toBe(2400 - 1000 - 400 - 100);
    expect(statement.entries.openingBalance).toBe(-100);
    expect(
      statement.entries.items.map((e: { kind: string; dueDelta: number; balance: number }) => [
        e.kind,
        e.dueDelta,
        e.balance,
      ]),
    ).toEqual([
      ['sale', 2400, 2300],
      ['payment', -1000, 1300],
      ['payment', -400, 900],
    ]);
    expect(statement.entries.items[0]).toMatchObject({ item: 'Bashundhara 12 kg 22 mm', quantity: 2 });
    // Nothing of the other shop, nor of the store's stock.
    expect(open.body).not.toContain('Other Shop');
    expect(open.body).not.toMatch(/fullCount|emptyCount|stockCount|"count"/);

    const links = await call(t.staff, 'GET', url(t.store.id, `shops/${shop.id}/statement-links`));
    expect(links.json().links[0]).toMatchObject({ id: meta.id, openCount: 1, revokedAt: null });
    const revoked = await call(t.staff, 'POST', url(t.store.id, `statement-links/${meta.id}/revoke`), {});
    expect(revoked.statusCode).toBe(200);
    const after = await ctx.app.inject({ url: `/api/v1/public/statements/${token}` });
    expect(after.statusCode).toBe(404);
    expect(after.json().code).toBe('statement.notFound');
  });

  it('an expired link or a made-up token opens nothing; a link can be sent by SMS in one Bangla part', async () => {
    const t = await dealer();
    const shop = await addShop(t, { name: 'Karim Traders', phone: '01711223344' });
    const made = (
      await call(t.staff, 'POST', url(t.store.id, `shops/${shop.id}/statement-links`), {
        expiresInDays: 1,
        send: true,
      })
    ).json();
    expect(made.message).toMatchObject({ kind: 'statement_link', segments: 1, encoding: 'ucs2' });
    expect(made.message.text).toBe(`Test Gas House: আপনার হিসাব দেখুন ${made.url}`);
    await ctx.pool.query(
      `update statement_links set expires_at = app_now() - interval '1 second' where id = $1`,
      [made.link.id],
    );
    const token = made.url.split('/s/')[1];
    expect((await ctx.app.inject({ url: `/api/v1/public/statements/${token}` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/v1/public/statements/AAAAAAAAAAAA' })).statusCode).toBe(404);
    expect(
      (
        await call(t.staff, 'POST', url(t.store.id, `shops/${shop.id}/statement-links`), { expiresInDays: 2 })
      ).json().errors[0].field,
    ).toBe('expiresInDays');
  });

  it('is rate-limited per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      statuses.push(
        (await ctx.app.inject({ url: '/api/v1/public/statements/BBBBBBBBBBBB', remoteAddress: '10.9.9.9' }))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });
});

describe('reorder levels and the owner\u2019s alerts', () => {
  it('an item crossing its level alerts the owner once a day, and is on the "to order" list and its CSV', async () => {
    const t = await dealer();
    await putSettings(t, { ownerAlerts: 'sms', ownerPhone: '01811000999', ownerLanguage: 'en' });
    expect(
      (
        await call(t.staff, 'PUT', url(t.store.id, 'reorder-levels'), {
          itemType: 'cylinder',
          itemId: t.item.id,
          level: 38,
        })
      ).statusCode,
    ).toBe(403);
    const set = await call(t.manager, 'PUT', url(t.store.id, 'reorder-levels'), {
      itemType: 'cylinder',
      itemId: t.item.id,
      level: 38,
    });
    expect(set.json()).toEqual({ itemType: 'cylinder', itemId: t.item.id, level: 38 });
    expect((await call(t.staff, 'GET', url(t.store.id, 'reorder'))).json().items).toEqual([]);

    await sell(t, null, 2, 2400); // 38 left: not below
    expect(await queued(t.store.id)).toEqual([]);
    await sell(t, null, 1, 1200); // 37: crosses
    await sell(t, null, 1, 1200); // 36: still below, no second alert
    const alerts = await until(10_000, async () => {
      const rows = await queued(t.store.id);
      return rows.length === 1 && rows[0].status === 'unsent' && rows;
    });
    expect(alerts[0]).toMatchObject({ kind: 'low_stock', to_number: '+8801811000999', language: 'en' });
    expect(alerts[0].text).toBe(
      'Test Gas House: Bashundhara 12 kg 22 mm is low, 37 left (reorder level 38). Time to order.',
    );

    const list = (await call(t.staff, 'GET', url(t.store.id, 'reorder'))).json().items;
    expect(list).toEqual([
      {
        itemType: 'cylinder',
        itemId: t.item.id,
        name: 'Bashundhara 12 kg 22 mm',
        brandName: 'Bashundhara',
        count: 36,
        level: 38,
        shortBy: 2,
      },
    ]);
    const csv = await call(t.staff, 'GET', url(t.store.id, 'reorder.csv'));
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toBe(
      '\uFEFFbrand,item,in stock,reorder level,to order\r\nBashundhara,Bashundhara 12 kg 22 mm,36,38,2\r\n',
    );
    // In Bangla: the header, the brand and the item in Bangla words and digits; the counts plain.
    const bangla = await call(t.staff, 'GET', url(t.store.id, 'reorder.csv?lang=bn'));
    expect(bangla.body).toBe('\uFEFFব্র্যান্ড,মাল,মজুদ,অর্ডারের সীমা,অর্ডার করুন\r\nবসুন্ধরা,বসুন্ধরা ১২ কেজি ২২ মিমি,36,38,2\r\n');
    // Back above and below again the same day: still one alert.
    await stock(ctx, t.store.id, t.owner, t.item.id, { fullCount: 40, emptyCount: 10, problemCount: 0 });
    await sell(t, null, 3, 3600);
    await sweepScheduled(ctx.db, 'https://mjd.bd');
    expect(await queued(t.store.id)).toHaveLength(1);
  });

  it('by e-mail to the owner, when chosen; and a problem mark that crosses the level alerts too', async () => {
    const t = await dealer();
    await putSettings(t, { ownerAlerts: 'email' });
    await call(t.manager, 'PUT', url(t.store.id, 'reorder-levels'), {
      itemType: 'cylinder',
      itemId: t.item.id,
      level: 40,
    });
    const marked = await call(t.staff, 'PATCH', url(t.store.id, 'cylinders/mark-defected?isDefected=true'), {
      id: t.item.id,
      count: 1,
    });
    expect(marked.statusCode).toBe(200);
    await sweepScheduled(ctx.db, 'https://mjd.bd');
    const mails = (
      // Not the sign-up's address confirmation.
      await ctx.pool.query(`select to_address, subject, body from outbox where to_address = $1 and coalesce(link, '') not like '%/verify-email?%'`, [
        t.owner.email,
      ])
    ).rows;
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Test Gas House: Bashundhara 12 kg 22 mm is low (39 left)');
    expect(await queued(t.store.id)).toEqual([]);
  });
});

describe('the evening summary', () => {
  it("gives the owner the day's sales, profit, cash, dues collected and items low, once a day", async () => {
    const t = await dealer();
    const shop = await addShop(t, { name: 'Karim Traders' });
    await putSettings(t, {
      ownerAlerts: 'sms',
      ownerPhone: '01811000999',
      ownerLanguage: 'en',
      dailySummary: true,
    });
    await sell(t, null, 2, 2400);
    await sell(t, shop.id, 1, 0);
    await call(t.staff, 'POST', url(t.store.id, `shops/${shop.id}/payments`), { amount: 500 });
    await call(t.manager, 'PUT', url(t.store.id, 'reorder-levels'), {
      itemType: 'cylinder',
      itemId: t.item.id,
      level: 100,
    });
    const day = dhakaDay();
    const first = await ctx.db.transaction(async (tx) =>
      queueDailySummary(tx, await messagingContext(ctx.app, tx, t.store.id), t.store.id, day),
    );
    const again = await ctx.db.transaction(async (tx) =>
      queueDailySummary(tx, await messagingContext(ctx.app, tx, t.store.id), t.store.id, day),
    );
    expect(first.message).toBeDefined();
    expect(again.message).toBeUndefined();
    const [summary] = (await queued(t.store.id)).filter((m) => m.kind === 'daily_summary');
    // Opening stock has no cost, so no profit is known; the cash is the walk-in's and the payment.
    expect(summary.text).toBe(
      'Test Gas House today: sales Tk 3,600, profit Tk 0, cash Tk 2,900, dues collected Tk 500, low items 1.',
    );
    expect(summary).toMatchObject({ to_number: '+8801811000999', segments: 1, encoding: 'gsm7' });
  });
});

describe('the demo store', () => {
  it('shows messages sent, delivered, not sent and waiting, a statement link that opens, and items to order', async () => {
    const t = await storeWithTeam(ctx);
    const { seedDemoShopsAndVehicles } = await import('../shops/demo-seed');
    const { seedDemoInventory } = await import('../inventory/demo-seed');
    const { seedDemoMessages } = await import('./demo-seed');
    await ctx.db.transaction(async (tx) => {
      await seedDemoShopsAndVehicles(tx, t.store.id, t.owner.id);
      await seedDemoInventory(tx, t.store.id, t.owner.id);
      await seedDemoMessages(tx, t.store.id, t.owner.id, 'https://mjd.bd');
    });
    const { messages } = (await call(t.owner, 'GET', url(t.store.id, 'messages'))).json();
    const kinds = messages.map((m: { kind: string; status: string }) => `${m.kind}:${m.status}`);
    expect(kinds).toContain('due_reminder:delivered');
    expect(kinds).toContain('due_reminder:sent');
    expect(kinds).toContain('sale_receipt:unsent');
    expect(kinds).toContain('low_stock:queued');
    const linkMessage = messages.find((m: { kind: string }) => m.kind === 'statement_link');
    const token = /\/s\/([A-Za-z0-9_-]{12})$/.exec(linkMessage.text)![1];
    const statement = await ctx.app.inject({ url: `/api/v1/public/statements/${token}` });
    expect(statement.json().shop.name).toBe('Karim Traders');
    expect(statement.json().balance).toBeGreaterThan(0);
    const toOrder = (await call(t.staff, 'GET', url(t.store.id, 'reorder'))).json().items;
    expect(toOrder.length).toBeGreaterThan(0);
  });
});
