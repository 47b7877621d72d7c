import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

// An owner's day seen from the dashboard: the store is set up through the API (brand, price,
// opening stock, a shop, a van), then the day happens through the quick actions — a purchase,
// a walk-in sale, a sale on due, fuel for the van, a part payment of the due — and the
// dashboard, the history and the CSV all tell the same numbers.

const password = 'correct horse battery';
const ITEM = 'Bashundhara 12 kg 22 mm';
const SHOP = 'Karim Traders';
const VAN = 'Dhaka Metro NA 11-2345';

async function setUpStore(request: APIRequestContext) {
  const tag = `db${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  expect(
    (
      await request.post('/api/v1/auth/register', {
        data: { username: tag, email: `${tag}@example.com`, password },
      })
    ).status(),
  ).toBe(201);
  const { accessToken } = await (
    await request.post('/api/v1/auth/login', { data: { loginIdentifier: tag, password } })
  ).json();
  const headers = { authorization: `Bearer ${accessToken}` };
  const { store } = await (
    await request.post('/api/v1/stores', {
      headers,
      data: { name: `Gas House ${tag}`, location: 'Mirpur', phone: '01711000000' },
    })
  ).json();
  const base = `/api/v1/stores/${store.id}`;
  const { localBrands } = await (await request.get(`${base}/brands/a`, { headers })).json();
  const brand = localBrands.find((b: { name: string }) => b.name === 'Bashundhara');
  expect((await request.patch(`${base}/brands`, { headers, data: [{ id: brand.id, isActive: true }] })).ok()).toBe(true);
  const items = await (await request.get(`${base}/cylinder-inventory?size=12&regulatorType=22`, { headers })).json();
  const item = items.find((i: { name: string }) => i.name === ITEM);
  expect((await request.patch(`${base}/cylinder-inventory/${item.id}`, { headers, data: { price: 1250 } })).ok()).toBe(true);
  expect(
    (await request.post(`${base}/stock-counts`, { headers, data: { itemId: item.id, fullCount: 40, emptyCount: 20, note: 'Opening stock' } })).ok(),
  ).toBe(true);
  const { divisions } = await (await request.get(`/api/v1/workspace/${store.id}/divisions`, { headers })).json();
  expect(
    (
      await request.post(`/api/v1/workspace/${store.id}/divisions/${divisions[0].id}/stores`, {
        headers,
        data: { name: SHOP, contactName: 'Karim', phone: '01711-223344', address: 'Mirpur 2' },
      })
    ).status(),
  ).toBe(201);
  expect(
    (
      await request.post(`${base}/vehicles`, {
        headers,
        data: { vehicleBrand: 'Tata', vehicleModel: 'Ace', regNumber: VAN },
      })
    ).status(),
  ).toBe(201);
  return { username: tag, storeName: store.name as string };
}

async function logInAndPick(page: Page, username: string, storeName: string) {
  await page.goto('/login');
  await page.getByLabel('Email or Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('button', { name: new RegExp(storeName) }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function quickAction(page: Page, name: string) {
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Quick Actions' }).getByRole('link', { name, exact: true }).click();
}

async function trade(page: Page, side: 'Buy' | 'Sell', quantity: number, options: { type: 'Refill' | 'Package'; due?: boolean }) {
  await page.getByRole('button', { name: new RegExp(`^${ITEM}`) }).click();
  const dialog = page.getByRole('dialog', { name: `${side} ${ITEM}` });
  await dialog.getByLabel(options.type).check();
  await dialog.getByLabel('Quantity').fill(String(quantity));
  if (side === 'Buy') await dialog.getByLabel('Unit cost paid').fill('1250');
  if (options.due) {
    await dialog.getByLabel('Paid into').selectOption('due');
    await expect(dialog.getByLabel('Customer shop').locator('option:checked')).toHaveText(/Karim Traders/);
  }
  await dialog.getByRole('button', { name: side, exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

const figure = (page: Page, label: string) =>
  page.locator('.dash-figure', { has: page.getByText(label, { exact: true }) }).locator('dd');

test('a day through the quick actions adds up on the dashboard, in the history and in the CSV', async ({
  page,
  request,
}) => {
  const { username, storeName } = await setUpStore(request);
  await logInAndPick(page, username, storeName);

  // The set-up steps left: only "Invite your staff".
  await expect(page.getByRole('link', { name: 'Invite your staff' })).toHaveAttribute('href', '/staff');
  await expect(page.getByRole('link', { name: 'Set your prices' })).toHaveCount(0);

  // Buy 10 new cylinders for cash: Tk 12,500 out.
  await quickAction(page, 'Buy');
  await expect(page).toHaveURL(/\/dashboard\/buy$/);
  await trade(page, 'Buy', 10, { type: 'Package' });

  // A walk-in customer takes 4 refills for cash: Tk 5,000 in. (Sell opens the sale screen;
  // the one-item flow stays for a quick single sale.)
  await quickAction(page, 'Sell');
  await expect(page).toHaveURL(/\/sales\/new$/);
  await page.goto('/dashboard/shop-selection');
  await page.getByRole('button', { name: 'Walk-in customer' }).click();
  await expect(page.getByText('Selling to: Walk-in customer')).toBeVisible();
  await trade(page, 'Sell', 4, { type: 'Refill' });

  // Karim Traders takes 6 refills on due: Tk 7,500 sold, nothing in yet.
  await page.goto('/dashboard/shop-selection');
  await page.getByRole('option', { name: new RegExp(SHOP) }).click();
  await expect(page.getByText(`Selling to: ${SHOP}`)).toBeVisible();
  await trade(page, 'Sell', 6, { type: 'Refill', due: true });

  // Fuel for the van: Tk 1,800 out.
  await quickAction(page, 'Vehicle Cost');
  await page.getByRole('button', { name: new RegExp(VAN) }).click();
  const cost = page.getByRole('dialog', { name: `New Fuel/Repair cost for ${VAN}` });
  await cost.getByLabel('Amount').fill('1800');
  await cost.getByRole('button', { name: 'Record' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Karim pays Tk 2,000 of the due.
  await quickAction(page, 'Due');
  await page.getByRole('option', { name: new RegExp(SHOP) }).click();
  const pay = page.getByRole('dialog', { name: `Due payment for ${SHOP}` });
  await expect(pay.getByText('Current due: Tk 7,500')).toBeVisible();
  await pay.getByLabel('Amount').fill('2000');
  await pay.getByRole('button', { name: 'Record' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Sales 5,000 + 7,500; dues 7,500 − 2,000; expenses the fuel;
  // balance (5,000 + 2,000) in − (12,500 + 1,800) out.
  for (const period of ['This month', 'Today']) {
    await page.getByRole('button', { name: period }).click();
    await expect(figure(page, 'Sales')).toHaveText('Tk 12,500');
    await expect(figure(page, 'Dues')).toHaveText('Tk 5,500');
    await expect(figure(page, 'Expenses')).toHaveText('Tk 1,800');
    await expect(page.getByTestId('balance')).toHaveText('-Tk 7,300');
  }
  const recents = page.getByRole('list', { name: 'Recents' }).getByRole('listitem');
  await expect(recents.nth(0)).toContainText(`${SHOP} paid Tk 2,000 of their due (cash)`);
  await expect(recents.nth(1)).toContainText(`Fuel for ${VAN} (Tata Ace) — Tk 1,800 (cash)`);
  // Each sale is a sale with one line now: its money is the sale's payment, an entry of its own.
  const recentList = page.getByRole('list', { name: 'Recents' });
  await expect(recentList).toContainText(`Sold 6 × ${ITEM} to ${SHOP} — Tk 7,500`);
  await expect(recentList).toContainText(`Sold 4 × ${ITEM} — Tk 5,000`);
  await expect(recentList).toContainText(/Payment for S-\d{6} — Tk 5,000 \(cash\)/);
  await expect(recentList).toContainText(`Bought 10 × ${ITEM} — Tk 12,500 (cash)`);

  // History: the five, the walk-in sale's cash payment (an entry of its own), plus the price and
  // the opening count, with the same money.
  await page.getByRole('link', { name: 'See all history' }).click();
  await expect(page).toHaveURL(/\/history$/);
  const totals = page.getByLabel('Totals for these entries');
  await expect(totals).toContainText('Entries8');
  await expect(totals).toContainText('Money inTk 7,000');
  await expect(totals).toContainText('Money outTk 14,300');
  await expect(totals).toContainText('SalesTk 12,500');
  await expect(page.getByRole('table', { name: 'History' }).getByRole('row')).toHaveCount(9);

  // Only the sales, shareable by URL.
  await page.getByLabel('Kind').selectOption('sell');
  await expect(page).toHaveURL(/kind=sell/);
  await expect(totals).toContainText('Entries2');
  await expect(totals).toContainText('SalesTk 12,500');
  await page.reload();
  await expect(page.getByLabel('Kind')).toHaveValue('sell');
  await expect(totals).toContainText('Entries2');

  // The CSV of the filtered entries.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  const lines = csv.trim().split(/\r\n/);
  expect(lines).toHaveLength(3);
  expect(lines[0]).toContain('money in');
  expect(csv).toContain(SHOP);
  expect(lines.filter((line) => line.includes(',sell,'))).toHaveLength(2);

  // Everything, as a file: the day's eight entries.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(totals).toContainText('Entries8');
  const [all] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const allCsv = fs.readFileSync((await all.path())!, 'utf8');
  expect(allCsv.trim().split(/\r\n/)).toHaveLength(9);
  expect(allCsv).toContain('due_payment');
  expect(allCsv).toContain('vehicle_cost');
});
