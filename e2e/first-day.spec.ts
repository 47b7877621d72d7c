import { expect, test } from '@playwright/test';
import { dhakaToday, setServerClock } from './support/clock';
import { BASHUNDHARA, logInAndPick } from './support/dealer-store';
import { enterOfficialPrice, enterOpeningStock, importThreeShops, newOwnerStore, sellToWalkIn, setFourPrices } from './support/first-day';

// Issue 26's "done when", as one day of a new owner (DEALER.md rules 12, 13 and 20): he moves his
// business in (3 shops from a file, opening stock at its cost), sets the four prices, enters the
// official price from 6 pm, and sells. Worked out by hand:
//   shops:       Tk 4,000 + 5,000 + 3,000 = 12,000 due; 2 + 3 = 5 Bashundhara empties owed
//   stock:       20 refills at Tk 1,300 + 4 packages at Tk 2,900 = 24 full
//   package:     sold at 3,300, cost 2,900 → gross profit 400
//   refill:      sold at retail 1,500, official 1,450 → above it, with the reason; profit 200
//   the day:     sales 4,800, gross profit 600; the month's report lists the refill only

test.afterEach(({ request }) => setServerClock(request, null));

test("a new owner's first day: shops and stock moved in, four prices, the official price, a package and a refill above it", async ({ page, request }) => {
  await setServerClock(request, dhakaToday('17:00'));
  const { username, storeName } = await newOwnerStore(request, 'day');
  await logInAndPick(page, username, storeName);

  await importThreeShops(page);
  await enterOpeningStock(page);
  await setFourPrices(page);
  await enterOfficialPrice(page);
  await expect(page.getByTestId('official-next')).toContainText('Tk 1,450');

  // After 6 pm the official price is in force.
  await setServerClock(request, dhakaToday('18:30'));
  await page.reload();
  await expect(page.getByTestId('official-current')).toContainText('Tk 1,450');

  // A package to a walk-in at 3,300: not above the official price (that is for refills).
  const pkg = await sellToWalkIn(page, 'bashundhara', `Add ${BASHUNDHARA} Package`, 'Tk 3,300');
  // A refill at its retail 1,500, above the official 1,450, with the reason.
  const refill = await sellToWalkIn(page, 'bashundhara', `Add ${BASHUNDHARA} Refill`, 'Tk 1,500', 'delivered to 5th floor');
  await expect(refill.receipt.getByTestId('receipt-line-official')).toHaveText('Official price Tk 1,450');

  // Gross profit per sale: 3,300 − 2,900 = 400 and 1,500 − 1,300 = 200.
  await page.goto('/sales');
  await expect(page.getByRole('listitem', { name: pkg.number }).getByTestId('list-profit')).toHaveText('Tk 400');
  await expect(page.getByRole('listitem', { name: refill.number }).getByTestId('list-profit')).toHaveText('Tk 200');

  // The month's report of sales above the official price: the refill, with its reason; not the package.
  await page.goto('/sales/above-official');
  const row = page.getByRole('row', { name: new RegExp(refill.number) });
  await expect(row).toContainText('Tk 1,500');
  await expect(row).toContainText('Tk 1,450');
  await expect(row).toContainText('delivered to 5th floor');
  await expect(page.getByRole('row', { name: new RegExp(pkg.number) })).toHaveCount(0);
});
