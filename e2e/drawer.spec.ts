import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { dhakaToday, setServerClock } from './support/clock';
import { logInAndPick, OMERA, PASSWORD, setUpDealer } from './support/dealer-store';
import { sellToWalkIn } from './support/first-day';

// DEALER.md rule 17 end to end: the owner sells a refill for cash, counts the drawer Tk 200
// short at the end of the day and says why, reads the day sheet with the shortage, and the next
// morning the drawer opens from the count. The server's clock gives the three days.

const DAY = 24 * 60 * 60 * 1000;
test.afterEach(({ request }) => setServerClock(request, null));

/** The store's first count, through the API: the cash its set-up spent is put right, so today opens at Tk 0. */
async function firstCount(request: APIRequestContext, username: string) {
  const { accessToken } = await (await request.post('/api/v1/auth/login', { data: { loginIdentifier: username, password: PASSWORD } })).json();
  const headers = { authorization: `Bearer ${accessToken}` };
  const { stores } = await (await request.get('/api/v1/stores', { headers })).json();
  const base = `/api/v1/stores/${stores[0].id}/drawer`;
  const { drawer } = await (await request.get(base, { headers })).json();
  const res = await request.post(`${base}/close`, { headers, data: { counted: 0, expected: drawer.expected, note: 'First count' } });
  expect(res.status(), await res.text()).toBe(201);
}

/** axe at 1280 and 360 px, as the accessibility tour checks every page. */
async function noSeriousViolations(page: Page) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${width}: ${v.id}`)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a cash sale, the drawer closed Tk 200 short with a note, its day sheet, and the next day opening from the count', async ({ page, request }) => {
  // Yesterday: the store is set up (its stock bought in cash) and its drawer counted once.
  await setServerClock(request, new Date(dhakaToday('12:00').getTime() - DAY));
  const { username, storeName } = await setUpDealer(request);
  await firstCount(request, username);

  // Today: a walk-in buys an Omera refill for cash.
  await setServerClock(request, dhakaToday('18:00'));
  await logInAndPick(page, username, storeName);
  await sellToWalkIn(page, 'omera', `Add ${OMERA} Refill`, 'Tk 1,500');

  // From the dashboard's quick link: the day's figures.
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Quick Actions' }).getByRole('link', { name: 'Close the drawer' }).click();
  await expect(page).toHaveURL(/\/drawer$/);
  await expect(page.getByTestId('drawer-opening')).toHaveText('Tk 0');
  await expect(page.getByRole('row', { name: 'Sale payment Tk 1,500' })).toBeVisible();
  await expect(page.getByTestId('drawer-expected')).toHaveText('Tk 1,500');

  // The open day with its count form passes axe at a desktop and a phone width.
  await noSeriousViolations(page);

  // Tk 200 short: the screen says so, and asks why before it closes.
  await page.getByLabel('Counted cash').fill('1300');
  await expect(page.getByText('Tk 200 short')).toBeVisible();
  await page.getByRole('button', { name: 'Close the drawer' }).click();
  await expect(page.getByText('Say why the count is short or over.')).toBeVisible();
  await page.getByLabel(/^Note/).fill('Change given twice');
  await page.getByRole('button', { name: 'Close the drawer' }).click();

  // The day sheet: the shortage, the note, who closed it; printable and downloadable.
  await expect(page.getByTestId('drawer-difference')).toHaveText('Tk 200 short');
  await expect(page.getByText('Change given twice')).toBeVisible();
  await expect(page.getByText(username, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^mojud-drawer-\d{4}-\d{2}-\d{2}\.csv$/);
  // On paper: the sheet without the app's chrome and buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByTestId('drawer-difference')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  // So does the sheet.
  await noSeriousViolations(page);

  // The next morning the drawer opens from the count.
  await setServerClock(request, new Date(dhakaToday('09:00').getTime() + DAY));
  await page.reload();
  await expect(page.getByTestId('drawer-opening')).toHaveText('Tk 1,300');
  await expect(page.getByTestId('drawer-expected')).toHaveText('Tk 1,300');
});
