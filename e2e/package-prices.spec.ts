import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { addToSale, BASHUNDHARA, logInAndPick, PASSWORD } from './support/dealer-store';
import { sidewaysOverflow } from './support/reflow';

// DEALER.md rule 12 (issue 26, item 1): a refill and a package are different goods. A store
// whose Bashundhara 12 kg 22 mm has stock and costs but no package price yet: the sale screen
// says so instead of offering a package; the owner sets refill 1,500 / 1,420 and package
// 3,300 / 3,250 in the price form, and a walk-in buys a package at 3,300: gross profit 400 on
// the package cost of 2,900.

/** A store with Bashundhara on: 20 refills bought at 1,300 and 4 packages at 2,900, no prices yet. */
async function storeWithCosts(request: APIRequestContext) {
  const tag = `pp${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const ok = async (response: Promise<APIResponse>) => {
    const r = await response;
    expect(r.ok(), `${r.status()} ${await r.text()}`).toBe(true);
    return r.json();
  };
  await ok(request.post('/api/v1/auth/register', { data: { username: tag, email: `${tag}@example.com`, password: PASSWORD } }));
  const { accessToken } = await ok(request.post('/api/v1/auth/login', { data: { loginIdentifier: tag, password: PASSWORD } }));
  const headers = { authorization: `Bearer ${accessToken}` };
  const { store } = await ok(request.post('/api/v1/stores', { headers, data: { name: `Gas House ${tag}`, location: 'Mirpur', phone: '01711000000' } }));
  const base = `/api/v1/stores/${store.id}`;
  const { localBrands } = await ok(request.get(`${base}/brands/a`, { headers }));
  const bashundhara = localBrands.find((b: { name: string }) => b.name === 'Bashundhara');
  await ok(request.patch(`${base}/brands`, { headers, data: [{ id: bashundhara.id, isActive: true }] }));
  const items = await ok(request.get(`${base}/cylinder-inventory?size=12&regulatorType=22`, { headers }));
  const item = items.find((i: { name: string }) => i.name === BASHUNDHARA);
  await ok(request.post(`${base}/stock-counts`, { headers, data: { itemId: item.id, fullCount: 0, emptyCount: 20, note: 'Opening stock' } }));
  for (const [tradeType, quantity, unitCost] of [['refill', 20, 1300], ['package', 4, 2900]] as const) {
    await ok(request.post(`${base}/cylinders/buy?size=12&regulatorType=22`, { headers, data: { id: item.id, quantity, tradeType, unitCost } }));
  }
  return { username: tag, storeName: store.name as string };
}

test('sets the four prices of Bashundhara 12 kg 22 mm and sells a package to a walk-in at 3,300, gross profit 400', async ({ page, request }) => {
  const { username, storeName } = await storeWithCosts(request);
  await logInAndPick(page, username, storeName);

  // Before the package price is set, the sale screen says so and offers no package.
  await page.goto('/sales/new');
  await page.getByLabel('Find an item').fill('bashundhara');
  const result = page.getByRole('listitem').filter({ hasText: BASHUNDHARA });
  await expect(result.getByTestId('package-not-set')).toHaveText(`Set the package price of ${BASHUNDHARA} first`);
  await expect(page.getByRole('button', { name: `Add ${BASHUNDHARA} Package`, exact: true })).toHaveCount(0);

  // The owner sets all four prices in the price form; the costs are shown beside them.
  await page.goto('/inventory');
  const row = page.getByRole('row', { name: /Bashundhara/ });
  await row.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Price' }).click();
  const dialog = page.getByRole('dialog', { name: `Price of ${BASHUNDHARA}` });
  const refill = dialog.getByRole('group', { name: 'Refill (gas only)' });
  const pkg = dialog.getByRole('group', { name: 'Package (gas and a new cylinder)' });
  await expect(dialog.getByLabel('Refill cost')).toHaveValue('1300');
  await expect(dialog.getByLabel('Package cost')).toHaveValue('2900');
  await refill.getByLabel('Retail price', { exact: true }).fill('1500');
  await refill.getByLabel('Wholesale price', { exact: true }).fill('1420');
  await pkg.getByLabel('Package retail price').fill('3300');
  await pkg.getByLabel('Package wholesale price').fill('3250');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('cell').nth(3)).toHaveText('Tk 1,500 Wholesale Tk 1,420 Package Tk 3,300 / Tk 3,250', { useInnerText: true });

  // A walk-in buys a package at the package retail price, never the refill's.
  await page.goto('/sales/new');
  await expect(page.getByText('Retail prices')).toBeVisible();
  await page.getByLabel('Find an item').fill('bashundhara');
  await expect(page.getByRole('button', { name: `Add ${BASHUNDHARA} Refill`, exact: true })).toHaveText('Refill Tk 1,500');
  await expect(page.getByRole('button', { name: `Add ${BASHUNDHARA} Package`, exact: true })).toHaveText('Package Tk 3,300');
  await addToSale(page, 'bashundhara', `Add ${BASHUNDHARA} Package`);
  await expect(page.getByTestId('sale-total')).toHaveText('Tk 3,300');
  await page.getByRole('button', { name: 'Paid in full' }).click();
  await page.getByRole('button', { name: 'Finish sale · Tk 3,300' }).click();
  await expect(page).toHaveURL(/\/sales\/[0-9a-f-]{36}$/);
  // 3,300 − 2,900 (the package cost).
  await expect(page.getByTestId('sale-profit')).toHaveText('Tk 400');
});

test('the price form fits a 360 px phone', async ({ page, request }) => {
  const { username, storeName } = await storeWithCosts(request);
  await page.setViewportSize({ width: 360, height: 780 });
  await logInAndPick(page, username, storeName);
  await page.goto('/inventory');
  // On a phone the rows are cards; the price tool is under the item's More menu.
  await page.getByRole('button', { name: 'More' }).first().click();
  await page.getByRole('menuitem', { name: 'Price' }).click();
  const dialog = page.getByRole('dialog', { name: `Price of ${BASHUNDHARA}` });
  await expect(dialog.getByLabel('Package wholesale price')).toBeVisible();
  expect(await sidewaysOverflow(page, '[role="dialog"]')).toEqual([]);
});
