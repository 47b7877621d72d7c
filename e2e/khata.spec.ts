import { expect, test, type APIResponse, type Page } from '@playwright/test';
import { BASHUNDHARA, logInAndPick, PASSWORD, setUpDealer, SHOP } from './support/dealer-store';

// The shop's ledger reads like a khata (issue 29, item 5): on a 360 px phone one compact row per
// event with the due after it, a page to print on A4, and the customer's statement showing the
// very same lines.

test.use({ viewport: { width: 360, height: 740 } });

/** Karim Traders: Tk 2,000 and 2 empties brought in, 3 refills with 2 empties back and Tk 1,000
 * cash, Tk 1,500 by bKash later, 2 empties collected. Due 2,000 + 4,200 − 1,000 − 1,500 = 3,700. */
async function karimsMonth(request: import('@playwright/test').APIRequestContext, username: string) {
  const { accessToken } = await (await request.post('/api/v1/auth/login', { data: { loginIdentifier: username, password: PASSWORD } })).json();
  const headers = { authorization: `Bearer ${accessToken}` };
  const ok = async (response: Promise<APIResponse>) => {
    const r = await response;
    expect(r.ok(), `${r.status()} ${await r.text()}`).toBe(true);
    return r.json();
  };
  const { stores } = await ok(request.get('/api/v1/stores', { headers }));
  const base = `/api/v1/stores/${stores[0].id}`;
  const items = await ok(request.get(`${base}/cylinder-inventory?size=12&regulatorType=22`, { headers }));
  const bash = items.find((i: { name: string }) => i.name === BASHUNDHARA).id as string;
  const { shops } = await ok(request.get(`${base}/shops`, { headers }));
  const shop = shops.find((s: { name: string }) => s.name === SHOP).id as string;
  await ok(request.post(`${base}/shops/${shop}/opening`, { headers, data: { due: 2000, empties: [{ itemId: bash, count: 2 }] } }));
  await ok(
    request.post(`${base}/sales`, {
      headers,
      data: {
        shopId: shop,
        lines: [{ itemType: 'cylinder', itemId: bash, tradeType: 'refill', quantity: 3, empties: [{ itemId: bash, count: 2 }] }],
        payments: [{ method: 'cash', amount: 1000 }],
      },
    }),
  );
  await ok(request.post(`${base}/shops/${shop}/payments`, { headers, data: { amount: 1500, paymentMethod: 'mobile', ref: 'TX9' } }));
  await ok(request.post(`${base}/shops/${shop}/empties`, { headers, data: { lines: [{ itemId: bash, count: 2 }] } }));
  const { url } = await ok(request.post(`${base}/shops/${shop}/statement-links`, { headers, data: { expiresInDays: 7 } }));
  return { shop, statementPath: new URL(url).pathname };
}

const rowTexts = (page: Page, table: string) =>
  page
    .getByRole('table', { name: table })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => (r as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));

test("a shop's khata on a phone, printed, and the same lines on the customer's statement", async ({ page, browser, request }) => {
  const { username, storeName } = await setUpDealer(request);
  const { shop, statementPath } = await karimsMonth(request, username);
  await logInAndPick(page, username, storeName);

  await page.goto('/shops');
  const card = page.getByRole('listitem', { name: SHOP, exact: true });
  await card.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'History', exact: true }).click();
  const history = page.getByRole('dialog', { name: `History: ${SHOP}` });
  const table = history.getByRole('table', { name: `History: ${SHOP}` });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(5);
  await expect(rows.nth(0)).toContainText('Opening balance');
  await expect(rows.nth(0)).toContainText(`empties +2 × ${BASHUNDHARA}`);
  await expect(rows.nth(1)).toContainText('Sale S-000001');
  await expect(rows.nth(1)).toContainText('+Tk 4,200');
  await expect(rows.nth(1)).toContainText('Tk 6,200');
  await expect(rows.nth(1)).toContainText('empties owed 3');
  // The cash paid at the sale is a payment, not an adjustment.
  await expect(rows.nth(2)).toContainText('Cash payment');
  await expect(rows.nth(2)).toContainText('with sale S-000001');
  await expect(rows.nth(2)).toContainText('Tk 5,200');
  // The shop's own khata names the wallet the payment went into.
  await expect(rows.nth(3)).toContainText('Payment into bKash (personal)');
  await expect(rows.nth(3)).toContainText('Tk 3,700');
  await expect(rows.nth(4)).toContainText('Empties collected');
  await expect(rows.nth(4)).toContainText('empties owed 1');
  await expect(history.getByText(/Adjustment|Correction/)).toHaveCount(0);
  // Compact: each row fits the phone's width, no sideways scrolling.
  expect(await table.evaluate((t) => t.scrollWidth <= (t.parentElement as HTMLElement).clientWidth)).toBe(true);
  const shopLines = await rowTexts(page, `History: ${SHOP}`);

  // The print view: the same khata on a page, the buttons and the app's bars off the paper.
  await history.getByRole('link', { name: 'Print' }).click();
  await expect(page).toHaveURL(new RegExp(`/shops/${shop}/khata$`));
  await expect(page.getByRole('heading', { name: `Khata of ${SHOP}` })).toBeVisible();
  await expect(page.getByText('Current due: Tk 3,700')).toBeVisible();
  const printTable = page.getByRole('table', { name: `Khata of ${SHOP}` });
  await expect(printTable.locator('tbody tr')).toHaveCount(5);
  expect(await rowTexts(page, `Khata of ${SHOP}`)).toEqual(shopLines);
  const printButton = page.getByRole('button', { name: 'Print' });
  await expect(printButton).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(printButton).toBeHidden();
  await expect(page.locator('.shell-topbar')).toBeHidden();
  await expect(printTable).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // The customer's statement, signed out, in English: the very same lines after what was
  // brought forward before its 60 days.
  const customer = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const statement = await customer.newPage();
  await statement.goto(statementPath);
  await statement.getByRole('button', { name: 'English' }).click();
  await expect(statement.getByRole('heading', { name: `Statement of ${SHOP}` })).toBeVisible();
  await expect(statement.getByTestId('statement-balance')).toHaveText('Tk 3,700');
  const period = statement.getByRole('table', { name: /^Last 60 days/ });
  await expect(period.locator('tbody tr')).toHaveCount(6);
  const customerLines = await period
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((r) => (r as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));
  expect(customerLines[0]).toContain('Brought forward');
  // The same lines, but the store's own account is left out: the customer reads "bKash payment".
  expect(customerLines.slice(1)).toEqual(shopLines.map((line) => line.replace('Payment into bKash (personal)', 'bKash payment')));
  await customer.close();
});
