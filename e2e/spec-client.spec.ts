import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page, type Request } from '@playwright/test';
import { mailedLink } from './support/mail';
import { newOwner } from './support/shop-owner';

// A client written from the product spec alone works against Mojud unchanged, in a real
// browser: e2e/support/spec-client.html (plain HTML and fetch, no Mojud code) is opened on the
// API's own origin and sends only what spec section 7 says (a bearer token, credentials, a JSON
// content type). It signs up and in, gets its token by refresh (again after a reload), creates
// a store, picks a brand, lists cylinders as an array, buys, sells, marks a problem cylinder and
// signs out; a person invited to the store lists the invitation and joins by its token. The browser adds its own Origin and Sec-Fetch-Site, which is what the API trusts.

const here = path.dirname(fileURLToPath(import.meta.url));
const PAGE_HTML = fs.readFileSync(path.join(here, 'support', 'spec-client.html'), 'utf8');
const PAGE_PATH = '/spec-client/';
const ITEM = 'Bashundhara 12 kg 22 mm';

/** The page is served at the API's origin; its calls to /api/v1 reach the real server. */
async function openSpecClient(page: Page) {
  await page.route(`**${PAGE_PATH}`, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: PAGE_HTML }));
  await page.goto(PAGE_PATH);
}

async function expectRow(page: Page, counts: { full: number; empty: number; problem: number }) {
  const cells = page.getByRole('row', { name: new RegExp(ITEM) }).getByRole('cell');
  await expect(cells.nth(2)).toHaveText(String(counts.full));
  await expect(cells.nth(3)).toHaveText(String(counts.empty));
  await expect(cells.nth(4)).toHaveText(String(counts.problem));
}

async function trade(page: Page, action: 'Buy' | 'Sell' | 'Mark problem', quantity: number, message: string) {
  const form = page.getByRole('form', { name: 'Trade' });
  await form.getByLabel('Item').selectOption({ label: ITEM });
  await form.getByLabel('Quantity').fill(String(quantity));
  await form.getByRole('button', { name: action, exact: true }).click();
  await expect(page.getByRole('status')).toHaveText(message);
}

test('a client built to the spec signs in, refreshes, buys, sells and marks cylinders, and accepts an invitation by its token', async ({ page, request }) => {
  const owner = newOwner();
  const apiCalls: Request[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/v1/')) apiCalls.push(r);
  });
  const refreshes: number[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === '/api/v1/auth/refresh') refreshes.push(r.status());
  });

  await openSpecClient(page);
  const origin = new URL(page.url()).origin;
  await expect(page.getByRole('form', { name: 'Log in' })).toBeVisible();

  const signup = page.getByRole('form', { name: 'Sign up' });
  await signup.getByLabel('Username', { exact: true }).fill(owner.username);
  await signup.getByLabel('Email').fill(owner.email);
  await signup.getByLabel('Password').fill(owner.password);
  await signup.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('status')).toHaveText('Account created');

  const login = page.getByRole('form', { name: 'Log in' });
  await login.getByLabel('Email or username').fill(owner.username);
  await login.getByLabel('Password').fill(owner.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText(`Signed in as ${owner.username}`)).toBeVisible();

  // The token lives in the page's memory only: after a reload it comes back by refresh alone.
  await page.reload();
  await expect(page.getByText(`Signed in as ${owner.username}`)).toBeVisible();
  expect(refreshes.filter((s) => s === 200).length, 'refresh after login and after the reload').toBeGreaterThanOrEqual(2);

  const store = page.getByRole('form', { name: 'Create store' });
  await store.getByLabel('Name').fill('Spec Gas House');
  await store.getByLabel('Location').fill('Mirpur 10');
  await store.getByLabel('Phone').fill('01711000000');
  await store.getByRole('button', { name: 'Create store' }).click();
  await expect(page.getByText('Store: Spec Gas House')).toBeVisible();

  const brands = page.getByRole('form', { name: 'Select brands' });
  await brands.getByLabel('Bashundhara').check();
  await brands.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status')).toHaveText('Brands updated successfully');

  // The spec's screens cannot set a price or the opening stock: the owner does that in Mojud.
  const session = await (await request.post('/api/v1/auth/login', { data: { loginIdentifier: owner.username, password: owner.password } })).json();
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const base = `/api/v1/stores/${session.stores[0].id}`;
  const items = await (await request.get(`${base}/cylinder-inventory?size=12&regulatorType=22`, { headers })).json();
  const item = items.find((i: { name: string }) => i.name === ITEM);
  expect((await request.patch(`${base}/cylinder-inventory/${item.id}`, { headers, data: { price: 1250 } })).ok()).toBe(true);
  expect((await request.post(`${base}/stock-counts`, { headers, data: { itemId: item.id, fullCount: 10, emptyCount: 10 } })).ok()).toBe(true);

  // The list is an array the page iterates into rows.
  await page.getByRole('button', { name: 'Load cylinders' }).click();
  await expect(page.getByRole('table', { name: 'Cylinders' }).getByRole('row')).toHaveCount(1 + 1);
  await expectRow(page, { full: 10, empty: 10, problem: 0 });

  await trade(page, 'Buy', 2, 'Cylinders purchased successfully!');
  await expectRow(page, { full: 12, empty: 8, problem: 0 });
  await trade(page, 'Sell', 3, 'Cylinders sold successfully!');
  await expectRow(page, { full: 9, empty: 11, problem: 0 });
  await trade(page, 'Mark problem', 1, 'Cylinders marked as problem!');
  await expectRow(page, { full: 8, empty: 11, problem: 1 });
  // A refusal shows the server's message, as the spec's toasts do.
  await trade(page, 'Sell', 50, 'Only 8 full cylinders in stock');
  await expectRow(page, { full: 8, empty: 11, problem: 1 });

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('form', { name: 'Log in' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('form', { name: 'Log in' })).toBeVisible();
  expect(refreshes.at(-1), 'the cookie no longer refreshes after logout').toBe(401);

  // The owner invites a manager; the invited person signs up in the spec's page, confirms the
  // address by the link mailed to it (Mojud's own page), and joins by the invitation's token.
  const manager = newOwner();
  const invited = await request.post(`${base}/invites`, { headers, data: { email: manager.email, role: 'manager', lifespan: '1d' } });
  expect(invited.status()).toBe(201);
  await signup.getByLabel('Username', { exact: true }).fill(manager.username);
  await signup.getByLabel('Email').fill(manager.email);
  await signup.getByLabel('Password').fill(manager.password);
  await signup.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('status')).toHaveText('Account created');
  const confirm = await page.context().newPage();
  await confirm.goto(await mailedLink(manager.email, 'verify-email'));
  await expect(confirm.getByText(/Your e-mail address is confirmed/)).toBeVisible();
  await confirm.close();
  await login.getByLabel('Email or username').fill(manager.username);
  await login.getByLabel('Password').fill(manager.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText(`Signed in as ${manager.username}`)).toBeVisible();
  await page.getByRole('button', { name: 'Load invitations' }).click();
  const invitation = page.getByRole('listitem', { name: 'Spec Gas House' });
  await expect(invitation).toContainText('Role: manager');
  const accepted = page.waitForResponse((r) => /\/api\/v1\/user\/invites\/[^/]+\/accept$/.test(r.url()));
  await invitation.getByRole('button', { name: 'Join' }).click();
  const answer = await accepted;
  expect(answer.status()).toBe(200);
  expect(answer.url(), 'joined by the token, not the id').not.toMatch(/invites\/[0-9a-f]{8}-[0-9a-f]{4}-/);
  await expect(page.getByRole('status')).toHaveText('Joined Spec Gas House');
  await expect(page.getByText('Store: Spec Gas House')).toBeVisible();
  await expect(invitation).toHaveCount(0);

  // Nothing but the spec's headers: no X-Requested-With, no Idempotency-Key, from every call.
  expect(apiCalls.length).toBeGreaterThan(15);
  for (const call of apiCalls) {
    const sent = await call.allHeaders();
    expect(sent['x-requested-with'], call.url()).toBeUndefined();
    expect(sent['idempotency-key'], call.url()).toBeUndefined();
    expect(sent.authorization, call.url()).toMatch(/^Bearer /);
    expect(sent['content-type'], call.url()).toBe('application/json');
    // What the API judges refresh and logout by is what the browser adds by itself (its Origin,
    // and Sec-Fetch-Site, which Playwright does not list).
    if (/\/auth\/(refresh|logout)$/.test(call.url())) expect(sent.origin, call.url()).toBe(origin);
  }
});
