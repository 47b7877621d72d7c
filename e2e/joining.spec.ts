import { expect, test, type APIRequestContext } from '@playwright/test';
import { mailedLink } from './support/mail';
import { logIn, newOwner, type Owner } from './support/shop-owner';

// Issue 29, joining and first steps: sign-up says the account exists; an invitation waits on the
// stores page right after login; the inviter copies its link and sends it again (the old link then
// stops working); the first-day checklist hides; the store's name is in a phone's top bar; a van
// with only a name.

async function ownerWithStore(request: APIRequestContext) {
  const owner = newOwner();
  expect((await request.post('/api/v1/auth/register', { data: owner })).status()).toBe(201);
  const login = await request.post('/api/v1/auth/login', { data: { loginIdentifier: owner.username, password: owner.password } });
  const headers = { authorization: `Bearer ${(await login.json()).accessToken}` };
  const created = await request.post('/api/v1/stores', { headers, data: { name: `Joining Gas ${owner.username}`, location: 'Mirpur', phone: '01711000000' } });
  expect(created.status()).toBe(201);
  return { owner, headers, store: (await created.json()).store as { id: string; name: string } };
}

test('sign-up says the account exists and fills the username; an invitation waits on the stores page to join', async ({ page, request }) => {
  const { store, headers } = await ownerWithStore(request);
  const invited: Owner = newOwner();
  const sent = await request.post(`/api/v1/stores/${store.id}/invites`, { headers, data: { email: invited.email, role: 'staff', lifespan: '1d' } });
  expect(sent.status()).toBe(201);

  await page.goto('/signup');
  await page.getByLabel('Username', { exact: true }).fill(invited.username);
  await page.getByLabel('Email').fill(invited.email);
  await page.getByLabel('Password', { exact: true }).fill(invited.password);
  await page.getByLabel('Confirm Password').fill(invited.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toHaveText(`Your account ${invited.username} is made. Log in with the password you just chose.`);
  await expect(page.getByLabel('Email or Username')).toHaveValue(invited.username);
  // The address counts once it is confirmed by its link (docs/decisions.md).
  await page.goto(await mailedLink(invited.email, 'verify-email'));
  await expect(page.getByText(/Your e-mail address is confirmed/)).toBeVisible();
  await logIn(page, invited);

  const card = page.getByRole('listitem', { name: store.name });
  await expect(page.getByRole('heading', { name: 'Invitations waiting for you' })).toBeVisible();
  await expect(card).toContainText('Role: Staff');
  await expect(page).toHaveTitle(/^Select a Store/);
  await card.getByRole('button', { name: 'Join' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/stores');
  await expect(page.getByRole('button', { name: store.name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Invitations waiting for you' })).toHaveCount(0);
});

test('the inviter copies a pending invitation link and sends it again; the old link stops working', async ({ browser, page, request }) => {
  const { owner, headers, store } = await ownerWithStore(request);
  const address = `helper.${owner.username}@example.com`;
  const sent = await request.post(`/api/v1/stores/${store.id}/invites`, { headers, data: { email: address, role: 'manager', lifespan: '3d' } });
  const firstLink = (await sent.json()).link as string;

  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const inviter = await context.newPage();
  await logIn(inviter, owner);
  await inviter.getByRole('button', { name: store.name }).click();
  await inviter.goto('/members');
  await inviter.getByRole('button', { name: `Copy the invitation link for ${address}` }).click();
  const shared = inviter.getByRole('dialog', { name: 'Share the invitation' });
  await expect(shared.getByLabel('Invitation link')).toHaveValue(firstLink);
  await shared.getByRole('button', { name: 'Copy link' }).click();
  await expect(inviter.getByText('Link copied')).toBeVisible();
  expect(await inviter.evaluate(() => navigator.clipboard.readText())).toBe(firstLink);
  await shared.getByRole('button', { name: 'Done' }).click();

  await inviter.getByRole('button', { name: `Send the invitation to ${address} again` }).click();
  await expect(shared).toContainText('the earlier link no longer works');
  const freshLink = await shared.getByLabel('Invitation link').inputValue();
  expect(freshLink).not.toBe(firstLink);
  await shared.getByRole('button', { name: 'Done' }).click();
  await context.close();

  // The old link is refused; the new one shows the invitation.
  const helper = newOwner();
  expect((await request.post('/api/v1/auth/register', { data: helper })).status()).toBe(201);
  await logIn(page, helper);
  const old = new URL(firstLink);
  await page.goto(`${old.pathname}${old.search}`);
  await expect(page.getByText(/This invitation is no longer valid/)).toBeVisible();
  const fresh = new URL(freshLink);
  await page.goto(`${fresh.pathname}${fresh.search}`);
  await expect(page.getByRole('listitem', { name: store.name })).toContainText('Role: Manager');
});

test('an owner adds 35 kg cylinders: a 35 kg size button lists each brand at 35 kg', async ({ page, request }) => {
  const { owner, headers, store } = await ownerWithStore(request);
  const { localBrands } = await (await request.get(`/api/v1/stores/${store.id}/brands/a`, { headers })).json();
  const bashundhara = localBrands.find((b: { name: string }) => b.name === 'Bashundhara');
  expect((await request.patch(`/api/v1/stores/${store.id}/brands`, { headers, data: [{ id: bashundhara.id, isActive: true }] })).ok()).toBe(true);
  await logIn(page, owner);
  await page.getByRole('button', { name: store.name }).click();
  await page.goto('/inventory');
  const sizes = page.getByRole('group', { name: 'Size' });
  await sizes.getByRole('button', { name: 'Add a size' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a cylinder size' });
  await dialog.getByLabel(/Size in kg/).fill('35');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(sizes.getByRole('button', { name: '35', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('table', { name: 'Cylinders' }).getByText('35 kg · 22 mm')).toBeVisible();
  // A second 35 kg is refused in plain words.
  await sizes.getByRole('button', { name: 'Add a size' }).click();
  await dialog.getByLabel(/Size in kg/).fill('35');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('The store has 35 kg cylinders already').first()).toBeVisible();
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the top bar names the store; the first-day checklist hides; a van is added with just a name", async ({ page, request }) => {
    const { owner, store } = await ownerWithStore(request);
    await logIn(page, owner);
    await page.getByRole('button', { name: store.name }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    const storeLink = page.getByRole('banner').getByRole('link', { name: store.name });
    await expect(storeLink).toBeVisible();
    const box = (await storeLink.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(box.height).toBeGreaterThanOrEqual(44);

    await expect(page.getByText('First day checklist')).toBeVisible();
    await page.getByRole('button', { name: 'Hide this list' }).click();
    await expect(page.getByText('First day checklist')).toHaveCount(0);
    await page.reload();
    await expect(page.getByText('Sales Overview')).toBeVisible();
    await expect(page.getByText('First day checklist')).toHaveCount(0);

    await page.goto('/vehicles');
    await page.getByRole('button', { name: 'Add Vehicle' }).click();
    const form = page.getByRole('dialog', { name: 'Add Vehicle' });
    await form.getByLabel(/^Name/).fill('Jamal’s van');
    await form.getByRole('button', { name: 'Add' }).click();
    await expect(form).toHaveCount(0);
    await expect(page.getByRole('listitem', { name: 'Jamal’s van' })).toBeVisible();
  });
});
