import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { addToSale, logInAndPick, PASSWORD, setUpDealer, STOVE } from './support/dealer-store';

// DEALER.md rule 23: a staff member sells at the counter and sees their own sales, stock and
// selling prices, but no cost, profit or money balance anywhere: not on the dashboard, the
// inventory, the sale's done screen (the customer reads it) or the sales list. The owner still
// sees them all.

const figure = (page: Page, label: string) =>
  page.locator('.dash-figure', { has: page.getByText(label, { exact: true }) }).locator('dd');

async function tokenOf(request: APIRequestContext, username: string) {
  const res = await request.post('/api/v1/auth/login', { data: { loginIdentifier: username, password: PASSWORD } });
  expect(res.ok(), await res.text()).toBe(true);
  return { authorization: `Bearer ${(await res.json()).accessToken}` };
}

/** A staff member of the dealer's store: signed up, invited by the owner, joined by the link. */
async function addStaff(request: APIRequestContext, owner: string, storeName: string) {
  const ownerHeaders = await tokenOf(request, owner);
  const { stores } = await (await request.get('/api/v1/stores', { headers: ownerHeaders })).json();
  const store = stores.find((s: { name: string }) => s.name === storeName);
  const username = `st${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const email = `${username}@example.com`;
  expect((await request.post('/api/v1/auth/register', { data: { username, email, password: PASSWORD } })).status()).toBe(201);
  const invite = await request.post(`/api/v1/stores/${store.id}/invites`, {
    headers: ownerHeaders,
    data: { email, role: 'staff', lifespan: '1d' },
  });
  expect(invite.ok(), await invite.text()).toBe(true);
  const token = new URL((await invite.json()).link).searchParams.get('token')!;
  const joined = await request.patch(`/api/v1/user/invites/${encodeURIComponent(token)}/accept`, {
    headers: await tokenOf(request, username),
  });
  expect(joined.ok(), await joined.text()).toBe(true);
  return username;
}

test('a staff member sells and sees no cost, profit or balance; the owner still does', async ({ page, browser, request }) => {
  const { username: owner, storeName } = await setUpDealer(request);
  const staff = await addStaff(request, owner, storeName);

  await logInAndPick(page, staff, storeName);
  // The dashboard: their own sales (none yet), no store money, no profit report or ledger.
  await expect(figure(page, 'Your sales')).toHaveText('Tk 0');
  for (const label of ['Dues', 'Expenses', 'Gross profit']) await expect(page.getByText(label, { exact: true })).toHaveCount(0);
  await expect(page.getByTestId('balance')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Profit report' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'History', exact: true })).toHaveCount(0);

  // The inventory: selling prices, no average cost.
  await page.goto('/inventory');
  const cylinders = page.getByRole('table', { name: 'Cylinders' });
  await expect(cylinders.getByRole('columnheader', { name: /price/i })).toBeVisible();
  await expect(cylinders.getByRole('columnheader', { name: 'Average cost' })).toHaveCount(0);
  await expect(cylinders).not.toContainText(/cost/i);

  // A walk-in sale of a stove at retail; the done screen is the receipt, without profit.
  await page.goto('/sales/new');
  await addToSale(page, 'stove', `Add ${STOVE}`);
  await page.getByRole('button', { name: 'Paid in full' }).click();
  await page.getByRole('button', { name: 'Finish sale · Tk 3,200' }).click();
  await expect(page).toHaveURL(/\/sales\/[0-9a-f-]{36}$/);
  const receipt = page.getByRole('article', { name: /^Receipt S-\d{6}$/ });
  await expect(receipt).toContainText(STOVE);
  const number = (await receipt.getAttribute('aria-label'))!.replace('Receipt ', '');
  await expect(page.locator('main')).not.toContainText(/profit|cost/i);

  // The sales list: the sale, without its profit; no profit report.
  await page.goto('/sales');
  const card = page.getByRole('listitem', { name: number });
  await expect(card).toContainText('Tk 3,200');
  await expect(card.getByTestId('list-profit')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Profit report' })).toHaveCount(0);
  await expect(page.locator('main')).not.toContainText(/profit|cost/i);

  // Back on the dashboard: the sale counts as theirs; still no money figures.
  await page.goto('/dashboard?period=today');
  await expect(figure(page, 'Your sales')).toHaveText('Tk 3,200');
  await expect(page.locator('main')).not.toContainText(/profit|balance|expense/i);

  // The owner sees the costs, the sale's profit (3,200 − 2,600) and the store's money.
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await logInAndPick(ownerPage, owner, storeName);
  await ownerPage.goto('/dashboard?period=today');
  await expect(figure(ownerPage, 'Gross profit')).toHaveText('Tk 600');
  await expect(ownerPage.getByTestId('balance')).toBeVisible();
  await ownerPage.goto('/inventory');
  await expect(ownerPage.getByRole('table', { name: 'Cylinders' }).getByRole('columnheader', { name: 'Average cost' })).toBeVisible();
  await ownerPage.goto('/sales');
  await expect(ownerPage.getByRole('listitem', { name: number }).getByTestId('list-profit')).toHaveText('Tk 600');
  await ownerContext.close();
});
