import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { addToSale, BASHUNDHARA, logInAndPick, PASSWORD } from './support/dealer-store';
import { addBankAccount, addPersonalBkash } from './support/money-accounts';
import { newOwnerStore, ok } from './support/first-day';

// A dealer's whole day with his money in its places (DEALER.md rules 15–20, 23), in the browser,
// against the figures worked out by hand:
//
//   opening       Cash drawer 20,000 · bKash (personal, 01711-223344) 5,000 · bank 1,00,000
//                 100 empties of Bashundhara 12 kg 22 mm · Karim Traders owes 5,000
//   buy           100 refills at 1,300 = 1,30,000 from Bashundhara LP Gas, the 100 empties handed
//                 over; 50,000 paid from the bank, 80,000 left payable
//   sales         10 refills at 1,400 in cash = 14,000 · 5 refills at 1,400 by bKash = 7,000
//   due payment   Karim Traders pays 3,000 by bKash
//   rent          8,000 from the drawer
//   deposit       10,000 from the drawer to the bank, fee 0
//   drawer close  expected 20,000 + 14,000 − 8,000 − 10,000 = 16,000; counted 15,800: 200 short
//
//   drawer  20,000 + 14,000 − 8,000 − 10,000 − 200 = 15,800
//   bKash    5,000 + 7,000 + 3,000                  = 15,000
//   bank  1,00,000 − 50,000 + 10,000               = 60,000
//   payable to Bashundhara LP Gas 80,000 · Karim Traders' due 5,000 − 3,000 = 2,000
//   gross profit 15 × (1,400 − 1,300) = 1,500 · expenses 8,000 + 200 = 8,200 · net −6,700

const BKASH = 'bKash 01711-223344 (personal)';
const BANK = 'Dutch-Bangla Bank Mirpur 1102 3344';
const accountRow = (page: Page, name: RegExp) => page.getByTestId('account-row').filter({ hasText: name });
const figure = (page: Page, label: string) => page.locator('.dash-figure', { has: page.getByText(label, { exact: true }) }).locator('dd');

async function tokenOf(request: APIRequestContext, username: string) {
  const { accessToken } = await ok(request.post('/api/v1/auth/login', { data: { loginIdentifier: username, password: PASSWORD } }));
  return { authorization: `Bearer ${accessToken}` };
}

/** A staff member of the store: signed up, invited by the owner, joined by the link. */
async function addStaff(request: APIRequestContext, base: string, ownerHeaders: Record<string, string>) {
  const username = `dd${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const email = `${username}@example.com`;
  await ok(request.post('/api/v1/auth/register', { data: { username, email, password: PASSWORD } }));
  const invite = await ok(request.post(`${base}/invites`, { headers: ownerHeaders, data: { email, role: 'staff', lifespan: '1d' } }));
  const token = new URL(invite.link).searchParams.get('token')!;
  await ok(request.patch(`/api/v1/user/invites/${encodeURIComponent(token)}/accept`, { headers: await tokenOf(request, username) }));
  return username;
}

/** A walk-in sale of refills, paid in full into the account chosen; the receipt says where. */
async function sellRefills(page: Page, count: number, into: string, total: string, receiptSays: string) {
  await page.goto('/sales/new');
  await expect(page.getByText('Retail prices')).toBeVisible();
  await addToSale(page, 'bashundhara', `Add ${BASHUNDHARA} Refill`, count);
  await page.getByRole('button', { name: 'Paid in full' }).click();
  await page.getByRole('group', { name: 'Payment 1' }).getByLabel('Paid into').selectOption({ label: into });
  await page.getByRole('button', { name: `Finish sale · ${total}` }).click();
  await expect(page).toHaveURL(/\/sales\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('article', { name: /^Receipt S-\d{6}$/ })).toContainText(receiptSays);
}

test('a dealer’s day: opening balances, a buy on part credit, sales in cash and bKash, a due paid, rent, a deposit and the drawer 200 short, all to the taka', async ({ page, browser, request }) => {
  // Fourteen screens in one walk.
  test.setTimeout(300_000);
  const store = await newOwnerStore(request, 'day');
  // The selling price is not part of the day: set before it.
  await ok(request.patch(`${store.base}/cylinder-inventory/${store.itemId}`, { headers: store.headers, data: { retailPrice: 1400, wholesalePrice: 1380 } }));
  await ok(request.post(`${store.base}/suppliers`, { headers: store.headers, data: { name: 'Bashundhara LP Gas', phone: '01711000099' } }));
  const staff = await addStaff(request, store.base, store.headers);
  await logInAndPick(page, store.username, store.storeName);

  // ---- Opening balances: the drawer, a bKash wallet, a bank account.
  await page.goto('/accounts');
  await accountRow(page, /Cash drawer/).getByRole('button', { name: 'Enter opening balance' }).click();
  let dialog = page.getByRole('dialog', { name: /Opening balance of Cash drawer/ });
  await dialog.getByLabel('Opening balance').fill('20000');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await addPersonalBkash(page, '01711223344', '5000');
  await addBankAccount(page, 'Dutch-Bangla Bank Mirpur', '1102 3344', '100000');

  // ---- 100 empties in opening stock.
  await page.goto('/inventory/opening-stock');
  await page.getByLabel('Item', { exact: true }).selectOption({ label: BASHUNDHARA });
  await page.getByLabel('Empty cylinders', { exact: true }).fill('100');
  await page.getByRole('button', { name: 'Save opening stock' }).click();
  await expect(page.getByText(`Opening stock of ${BASHUNDHARA} saved`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(BASHUNDHARA) }).locator('[data-column="empties"]')).toHaveText('100');

  // ---- A shop that owes 5,000 from before.
  await page.goto('/shops');
  await page.getByRole('button', { name: 'Add Shop +' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Shop' });
  await dialog.getByLabel('Shop Name').fill('Karim Traders');
  await dialog.getByLabel('Phone', { exact: true }).fill('01711-556677');
  await dialog.getByLabel('Opening due (Tk)').fill('5000');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  const karim = page.getByRole('listitem', { name: 'Karim Traders' });
  await expect(karim.getByTestId('shop-due')).toHaveText('Due: Tk 5,000');

  // ---- 100 refills from the company: 50,000 from the bank, the rest payable; the empties go back.
  await page.goto('/dashboard/buy');
  await page.getByRole('button', { name: new RegExp(BASHUNDHARA) }).click();
  const buy = page.getByRole('dialog', { name: /^Buy / });
  await buy.getByLabel('Refill').check();
  await buy.getByLabel('Quantity').fill('100');
  await buy.getByLabel('Unit cost paid').fill('1300');
  await buy.getByLabel('Supplier (company)').selectOption({ label: 'Bashundhara LP Gas' });
  await buy.getByLabel('Paid now (Tk)').fill('50000');
  await buy.getByLabel('Paid from').selectOption({ label: BANK });
  await buy.getByRole('button', { name: 'Buy', exact: true }).click();
  await expect(buy).toBeHidden();

  // ---- The day's sales: 10 in cash, 5 by bKash.
  await sellRefills(page, 10, 'Cash drawer', 'Tk 14,000', 'Paid by Cash');
  await sellRefills(page, 5, BKASH, 'Tk 7,000', 'bKash 01711-223344');

  // ---- Karim Traders pays 3,000 of its due by bKash.
  await page.goto('/shops');
  await karim.getByRole('button', { name: 'Due payment' }).click();
  const pay = page.getByRole('dialog', { name: 'Due payment for Karim Traders' });
  await pay.getByLabel('Amount').fill('3000');
  await pay.getByLabel('Paid into').selectOption({ label: BKASH });
  await pay.getByRole('button', { name: 'Record' }).click();
  await expect(pay).toBeHidden();
  await expect(karim.getByTestId('shop-due')).toHaveText('Due: Tk 2,000');

  // ---- Rent from the drawer.
  await page.goto('/expenses');
  await page.getByRole('button', { name: 'Add expense' }).click();
  dialog = page.getByRole('dialog', { name: 'Add an expense' });
  await dialog.getByLabel('Category').selectOption({ label: 'Rent' });
  await dialog.getByLabel('Amount').fill('8000');
  await dialog.getByRole('button', { name: 'Record' }).click();
  await expect(dialog).toBeHidden();

  // ---- 10,000 of the cash deposited at the bank, no fee.
  await page.goto('/accounts');
  await page.getByRole('button', { name: 'Move money' }).click();
  dialog = page.getByRole('dialog', { name: 'Move money between accounts' });
  await dialog.getByLabel('From').selectOption({ label: 'Cash drawer' });
  await dialog.getByLabel('To').selectOption({ label: BANK });
  await dialog.getByLabel('Amount').fill('10000');
  await dialog.getByLabel('Fee').fill('0');
  await dialog.getByRole('button', { name: 'Record' }).click();
  await expect(dialog).toBeHidden();

  // ---- The drawer: 16,000 expected, 15,800 counted.
  await page.goto('/drawer');
  await expect(page.getByTestId('drawer-expected')).toHaveText('Tk 16,000');
  await page.getByLabel('Counted cash').fill('15800');
  await expect(page.getByText('Tk 200 short')).toBeVisible();
  await page.getByLabel(/^Note/).fill('Change given twice');
  await page.getByRole('button', { name: 'Close the drawer' }).click();
  await expect(page.getByTestId('drawer-difference')).toHaveText('Tk 200 short');

  // ---- Every figure, as worked out by hand.
  await page.goto('/accounts');
  await expect(accountRow(page, /Cash drawer/).getByTestId('account-balance')).toHaveText('Tk 15,800');
  await expect(accountRow(page, /bKash 01711-223344/).getByTestId('account-balance')).toHaveText('Tk 15,000');
  await expect(accountRow(page, /Dutch-Bangla Bank Mirpur/).getByTestId('account-balance')).toHaveText('Tk 60,000');
  await page.goto('/suppliers');
  await expect(page.getByText('Total payable: Tk 80,000')).toBeVisible();
  await page.goto('/shops');
  await expect(karim.getByTestId('shop-due')).toHaveText('Due: Tk 2,000');
  await page.goto('/dashboard?period=today');
  await expect(figure(page, 'Gross profit')).toHaveText('Tk 1,500');
  await expect(figure(page, 'Net profit (after expenses)')).toHaveText('-Tk 6,700');
  await expect(page.getByTestId('dash-payable')).toHaveText('Tk 80,000');
  await expect(page.getByTestId('dash-receivable')).toHaveText('Tk 2,000');
  await expect(page.getByTestId('balance')).toHaveText('Tk 90,800');

  // ---- A staff member of the store sees none of these money figures, on screen or in the answers.
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await logInAndPick(staffPage, staff, store.storeName);
  await staffPage.goto('/dashboard?period=today');
  await expect(figure(staffPage, 'Your sales')).toHaveText('Tk 0');
  for (const id of ['balance', 'dash-account', 'dash-payable', 'dash-receivable', 'dash-net-profit']) await expect(staffPage.getByTestId(id)).toHaveCount(0);
  await expect(staffPage.locator('main')).not.toContainText(/profit|balance|payable|15,800|60,000/i);
  await staffContext.close();
  const staffHeaders = await tokenOf(request, staff);
  const { accounts } = await ok(request.get(`${store.base}/accounts`, { headers: staffHeaders }));
  expect(accounts.map((a: Record<string, unknown>) => 'balance' in a)).toEqual([false, false, false]);
  expect((await request.get(`${store.base}/suppliers`, { headers: staffHeaders })).status()).toBe(403);
  const summary = await ok(request.get(`${store.base}/summary?period=today`, { headers: staffHeaders }));
  expect(summary).not.toHaveProperty('balance');
  expect(summary).not.toHaveProperty('netProfit');
});
