// The browser smoke test of an environment (`npm run smoke -- <url>`, docs/releases.md): signs
// in, opens every remote's area and checks each renders, with the releases the page runs.
// SMOKE_USER / SMOKE_PASSWORD name an account with a store (production); without them a new
// shop owner and store are made (a fresh or staging server).
import { expect, test, type Page } from '@playwright/test';
import { createStore, logIn, newOwner, signUp, type Owner } from './support/shop-owner';

const areas = [
  { link: 'Inventory', name: 'Inventory', path: '/inventory' },
  { link: 'Shops', name: 'Shops', path: '/shops' },
  { link: 'Vehicles', name: 'Vehicles', path: '/vehicles' },
  { link: 'Staff', name: 'Staff', path: '/staff' },
];

async function account(page: Page): Promise<Owner> {
  if (process.env.SMOKE_USER) {
    return { username: process.env.SMOKE_USER, email: '', password: process.env.SMOKE_PASSWORD ?? '' };
  }
  const owner = newOwner();
  await signUp(page, owner);
  await logIn(page, owner);
  await createStore(page, 'Smoke Test Store', 'Dhaka');
  return owner;
}

test('every area of the app renders its release', async ({ page }) => {
  const owner = await account(page);
  await logIn(page, owner);
  await page.locator('.shell-store-card').first().click(); // the account's first store
  await expect(page).toHaveURL(/\/dashboard$/);
  const content = page.locator('.shell-app__content');
  const releases = new Set<string>();
  page.on('request', (request) => {
    const header = request.headers()['x-mojud-releases'];
    header?.split(', ').forEach((release) => releases.add(release));
  });
  for (const area of areas) {
    await page.getByRole('navigation', { name: 'General' }).getByRole('link', { name: area.link }).click();
    await expect(page).toHaveURL(new RegExp(`${area.path}$`));
    await expect(content.getByRole('heading').first()).toBeVisible();
    await expect(page.getByText(`Loading ${area.name}…`)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: `${area.name} is unavailable right now` })).toHaveCount(0);
  }
  test.info().annotations.push({ type: 'releases', description: [...releases].sort().join(', ') || 'none reported' });
  expect(releases.size).toBeGreaterThan(0);
});
