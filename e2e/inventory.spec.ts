import { expect, test, type Page } from '@playwright/test';
import { createStore, logIn, newOwner, signUp } from './support/shop-owner';

// A day on Bashundhara 12 kg 22 mm: pick the brand, set the price, buy new cylinders, sell
// refills, buy refills, set two aside as problem, and be stopped from overselling.

const ITEM = 'Bashundhara 12 kg 22 mm';

const row = (page: Page) => page.getByRole('row', { name: /Bashundhara/ });

async function expectRow(page: Page, counts: { full: number; empty: number; problem: number; status: string }) {
  const cells = row(page).getByRole('cell');
  // #, brand, status, price (retail, wholesale under it), average cost, then the counts.
  await expect(cells.nth(5)).toHaveText(String(counts.full));
  await expect(cells.nth(6)).toHaveText(String(counts.empty));
  await expect(cells.nth(7)).toHaveText(String(counts.problem));
  await expect(cells.nth(2)).toHaveText(counts.status);
}

async function trade(page: Page, side: 'Buy' | 'Sell', quantity: number, tradeType: 'Refill' | 'Package') {
  await row(page).getByRole('button', { name: side, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `${side} ${ITEM}` });
  await dialog.getByLabel(tradeType).check();
  await dialog.getByLabel('Quantity').fill(String(quantity));
  // A buy records what was paid for one unit: the challan price.
  if (side === 'Buy') await dialog.getByLabel('Unit cost paid').fill(tradeType === 'Package' ? '3400' : '1100');
  // A sell is paid into the store's accounts by name (rule 15), starting on the drawer; a buy says its method.
  if (side === 'Sell') await expect(dialog.getByLabel('Paid into').locator('option:checked')).toHaveText('Cash drawer');
  else await expect(dialog.getByLabel('Payment Method')).toHaveValue('cash');
  await dialog.getByRole('button', { name: side, exact: true }).click();
  return dialog;
}

test('a day on Bashundhara 12 kg 22 mm', async ({ page }) => {
  const owner = newOwner();
  await signUp(page, owner);
  await logIn(page, owner);
  await createStore(page, 'Rahim Gas House', 'Mirpur 10');

  // Brand selection after creating the store.
  await expect(page.getByRole('heading', { name: 'Select Brands' })).toBeVisible();
  await page.getByRole('switch', { name: /Bashundhara/ }).click();
  await expect(page.getByText(/^Selected: 1 \/ \d+$/)).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/inventory');
  await expect(page.getByRole('tab', { name: 'Cylinders' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: '12', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: '22', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expectRow(page, { full: 0, empty: 0, problem: 0, status: 'Out of Stock' });

  // The owner sets the retail and wholesale prices; the trade modal shows the retail one read-only.
  await row(page).getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Price' }).click();
  const priceDialog = page.getByRole('dialog', { name: `Price of ${ITEM}` });
  await priceDialog.getByLabel('Retail price', { exact: true }).fill('1250');
  await priceDialog.getByLabel('Wholesale price', { exact: true }).fill('1200');
  await priceDialog.getByRole('button', { name: 'Save' }).click();
  const price = row(page).getByRole('cell').nth(3);
  const cost = row(page).getByRole('cell').nth(4);
  await expect(price).toHaveText('Tk 1,250 Wholesale Tk 1,200 Package: not set', { useInnerText: true });
  await expect(cost).toHaveText('Refill: unknown Package: unknown', { useInnerText: true });

  await trade(page, 'Buy', 30, 'Package');
  await expect(page.getByText('Cylinders purchased successfully!')).toBeVisible();
  await expectRow(page, { full: 30, empty: 0, problem: 0, status: 'In Stock' });
  // The first package buy gives the package its cost; the selling prices stay.
  await expect(cost).toHaveText('Refill: unknown Package: Tk 3,400', { useInnerText: true });
  await expect(price).toHaveText('Tk 1,250 Wholesale Tk 1,200 Package: not set', { useInnerText: true });

  const sell = await trade(page, 'Sell', 12, 'Refill');
  await expect(sell).toBeHidden();
  await expect(page.getByText(/^Sale S-\d{6} recorded$/)).toBeVisible();
  await expectRow(page, { full: 18, empty: 12, problem: 0, status: 'Low Stock' });

  await trade(page, 'Buy', 10, 'Refill');
  await expectRow(page, { full: 28, empty: 2, problem: 0, status: 'In Stock' });

  await row(page).getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Problem' }).click();
  const problem = page.getByRole('dialog', { name: `Problem stock: ${ITEM}` });
  await expect(problem.getByLabel('mark', { exact: true })).toBeChecked();
  await problem.getByLabel('Cylinder Count').fill('2');
  await problem.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Cylinders marked as problem!')).toBeVisible();
  await expectRow(page, { full: 26, empty: 2, problem: 2, status: 'In Stock' });

  // Overselling is refused with the server's words and changes nothing.
  const oversell = await trade(page, 'Sell', 27, 'Refill');
  await expect(page.getByText('Only 26 full cylinders in stock')).toBeVisible();
  await expect(oversell).toBeVisible();
  await oversell.getByRole('button', { name: 'Cancel' }).click();
  await expectRow(page, { full: 26, empty: 2, problem: 2, status: 'In Stock' });
});
