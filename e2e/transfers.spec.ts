import { expect, test, type Page } from '@playwright/test';
import { BASHUNDHARA, logInAndPick } from './support/dealer-store';
import { newOwnerStore, ok, shopCard } from './support/first-day';

// Issue 28's day (DEALER.md rule 21), in the browser, against figures worked out by hand:
//
//   depot         50 full Bashundhara 12 kg 22 mm at Tk 1,300 (opening stock) and 20 empties
//   retail point  a new store copied from the depot: same brands, items, prices and two shops (no dues), no stock
//   T-0001        depot → retail: 30 full, 10 empty, worth 30 × 1,300 = Tk 39,000 at cost
//   T-0002        depot → retail: 5 full, cancelled before it is received: back in the depot
//   received      29 full, 10 empty: 1 full lost in transit (Tk 1,300), with a note
//
//   depot   full 50 − 30 = 20 · empty 20 − 10 = 10 · average refill cost Tk 1,300
//   retail  full 29 · empty 10 · average refill cost Tk 1,300 (the depot's, travelled with it)
//   all     full 20 + 29 = 49 · empty 10 + 10 = 20 · lost in transit 1 (Tk 1,300, the depot's)

const NOTE = 'One fell off the pickup at Tongi';

/** The shell's store menu (in the chrome of the dashboard): the store the pages work in. */
async function switchTo(page: Page, storeName: string) {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Store menu' }).click();
  await page.getByRole('menuitemradio', { name: storeName }).click();
}

/** The inventory's "Where is the stock?" row of Bashundhara: a place's counts as the page says them. */
async function expectWhere(page: Page, places: Record<string, string>) {
  await page.goto('/inventory');
  await page.getByText('Where is the stock?', { exact: true }).click();
  const row = page.getByRole('table', { name: 'Where is the stock?' }).getByRole('row', { name: new RegExp(BASHUNDHARA) });
  for (const [column, text] of Object.entries(places)) await expect(row.locator(`[data-column="${column}"]`), column).toHaveText(text);
}

/** The inventory list's own row of Bashundhara: full, empty, and the average refill cost (owners). */
async function expectInventoryRow(page: Page, full: string, empty: string, refillCost: string) {
  await page.goto('/inventory');
  const row = page.getByRole('row').filter({ has: page.getByRole('group', { name: BASHUNDHARA, exact: true }) });
  await expect(row.locator('[data-column="full"]')).toHaveText(full);
  await expect(row.locator('[data-column="empty"]')).toHaveText(empty);
  await expect(row.locator('[data-column="cost"]')).toContainText(refillCost);
}

/** Sends one line of Bashundhara from the transfers page; the new transfer's card is on the way out. */
async function send(page: Page, to: string, counts: { full?: string; empty?: string }, note?: string) {
  await page.getByRole('button', { name: 'Send stock' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send stock to another store' });
  await dialog.getByLabel('Send to', { exact: true }).selectOption({ label: to });
  const line = dialog.getByRole('group', { name: 'Item 1' });
  const item = line.getByLabel('Item 1', { exact: true });
  const option = await item.locator('option', { hasText: BASHUNDHARA }).first().getAttribute('value');
  await item.selectOption(option!);
  if (counts.full) await line.getByLabel('Full', { exact: true }).fill(counts.full);
  if (counts.empty) await line.getByLabel('Empty', { exact: true }).fill(counts.empty);
  if (note) await dialog.getByLabel('Note (optional)').fill(note);
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('a depot sends stock to a retail point copied from it: one transfer received with 1 lost and its note, one cancelled; counts and costs in both stores and in the all-stores view', async ({ page, request }) => {
  test.setTimeout(240_000);
  const depot = await newOwnerStore(request, 'xfer');
  await ok(
    request.post(`${depot.base}/opening-stock`, {
      headers: depot.headers,
      data: { itemId: depot.itemId, quantity: 50, unitCost: 1300, emptyQuantity: 20 },
    }),
  );
  await ok(request.patch(`${depot.base}/cylinder-inventory/${depot.itemId}`, { headers: depot.headers, data: { retailPrice: 1500, wholesalePrice: 1420 } }));
  const areas = `/api/v1/workspace/${depot.base.split('/').pop()}/divisions`;
  const { divisions } = await ok(request.get(areas, { headers: depot.headers }));
  for (const [name, due] of [['Karim Traders', 2500], ['Nur Gas Corner', 0]] as const) {
    await ok(request.post(`${areas}/${divisions[0].id}/stores`, { headers: depot.headers, data: { name, opening: { due, empties: [] } } }));
  }
  await logInAndPick(page, depot.username, depot.storeName);

  // ---- The retail point, copied from the depot (brands, items, prices and its two shops; no stock, no dues).
  const retailName = `Retail ${depot.username}`;
  await page.goto('/addStore');
  await page.getByLabel('Name', { exact: true }).fill(retailName);
  await page.getByLabel('Location', { exact: true }).fill('Mirpur 10');
  await page.getByLabel('Phone', { exact: true }).fill('01711000002');
  await page.getByLabel('Start from', { exact: true }).selectOption({ label: depot.storeName });
  await page.getByLabel('Also copy the customer shops (without their dues)').check();
  await page.getByRole('button', { name: 'Create Store' }).click();
  await expect(page).toHaveURL(/\/selectBrands$/);
  await page.goto('/inventory');
  await expect(page.getByRole('row', { name: new RegExp(BASHUNDHARA) }).getByRole('cell').nth(3)).toContainText('Tk 1,500 Wholesale Tk 1,420', { useInnerText: true });
  await page.goto('/shops');
  for (const name of ['Karim Traders', 'Nur Gas Corner']) await expect(shopCard(page, name).getByTestId('shop-due')).toHaveText('Due: Tk 0');
  await switchTo(page, depot.storeName);

  // ---- The depot sends 30 full and 10 empty (T-0001), and 5 full it then cancels (T-0002).
  await page.goto('/inventory');
  await page.getByRole('link', { name: 'Transfers', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Transfers', exact: true })).toBeVisible();
  await send(page, retailName, { full: '30', empty: '10' }, 'With Rahim on the pickup');
  const going = page.getByRole('region', { name: 'Sent from this store, on the way' });
  const first = going.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `T-0001 · ${depot.storeName} to ${retailName}` }) });
  await expect(first.getByTestId('transfer-line')).toContainText('Sent: Full 30 · Empty 10');
  await expect(first.getByTestId('transfer-cost')).toHaveText('Worth Tk 39,000 at cost');
  await expect(first).toContainText('Note: With Rahim on the pickup');

  await send(page, retailName, { full: '5' });
  await page.getByRole('button', { name: 'Cancel T-0002' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel T-0002?' });
  await confirm.getByRole('button', { name: 'Cancel the transfer' }).click();
  await expect(confirm).toBeHidden();
  const history = page.getByRole('region', { name: 'Received and cancelled' });
  await expect(history.getByRole('listitem').filter({ hasText: 'T-0002' })).toContainText('Cancelled');

  // The depot: 20 full and 10 empty at home, 30 and 10 on the way; the cancelled 5 are back.
  await expectWhere(page, { store: 'Full 20 · Empty 10', out: 'Full 30 · Empty 10', in: 'None' });
  await expectInventoryRow(page, '20', '10', 'Tk 1,300');

  // ---- The retail point counts what arrived: 29 full (1 lost) and 10 empty.
  await switchTo(page, retailName);
  await expectWhere(page, { store: 'None', in: 'Full 30 · Empty 10' });
  await page.goto('/inventory/transfers');
  const coming = page.getByRole('region', { name: 'Coming to this store' });
  await expect(coming.getByRole('listitem').filter({ hasText: 'T-0002' })).toHaveCount(0);
  await coming.getByRole('button', { name: 'Receive T-0001' }).click();
  const receive = page.getByRole('dialog', { name: `Receive T-0001 from ${depot.storeName}` });
  const line = receive.getByRole('group', { name: BASHUNDHARA });
  await expect(line.getByLabel('Full', { exact: true })).toHaveValue('30');
  await expect(line.getByLabel('Empty', { exact: true })).toHaveValue('10');
  await line.getByLabel('Full', { exact: true }).fill('29');
  await expect(receive.getByTestId('transfer-lost-summary')).toHaveText('1 lost in transit');
  // Less arrived than was sent: not without saying what happened.
  await receive.getByRole('button', { name: 'Receive', exact: true }).click();
  await expect(receive.getByText('Say what happened to what did not arrive')).toBeVisible();
  await receive.getByLabel('What happened to what did not arrive?').fill(NOTE);
  await receive.getByRole('button', { name: 'Receive', exact: true }).click();
  await expect(receive).toBeHidden();

  const received = page
    .getByRole('region', { name: 'Received and cancelled' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: `T-0001 · ${depot.storeName} to ${retailName}` }) });
  await expect(received).toContainText('Received');
  await expect(received.getByTestId('transfer-line')).toContainText('Arrived: Full 29 · Empty 10');
  await expect(received.getByTestId('transfer-line')).toContainText('Lost: Full 1');
  await expect(received).toContainText(`What happened: ${NOTE}`);
  await expect(received.getByTestId('transfer-cost')).toHaveText('Worth Tk 39,000 at cost · Lost Tk 1,300 at cost');

  // The retail point holds what arrived, at the depot's average cost.
  await expectWhere(page, { store: 'Full 29 · Empty 10', in: 'None', out: 'None' });
  await expectInventoryRow(page, '29', '10', 'Tk 1,300');

  // ---- And the depot, once received: nothing on the way; the transfer is history there too.
  await switchTo(page, depot.storeName);
  await expectWhere(page, { store: 'Full 20 · Empty 10', out: 'None' });
  await page.goto('/inventory/transfers');
  await expect(page.getByRole('region', { name: 'Received and cancelled' }).getByRole('listitem').filter({ hasText: 'T-0001' })).toContainText(
    'Lost: Full 1',
  );

  // ---- The all-stores view: each store's counts, the one lost in transit, and totals that add up.
  await page.getByRole('button', { name: 'Store menu' }).click();
  await page.getByRole('menuitem', { name: 'All stores at a glance' }).click();
  const stockOf = async (card: string, full: string, empty: string, inTransit: string) => {
    const row = page.getByRole('article', { name: card }).getByRole('row', { name: new RegExp(BASHUNDHARA) });
    const cells = row.getByRole('cell');
    await expect(cells.nth(0), `${card}: full`).toHaveText(full);
    await expect(cells.nth(1), `${card}: empty`).toHaveText(empty);
    await expect(cells.nth(3), `${card}: in transit`).toHaveText(inTransit);
  };
  await stockOf(depot.storeName, '20', '10', '0');
  await stockOf(retailName, '29', '10', '0');
  await stockOf('All stores', '49', '20', '0');
  await expect(page.getByRole('article', { name: depot.storeName })).toContainText('1 unit, Tk 1,300 at cost');
  await expect(page.getByRole('article', { name: retailName })).toContainText('0 units, Tk 0 at cost');
  await expect(page.getByRole('article', { name: 'All stores' })).toContainText('1 unit, Tk 1,300 at cost');
});
