import { expect, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { addToSale, BASHUNDHARA, PASSWORD } from './dealer-store';

// The steps of a new owner's first day (issue 26), shared by the spec of each part and by the
// spec of the whole day (first-day.spec.ts).

/** Asserts a 2xx answer and returns its JSON. */
export async function ok(response: Promise<APIResponse>) {
  const r = await response;
  expect(r.ok(), `${r.status()} ${await r.text()}`).toBe(true);
  return r.json();
}

/** A new owner with a new store that sells Bashundhara: no stock, no prices, no shops. */
export async function newOwnerStore(request: APIRequestContext, prefix: string) {
  const tag = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await ok(request.post('/api/v1/auth/register', { data: { username: tag, email: `${tag}@example.com`, password: PASSWORD } }));
  const { accessToken } = await ok(request.post('/api/v1/auth/login', { data: { loginIdentifier: tag, password: PASSWORD } }));
  const headers = { authorization: `Bearer ${accessToken}` };
  const { store } = await ok(request.post('/api/v1/stores', { headers, data: { name: `Gas House ${tag}`, location: 'Mirpur', phone: '01711000000' } }));
  const base = `/api/v1/stores/${store.id}`;
  const { localBrands } = await ok(request.get(`${base}/brands/a`, { headers }));
  const bashundhara = localBrands.filter((b: { name: string }) => b.name === 'Bashundhara');
  await ok(request.patch(`${base}/brands`, { headers, data: bashundhara.map((b: { id: string }) => ({ id: b.id, isActive: true })) }));
  const items = await ok(request.get(`${base}/cylinder-inventory?size=12&regulatorType=22`, { headers }));
  const item = items.find((i: { name: string }) => i.name === BASHUNDHARA) as { id: string };
  return { username: tag, storeName: store.name as string, base, headers, itemId: item.id };
}

// The shop file of the issue, worked out by hand:
//   Karim Traders   Tk 4,000   2 empties
//   Rahim Stores    Tk 5,000   3 empties
//   Mitali Gas      Tk 3,000   0 empties
//   in all          Tk 12,000  5 empties
const HEADER = `name,contact,phone,address,delivery area,opening due,empties: ${BASHUNDHARA}`;
const shopFile = (mitaliPhone: string) =>
  [HEADER, 'Karim Traders,Abdul Karim,01711-223344,Station Road,,4000,2', 'Rahim Stores,,01811-000000,,,"5,000",3', `Mitali Gas,,${mitaliPhone},,,3000,`].join('\r\n');

export const shopCard = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });
const upload = (page: Page, text: string) =>
  page.getByLabel('CSV file', { exact: true }).setInputFiles({ name: 'shops.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });

/** Imports the 3 shops: the dry run names the one bad row (line 4), the fixed file imports. */
export async function importThreeShops(page: Page) {
  await page.goto('/shops');
  await page.getByRole('link', { name: 'Import / export' }).click();
  await expect(page.getByRole('heading', { name: 'Import shops' })).toBeVisible();
  await upload(page, shopFile('12345'));
  await page.getByRole('button', { name: 'Check the file' }).click();
  const result = page.getByTestId('import-result');
  await expect(result).toContainText('2 shops will be added');
  await expect(result).toContainText('1 bad row will be left out');
  const bad = result.getByRole('row', { name: /The phone is not a Bangladeshi mobile number/ });
  await expect(bad).toContainText('4');

  await upload(page, shopFile('01911-223344'));
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(result).toContainText('3 shops will be added');
  await expect(result).toContainText('They owe Tk 12,000 and 5 empties in all.');
  await expect(result).not.toContainText('bad row');
  await page.getByRole('button', { name: 'Import 3 shops' }).click();
  await expect(result).toContainText('3 shops added');

  // Tk 4,000 + 5,000 + 3,000 = 12,000; 2 + 3 = 5 empties.
  await page.getByRole('link', { name: 'Back to shops' }).click();
  await expect(shopCard(page, 'Karim Traders').getByTestId('shop-due')).toHaveText('Due: Tk 4,000');
  await expect(shopCard(page, 'Karim Traders').getByTestId('shop-empties')).toHaveText(`Owes 2 × ${BASHUNDHARA}`);
  await expect(shopCard(page, 'Rahim Stores').getByTestId('shop-due')).toHaveText('Due: Tk 5,000');
  await expect(shopCard(page, 'Rahim Stores').getByTestId('shop-empties')).toHaveText(`Owes 3 × ${BASHUNDHARA}`);
  await expect(shopCard(page, 'Mitali Gas').getByTestId('shop-due')).toHaveText('Due: Tk 3,000');
  await expect(shopCard(page, 'Mitali Gas').getByTestId('shop-empties')).toHaveCount(0);
}

/** Opening stock of Bashundhara: 20 refills at Tk 1,300 and 4 packages at Tk 2,900 (24 full). */
export async function enterOpeningStock(page: Page) {
  await page.goto('/inventory');
  await page.getByRole('link', { name: 'Opening stock' }).click();
  await expect(page.getByRole('heading', { name: 'Opening stock' })).toBeVisible();
  await page.getByLabel('Item', { exact: true }).selectOption({ label: BASHUNDHARA });
  await page.getByLabel('Full cylinders (refill)', { exact: true }).fill('20');
  await page.getByLabel('Cost of one refill (Tk)', { exact: true }).fill('1300');
  await page.getByLabel('Packages (cylinder and gas)', { exact: true }).fill('4');
  await page.getByLabel('Cost of one package (Tk)', { exact: true }).fill('2900');
  await page.getByRole('button', { name: 'Save opening stock' }).click();
  await expect(page.getByText(`Opening stock of ${BASHUNDHARA} saved`)).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(BASHUNDHARA) });
  await expect(row.locator('[data-column="count"]')).toHaveText('24');
  await expect(row.locator('[data-column="refillCost"]')).toHaveText('Tk 1,300');
  await expect(row.locator('[data-column="packageCost"]')).toHaveText('Tk 2,900');
}

/** The price form: refill 1,500 / 1,420 and package 3,300 / 3,250; the costs shown beside them. */
export async function setFourPrices(page: Page) {
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
  await expect(row.getByRole('cell').nth(3)).toHaveText('Tk 1,500 Wholesale Tk 1,420 Package Tk 3,300 Wholesale Tk 3,250', { useInnerText: true });
}

/** The month's BERC figures: Tk 1,450 for 12 kg from 6 pm today (the form's default time). */
export async function enterOfficialPrice(page: Page) {
  await page.goto('/inventory');
  await page.getByRole('link', { name: 'Official prices' }).click();
  await expect(page.getByRole('heading', { name: 'Official prices', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Enter this month’s prices' }).click();
  const form = page.getByRole('dialog', { name: 'Official prices from BERC' });
  await form.getByLabel('BERC price per kg (Tk)').fill('120.83');
  await form.getByLabel('BERC price of 12 kg (Tk)').fill('1450');
  await expect(form.getByLabel('12 kg (Tk)', { exact: true })).toHaveValue('1450');
  await expect(form.getByLabel('Time (Dhaka)')).toHaveValue('18:00');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
}

/** A walk-in sale, paid in full in cash; returns the receipt and its sale number. */
export async function sellToWalkIn(page: Page, search: string, button: string, total: string, reason?: string) {
  await page.goto('/sales/new');
  await expect(page.getByText('Retail prices')).toBeVisible();
  await addToSale(page, search, button);
  await page.getByRole('button', { name: 'Paid in full' }).click();
  if (reason !== undefined) {
    // Above the official price: the screen warns and asks why before the sale goes on.
    await expect(page.getByTestId('official-price-warning')).toContainText('is above the official price (Tk 1,450).');
    await page.getByRole('button', { name: `Finish sale · ${total}` }).click();
    await expect(page.getByText('Give the reason for the price above the official one').first()).toBeVisible();
    await page.getByLabel(/Reason for the price above the official one/).fill(reason);
  }
  await page.getByRole('button', { name: `Finish sale · ${total}` }).click();
  await expect(page).toHaveURL(/\/sales\/[0-9a-f-]{36}$/);
  const receipt = page.getByRole('article', { name: /^Receipt S-\d{6}$/ });
  const number = (await receipt.getAttribute('aria-label'))!.replace('Receipt ', '');
  return { receipt, number };
}
