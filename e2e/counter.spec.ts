import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { addToSale, BASHUNDHARA, logInAndPick, setUpDealer, SHOP, STOVE } from './support/dealer-store';
import { sidewaysOverflow } from './support/reflow';

// Selling at the counter on a 360 px phone (issue 29, item 6): the customer found by phone, a
// line's price changed within the limit, every tap target at least 44 px, the line total on one
// line, amounts grouped while typed, and a sale made with the network gone: its receipt at once,
// marked "not yet sent", with the shop's new balance and the counts after it.

test.use({ viewport: { width: 360, height: 740 } });
// A whole counter session (two sales, two accessibility checks, the network off and on): more than the default minute.
test.setTimeout(180_000);

/** Height and width of what a thumb has to hit. */
async function size(target: Locator) {
  const box = await target.boundingBox();
  expect(box, 'shown on the page').not.toBeNull();
  return { height: Math.round(box!.height), width: Math.round(box!.width) };
}

/** Every visible control of the sale screen smaller than 44 px high, by its name. */
const smallTargets = (page: Page) =>
  page.locator('section.sale').evaluate((section) =>
    [...section.querySelectorAll<HTMLElement>('button, select, input:not([type="checkbox"]), label.ds-check')]
      .filter((el) => el.offsetParent !== null && el.getBoundingClientRect().height < 44)
      .map((el) => `${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent ?? ''} ${el.getBoundingClientRect().height}`),
  );

/** Serious or critical WCAG 2.2 A/AA problems of the sale screen, and anything past the phone's edge. */
async function problems(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).include('section.sale').analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
    .concat(await sidewaysOverflow(page, 'section.sale'));
}

/** How many lines a piece of text is laid out on. */
const linesOf = (target: Locator) =>
  target.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });

test('selling at the counter on a phone, online and then offline', async ({ page, context, request }) => {
  const { username, storeName } = await setUpDealer(request);
  await logInAndPick(page, username, storeName);

  // The refill/package choice of the one-item sell on the inventory is a 44 px target.
  await page.goto('/inventory');
  await page.getByRole('row', { name: /Bashundhara/ }).first().getByRole('button', { name: 'Sell', exact: true }).click();
  const sell = page.getByRole('dialog', { name: `Sell ${BASHUNDHARA}` });
  for (const choice of ['Refill', 'Package']) {
    const label = sell.locator('.inv-choice label', { hasText: choice });
    expect((await size(label)).height).toBeGreaterThanOrEqual(44);
  }
  await sell.getByRole('button', { name: 'Cancel' }).click();

  // The day's first sale, online: a stove to a walk-in buyer, paid in full.
  await page.goto('/sales/new');
  await addToSale(page, 'stove', `Add ${STOVE}`);
  await page.getByRole('button', { name: 'Paid in full' }).click();
  await page.getByRole('button', { name: 'Finish sale · Tk 3,200' }).click();
  await expect(page.getByRole('article', { name: /^Receipt S-\d{6}$/ })).toBeVisible();
  // The next sale from the receipt's link, without reloading the app (which the phone cannot do offline here).
  await page.getByRole('link', { name: 'New sale' }).click();
  await expect(page.getByRole('heading', { name: 'New sale' })).toBeVisible();
  // The shop found by its phone number as people type it, without the dash.
  await page.getByLabel('Find a customer').fill('01711223344');
  const found = page.getByRole('list', { name: 'Customers' }).getByRole('button', { name: new RegExp(SHOP) });
  expect((await size(found)).height).toBeGreaterThanOrEqual(44);
  await found.click();
  await expect(page.getByText('Wholesale prices')).toBeVisible();

  await page.getByLabel('Find an item').fill('bashundhara');
  const refill = page.getByRole('button', { name: `Add ${BASHUNDHARA} Refill`, exact: true });
  const pkg = page.getByRole('button', { name: `Add ${BASHUNDHARA} Package`, exact: true });
  for (const choice of [refill, pkg]) {
    const { height, width } = await size(choice);
    expect(height).toBeGreaterThanOrEqual(44);
    expect(width).toBeGreaterThanOrEqual(44);
  }
  await refill.click();
  await page.getByLabel(`Quantity of ${BASHUNDHARA} · Refill`).fill('8');
  // The owner may change a line's price: Tk 1,380 a refill, the separators as it is typed.
  const price = page.getByLabel(`Price of one ${BASHUNDHARA} · Refill`);
  await price.fill('');
  await price.pressSequentially('1380');
  await expect(price).toHaveValue('1,380');
  const lineTotal = page.getByTestId('line-total');
  await expect(lineTotal).toHaveText('Tk 11,040');
  expect(await linesOf(lineTotal)).toBe(1);
  expect(await smallTargets(page)).toEqual([]);
  expect(await problems(page)).toEqual([]);

  const amount = page.getByRole('group', { name: 'Payment 1' }).getByLabel('Amount');
  await amount.pressSequentially('10000');
  await expect(amount).toHaveValue('10,000');
  await expect(page.getByTestId('sale-due')).toHaveText('Tk 1,040');

  // The network goes: the sale is kept on the phone and its receipt shows at once.
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Finish sale · Tk 11,040' }).click();
  const receipt = page.getByRole('article', { name: 'Receipt, not yet sent' });
  await expect(receipt).toBeVisible();
  await expect(receipt.getByTestId('receipt-pending')).toHaveText('Not yet sent');
  await expect(receipt).toContainText(SHOP);
  await expect(receipt.getByTestId('receipt-due')).toHaveText('Tk 1,040');
  // Karim owed nothing before: his balance is now this sale's due.
  await expect(receipt.getByTestId('receipt-balance-after')).toHaveText('Tk 1,040');
  // 10 full and 10 empty at the store; 8 refills out, their 8 empties in.
  await expect(page.getByTestId('counts-after')).toContainText(`${BASHUNDHARA} full 2 · empty 18`);
  expect(await problems(page)).toEqual([]);

  // Back online, the kept sale goes to the server and the next sale starts afresh.
  await context.setOffline(false);
  await page.getByRole('button', { name: 'New sale' }).click();
  await expect(page.getByText('Nothing added yet. Find an item above and tap its price.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Waiting to sync/ })).toHaveCount(0);
  await page.goto('/sales');
  await expect(page.getByRole('main')).toContainText('Tk 11,040');
  await expect(page.getByRole('main')).toContainText('Tk 3,200');
});
