import { expect, test, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { logInAndPick, PASSWORD } from './support/dealer-store';

// DEALER.md rule 20 in the browser, the first day: a new owner imports 3 shops from a
// CSV file whose dry run names one bad row (a phone that is not a Bangladeshi mobile), fixes it
// and imports; the shops then owe Tk 12,000 and 5 Bashundhara 12 kg 22 mm empties in all. He
// enters 20 refills at Tk 1,300 and 4 packages at Tk 2,900 as opening stock and sees them.
//
// Worked out by hand:
//   Karim Traders   Tk 4,000   2 empties
//   Rahim Stores    Tk 5,000   3 empties
//   Mitali Gas      Tk 3,000   0 empties
//   in all          Tk 12,000  5 empties
//   stock: 20 + 4 = 24 full; refill cost Tk 1,300, package cost Tk 2,900 (nothing before them)

const BASHUNDHARA = 'Bashundhara 12 kg 22 mm';
const HEADER = `name,contact,phone,address,delivery area,opening due,empties: ${BASHUNDHARA}`;
const file = (mitaliPhone: string) =>
  [HEADER, 'Karim Traders,Abdul Karim,01711-223344,Station Road,,4000,2', 'Rahim Stores,,01811-000000,,,"5,000",3', `Mitali Gas,,${mitaliPhone},,,3000,`].join('\r\n');

async function setUp(request: APIRequestContext) {
  const tag = `open${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const ok = async (response: Promise<APIResponse>) => {
    const r = await response;
    expect(r.ok(), `${r.status()} ${await r.text()}`).toBe(true);
    return r.json();
  };
  await ok(request.post('/api/v1/auth/register', { data: { username: tag, email: `${tag}@example.com`, password: PASSWORD } }));
  const { accessToken } = await ok(request.post('/api/v1/auth/login', { data: { loginIdentifier: tag, password: PASSWORD } }));
  const headers = { authorization: `Bearer ${accessToken}` };
  const { store } = await ok(request.post('/api/v1/stores', { headers, data: { name: `Opening Gas ${tag}`, location: 'Mirpur', phone: '01711000000' } }));
  const base = `/api/v1/stores/${store.id}`;
  const { localBrands } = await ok(request.get(`${base}/brands/a`, { headers }));
  const bashundhara = localBrands.filter((b: { name: string }) => b.name === 'Bashundhara');
  await ok(request.patch(`${base}/brands`, { headers, data: bashundhara.map((b: { id: string }) => ({ id: b.id, isActive: true })) }));
  return { username: tag, storeName: store.name as string };
}

const shopCard = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });
const upload = (page: Page, text: string) =>
  page.getByLabel('CSV file', { exact: true }).setInputFiles({ name: 'shops.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });

test('a new owner imports 3 shops after fixing the one bad row, and enters opening stock at its cost', async ({ page, request }) => {
  const store = await setUp(request);
  await logInAndPick(page, store.username, store.storeName);

  // ---- The dry run names the bad row by its line; nothing is written.
  await page.goto('/shops');
  await page.getByRole('link', { name: 'Import / export' }).click();
  await expect(page.getByRole('heading', { name: 'Import shops' })).toBeVisible();
  await upload(page, file('12345'));
  await page.getByRole('button', { name: 'Check the file' }).click();
  const result = page.getByTestId('import-result');
  await expect(result).toContainText('2 shops will be added');
  await expect(result).toContainText('1 bad row will be left out');
  const bad = result.getByRole('row', { name: /The phone is not a Bangladeshi mobile number/ });
  await expect(bad).toContainText('4');

  // ---- Fixed, checked again, imported: all three.
  await upload(page, file('01911-223344'));
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(result).toContainText('3 shops will be added');
  await expect(result).toContainText('They owe Tk 12,000 and 5 empties in all.');
  await expect(result).not.toContainText('bad row');
  await page.getByRole('button', { name: 'Import 3 shops' }).click();
  await expect(result).toContainText('3 shops added');

  // ---- The shops' cards: Tk 4,000 + 5,000 + 3,000 = 12,000; 2 + 3 = 5 empties.
  await page.getByRole('link', { name: 'Back to shops' }).click();
  await expect(shopCard(page, 'Karim Traders').getByTestId('shop-due')).toHaveText('Due: Tk 4,000');
  await expect(shopCard(page, 'Karim Traders').getByTestId('shop-empties')).toHaveText(`Owes 2 × ${BASHUNDHARA}`);
  await expect(shopCard(page, 'Rahim Stores').getByTestId('shop-due')).toHaveText('Due: Tk 5,000');
  await expect(shopCard(page, 'Rahim Stores').getByTestId('shop-empties')).toHaveText(`Owes 3 × ${BASHUNDHARA}`);
  await expect(shopCard(page, 'Mitali Gas').getByTestId('shop-due')).toHaveText('Due: Tk 3,000');
  await expect(shopCard(page, 'Mitali Gas').getByTestId('shop-empties')).toHaveCount(0);
  // Its history names the opening entries.
  await shopCard(page, 'Karim Traders').getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'History', exact: true }).click();
  const history = page.getByRole('dialog', { name: 'History: Karim Traders' });
  await expect(history.getByText('Opening balance').first()).toBeVisible();
  await history.getByRole('button', { name: 'Close' }).first().click();

  // ---- Opening stock: 20 refills at Tk 1,300 and 4 packages at Tk 2,900.
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
  // A second opening of the same item is refused with the rule's words.
  await page.getByLabel('Full cylinders (refill)', { exact: true }).fill('1');
  await page.getByLabel('Cost of one refill (Tk)', { exact: true }).fill('1');
  await page.getByRole('button', { name: 'Save opening stock' }).click();
  await expect(page.getByText(`The opening stock of ${BASHUNDHARA} was entered already`)).toBeVisible();
});
