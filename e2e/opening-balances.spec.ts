import { expect, test } from '@playwright/test';
import { BASHUNDHARA, logInAndPick } from './support/dealer-store';
import { enterOpeningStock, importThreeShops, newOwnerStore, shopCard } from './support/first-day';

// DEALER.md rule 20 in the browser, the first day: a new owner imports 3 shops from a
// CSV file whose dry run names one bad row (a phone that is not a Bangladeshi mobile), fixes it
// and imports; the shops then owe Tk 12,000 and 5 Bashundhara 12 kg 22 mm empties in all. He
// enters 20 refills at Tk 1,300 and 4 packages at Tk 2,900 as opening stock and sees them.
// The figures, worked out by hand, are in support/first-day.ts.

test('a new owner imports 3 shops after fixing the one bad row, and enters opening stock at its cost', async ({ page, request }) => {
  const store = await newOwnerStore(request, 'open');
  await logInAndPick(page, store.username, store.storeName);
  await importThreeShops(page);

  // Its history names the opening entries.
  await shopCard(page, 'Karim Traders').getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'History', exact: true }).click();
  const history = page.getByRole('dialog', { name: 'History: Karim Traders' });
  await expect(history.getByText('Opening balance').first()).toBeVisible();
  await history.getByRole('button', { name: 'Close' }).first().click();

  // ---- Opening stock: 20 refills at Tk 1,300 and 4 packages at Tk 2,900.
  await enterOpeningStock(page);
  // A second opening of the same item is refused with the rule's words.
  await page.getByLabel('Full cylinders (refill)', { exact: true }).fill('1');
  await page.getByLabel('Cost of one refill (Tk)', { exact: true }).fill('1');
  await page.getByRole('button', { name: 'Save opening stock' }).click();
  await expect(page.getByText(`The opening stock of ${BASHUNDHARA} was entered already`)).toBeVisible();
});
