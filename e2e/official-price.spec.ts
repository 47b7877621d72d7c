import { expect, test } from '@playwright/test';
import { dhakaToday, setServerClock } from './support/clock';
import { logInAndPick, OMERA, setUpDealer } from './support/dealer-store';
import { enterOfficialPrice, sellToWalkIn } from './support/first-day';

// DEALER.md rule 13, the day: the owner enters the official price of Tk 1,450 for 12 kg
// from 6 pm today; after 6 pm a walk-in buys an Omera 12 kg refill at its retail Tk 1,500, above
// it, and the seller gives the reason; the receipt shows the official price beside the price
// charged, and the month's report lists the sale.

test.afterEach(({ request }) => setServerClock(request, null));

test('an official price from 6 pm, a walk-in refill above it with its reason, the receipt and the month’s report', async ({ page, request }) => {
  await setServerClock(request, dhakaToday('17:00'));
  const { username, storeName } = await setUpDealer(request);
  await logInAndPick(page, username, storeName);

  // The month's BERC figures: the 12 kg figure fills the 12 kg size; 6 pm today by default.
  await enterOfficialPrice(page);
  // Before 6 pm it is the next price.
  await expect(page.getByTestId('official-next')).toContainText('Tk 1,450');
  await expect(page.getByText('No official price yet.')).toBeVisible();

  // After 6 pm it is in force.
  await setServerClock(request, dhakaToday('18:30'));
  await page.reload();
  await expect(page.getByTestId('official-current')).toContainText('Tk 1,450');
  // Beside the item prices too.
  await page.goto('/inventory');
  await expect(page.getByTestId('official-summary')).toContainText('Official price now: 12 kg Tk 1,450');

  // A walk-in buys a refill at the retail price, Tk 1,500: the screen warns and asks why.
  const { receipt, number } = await sellToWalkIn(page, 'omera', `Add ${OMERA} Refill`, 'Tk 1,500', 'delivered to 5th floor');
  // The receipt: the official price beside the price charged, on every paper.
  for (const paper of ['a4', '80', '58']) {
    await page.getByLabel('Paper').selectOption(paper);
    await expect(receipt.getByTestId('receipt-line-official')).toHaveText('Official price Tk 1,450');
  }

  // The month's report of sales above the official price lists it, with the reason.
  await page.goto('/sales/above-official');
  const row = page.getByRole('row', { name: new RegExp(number) });
  await expect(row).toContainText('Tk 1,500');
  await expect(row).toContainText('Tk 1,450');
  await expect(row).toContainText('delivered to 5th floor');
});
