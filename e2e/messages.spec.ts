import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import pg from 'pg';
import { dhakaToday, setServerClock } from './support/clock';
import { addToSale, BASHUNDHARA, logInAndPick, PASSWORD, setUpDealer, SHOP } from './support/dealer-store';

// Messages against the local capture gateway (no SMS service configured on the e2e server, so
// every message ends "Not sent — no SMS service", never "Delivered"): a due sale's Bangla
// receipt, the sale screen's receipt switch, a reminder run and one waiting for 8:00, the store's
// texts, the statement link signed out and revoked, and the owner's low-stock alert. A crash between queueing and sending is apps/api/src/messages/delivery.test.ts.

test.afterEach(({ request }) => setServerClock(request, null));

const infoFile = path.join(os.tmpdir(), `mojud-e2e-server-${process.env.E2E_PORT ?? 3100}.json`);

/** Reads the server's database: what the capture gateway (the "phone") received, per message kind. */
async function query<T>(sql: string, params: unknown[]): Promise<T[]> {
  const { databaseUrl } = JSON.parse(fs.readFileSync(infoFile, 'utf8')) as { databaseUrl: string };
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}
const received = (storeId: string, kind: string) =>
  query<{ to_number: string; text: string; shop: string | null }>(
    `select c.to_number, c.text, s.name as shop from message_capture c
       join message_outbox m on c.reference = m.id::text
       left join shops s on s.store_id = m.store_id and s.id = m.shop_id
      where m.store_id = $1 and m.kind = $2 order by c.id`,
    [storeId, kind],
  );

/** The dealer of e2e/support/dealer-store.ts, with its id and an owner's token for set-up calls. */
async function dealer(request: APIRequestContext) {
  const { username, storeName } = await setUpDealer(request);
  const { accessToken } = await (await request.post('/api/v1/auth/login', { data: { loginIdentifier: username, password: PASSWORD } })).json();
  const headers = { authorization: `Bearer ${accessToken}` };
  const { stores } = await (await request.get('/api/v1/stores', { headers })).json();
  const store = stores.find((s: { name: string }) => s.name === storeName);
  const base = `/api/v1/stores/${store.id}`;
  const items = await (await request.get(`${base}/cylinder-inventory?size=12&regulatorType=22`, { headers })).json();
  const bashundhara = items.find((i: { name: string }) => i.name === BASHUNDHARA);
  const { shops } = await (await request.get(`${base}/shops`, { headers })).json();
  const { divisions } = await (await request.get(`/api/v1/workspace/${store.id}/divisions`, { headers })).json();
  const addShop = async (name: string, phone: string | null) => {
    const res = await request.post(`/api/v1/workspace/${store.id}/divisions/${divisions[0].id}/stores`, { headers, data: { name, phone } });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()).store.id as string;
  };
  const sell = async (shopId: string | null, quantity: number, paid: number) => {
    const res = await request.post(`${base}/sales`, {
      headers,
      data: { shopId, lines: [{ itemType: 'cylinder', itemId: bashundhara.id, tradeType: 'refill', quantity }], payments: paid ? [{ method: 'cash', amount: paid }] : [] },
    });
    expect(res.ok(), await res.text()).toBe(true);
  };
  return { username, storeName, storeId: store.id as string, karimId: shops[0].id as string, addShop, sell };
}

/** A message names the store cut to 20 characters, so that a receipt stays one SMS. */
const inMessage = (name: string) => name.slice(0, 20).trimEnd();
const messageRow = (page: Page, text: RegExp | string) => page.getByTestId('message-row').filter({ hasText: text });

test('a due sale makes one Bangla receipt of one SMS; with no SMS service it says "not sent" and is sent by hand', async ({ page, request, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const d = await dealer(request);
  await logInAndPick(page, d.username, d.storeName);
  await page.goto('/shops');
  await page.getByRole('link', { name: `Sell to ${SHOP}` }).click();
  await addToSale(page, 'bashundhara', `Add ${BASHUNDHARA} Refill`, 2);
  await page.getByRole('group', { name: 'Payment 1' }).getByLabel('Amount').fill('1000');
  // Before the tap the screen says where the receipt goes: nowhere by itself, without a service.
  await expect(page.getByTestId('receipt-choice')).toContainText('No SMS service: the receipt will wait on the Messages page.');
  await expect(page.getByRole('checkbox', { name: 'Send a receipt to the shop' })).toBeChecked();
  await page.getByRole('button', { name: 'Finish sale · Tk 2,800' }).click();
  await expect(page).toHaveURL(/\/sales\/[0-9a-f-]{36}$/);

  // 2 × Tk 1,400 (wholesale), Tk 1,000 paid: Tk 1,800 now owed, in Bengali digits.
  const text = `${inMessage(d.storeName)}: আজ ৳২,৮০০, জমা ৳১,০০০। মোট বাকি ৳১,৮০০।`;
  await expect(page.getByTestId('receipt-sms')).toHaveText(
    'SMS receipt to 01711-223344: not sent — no SMS service. Send it on WhatsApp or copy it.',
    { timeout: 20_000 },
  );
  const whatsapp = page.getByRole('link', { name: 'Send on WhatsApp' });
  await expect(whatsapp).toHaveAttribute('href', `https://wa.me/8801711223344?text=${encodeURIComponent(text)}`);

  // The phone got exactly one message, and it fits one SMS (70 UCS-2 characters).
  const got = await received(d.storeId, 'sale_receipt');
  expect(got).toEqual([{ to_number: '+8801711223344', text, shop: SHOP }]);
  expect(text.length).toBeLessThanOrEqual(70);

  // The owner sees it on the Messages page, not sent, as one SMS, with Copy and WhatsApp to send it by hand.
  await page.goto('/messages');
  await expect(page.getByText(/No SMS service is connected/)).toBeVisible();
  const row = messageRow(page, text);
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('message-state')).toHaveText('Not sent — no SMS service');
  await expect(row.getByText(`${SHOP} · 01711-223344`)).toBeVisible();
  await expect(row.locator('td[data-label="SMS"]')).toHaveText('1');
  await expect(row.getByRole('link', { name: /on WhatsApp$/ })).toHaveAttribute(
    'href',
    `https://wa.me/8801711223344?text=${encodeURIComponent(text)}`,
  );
  await row.getByRole('button', { name: /^Copy the message to/ }).click();
  await expect(page.getByText('Message copied. Paste it in an SMS or WhatsApp.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
  // Nothing anywhere on the page claims it went.
  await expect(page.getByTestId('message-state').filter({ hasText: /^(Sent|Delivered)$/ })).toHaveCount(0);
});

test('the seller turns the receipt off for one sale: the sale is recorded and no message is made', async ({ page, request }) => {
  const d = await dealer(request);
  await logInAndPick(page, d.username, d.storeName);
  await page.goto('/shops');
  await page.getByRole('link', { name: `Sell to ${SHOP}` }).click();
  await addToSale(page, 'bashundhara', `Add ${BASHUNDHARA} Refill`, 1);
  await page.getByRole('checkbox', { name: 'Send a receipt to the shop' }).uncheck();
  await expect(page.getByTestId('receipt-choice')).toContainText('No receipt for this sale.');
  await page.getByRole('button', { name: 'Finish sale · Tk 1,400' }).click();
  await expect(page).toHaveURL(/\/sales\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('article', { name: /^Receipt S-/ })).toBeVisible();
  await expect(page.getByTestId('receipt-sms')).toHaveCount(0);
  expect(await query('select id from message_outbox where store_id = $1', [d.storeId])).toEqual([]);
});

test('a reminder made at night reads "Waiting until 8:00"', async ({ page, request }) => {
  await setServerClock(request, dhakaToday('02:40'));
  // The phone's clock says the same night: "until 8:00" is ahead of it.
  await page.clock.setFixedTime(dhakaToday('02:41'));
  const d = await dealer(request);
  await d.sell(d.karimId, 1, 0);
  await logInAndPick(page, d.username, d.storeName);
  await page.goto('/messages');
  await page.getByRole('button', { name: 'Send reminders now' }).click();
  const confirm = page.getByRole('dialog', { name: 'Send due reminders now' });
  await confirm.getByRole('button', { name: 'Send reminders' }).click();
  await expect(page.getByText('A reminder is made for 1 shop')).toBeVisible();
  const reminder = page.getByTestId('message-row').filter({ hasText: 'Due reminder' });
  await expect(reminder.getByTestId('message-state')).toHaveText('Waiting until 8:00 am');
});

test('the store\'s texts: a reminder in both languages with the payment number, counted as it is typed', async ({ page, request }) => {
  await setServerClock(request, dhakaToday('10:00'));
  const d = await dealer(request);
  await d.sell(d.karimId, 1, 0); // owes 1,400
  await logInAndPick(page, d.username, d.storeName);
  await page.goto('/messages?tab=texts');
  await page.getByLabel('Your payment number (bKash, Nagad, Rocket)').fill('01811-555666');
  const bangla = page.getByLabel('Due reminder in Bangla');
  await bangla.fill('{{store}}: বাকি {{due}}। বিকাশ {{payNumber}}');
  await expect(page.getByTestId('count-due_reminder-bn')).toContainText('1 SMS');
  await bangla.fill(`{{store}}: ${'বাকি '.repeat(14)}{{due}}। বিকাশ {{payNumber}}`);
  await expect(page.getByTestId('count-due_reminder-bn')).toContainText('2 SMS');
  const reminderBangla = page.getByTestId('count-due_reminder-bn').locator('..');
  await expect(reminderBangla.getByText('Longer than one SMS: each of these messages costs 2 SMS.')).toBeVisible();
  await bangla.fill('{{store}}: বাকি {{due}}। বিকাশ {{payNumber}}');
  await page.getByLabel('Due reminder in English').fill('{{store}}: you owe {{due}}. bKash {{payNumber}}');
  const saved = page.waitForResponse((r) => r.url().endsWith('/messages/templates') && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Save texts' }).click();
  expect((await saved).status()).toBe(200);

  // Karim Traders reads Bangla: its reminder is the store's Bangla text, the number in Bengali digits.
  await page.goto('/messages');
  await page.getByRole('button', { name: 'Send reminders now' }).click();
  await page.getByRole('dialog', { name: 'Send due reminders now' }).getByRole('button', { name: 'Send reminders' }).click();
  await expect(messageRow(page, `${inMessage(d.storeName)}: বাকি ৳১,৪০০। বিকাশ ০১৮১১-৫৫৫৬৬৬`)).toHaveCount(1);
});

test('a reminder run sends to exactly the shops owing more than the threshold', async ({ page, request }) => {
  // 10:00 in Dhaka: a reminder made between 00:00 and 08:00 rightly waits for 08:00 (BTRC).
  await setServerClock(request, dhakaToday('10:00'));
  const d = await dealer(request);
  const over = await d.addShop('Over Store', '01811000001');
  const under = await d.addShop('Under Store', '01811000002');
  const noMobile = await d.addShop('No Mobile Store', null);
  await d.sell(over, 2, 0); // owes 2,800
  await d.sell(under, 1, 900); // owes 500
  await d.sell(noMobile, 1, 0); // owes 1,400, no mobile
  await logInAndPick(page, d.username, d.storeName);
  await page.goto('/messages');
  await page.getByRole('button', { name: 'Send reminders now' }).click();
  const confirm = page.getByRole('dialog', { name: 'Send due reminders now' });
  await expect(confirm).toContainText('more than Tk 1,000');
  const answered = page.waitForResponse((r) => r.url().endsWith('/messages/reminder-runs') && r.request().method() === 'POST');
  await confirm.getByRole('button', { name: 'Send reminders' }).click();
  expect((await answered).status()).toBe(201);
  await expect(page.getByText('A reminder is made for 1 shop')).toBeVisible();
  await expect(page.getByText('1 shop owing that much has no mobile number')).toBeVisible();

  const reminder = messageRow(page, 'মোট বাকি ৳২,৮০০। অনুগ্রহ করে পরিশোধ করুন।');
  await expect(reminder.getByText('Not sent — no SMS service')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('message-row').filter({ hasText: 'Due reminder' })).toHaveCount(1);
  expect(await received(d.storeId, 'due_reminder')).toEqual([
    { to_number: '+8801811000001', text: `${inMessage(d.storeName)}: মোট বাকি ৳২,৮০০। অনুগ্রহ করে পরিশোধ করুন।`, shop: 'Over Store' },
  ]);
});

test('the statement link opens signed out with the right balance, and stops working when turned off', async ({ page, request, browser }) => {
  const d = await dealer(request);
  await d.sell(d.karimId, 2, 1000); // owes 1,800
  await logInAndPick(page, d.username, d.storeName);
  await page.goto('/shops');
  const card = page.getByRole('listitem', { name: SHOP });
  await card.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Statement link' }).click();
  const dialog = page.getByRole('dialog', { name: `Statement link: ${SHOP}` });
  await dialog.getByLabel('Link works for').selectOption('7');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const field = dialog.getByLabel(/^The link/);
  await expect(field).toHaveValue(/\/s\/[A-Za-z0-9_-]{12}$/);
  const link = await field.inputValue();

  // Someone who was never signed in: the shop's balance and entries, in Bangla (the shop's language).
  const stranger = await browser.newContext();
  const customer = await stranger.newPage();
  await customer.goto(link);
  await expect(customer.getByRole('heading', { name: `${SHOP}-এর হিসাব` })).toBeVisible();
  // The figures read in Bangla too, though this browser's own language is English.
  await expect(customer.getByTestId('statement-balance')).toHaveText('৳১,৮০০');
  await expect(customer.getByText('আপনার বাকি')).toBeVisible();
  await expect(customer.getByText('বিক্রি').first()).toBeVisible();
  await customer.getByRole('button', { name: 'English' }).click();
  await expect(customer.getByText('You owe')).toBeVisible();
  await expect(customer.getByTestId('statement-balance')).toHaveText('Tk 1,800');
  // Not for search engines: the page and its data say so.
  const html = await request.get(new URL(link).pathname);
  expect(html.headers()['x-robots-tag']).toBe('noindex, nofollow');
  await expect(customer.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');

  // Turned off from the shop card: the same link opens nothing any more.
  await dialog.getByRole('button', { name: /^Turn off the link made/ }).click();
  await expect(dialog.getByText('Turned off')).toBeVisible();
  await customer.reload();
  await expect(customer.getByText('This link does not work any more. Ask the shop for a new one.').or(customer.getByText('এই লিংক আর চালু নেই। দোকান থেকে নতুন লিংক চেয়ে নিন।'))).toBeVisible();
  await stranger.close();
});

test('an item going below its reorder level alerts the owner once, and is on the "to order" list', async ({ page, request }) => {
  const d = await dealer(request);
  await logInAndPick(page, d.username, d.storeName);
  // Alerts to the owner's mobile, in English.
  await page.goto('/messages?tab=settings');
  await page.getByLabel('Alerts to you').selectOption('sms');
  await page.getByLabel('Your mobile number').fill('01911-000999');
  await page.getByLabel('Language of your alerts').selectOption('en');
  const saved = page.waitForResponse((r) => r.url().endsWith('/messages/settings') && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Save settings' }).click();
  expect((await saved).status()).toBe(200);

  // 10 full in stock: order when fewer than 9.
  await page.goto('/inventory');
  const row = page.getByRole('group', { name: new RegExp(BASHUNDHARA.replace(/ /g, '.*')) }).first();
  await row.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Reorder level' }).click();
  const modal = page.getByRole('dialog', { name: /^Reorder level of/ });
  await modal.getByLabel('Order when fewer than').fill('9');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toBeHidden();

  await d.sell(null, 1, 1450); // 9 left: not below
  await d.sell(null, 1, 1450); // 8: below, an alert
  await d.sell(null, 1, 1450); // 7: still below, no second alert
  await page.goto('/messages');
  const alert = messageRow(page, 'Low stock');
  await expect(alert).toHaveCount(1);
  await expect(alert.getByText('Not sent — no SMS service')).toBeVisible({ timeout: 20_000 });
  await expect(alert).toContainText(`${BASHUNDHARA} is low, 8 left (reorder level 9)`);
  expect((await received(d.storeId, 'low_stock')).map((m) => m.to_number)).toEqual(['+8801911000999']);

  await page.goto('/dashboard');
  const card = page.getByRole('list', { name: 'To order' });
  await expect(card.getByText(BASHUNDHARA)).toBeVisible();
  await expect(card.getByText('7 left · order at 9')).toBeVisible();
  await page.getByRole('link', { name: 'See all', exact: true }).click();
  await expect(page).toHaveURL(/\/inventory\/to-order$/);
  const list = page.getByRole('table', { name: 'To order' });
  await expect(list.getByRole('row').nth(1)).toContainText(BASHUNDHARA);
  await expect(list.getByRole('row').nth(1).locator('td').nth(3)).toHaveText('2');
});
