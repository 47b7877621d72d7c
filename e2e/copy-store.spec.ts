import { expect, test } from '@playwright/test';
import { PASSWORD } from './support/dealer-store';
import { newOwnerStore, ok, shopCard } from './support/first-day';
import { logIn } from './support/shop-owner';

// Issue 28, item 3: a dealer opening his second store starts it from the first, with its
// customer shops: the new store has the first one's prices and shops, and the shops owe nothing.

test('an owner starts a second store from the first, with its shops: the prices and a shop (no due) are there', async ({ page, request }) => {
  const first = await newOwnerStore(request, 'copy');
  await ok(
    request.patch(`${first.base}/cylinder-inventory/${first.itemId}`, {
      headers: first.headers,
      data: { retailPrice: 1500, wholesalePrice: 1420 },
    }),
  );
  const areas = `/api/v1/workspace/${first.base.split('/').pop()}/divisions`;
  const { divisions } = await ok(request.get(areas, { headers: first.headers }));
  await ok(
    request.post(`${areas}/${divisions[0].id}/stores`, {
      headers: first.headers,
      data: { name: 'Karim Traders', contactName: 'Abdul Karim', phone: '01711-223344', opening: { due: 4000, empties: [{ itemId: first.itemId, count: 2 }] } },
    }),
  );

  await logIn(page, { username: first.username, password: PASSWORD, email: `${first.username}@example.com` });
  await page.goto('/addStore');
  await page.getByLabel('Name').fill('Second Gas House');
  await page.getByLabel('Location').fill('Uttara');
  await page.getByLabel('Phone').fill('01711000000');
  await page.getByLabel('Start from').selectOption({ label: first.storeName });
  await expect(page.getByText(/Copies its brands and prices/)).toBeVisible();
  await page.getByLabel('Also copy the customer shops (without their dues)').check();
  await page.getByRole('button', { name: 'Create Store' }).click();
  await expect(page).toHaveURL(/\/selectBrands$/);

  // The new store is the current one: its prices are the first store's, its stock is nothing.
  await page.goto('/inventory');
  const row = page.getByRole('row', { name: /Bashundhara/ });
  await expect(row.getByRole('cell').nth(3)).toHaveText('Tk 1,500 Wholesale Tk 1,420 Package: not set', { useInnerText: true });
  await expect(row).toContainText('Out of Stock');

  await page.goto('/shops');
  await expect(shopCard(page, 'Karim Traders')).toContainText('Abdul Karim');
  await expect(shopCard(page, 'Karim Traders').getByTestId('shop-due')).toHaveText('Due: Tk 0');
  await expect(shopCard(page, 'Karim Traders').getByTestId('shop-empties')).toHaveCount(0);

  // The first store still has its shop's due and empties.
  const shops = await ok(request.get(`${first.base}/shops`, { headers: first.headers }));
  expect(shops.shops).toEqual([expect.objectContaining({ name: 'Karim Traders', due: 4000, emptiesOwed: [expect.objectContaining({ count: 2 })] })]);
});
