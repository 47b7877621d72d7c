import { expect, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';

// A dealer's store set up through the API, as it stands on a morning: two brands of 12 kg
// cylinders refilled at a known cost, with refill and package prices, stoves bought at a known
// cost, one customer shop.

export const PASSWORD = 'correct horse battery';
export const SHOP = 'Karim Traders';
export const BASHUNDHARA = 'Bashundhara 12 kg 22 mm';
export const OMERA = 'Omera 12 kg 22 mm';
export const STOVE = 'RFL double burner';

export async function setUpDealer(request: APIRequestContext) {
  const tag = `dl${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  expect(
    (await request.post('/api/v1/auth/register', { data: { username: tag, email: `${tag}@example.com`, password: PASSWORD } })).status(),
  ).toBe(201);
  const { accessToken } = await (await request.post('/api/v1/auth/login', { data: { loginIdentifier: tag, password: PASSWORD } })).json();
  const headers = { authorization: `Bearer ${accessToken}` };
  const ok = async (response: Promise<APIResponse>) => {
    const r = await response;
    expect(r.ok(), `${r.status()} ${await r.text()}`).toBe(true);
    return r;
  };
  const { store } = await (
    await request.post('/api/v1/stores', { headers, data: { name: `Gas House ${tag}`, location: 'Mirpur', phone: '01711000000' } })
  ).json();
  const base = `/api/v1/stores/${store.id}`;
  const { localBrands } = await (await request.get(`${base}/brands/a`, { headers })).json();
  const active = localBrands.filter((b: { name: string }) => ['Bashundhara', 'Omera'].includes(b.name));
  await ok(request.patch(`${base}/brands`, { headers, data: active.map((b: { id: string }) => ({ id: b.id, isActive: true })) }));
  const items = await (await request.get(`${base}/cylinder-inventory?size=12&regulatorType=22`, { headers })).json();
  const cylinders = [
    { name: BASHUNDHARA, retailPrice: 1450, wholesalePrice: 1400, packageRetailPrice: 3300, packageWholesalePrice: 3250, unitCost: 1300 },
    { name: OMERA, retailPrice: 1500, wholesalePrice: 1450, packageRetailPrice: 3350, packageWholesalePrice: 3300, unitCost: 1350 },
  ];
  for (const c of cylinders) {
    const item = items.find((i: { name: string }) => i.name === c.name);
    const { unitCost: _cost, name: _name, ...prices } = c;
    await ok(request.patch(`${base}/cylinder-inventory/${item.id}`, { headers, data: prices }));
    // Empties on the shelf, then a refill buy at the challan price: the refill cost is known.
    await ok(request.post(`${base}/stock-counts`, { headers, data: { itemId: item.id, fullCount: 0, emptyCount: 20, note: 'Opening stock' } }));
    await ok(
      request.post(`${base}/cylinders/buy?size=12&regulatorType=22`, {
        headers,
        data: { id: item.id, quantity: 10, tradeType: 'refill', unitCost: c.unitCost, supplier: 'Company depot', challanNumber: `CH-${c.unitCost}` },
      }),
    );
  }
  const { item: stove } = await (
    await ok(request.post(`${base}/stove-inventory`, { headers, data: { name: STOVE, price: 3200, wholesalePrice: 3000 } }))
  ).json();
  await ok(request.post(`${base}/stoves/buy`, { headers, data: { id: stove.id, quantity: 5, unitCost: 2600 } }));
  const { divisions } = await (await request.get(`/api/v1/workspace/${store.id}/divisions`, { headers })).json();
  await ok(
    request.post(`/api/v1/workspace/${store.id}/divisions/${divisions[0].id}/stores`, {
      headers,
      data: { name: SHOP, contactName: 'Karim', phone: '01711-223344', address: 'Mirpur 2' },
    }),
  );
  return { username: tag, storeName: store.name as string };
}

/**
 * The dealer's store as another device sees it, straight through the API: signed in as
 * `username`, its first store, and its 12 kg Bashundhara as the list answered.
 */
export async function dealerSession(request: APIRequestContext, username: string) {
  const { accessToken } = await (await request.post('/api/v1/auth/login', { data: { loginIdentifier: username, password: PASSWORD } })).json();
  const headers = { authorization: `Bearer ${accessToken}` };
  const { stores } = await (await request.get('/api/v1/stores', { headers })).json();
  const base = `/api/v1/stores/${stores[0].id}`;
  const items = await (await request.get(`${base}/cylinder-inventory?size=12&regulatorType=22`, { headers })).json();
  const bashundhara = items.find((i: { name: string }) => i.name === BASHUNDHARA) as { id: string; fullCount: number };
  return { headers, base, storeId: stores[0].id as string, bashundhara };
}

export async function logInAndPick(page: Page, username: string, storeName: string) {
  await page.goto('/login');
  await page.getByLabel('Email or Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('button', { name: new RegExp(storeName) }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Finds an item on the sale screen and taps its price: refill or package for a cylinder. */
export async function addToSale(page: Page, search: string, button: string, times = 1) {
  const find = page.getByLabel('Find an item');
  await find.fill(search);
  for (let i = 0; i < times; i++) await page.getByRole('button', { name: button, exact: true }).click();
}
