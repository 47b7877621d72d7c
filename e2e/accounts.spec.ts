import { expect, test, type Page } from '@playwright/test';
import { logIn, newOwner, signUp, type Owner } from './support/shop-owner';

// A newcomer's first visit: sign up, log in, create a store, pick brands, land in the app;
// then the session survives a reload, a guarded link waits for login, and logout really ends it.

async function fillSignup(page: Page, who: { username: string; email: string; password: string; confirm?: string }) {
  await page.getByLabel('Username', { exact: true }).fill(who.username);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByLabel('Confirm Password').fill(who.confirm ?? who.password);
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test('a newcomer signs up, creates a store, picks brands and lands in the app; the session lasts and ends', async ({ page }) => {
  const owner: Owner = newOwner();
  const storeName = `Rahim Gas ${owner.username.slice(-5)}`;

  await signUp(page, owner);
  await logIn(page, owner);
  await expect(page.getByRole('heading', { name: 'Select a Store' })).toBeVisible();

  // A new account has no store: the page says so and offers Add Store and invitations.
  await expect(page.getByRole('link', { name: /invitations/i })).toBeVisible();
  await page.getByRole('link', { name: 'Add Store' }).first().click();
  await expect(page).toHaveURL(/\/addStore$/);
  await expect(page.getByRole('heading', { name: 'Create Store' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Store' }).click();
  await expect(page.getByText('Please fill in all fields')).toBeVisible();
  await page.getByLabel('Name').fill(storeName);
  await page.getByLabel('Location').fill('Mirpur 10, Dhaka');
  await page.getByLabel('Phone').fill('01711000000');
  await page.getByRole('button', { name: 'Create Store' }).click();

  // /selectBrands replaces /addStore in history.
  await expect(page).toHaveURL(/\/selectBrands$/);
  await expect(page.getByRole('heading', { name: 'Select Brands' })).toBeVisible();
  await page.getByRole('switch', { name: /Bashundhara/ }).click();
  await expect(page.getByText(/^Selected: 1 \/ \d+$/)).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();

  // The chrome: top bar, sidebar, store menu, title bar.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  const storeMenu = page.getByRole('button', { name: 'Store menu' });
  await expect(storeMenu).toContainText(storeName);
  for (const link of ['Dashboard', 'Inventory', 'Shops', 'Vehicles', 'History', 'Staff', 'Members']) {
    await expect(page.getByRole('link', { name: link, exact: true }).first()).toBeVisible();
  }
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menu', { name: 'User menu' })).toContainText(owner.username);
  await expect(page.getByRole('menu', { name: 'User menu' })).toContainText(owner.email);
  await page.getByRole('button', { name: 'User menu' }).click();

  // A reload keeps the session (refresh cookie) and the current store (auth-storage).
  await page.goto('/inventory');
  await expect(page.getByRole('heading', { name: 'Inventory', level: 2 })).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/inventory$/);
  await expect(page.getByRole('heading', { name: 'Inventory', level: 2 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Store menu' })).toContainText(storeName);
  // The access token is never written to storage, nor the password.
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  expect(stored).not.toContain(owner.password);
  expect(stored).not.toContain('accessToken":"ey');

  // Logout, then Back: nothing private comes back.
  await page.goto('/vehicles');
  await expect(page.getByRole('heading', { name: 'Vehicle List' })).toBeVisible();
  await logOut(page);
  await page.goBack();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Vehicle List' })).toHaveCount(0);
  await expect(page.getByText(storeName)).toHaveCount(0);

  // A guarded deep link waits for login and returns there.
  await page.goto('/vehicles');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email or Username').fill(owner.email);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL(/\/vehicles$/);
  await expect(page.getByRole('heading', { name: 'Vehicle List' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Store menu' })).toContainText(storeName);
});

test('a bad signup shows each error beside its field and keeps what was typed', async ({ page }) => {
  const who = newOwner();
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create New Account' })).toBeVisible();

  // Confirm Password is checked here and never sent.
  let registerCalls = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/v1/auth/register')) registerCalls += 1;
  });
  await fillSignup(page, { ...who, confirm: `${who.password}x` });
  await page.getByLabel('Confirm Password').press('Enter');
  await expect(page.getByLabel('Confirm Password')).toHaveAccessibleDescription('Passwords do not match');
  expect(registerCalls).toBe(0);

  // The server's 400 names each field; each message sits beside its field.
  await fillSignup(page, { username: 'ab', email: 'not-an-email', password: 'short' });
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByLabel('Username')).toHaveAccessibleDescription('Username must be 3 to 30 characters');
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Enter a valid email address');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription('Password must be at least 8 characters');
  await expect(page.getByLabel('Username')).toHaveValue('ab');

  // No network: 'Network error', and nothing typed is lost.
  await fillSignup(page, who);
  await page.route('**/api/v1/auth/register', (route) => route.abort('internetdisconnected'));
  await page.getByLabel('Confirm Password').press('Enter');
  await expect(page.getByText('Network error')).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByLabel('Username')).toHaveValue(who.username);
  await expect(page.getByLabel('Email')).toHaveValue(who.email);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(who.password);
  await expect(page.getByLabel('Confirm Password')).toHaveValue(who.password);

  // Back online, the same form goes through; a reload in between would have kept the non-secret inputs too.
  await page.unroute('**/api/v1/auth/register');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
});

test('a login that fails for the network keeps the identifier and says so', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email or Username').fill('someone');
  await page.getByLabel('Password').fill('some-password');
  await page.route('**/api/v1/auth/login', (route) => route.abort('internetdisconnected'));
  await page.getByLabel('Password').press('Enter');
  await expect(page.getByText('Network error')).toBeVisible();
  await expect(page.getByLabel('Email or Username')).toHaveValue('someone');
  await expect(page.getByLabel('Password')).toHaveValue('some-password');
  await page.unroute('**/api/v1/auth/login');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page.getByText('Continue with Google')).toHaveCount(0);
});
