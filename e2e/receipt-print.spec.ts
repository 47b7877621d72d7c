import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { addToSale, BASHUNDHARA, logInAndPick, OMERA, setUpDealer, SHOP, STOVE } from './support/dealer-store';
import { sidewaysOverflow } from './support/reflow';

// A receipt prints on A4 and on 80 mm and 58 mm rolls (Chromium's print-to-PDF, the same engine
// as a phone's or a shop PC's print), and the sale screen and the receipt fit a 360 px phone
// without sideways scrolling. The PDFs and screenshots are kept in test-results/receipts to look at.

const out = path.join('test-results', 'receipts');


test('receipts print on A4, 80 mm and 58 mm, and the sale pages fit a phone', async ({ page, request }) => {
  fs.mkdirSync(out, { recursive: true });
  const { username, storeName } = await setUpDealer(request);
  await page.setViewportSize({ width: 360, height: 780 });
  await logInAndPick(page, username, storeName);

  await page.goto('/shops');
  await page.getByRole('link', { name: `Sell to ${SHOP}` }).click();
  await addToSale(page, 'bashundhara', `Add ${BASHUNDHARA} Refill`, 3);
  await addToSale(page, 'omera', `Add ${OMERA} Package`);
  await addToSale(page, 'stove', `Add ${STOVE}`);
  await page.getByRole('group', { name: 'Payment 1' }).getByLabel('Amount').fill('5000');
  await page.getByLabel('Discount').fill('100');
  expect(await sidewaysOverflow(page)).toEqual([]);
  await page.screenshot({ path: path.join(out, 'sale-360.png'), fullPage: true });
  await page.getByRole('button', { name: /^Finish sale/ }).click();
  await expect(page).toHaveURL(/\/sales\/[0-9a-f-]{36}$/);
  const receipt = page.getByRole('article', { name: /^Receipt S-\d{6}$/ });
  await expect(receipt).toBeVisible();

  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const paper of ['a4', '80', '58']) {
      await page.getByLabel('Paper').selectOption(paper);
      await expect(receipt).toHaveClass(new RegExp(`receipt--${paper}`));
      expect(await sidewaysOverflow(page)).toEqual([]);
      await page.screenshot({ path: path.join(out, `receipt-${paper}-${width}.png`), fullPage: true });
    }
  }

  const papers = [
    { paper: 'a4', format: { format: 'A4' } },
    { paper: '80', format: { width: '80mm', height: '297mm' } },
    { paper: '58', format: { width: '58mm', height: '297mm' } },
  ] as const;
  for (const { paper, format } of papers) {
    await page.getByLabel('Paper').selectOption(paper);
    const pdf = await page.pdf({ ...format, printBackground: true, preferCSSPageSize: true, path: path.join(out, `receipt-${paper}.pdf`) });
    // One page: the whole receipt fits, nothing of the app's chrome spills onto a second sheet.
    const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
    expect(pages, `${paper} receipt pages`).toBe(1);
  }

  await page.setViewportSize({ width: 360, height: 780 });
  for (const url of ['/sales', '/sales/profit', '/dashboard', '/inventory']) {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(out, `${url.replace(/\//g, '_')}-360.png`), fullPage: true });
  }
  await page.goto('/sales');
  expect(await sidewaysOverflow(page)).toEqual([]);
  await page.goto('/sales/profit');
  await expect(page.getByTestId('report-profit')).toBeVisible();
  expect(await sidewaysOverflow(page)).toEqual([]);
});
