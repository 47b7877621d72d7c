import { expect, test, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { logInAndPick, PASSWORD } from './support/dealer-store';
import { moveStoreBackOneDay } from './support/time-travel';

// DEALER.md rules 8–11 in the browser, the issue's own day: an owner loads a van with 20
// Bashundhara 12 kg 22 mm; sells 8 refills from it to a shop that hands in 5 Bashundhara and 2
// Omera empties; sees the shop owe 1 Bashundhara empty; collects it the next day; and closes the
// van with 12 fulls back, 7 empties and Tk 500 short.
//
// Worked out by hand (wholesale Bashundhara Tk 1,400; the store opens with 30 full Bashundhara
// and 10 full Omera, no empties):
//   load:      store Bashundhara full 30 − 20 = 10;  van 20 full
//   sale:      8 × 1,400 = Tk 11,200; Tk 10,000 in cash, Tk 1,200 left due
//              van Bashundhara full 20 − 8 = 12, empty 0 + 5 = 5; van Omera empty 0 + 2 = 2 (a swap)
//              owed by the shop: 8 − (5 + 2) = 1 Bashundhara
//   next day:  1 Bashundhara collected at the store: store Bashundhara empty 0 + 1 = 1; owed 0
//   close:     back to the store 12 full and 7 empty (5 Bashundhara, 2 Omera)
//              store Bashundhara full 10 + 12 = 22, empty 1 + 5 = 6; Omera full 10, empty 2
//              cash expected Tk 10,000 (the cash paid on the van's sale); handed Tk 9,500: Tk 500 short
//   balance:   Tk 10,000 in − Tk 500 short = Tk 9,500
//   report:    Bashundhara loaded 20, sold 8 as refill and 0 as package, 5 empties collected,
//              12 full and 5 empty back; Omera 2 empties collected, 2 empty back;
//              totals 20 loaded, 8 sold, 7 empties, 12 full and 7 empty back

const VAN = 'DHAKA-METRO-GA-11';
const SHOP = 'Karim Traders';
const BASHUNDHARA = 'Bashundhara 12 kg 22 mm';
const OMERA = 'Omera 12 kg 22 mm';

async function setUp(request: APIRequestContext) {
  const tag = `van${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const ok = async (response: Promise<APIResponse>) => {
    const r = await response;
    expect(r.ok(), `${r.status()} ${await r.text()}`).toBe(true);
    return r.json();
  };
  await ok(request.post('/api/v1/auth/register', { data: { username: tag, email: `${tag}@example.com`, password: PASSWORD } }));
  const { accessToken } = await ok(request.post('/api/v1/auth/login', { data: { loginIdentifier: tag, password: PASSWORD } }));
  const headers = { authorization: `Bearer ${accessToken}` };
  const { store } = await ok(request.post('/api/v1/stores', { headers, data: { name: `Van Gas ${tag}`, location: 'Mirpur', phone: '01711000000' } }));
  const base = `/api/v1/stores/${store.id}`;
  const { localBrands } = await ok(request.get(`${base}/brands/a`, { headers }));
  const active = localBrands.filter((b: { name: string }) => ['Bashundhara', 'Omera'].includes(b.name));
  await ok(request.patch(`${base}/brands`, { headers, data: active.map((b: { id: string }) => ({ id: b.id, isActive: true })) }));
  const items = await ok(request.get(`${base}/cylinder-inventory?size=12&regulatorType=22`, { headers }));
  const id = (name: string) => items.find((i: { name: string }) => i.name === name).id as string;
  for (const [name, retail, wholesale, full] of [
    [BASHUNDHARA, 1450, 1400, 30],
    [OMERA, 1500, 1450, 10],
  ] as const) {
    await ok(request.patch(`${base}/cylinder-inventory/${id(name)}`, { headers, data: { retailPrice: retail, wholesalePrice: wholesale } }));
    await ok(request.post(`${base}/stock-counts`, { headers, data: { itemId: id(name), fullCount: full, emptyCount: 0, note: 'Opening stock' } }));
  }
  const { divisions } = await ok(request.get(`/api/v1/workspace/${store.id}/divisions`, { headers }));
  await ok(request.post(`/api/v1/workspace/${store.id}/divisions/${divisions[0].id}/stores`, { headers, data: { name: SHOP, phone: '01711-223344' } }));
  const { vehicle } = await ok(request.post(`${base}/vehicles`, { headers, data: { regNumber: VAN, vehicleBrand: 'Tata', vehicleModel: 'Ace' } }));
  /** The store's counts as the API gives them, to check the hand-worked figures. */
  const counts = async () => {
    const now = await ok(request.get(`${base}/cylinder-inventory?size=12&regulatorType=22`, { headers }));
    const of = (name: string) => now.find((i: { name: string }) => i.name === name);
    return { bashundhara: [of(BASHUNDHARA).fullCount, of(BASHUNDHARA).emptyCount], omera: [of(OMERA).fullCount, of(OMERA).emptyCount] };
  };
  return { username: tag, storeName: store.name as string, storeId: store.id as string, vanId: vehicle.id as string, counts };
}

const vanCard = (page: Page) => page.getByRole('listitem', { name: VAN, exact: true });
const shopCard = (page: Page) => page.getByRole('listitem', { name: SHOP, exact: true });
const dhakaDate = (at: Date) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Dhaka', day: 'numeric', month: 'short', year: 'numeric' }).format(at);

test("the van's day: load 20, sell 8 with 5 own and 2 Omera empties, collect the one owed the next day, close Tk 500 short", async ({ page, request }) => {
  const store = await setUp(request);
  await logInAndPick(page, store.username, store.storeName);

  // ---- Day one: load the van from the vehicles page.
  await page.goto('/vehicles');
  await vanCard(page).getByRole('button', { name: `Load ${VAN}` }).click();
  const load = page.getByRole('dialog', { name: `Load ${VAN}` });
  await load.getByLabel('Item 1', { exact: true }).selectOption({ label: `${BASHUNDHARA} (30 in the store)` });
  await load.getByLabel('How many of item 1', { exact: true }).fill('20');
  await load.getByRole('button', { name: 'Record' }).click();
  await expect(load).toBeHidden();
  await expect(vanCard(page).getByTestId('vehicle-stock')).toHaveText(`${BASHUNDHARA}: 20 full, 0 empty`);
  expect(await store.counts()).toEqual({ bashundhara: [10, 0], omera: [10, 0] });

  // Sell 8 refills from the van to the shop: 5 Bashundhara and 2 Omera empties come back.
  await page.goto('/shops');
  await page.getByRole('link', { name: `Sell to ${SHOP}` }).click();
  await page.getByLabel('Sell from', { exact: true }).selectOption({ label: `${VAN} (carries 20)` });
  await page.getByLabel('Find an item', { exact: true }).fill('bashundhara');
  await expect(page.getByText(`On ${VAN}: 20 full`)).toBeVisible();
  await page.getByRole('button', { name: `Add ${BASHUNDHARA} Refill`, exact: true }).click();
  await page.getByLabel(`Quantity of ${BASHUNDHARA} · Refill`, { exact: true }).fill('8');
  await page.getByLabel(`Empties 1 handed in for ${BASHUNDHARA}`, { exact: true }).fill('5');
  await page.getByRole('button', { name: `Another brand of empties for ${BASHUNDHARA}` }).click();
  await expect(page.getByLabel(`Brand of empties 2 for ${BASHUNDHARA}`, { exact: true })).toHaveValue(/./);
  await page.getByLabel(`Brand of empties 2 for ${BASHUNDHARA}`, { exact: true }).selectOption({ label: OMERA });
  await page.getByLabel(`Empties 2 handed in for ${BASHUNDHARA}`, { exact: true }).fill('2');
  await expect(page.getByTestId('line-owes')).toHaveText('Owes 1 empty');
  await expect(page.getByTestId('sale-empties')).toHaveText('Empties: 7 in, 1 owed');
  await page.getByRole('group', { name: 'Payment 1' }).getByLabel('Amount', { exact: true }).fill('10000');
  await expect(page.getByTestId('sale-due')).toHaveText('Tk 1,200');
  await page.getByRole('button', { name: 'Finish sale · Tk 11,200' }).click();

  // The receipt: the empties handed in, the one not handed in, the shop's empties owed, the van.
  await expect(page).toHaveURL(/\/sales\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('receipt-line-empties')).toHaveText('Empties in: 5 × Bashundhara, 2 × Omera · 1 not handed in');
  await expect(page.getByTestId('receipt-empties-owed')).toHaveText(`1 × ${BASHUNDHARA}`);
  await expect(page.getByRole('article')).toContainText(`Sold from${VAN}`);

  // The shop owes 1 Bashundhara empty, beside its money due; the dashboard counts it.
  await page.goto('/shops');
  await expect(shopCard(page).getByTestId('shop-due')).toContainText('Tk 1,200');
  await expect(shopCard(page).getByTestId('shop-empties')).toHaveText(`Owes 1 × ${BASHUNDHARA}`);
  await page.goto('/dashboard');
  await expect(page.getByTestId('empties-owed')).toHaveText('1');
  await page.goto('/vehicles');
  await expect(vanCard(page).getByTestId('vehicle-stock')).toContainText(`${BASHUNDHARA}: 12 full, 5 empty`);
  await expect(vanCard(page).getByTestId('vehicle-stock')).toContainText(`${OMERA}: 0 full, 2 empty`);

  // ---- The next day.
  await moveStoreBackOneDay(store.storeId);
  const today = new Date();
  const yesterday = new Date(today.getTime() - 24 * 3600_000);

  // The shop brings the empty it owed to the store.
  await page.goto('/shops');
  await shopCard(page).getByRole('button', { name: `Collect empties from ${SHOP}` }).click();
  const collect = page.getByRole('dialog', { name: `Collect empties from ${SHOP}` });
  await expect(collect.getByLabel(`${BASHUNDHARA}: how many`, { exact: true })).toHaveValue('1');
  await collect.getByRole('button', { name: 'Record' }).click();
  await expect(collect).toBeHidden();
  await expect(shopCard(page).getByTestId('shop-empties')).toHaveCount(0);
  // Its history: yesterday's refills left one owed, today's collection cleared it.
  await shopCard(page).getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'History', exact: true }).click();
  const history = page.getByRole('dialog', { name: `History: ${SHOP}` });
  await expect(history.getByTestId('history-empties')).toHaveText('No empties owed now.');
  const collected = history.getByRole('row').filter({ hasText: 'Empties collected' });
  await expect(collected).toContainText(dhakaDate(today));
  await expect(collected).toContainText(`−1 × ${BASHUNDHARA}`);
  const owedRow = history.getByRole('row').filter({ hasText: '+1 ×' });
  await expect(owedRow).toContainText(dhakaDate(yesterday));
  await page.keyboard.press('Escape');
  expect(await store.counts()).toEqual({ bashundhara: [10, 1], omera: [10, 0] });

  // Close the van: 12 full and 7 empty come back; Tk 9,500 handed over against Tk 10,000.
  await page.goto('/vehicles');
  await vanCard(page).getByRole('button', { name: `Day close of ${VAN}` }).click();
  const close = page.getByRole('dialog', { name: `Day close of ${VAN}` });
  const back = close.getByRole('table', { name: 'Comes back to the store' });
  await expect(back.getByRole('row').filter({ hasText: BASHUNDHARA })).toContainText('125');
  await expect(back.getByRole('row').filter({ hasText: OMERA })).toContainText('02');
  await expect(close.getByTestId('cash-expected')).toHaveText('Tk 10,000');
  await close.getByLabel('Cash handed over', { exact: true }).fill('9500');
  await expect(close.getByText('Short by Tk 500')).toBeVisible();
  await close.getByLabel('Note', { exact: true }).fill('Driver paid for a tyre from the cash');
  await close.getByRole('button', { name: 'Close the day' }).click();

  // The day-close report, today's, covering the round since yesterday's load.
  await expect(page).toHaveURL(new RegExp(`/vehicles/${store.vanId}/closes/[0-9a-f-]{36}$`));
  await expect(page.getByRole('heading', { name: `Day close of ${VAN}, ${dhakaDate(today)}` })).toBeVisible();
  const row = (name: string) => page.getByTestId(`report-row-${name}`);
  const cell = (name: string, column: string) => row(name).locator(`[data-column="${column}"]`);
  const expectRow = async (name: string, figures: Record<string, string>) => {
    for (const [column, value] of Object.entries(figures)) await expect(cell(name, column), `${name} ${column}`).toHaveText(value);
  };
  await expectRow(BASHUNDHARA, { loaded: '20', soldRefill: '8', soldPackage: '0', emptiesCollected: '5', returnedFull: '12', returnedEmpty: '5' });
  await expectRow(OMERA, { loaded: '0', soldRefill: '0', soldPackage: '0', emptiesCollected: '2', returnedFull: '0', returnedEmpty: '2' });
  await expectRow('Total', { loaded: '20', soldRefill: '8', soldPackage: '0', emptiesCollected: '7', returnedFull: '12', returnedEmpty: '7' });
  await expect(page.getByTestId('report-expected')).toHaveText('Tk 10,000');
  await expect(page.getByTestId('report-handed')).toHaveText('Tk 9,500');
  await expect(page.getByTestId('report-difference')).toHaveText('Shortage Tk 500');
  await expect(page.getByText('Driver paid for a tyre from the cash')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Sales from the vehicle' })).toContainText(dhakaDate(yesterday));
  // Printable: the app's chrome and the report's buttons go; the report stays.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.shell-sidebar')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(row('Total')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  // And as CSV, with the same figures.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  const csv = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  expect(csv).toContain(`${BASHUNDHARA},20,8,0,0,5,12,5,0`);
  expect(csv).toContain(`${OMERA},0,0,0,0,2,0,2,0`);
  expect(csv).toContain('Total,20,8,0,0,7,12,7,0');
  expect(csv).toContain('cash expected,10000');
  expect(csv).toContain('cash handed over,9500');
  expect(csv).toContain('shortage,-500');

  // Everything is back in the store, the van is empty, and the shortage is in the ledger.
  expect(await store.counts()).toEqual({ bashundhara: [22, 6], omera: [10, 2] });
  await page.goto('/vehicles');
  await expect(vanCard(page).getByTestId('vehicle-stock')).toHaveText('Carries nothing now.');
  await page.goto('/history');
  await expect(page.getByRole('table', { name: 'History' }).getByText(`Day close of ${VAN} (Tata Ace): cash Tk 500 short`)).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByTestId('empties-owed')).toHaveText('0');
  await expect(page.getByTestId('balance')).toHaveText('Tk 9,500');
});
