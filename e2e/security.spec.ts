import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { logIn, newOwner, type Owner } from './support/shop-owner';

// Stored strings are text, never markup: hostile names, addresses and notes written through the
// API show literally in every list and modal, nothing runs (window.__pwned stays undefined), and
// the Content-Security-Policy is never violated. Then sessions: logout in one tab ends the other,
// and an access token that expires mid-form costs nothing typed.

const IMG = '<img src=x onerror=window.__pwned=1>';
const SCRIPT = '"><script>window.__pwned=1</script>';
const SVG = '<svg onload=window.__pwned=1>';
const BANGLA = 'করিম স্টোর <b>মিরপুর</b>';
const hostile = (label: string, payload: string) => `${label} ${payload}`;

const V = {
  store: hostile('St', IMG),
  location: hostile('Loc', SCRIPT),
  area: hostile('Ar', '<b onmouseover=window.__pwned=1>এলাকা</b>'),
  shop: hostile('Sh', IMG),
  contact: BANGLA,
  address: hostile('Ad', SCRIPT),
  payRef: hostile('Rf', SVG),
  reg: hostile('Rg', SVG),
  vehicleBrand: hostile('Vb', IMG),
  vehicleModel: 'টাটা "><i>',
  costNote: hostile('Cn', SCRIPT),
  staff: hostile('Sf', IMG),
  staffRole: hostile('Ro', SVG),
  stove: hostile('Sv', IMG),
  regulator: hostile('Rt', SCRIPT),
  countNote: hostile('Nt', SCRIPT),
  firstName: hostile('Fn', IMG),
};

async function json(
  request: APIRequestContext,
  method: 'post' | 'patch' | 'get',
  url: string,
  headers: Record<string, string>,
  data?: unknown,
) {
  const res = await request[method](url, { headers, ...(data !== undefined && { data }) });
  expect(res.ok(), `${method} ${url} → ${res.status()} ${await res.text()}`).toBeTruthy();
  return res.json();
}

/** A store full of hostile strings, written through the API. */
async function hostileStore(request: APIRequestContext, owner: Owner) {
  expect((await request.post('/api/v1/auth/register', { data: owner })).status()).toBe(201);
  const login = await json(
    request,
    'post',
    '/api/v1/auth/login',
    {},
    { loginIdentifier: owner.username, password: owner.password },
  );
  const h = { authorization: `Bearer ${login.accessToken}` };
  await json(request, 'patch', '/api/v1/user/me', h, { firstName: V.firstName });
  const { store } = await json(request, 'post', '/api/v1/stores', h, {
    name: V.store,
    location: V.location,
    phone: '01711000000',
  });
  const s = `/api/v1/stores/${store.id}`;
  const ws = `/api/v1/workspace/${store.id}`;
  const { division } = await json(request, 'post', `${ws}/divisions`, h, { name: V.area });
  const { store: shop } = await json(request, 'post', `${ws}/divisions/${division.id}/stores`, h, {
    name: V.shop,
    contactName: V.contact,
    phone: '01711000009',
    address: V.address,
  });
  const { localBrands } = await json(request, 'get', `${s}/brands/a`, h);
  const brand = localBrands.find((b: { name: string }) => b.name === 'Bashundhara');
  await json(request, 'patch', `${s}/brands`, h, [{ id: brand.id, isActive: true }]);
  const items = await json(request, 'get', `${s}/cylinder-inventory?size=12&regulatorType=22`, h);
  await json(request, 'patch', `${s}/cylinder-inventory/${items[0].id}`, h, { price: 1200 });
  await json(request, 'post', `${s}/stock-counts`, h, {
    itemId: items[0].id,
    fullCount: 30,
    emptyCount: 5,
    note: V.countNote,
  });
  await json(request, 'post', `${s}/cylinders/sell?size=12&regulatorType=22`, h, {
    id: items[0].id,
    quantity: 2,
    paymentMethod: 'due',
    shopId: shop.id,
  });
  await json(request, 'post', `${s}/shops/${shop.id}/payments`, h, { amount: 500, ref: V.payRef });
  const { vehicle } = await json(request, 'post', `${s}/vehicles`, h, {
    regNumber: V.reg,
    vehicleBrand: V.vehicleBrand,
    vehicleModel: V.vehicleModel,
  });
  await json(request, 'post', `${s}/vehicles/${vehicle.id}/fuel`, h, {
    amount: 800,
    description: V.costNote,
  });
  const { staff } = await json(request, 'post', `${s}/staff`, h, {
    name: V.staff,
    role: V.staffRole,
    salary: 10000,
  });
  await json(request, 'post', `${s}/staff/${staff.id}/payments`, h, { amount: 2000, ref: V.payRef });
  const { item: stove } = await json(request, 'post', `${s}/stove-inventory`, h, {
    name: V.stove,
    price: 2500,
  });
  await json(request, 'post', `${s}/stock-counts`, h, { itemId: stove.id, stockCount: 4 });
  await json(request, 'post', `${s}/regulator-inventory`, h, { name: V.regulator, price: 450 });
  return { store: store as { id: string; name: string }, headers: h };
}

/** Collects CSP violations and page errors from the moment the page starts. */
async function watch(page: Page) {
  const problems: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const w = window as unknown as { __csp?: string[] };
      (w.__csp ??= []).push(
        `${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
      );
    });
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(m.text()))
      problems.push(`console: ${m.text()}`);
  });
  return async (where: string) => {
    const csp = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
    expect(csp, `CSP violations on ${where}`).toEqual([]);
    expect(problems, `errors on ${where}`).toEqual([]);
    expect(
      await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned),
      `script ran on ${where}`,
    ).toBeUndefined();
    expect(
      await page.locator('img[src="x"], svg[onload], script:not([src])').count(),
      `injected element on ${where}`,
    ).toBe(0);
  };
}

const shows = (page: Page, text: string) =>
  expect(page.getByText(text, { exact: false }).first()).toBeVisible();

test('hostile names, addresses and notes render as text on every page and modal, under a strict CSP', async ({
  page,
  request,
}) => {
  const owner = newOwner();
  const { store } = await hostileStore(request, owner);
  const clean = await watch(page);

  const first = await page.goto('/login');
  const csp = first!.headers()['content-security-policy'];
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toMatch(/script-src 'self'/);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(first!.headers()['x-content-type-options']).toBe('nosniff');

  await logIn(page, owner);
  await shows(page, V.store);
  await clean('/stores');
  await page.getByRole('button', { name: V.store }).first().click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await shows(page, V.store);
  await clean('/dashboard');

  await page.goto('/inventory');
  await expect(page.getByRole('tab', { name: 'Cylinders' })).toBeVisible();
  await page.getByRole('tab', { name: 'Stoves' }).click();
  await shows(page, V.stove);
  await page.getByRole('tab', { name: 'Regulators' }).click();
  await shows(page, V.regulator);
  await clean('/inventory');

  await page.goto('/shops');
  await page.getByLabel('Area', { exact: true }).selectOption({ label: `${V.area} (1)` });
  const shop = page.getByRole('listitem', { name: V.shop });
  await expect(shop.getByText(V.shop, { exact: false }).first()).toBeVisible();
  await shows(page, V.address);
  await shop.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: `History: ${V.shop}` });
  await expect(history.getByText(V.payRef, { exact: false }).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await clean('/shops');

  await page.goto('/vehicles');
  const van = page.getByRole('listitem', { name: V.reg });
  await expect(van.getByText(V.reg, { exact: false }).first()).toBeVisible();
  await shows(page, V.vehicleBrand);
  await van.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'History' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Transaction History' }).getByText(V.costNote, { exact: false }).first(),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await clean('/vehicles');

  await page.goto('/staff');
  await shows(page, V.staff);
  await shows(page, V.staffRole);
  await clean('/staff');

  await page.goto('/members');
  await shows(page, V.firstName);
  await clean('/members');

  await page.goto('/history');
  const table = page.getByRole('table', { name: 'History' });
  await expect(table).toContainText(V.shop);
  await expect(table).toContainText(V.staff);
  await clean('/history');
  expect(store.name).toBe(V.store);
});

test('logging out in one tab sends the other tab to /login on its next action', async ({
  browser,
  request,
}) => {
  const owner = newOwner();
  const { store } = await hostileStore(request, owner);
  const context = await browser.newContext();
  const one = await context.newPage();
  await logIn(one, owner);
  await one.getByRole('button', { name: store.name }).first().click();
  await expect(one).toHaveURL(/\/dashboard$/);
  const two = await context.newPage();
  await two.goto('/vehicles');
  await expect(two.getByRole('heading', { name: 'Vehicle List' })).toBeVisible();

  // The other tab learns of it through the BroadcastChannel: its next step inside the app (no
  // reload; its in-memory access token would still be accepted for minutes) leads to /login.
  await two.evaluate(() => {
    (window as unknown as { __sameDocument?: boolean }).__sameDocument = true;
  });
  await one.getByRole('button', { name: 'User menu' }).click();
  await one.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(one).toHaveURL(/\/$/);
  // The guard drops it out of the app at once, or at the latest on its next step.
  const general = two.getByRole('navigation', { name: 'General' }).getByRole('link', { name: 'Staff' });
  if (await general.isVisible()) await general.click({ timeout: 2000 }).catch(() => {});
  await expect(two).toHaveURL(/\/login/);
  expect(
    await two.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    'no reload: the broadcast did it',
  ).toBe(true);
  // And the server agrees: the browser's refresh cookie no longer works.
  const refresh = await two.request.post('/api/v1/auth/refresh', {
    headers: { 'X-Requested-With': 'mojud' },
    data: {},
  });
  expect(refresh.status()).toBe(401);
  await context.close();
});

test('an access token that expires mid-form: one refresh, one retry, and what was typed is saved', async ({
  page,
  request,
}) => {
  const owner = newOwner();
  const { store } = await hostileStore(request, owner);
  await logIn(page, owner);
  await page.getByRole('button', { name: store.name }).first().click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/vehicles');
  await page.getByRole('button', { name: 'Add Vehicle +' }).click();
  await page.getByLabel('Brand').fill('Isuzu');
  await page.getByLabel('Model').fill('NKR ট্রাক');
  await page.getByLabel('Registration No').fill('Dhaka Metro TA 22-7788');

  // The token "expires" while the form is open: the first save goes out with a dead token.
  let saves = 0;
  let refreshes = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/auth/refresh')) refreshes += 1;
  });
  await page.route(`**/api/v1/stores/${store.id}/vehicles`, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    saves += 1;
    const headers = { ...route.request().headers() };
    if (saves === 1) headers.authorization = 'Bearer expired.token.value';
    return route.continue({ headers });
  });
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const van = page.getByRole('listitem', { name: 'Dhaka Metro TA 22-7788' });
  await expect(van.getByText('Reg: Dhaka Metro TA 22-7788')).toBeVisible();
  await expect(van.getByText('NKR ট্রাক', { exact: false }).first()).toBeVisible();
  expect(saves, 'the save was retried once').toBe(2);
  expect(refreshes, 'with exactly one refresh').toBe(1);
  await expect(page).toHaveURL(/\/vehicles$/);
});
