import { expect, test, type APIRequestContext } from '@playwright/test';
import { mailedLink } from './support/mail';
import { logIn, newOwner, type Owner } from './support/shop-owner';

// Invitations by secret and verified addresses. A stranger who puts an invited address on their
// account sees and can accept nothing; the invited person opens the shared link, signs up,
// confirms the address by the link mailed to it, and joins once. And "Forgot password".

async function register(request: APIRequestContext, who: Owner) {
  const res = await request.post('/api/v1/auth/register', { data: { username: who.username, email: who.email, password: who.password } });
  expect(res.status()).toBe(201);
}

async function headersOf(request: APIRequestContext, who: Owner) {
  const res = await request.post('/api/v1/auth/login', { data: { loginIdentifier: who.username, password: who.password } });
  expect(res.ok()).toBeTruthy();
  return { authorization: `Bearer ${(await res.json()).accessToken}` };
}

test('a stranger with the invited address sees nothing; the invited person signs up by the link, confirms and joins once', async ({ browser, request }) => {
  const owner = newOwner();
  await register(request, owner);
  const ownerHeaders = await headersOf(request, owner);
  const store = (
    await (await request.post('/api/v1/stores', { headers: ownerHeaders, data: { name: `Gas ${owner.username}`, location: 'Mirpur', phone: '01711000000' } })).json()
  ).store as { id: string; name: string };
  const invitedAddress = `manager.${owner.username}@example.com`;
  const sent = await request.post(`/api/v1/stores/${store.id}/invites`, {
    headers: ownerHeaders,
    data: { email: invitedAddress, role: 'admin', lifespan: '1d' },
  });
  expect(sent.status()).toBe(201);
  const { invite, link } = (await sent.json()) as { invite: { id: string }; link: string };
  const shared = new URL(link);

  // A stranger puts the invited address on their own account.
  const stranger = newOwner();
  await register(request, stranger);
  const strangerContext = await browser.newContext();
  const strangerPage = await strangerContext.newPage();
  await logIn(strangerPage, stranger);
  await strangerPage.goto('/profile');
  const details = strangerPage.locator('section.ds-card', { has: strangerPage.getByRole('heading', { name: 'Your details' }) });
  // The form fills itself from the account once loaded: typing before that would be undone.
  await expect(details.getByLabel('Email')).toHaveValue(stranger.email);
  await details.getByLabel('Email').fill(invitedAddress);
  await details.getByLabel('Current password').fill(stranger.password);
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(strangerPage.getByText(`Waiting for ${invitedAddress} to be confirmed: open the link we sent there.`)).toBeVisible();
  await strangerPage.goto('/invitations');
  await expect(strangerPage.getByText('No invitations at this time')).toBeVisible();
  await expect(strangerPage.getByRole('listitem', { name: store.name })).toHaveCount(0);
  const strangerHeaders = await headersOf(request, stranger);
  expect((await request.patch(`/api/v1/user/invites/${invite.id}/accept`, { headers: strangerHeaders })).status()).toBe(404);
  await strangerContext.close();

  // The invited person opens the shared link signed out: sign up, log in, back to the invitation.
  const invited: Owner = { ...newOwner(), email: invitedAddress };
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${shared.pathname}${shared.search}`);
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: 'Sign up' }).click();
  await page.getByLabel('Username', { exact: true }).fill(invited.username);
  await page.getByLabel('Email').fill(invited.email);
  await page.getByLabel('Password', { exact: true }).fill(invited.password);
  await page.getByLabel('Confirm Password').fill(invited.password);
  await page.getByLabel('Confirm Password').press('Enter');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email or Username').fill(invited.username);
  await page.getByLabel('Password').fill(invited.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/invitations\?token=/);
  // Not confirmed yet: the link alone shows the invitation, with the store's name and the role.
  const card = page.getByRole('listitem', { name: store.name });
  await expect(card).toContainText('Role: Admin');
  await expect(card).toContainText('This is the invitation from your link.');
  await expect(page.getByText(/show here once the address is confirmed/)).toBeVisible();

  // The address is confirmed by the link mailed at sign-up.
  await page.goto(await mailedLink(invitedAddress, 'verify-email'));
  await expect(page.getByText(/Your e-mail address is confirmed/)).toBeVisible();
  await page.goto(`${shared.pathname}${shared.search}`);
  await expect(page.getByText(/show here once the address is confirmed/)).toHaveCount(0);
  await expect(page.getByRole('listitem', { name: store.name })).toHaveCount(1);
  await page.getByRole('listitem', { name: store.name }).getByRole('button', { name: 'Join' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Joined once, as admin: answering the link again changes nothing.
  const invitedHeaders = await headersOf(request, invited);
  const token = shared.searchParams.get('token')!;
  expect((await request.patch(`/api/v1/user/invites/${token}/accept`, { headers: invitedHeaders })).status()).toBe(200);
  const { members } = await (await request.get(`/api/v1/stores/${store.id}/members`, { headers: ownerHeaders })).json();
  expect(members.filter((m: { username: string }) => m.username === invited.username)).toMatchObject([{ role: 'admin' }]);
  await context.close();
});

test('forgot password: a reset link by e-mail sets a new password once', async ({ page, request }) => {
  const owner = newOwner();
  await register(request, owner);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(owner.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/a link to reset its password is on its way/)).toBeVisible();

  const resetPath = await mailedLink(owner.email, 'reset-password');
  await page.goto(resetPath);
  await page.getByLabel('New password', { exact: true }).fill('a fresh long password');
  await page.getByLabel('Confirm new password').fill('a fresh long password');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText(/Your password is changed/)).toBeVisible();

  // The link works once.
  await page.goto(resetPath);
  await page.getByLabel('New password', { exact: true }).fill('another long password');
  await page.getByLabel('Confirm new password').fill('another long password');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('This link has expired or was already used')).toBeVisible();

  await logIn(page, { ...owner, password: 'a fresh long password' });
});
