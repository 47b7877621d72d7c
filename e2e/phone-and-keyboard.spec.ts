import { expect, test, type Locator, type Page } from '@playwright/test';
import { setUpTourStore, signInToTourStore, type TourStore } from './support/page-tour';
import { sidewaysOverflow } from './support/reflow';

// A phone owner sees the whole cylinder row and sells in one tap; a keyboard user sells a
// cylinder without touching the mouse. That no other page or modal scrolls sideways at 360 px is
// checked on the whole tour by accessibility.spec.ts.

let store: TourStore;

test.beforeAll(async ({ baseURL }) => {
  store = await setUpTourStore(baseURL!);
});

async function expectNoSidewaysScroll(page: Page) {
  expect(await sidewaysOverflow(page), 'what scrolls sideways').toEqual([]);
}

async function expectOnScreen(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, 'on screen').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
}

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the cylinder row fits the phone, Sell opens in one tap, and nothing scrolls sideways', async ({ page }) => {
    await signInToTourStore(page, store);
    await page.goto('/inventory');
    const first = page.locator('.inv-table tbody tr').first();
    await expect(first).toContainText('Bashundhara');
    // Ten bought, one sold on due, two sold as refills (one empty came back, one is owed),
    // three loaded on the van and one sold from it, the van closed (two back), two loaded again,
    // one sent to the tour's depot (on its way).
    for (const [label, value] of [['Full', '3'], ['Empty', '1'], ['Problem', '0']]) {
      const cell = first.locator(`td[data-label="${label}"]`);
      await expect(cell).toHaveText(value);
      await expectOnScreen(page, cell);
    }
    const sell = first.getByRole('button', { name: 'Sell', exact: true });
    await expectOnScreen(page, sell);
    await expectOnScreen(page, first.getByRole('button', { name: 'Buy', exact: true }));
    await expectOnScreen(page, first.getByRole('button', { name: 'More' }));
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath('inventory-360.png'), fullPage: true });

    await sell.click();
    await expect(page.getByRole('dialog', { name: /^Sell Bashundhara/ })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.keyboard.press('Escape');
  });
});

test('a cylinder is sold with the keyboard alone, with a visible focus ring', async ({ page }) => {
  await signInToTourStore(page, store);
  await page.goto('/inventory');
  const row = page.getByRole('row', { name: /Bashundhara/ });
  const full = row.locator('td[data-label="Full"]');
  await expect(full).toHaveText('3');
  const sell = row.getByRole('button', { name: 'Sell', exact: true });

  // Tab through the page until the row's Sell button has focus.
  for (let i = 0; i < 60 && !(await sell.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(sell).toBeFocused();
  const ring = await sell.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(ring).not.toBe('none');

  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /^Sell Bashundhara/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(':focus')).toHaveCount(1);

  // Walk to Quantity, type, and press Enter to submit the form.
  const quantity = dialog.getByLabel('Quantity');
  for (let i = 0; i < 10 && !(await quantity.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(quantity).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('2');
  await page.keyboard.press('Enter');

  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^Sale S-\d{6} recorded$/)).toBeVisible();
  await expect(full).toHaveText('1');
  // Focus comes back to the button that opened the modal.
  await expect(sell).toBeFocused();
});
