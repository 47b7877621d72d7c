import { expect, test } from '@playwright/test';
import { createStore, logIn, newOwner, signUp } from './support/shop-owner';

// What the browser shows around the page: the tab title of every route (public and signed-in,
// remotes included), the description of public pages, <html lang> following the interface
// language from the first paint, and the manifest and icons that "Add to Home screen" uses.

const description = (page: import('@playwright/test').Page) =>
  page.locator('meta[name="description"]').getAttribute('content');

test('public pages have their own title and a description', async ({ page }) => {
  const pages: [string, string][] = [
    ['/', 'Manage your shop with ease – Mojud'],
    ['/pricing', 'Pricing – Mojud'],
    ['/services', 'Services – Mojud'],
    ['/support', 'Support – Mojud'],
    ['/login', 'Log in – Mojud'],
    ['/signup', 'Sign up – Mojud'],
  ];
  const seen = new Set<string>();
  for (const [path, title] of pages) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
    const text = await description(page);
    expect(text, path).toBeTruthy();
    seen.add(text!);
  }
  // Each its own, not one text pasted everywhere.
  expect(seen.size).toBe(pages.length);
  expect(await page.locator('html').getAttribute('lang')).toBe('en');
});

test('signed-in pages, the remotes’ included, name themselves; the language sets <html lang>', async ({ page }) => {
  const owner = newOwner();
  await signUp(page, owner);
  await logIn(page, owner);
  await expect(page).toHaveTitle('Select a Store – Mojud');
  // A signed-in page has no search description.
  await expect(page.locator('meta[name="description"]')).toHaveCount(0);
  await createStore(page, `Title Gas ${Date.now().toString(36)}`, 'Mirpur');
  await expect(page).toHaveTitle('Select Brands – Mojud');

  const pages: [string, string][] = [
    ['/invitations', 'Your Store Invitations – Mojud'],
    ['/remote-releases', 'Remote releases – Mojud'],
    ['/dashboard', 'Dashboard – Mojud'],
    ['/inventory', 'Inventory – Mojud'],
    ['/shops', 'Shops – Mojud'],
    ['/vehicles', 'Vehicle List – Mojud'],
    ['/shops/empties', 'Empties out – Mojud'],
    ['/staff', 'Staff Salary – Mojud'],
    ['/members', 'Members – Mojud'],
    ['/history', 'History – Mojud'],
    ['/sales', 'Sales – Mojud'],
    ['/sales/new', 'New sale – Mojud'],
    ['/sales/profit', 'Profit report – Mojud'],
    ['/messages', 'Messages – Mojud'],
    ['/inventory/to-order', 'To order – Mojud'],
    ['/inventory/transfers', 'Transfers – Mojud'],
    // Last: the language menu below is on the settings page.
    ['/settings', 'Settings – Mojud'],
  ];
  for (const [path, title] of pages) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
  }

  // The top bar's switch: the page and its title in Bangla.
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'বাংলা' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page).toHaveTitle('সেটিংস – মজুদ');
  // The choice is the page's language from the first paint after a reload too.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await page.getByRole('group', { name: 'ভাষা' }).getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle('Settings – Mojud');
});

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('the web app manifest parses, and its icons and the favicon exist at their sizes', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const res = await request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = await res.json();
  expect(manifest).toMatchObject({ name: 'Mojud', short_name: 'Mojud', display: 'standalone', start_url: expect.any(String) });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(manifest.theme_color);

  const pngs = (manifest.icons as { src: string; sizes: string; type: string; purpose?: string }[]).filter(
    (icon) => icon.type === 'image/png',
  );
  for (const icon of pngs) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
    const { width, height } = pngSize(await file.body());
    expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
  }
  // Android needs 192 and 512, and a maskable one for its adaptive icons.
  expect(pngs.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(pngs.some((i) => i.purpose === 'maskable')).toBe(true);

  for (const link of await page.locator('link[rel="icon"], link[rel="apple-touch-icon"]').all()) {
    const file = await request.get((await link.getAttribute('href'))!);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toMatch(/^image\//);
  }
});
