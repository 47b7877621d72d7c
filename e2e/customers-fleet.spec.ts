import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

// A dealer's day with customers and vans: areas and shops, a sell on due, a part payment,
// then a van's fuel and repair costs.

const password = 'correct horse battery';

async function setUpStore(request: APIRequestContext) {
  const tag = `cf${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const reg = await request.post('/api/v1/auth/register', {
    data: { username: tag, email: `${tag}@example.com`, password },
  });
  expect(reg.status()).toBe(201);
  const login = await request.post('/api/v1/auth/login', { data: { loginIdentifier: tag, password } });
  const { accessToken } = await login.json();
  const headers = { authorization: `Bearer ${accessToken}` };
  const store = (
    await (
      await request.post('/api/v1/stores', {
        headers,
        data: { name: `Dealer ${tag}`, location: 'Mirpur', phone: '01711000000' },
      })
    ).json()
  ).store as { id: string; name: string };
  const base = `/api/v1/stores/${store.id}`;

  // Stock to sell from: one brand, a price, ten new 12 kg cylinders.
  const [brand] = (await (await request.get(`${base}/brands/a`, { headers })).json()).localBrands;
  await request.patch(`${base}/brands`, { headers, data: [{ id: brand.id, isActive: true }] });
  const [item] = await (await request.get(`${base}/cylinder-inventory?size=12&regulatorType=22`, { headers })).json();
  await request.patch(`${base}/cylinder-inventory/${item.id}`, { headers, data: { price: 1250, packageRetailPrice: 1250 } });
  const buy = await request.post(`${base}/cylinders/buy?size=12&regulatorType=22`, {
    headers,
    data: { id: item.id, quantity: 10, tradeType: 'package', unitCost: 1100 },
  });
  expect(buy.ok()).toBeTruthy();

  const sellOnDue = async (shopName: string, quantity: number) => {
    const { shops } = await (
      await request.get(`${base}/shops?search=${encodeURIComponent(shopName)}`, { headers })
    ).json();
    const sell = await request.post(`${base}/cylinders/sell?size=12&regulatorType=22`, {
      headers,
      data: { id: item.id, quantity, paymentMethod: 'due', shopId: shops[0].id, tradeType: 'package' },
    });
    expect(sell.ok()).toBeTruthy();
  };
  return { username: tag, store, sellOnDue };
}

async function logInAndPick(page: Page, username: string, storeName: string) {
  await page.goto('/login');
  await page.getByLabel('Email or Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('button', { name: new RegExp(storeName) }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

test('shops: an area, two shops, a sell on due, a part payment and the history', async ({
  page,
  request,
}) => {
  const { username, store, sellOnDue } = await setUpStore(request);
  await logInAndPick(page, username, store.name);

  await page.goto('/shops');
  await expect(page.getByRole('heading', { name: 'Shops', exact: true, level: 2 })).toBeVisible();

  await page.getByRole('button', { name: 'Add area' }).click();
  await page.getByLabel('Area name').fill('Mirpur 2');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByLabel('Area', { exact: true })).toHaveValue(/.+/);
  await expect(page.getByLabel('Area', { exact: true }).locator('option:checked')).toHaveText('Mirpur 2 (0)');

  for (const [name, phone] of [
    ['Karim Traders', '01711-223344'],
    ['Hasan Store', '01811-556677'],
  ]) {
    await page.getByRole('button', { name: 'Add Shop +' }).click();
    await page.getByLabel('Shop Name').fill(name);
    await page.getByLabel('Phone', { exact: true }).fill(phone);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('listitem', { name })).toBeVisible();
  }

  await sellOnDue('Karim Traders', 2);
  await page.reload();
  const karim = page.getByRole('listitem', { name: 'Karim Traders' });
  await expect(karim.getByText('Due: Tk 2,500')).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Hasan Store' }).getByText('Due: Tk 0')).toBeVisible();

  await karim.getByRole('button', { name: 'Due payment' }).click();
  const pay = page.getByRole('dialog', { name: 'Due payment for Karim Traders' });
  await pay.getByLabel('Amount').fill('1000');
  await pay.getByLabel('Reference').fill('R-1');
  await pay.getByRole('button', { name: 'Record' }).click();
  await expect(pay).toBeHidden();
  await expect(karim.getByText('Due: Tk 1,500')).toBeVisible();

  // History sits behind the card's More.
  await karim.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'History: Karim Traders' });
  // A khata: the sale, then the payment, with the due after each.
  const rows = history.getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('Sale S-000001');
  await expect(rows.nth(1)).toContainText('Tk 2,500');
  await expect(rows.nth(2)).toContainText('Cash payment');
  await expect(rows.nth(2)).toContainText('ref. R-1');
  await expect(rows.nth(2)).toContainText('Tk 1,500');
});

test('vehicles: add a van, record fuel and a repair, see its history', async ({ page, request }) => {
  const { username, store } = await setUpStore(request);
  await logInAndPick(page, username, store.name);

  await page.goto('/vehicles');
  await expect(page.getByRole('heading', { name: 'Vehicle List' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Vehicle +' }).click();
  await page.getByLabel('Brand').fill('Tata');
  await page.getByLabel('Model').fill('Ace');
  await page.getByLabel('Registration No').fill('Dhaka Metro NA 11-2345');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const van = page.getByRole('listitem', { name: 'Dhaka Metro NA 11-2345' });
  await expect(van.getByText('Reg: Dhaka Metro NA 11-2345')).toBeVisible();

  for (const [amount, category, description] of [
    ['1800', 'fuel_payment', '15 L diesel'],
    ['2500', 'repair_payment', 'Brake shoes'],
  ]) {
    await van.getByRole('button', { name: 'Fuel / Repair' }).click();
    const cost = page.getByRole('dialog', { name: 'New Fuel/Repair cost for Dhaka Metro NA 11-2345' });
    await cost.getByLabel('Amount').fill(amount);
    await cost.getByLabel('Category').selectOption(category);
    await cost.getByLabel('Description').fill(description);
    await cost.getByRole('button', { name: 'Record' }).click();
    await expect(cost).toBeHidden();
  }
  await expect(van.getByText('This month: Fuel Tk 1,800 · Repair Tk 2,500')).toBeVisible();

  await van.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'Transaction History' });
  const rows = history.getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('Repair');
  await expect(rows.nth(1)).toContainText('Brake shoes');
  await expect(rows.nth(2)).toContainText('Fuel');
  await expect(rows.nth(2)).toContainText('Tk 1,800');
});
