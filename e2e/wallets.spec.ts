import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { addToSale, BASHUNDHARA, logInAndPick, PASSWORD, setUpDealer, SHOP } from './support/dealer-store';
import { ok } from './support/first-day';

// DEALER.md rule 15 at the counter (issue 27, item 1): an owner opens a bKash personal wallet
// and a Nagad merchant wallet; a walk-in sale is paid Tk 1,000 in cash and Tk 1,900 into Nagad,
// and its receipt names Nagad; Karim Traders pays Tk 1,500 of its due into bKash; the accounts
// page shows each wallet moved by exactly those amounts, the drawer by the cash.

const row = (page: Page, name: RegExp) => page.getByTestId('account-row').filter({ hasText: name });

async function ownerApi(request: APIRequestContext, username: string) {
  const { accessToken } = await (await request.post('/api/v1/auth/login', { data: { loginIdentifier: username, password: PASSWORD } })).json();
  const headers = { authorization: `Bearer ${accessToken}` };
  const { stores } = await ok(request.get('/api/v1/stores', { headers }));
  const base = `/api/v1/stores/${stores[0].id}`;
  const drawer = async () =>
    ((await ok(request.get(`${base}/accounts`, { headers }))).accounts as { kind: string; isDefault: boolean; balance: number }[]).find(
      (a) => a.kind === 'cash' && a.isDefault,
    )!.balance;
  return { headers, base, ok, drawer };
}

async function addWallet(page: Page, provider: string, type: string, number: string) {
  await page.getByRole('button', { name: 'Add an account' }).click();
  const dialog = page.getByRole('dialog', { name: 'New account' });
  await dialog.getByLabel('Wallet', { exact: true }).selectOption(provider);
  await dialog.getByLabel('Personal or merchant').selectOption(type);
  await dialog.getByLabel('Wallet number').fill(number);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

test('payments land in the wallets named: a split sale into cash and Nagad, a due paid into bKash', async ({ page, request }) => {
  const { username, storeName } = await setUpDealer(request);
  const api = await ownerApi(request, username);
  // Karim Traders owes 2 refills at wholesale: Tk 2,800.
  const items = await api.ok(request.get(`${api.base}/cylinder-inventory?size=12&regulatorType=22`, { headers: api.headers }));
  const bash = items.find((i: { name: string }) => i.name === BASHUNDHARA).id as string;
  const { shops } = await api.ok(request.get(`${api.base}/shops`, { headers: api.headers }));
  const shop = shops.find((s: { name: string }) => s.name === SHOP).id as string;
  await api.ok(
    request.post(`${api.base}/sales`, {
      headers: api.headers,
      data: { shopId: shop, lines: [{ itemType: 'cylinder', itemId: bash, tradeType: 'refill', quantity: 2 }] },
    }),
  );
  const drawerBefore = await api.drawer();

  await logInAndPick(page, username, storeName);
  await page.getByRole('link', { name: 'Money accounts', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Money accounts', exact: true, level: 2 })).toBeVisible();
  await addWallet(page, 'bkash', 'personal', '01711223344');
  await addWallet(page, 'nagad', 'merchant', '01819556677');

  // A walk-in buys 2 refills, Tk 2,900: Tk 1,000 in cash, the rest into the Nagad wallet.
  await page.goto('/sales/new');
  await addToSale(page, 'bashundhara', `Add ${BASHUNDHARA} Refill`, 2);
  await expect(page.getByTestId('sale-total')).toHaveText('Tk 2,900');
  const first = page.getByRole('group', { name: 'Payment 1' });
  await expect(first.getByLabel('Paid into').locator('option:checked')).toHaveText('Cash drawer');
  await first.getByLabel('Amount').fill('1000');
  await page.getByRole('button', { name: 'Add a payment' }).click();
  const second = page.getByRole('group', { name: 'Payment 2' });
  // A second payment starts on the default wallet; the seller says it went into Nagad.
  await expect(second.getByLabel('Paid into').locator('option:checked')).toHaveText('bKash 01711-223344 (personal)');
  await second.getByLabel('Paid into').selectOption({ label: 'Nagad 01819-556677 (merchant)' });
  await second.getByLabel('Amount').fill('1900');
  await expect(page.getByTestId('sale-due')).toHaveText('Tk 0');
  await page.getByRole('button', { name: 'Finish sale · Tk 2,900' }).click();

  await expect(page).toHaveURL(/\/sales\/[0-9a-f-]{36}$/);
  const receipt = page.getByRole('article', { name: /^Receipt S-\d{6}$/ });
  await expect(receipt).toContainText('Paid by Cash');
  await expect(receipt).toContainText('Paid into Nagad 01819-556677 (merchant)');

  // Karim Traders pays Tk 1,500 of its due into the bKash wallet.
  await page.goto('/shops');
  const karim = page.getByRole('listitem', { name: SHOP });
  await karim.getByRole('button', { name: 'Due payment' }).click();
  const pay = page.getByRole('dialog', { name: `Due payment for ${SHOP}` });
  await pay.getByLabel('Amount').fill('1500');
  await pay.getByLabel('Paid into').selectOption({ label: 'bKash 01711-223344 (personal)' });
  await pay.getByRole('button', { name: 'Record' }).click();
  await expect(pay).toBeHidden();
  await expect(karim.getByText('Due: Tk 1,300')).toBeVisible();

  // Each account moved by exactly what went into it.
  await page.getByRole('link', { name: 'Money accounts', exact: true }).first().click();
  await expect(row(page, /bKash 01711-223344 \(personal\)/).getByTestId('account-balance')).toHaveText('Tk 1,500');
  await expect(row(page, /Nagad 01819-556677 \(merchant\)/).getByTestId('account-balance')).toHaveText('Tk 1,900');
  expect(await api.drawer()).toBe(drawerBefore + 1000);
});
