import { expect, test, type APIRequestContext } from '@playwright/test';
import { addToSale, BASHUNDHARA, logInAndPick } from './support/dealer-store';
import { newOwnerStore, ok, setFourPrices } from './support/first-day';
import { sidewaysOverflow } from './support/reflow';

// DEALER.md rule 12 (issue 26, item 1): a refill and a package are different goods. A store
// whose Bashundhara 12 kg 22 mm has stock and costs but no package price yet: the sale screen
// says so instead of offering a package; the owner sets refill 1,500 / 1,420 and package
// 3,300 / 3,250 in the price form, and a walk-in buys a package at 3,300: gross profit 400 on
// the package cost of 2,900.

/** A store with Bashundhara on: 20 refills bought at 1,300 and 4 packages at 2,900, no prices yet. */
async function storeWithCosts(request: APIRequestContext) {
  const { username, storeName, base, headers, itemId } = await newOwnerStore(request, 'pp');
  const item = { id: itemId };
  await ok(
    request.post(`${base}/stock-counts`, {
      headers,
      data: { itemId: item.id, fullCount: 0, emptyCount: 20, note: 'Opening stock' },
    }),
  );
  for (const [tradeType, quantity, unitCost] of [
    ['refill', 20, 1300],
    ['package', 4, 2900],
  ] as const) {
    await ok(
      request.post(`${base}/cylinders/buy?size=12&regulatorType=22`, {
        headers,
        data: { id: item.id, quantity, tradeType, unitCost },
      }),
    );
  }
  const setPrices = (data: Record<string, number>) =>
    ok(request.patch(`${base}/cylinder-inventory/${item.id}`, { headers, data }));
  const sales = async () =>
    (await ok(request.get(`${base}/sales`, { headers }))).sales as { id: string; total: number }[];
  const sale = async (id: string) => (await ok(request.get(`${base}/sales/${id}`, { headers }))).sale;
  return { username, storeName, setPrices, sales, sale };
}

test('sets the four prices of Bashundhara 12 kg 22 mm and sells a package to a walk-in at 3,300, gross profit 400', async ({
  page,
  request,
}) => {
  const { username, storeName } = await storeWithCosts(request);
  await logInAndPick(page, username, storeName);

  // Before the package price is set, the sale screen says so and offers no package.
  await page.goto('/sales/new');
  await page.getByLabel('Find an item').fill('bashundhara');
  const result = page.getByRole('listitem').filter({ hasText: BASHUNDHARA });
  await expect(result.getByTestId('package-not-set')).toHaveText(
    `Set the package price of ${BASHUNDHARA} first`,
  );
  await expect(page.getByRole('button', { name: `Add ${BASHUNDHARA} Package`, exact: true })).toHaveCount(0);

  // The owner sets all four prices in the price form; the costs are shown beside them.
  await setFourPrices(page);

  // A walk-in buys a package at the package retail price, never the refill's.
  await page.goto('/sales/new');
  await expect(page.getByText('Retail prices')).toBeVisible();
  await page.getByLabel('Find an item').fill('bashundhara');
  await expect(page.getByRole('button', { name: `Add ${BASHUNDHARA} Refill`, exact: true })).toHaveText(
    'Refill Tk 1,500',
  );
  await expect(page.getByRole('button', { name: `Add ${BASHUNDHARA} Package`, exact: true })).toHaveText(
    'Package Tk 3,300',
  );
  await addToSale(page, 'bashundhara', `Add ${BASHUNDHARA} Package`);
  await expect(page.getByTestId('sale-total')).toHaveText('Tk 3,300');
  await page.getByRole('button', { name: 'Paid in full' }).click();
  await page.getByRole('button', { name: 'Finish sale · Tk 3,300' }).click();
  await expect(page).toHaveURL(/\/sales\/[0-9a-f-]{36}$/);
  // The done screen faces the customer and shows no profit; the sales list has it:
  // 3,300 − 2,900 (the package cost).
  const receipt = page.getByRole('article', { name: /^Receipt S-\d{6}$/ });
  const number = (await receipt.getAttribute('aria-label'))!.replace('Receipt ', '');
  await page.goto('/sales');
  await expect(page.getByRole('listitem', { name: number }).getByTestId('list-profit')).toHaveText('Tk 400');
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

test.describe('offline', () => {
  // The service worker keeps the app's code on the device, as for e2e/offline.spec.ts.
  test.use({ serviceWorkers: 'allow' });

  test('a package sale made offline lands at the package price, with its profit on the package cost', async ({
    page,
    request,
  }) => {
    const server = await storeWithCosts(request);
    await server.setPrices({
      retailPrice: 1500,
      wholesalePrice: 1420,
      packageRetailPrice: 3300,
      packageWholesalePrice: 3250,
    });
    await logInAndPick(page, server.username, server.storeName);
    await page.goto('/sales/new');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await addToSale(page, 'bashundhara', `Add ${BASHUNDHARA} Package`);
    // A first tap unpaid is refused on the device (a walk-in pays in full), and loads the form's rules while online.
    await page.getByRole('button', { name: 'Finish sale · Tk 3,300' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'A walk-in customer pays the whole total' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Paid in full' }).click();
    // The network goes; the sale waits on the device under the key made when the screen opened.
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Finish sale · Tk 3,300' }).click();
    await expect(
      page.getByText('Sale saved on this device. It will be sent when the network is back.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Waiting to sync (1)' })).toBeVisible();
    expect(await server.sales()).toEqual([]);
    await page.context().setOffline(false);
    await expect(page.getByRole('button', { name: /Waiting to sync/ })).toBeHidden({ timeout: 30_000 });
    const [landed] = await server.sales();
    expect(landed.total).toBe(3300);
    // 3,300 − 2,900.
    expect(await server.sale(landed.id)).toMatchObject({
      profit: 400,
      lines: [{ tradeType: 'package', unitPrice: 3300, unitCost: 2900 }],
    });
  });
});
