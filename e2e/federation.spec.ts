// Module Federation across real builds: the shell finds its remotes at run time, shares one
// React and one auth store with them, swaps a remote for a preview without being rebuilt,
// and keeps working when one remote is down.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { defaultRemotes, writeDefaultRemotes, writeRemotes } from './support/remotes-file';
import { createStore, logIn, newOwner, openStore, signUp } from './support/shop-owner';
import { staticServer } from './support/static-server';

const here = path.dirname(fileURLToPath(import.meta.url));
// Configurable so two runs on one machine (E2E_PORT differs) do not fight over ports.
const PREVIEW_PORT = Number(process.env.E2E_PREVIEW_PORT ?? 4311);
const FLEET_PORT = PREVIEW_PORT + 1;
const PREVIEW_HEADING = 'Inventory (preview build)';
const previewManifest = `http://localhost:${PREVIEW_PORT}/mf-manifest.json`;
const fleetManifest = `http://localhost:${FLEET_PORT}/mf-manifest.json`;

const owner = newOwner();
const firstStore = 'Rahim Gas House';
const secondStore = 'Chattogram Depot';
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mojud-federation-'));
const previewDist = path.join(workDir, 'inventory-preview');
const previewServer = staticServer(previewDist, PREVIEW_PORT);
const fleetServer = staticServer(path.resolve(here, '../apps/fleet/dist'), FLEET_PORT);

/** A stand-in for React DevTools: react-dom registers each renderer copy with it. */
async function countReactRenderers(page: Page) {
  await page.addInitScript(() => {
    const renderers = new Map<number, unknown>();
    (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      renderers,
      supportsFiber: true,
      isDisabled: false,
      inject(renderer: unknown) {
        renderers.set(renderers.size + 1, renderer);
        return renderers.size;
      },
      checkDCE() {},
      onScheduleFiberRoot() {},
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
    };
  });
  return () =>
    page.evaluate(
      () =>
        (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, unknown> } })
          .__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.size,
    );
}

/** The page area a remote renders into, below the shell's title bar. */
const content = (page: Page) => page.locator('.shell-app__content');

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  // A second build of the inventory remote, as a team would publish for review.
  execFileSync('npx', ['rsbuild', 'build'], {
    cwd: path.resolve(here, '../apps/inventory'),
    env: { ...process.env, MOJUD_PREVIEW_HEADING: PREVIEW_HEADING, MOJUD_DIST: previewDist },
    stdio: 'pipe',
  });
  await previewServer.start();

  const page = await browser.newPage();
  await signUp(page, owner);
  await logIn(page, owner);
  await expect(page.getByText('You have no stores yet.')).toBeVisible();
  await createStore(page, firstStore, 'Mirpur 10, Dhaka');
  await createStore(page, secondStore, 'Agrabad');
  await page.close();
});

test.afterEach(() => writeDefaultRemotes());

test.afterAll(async () => {
  await previewServer.stop();
  await fleetServer.stop();
  fs.rmSync(workDir, { recursive: true, force: true });
});

test('every remote renders inside the shell with one React and the shared auth store', async ({ page }) => {
  const reactCopies = await countReactRenderers(page);
  await openStore(page, owner, firstStore);

  const areas = [
    { link: 'Inventory', path: '/inventory', heading: 'Inventory' },
    { link: 'Shops', path: '/shops', heading: 'Shops' },
    { link: 'Vehicles', path: '/vehicles', heading: 'Vehicle List' },
    { link: 'Staff', path: '/staff', heading: 'Staff Salary' },
  ];
  for (const area of areas) {
    await page.getByRole('navigation', { name: 'General' }).getByRole('link', { name: area.link }).click();
    await expect(page).toHaveURL(new RegExp(`${area.path}$`));
    await expect(content(page).getByRole('heading', { name: area.heading, exact: true })).toBeVisible();
  }
  expect(await reactCopies()).toBe(1);

  // Switching store in the shell's store menu is seen by the remote at once: it shows the
  // store or loads that store's data (through the shared auth store and api client).
  await page.getByRole('navigation', { name: 'General' }).getByRole('link', { name: 'Inventory' }).click();
  await page.getByRole('button', { name: 'Store menu' }).click();
  const secondStoreRequest = page.waitForRequest((request) =>
    /\/api\/v1\/stores\/[^/]+\//.test(request.url()),
  );
  await page.getByRole('menuitemradio', { name: secondStore }).click();
  const secondId = await page.evaluate(
    () => JSON.parse(localStorage.getItem('auth-storage') ?? '{}').state?.currentStore?.id as string,
  );
  await Promise.any([
    expect(content(page).getByText(secondStore)).toBeVisible(),
    secondStoreRequest.then((request) => expect(request.url()).toContain(`/stores/${secondId}/`)),
  ]);

  // Pages the remotes own outside the chrome.
  await page.goto('/selectBrands');
  await expect(page.getByRole('heading', { name: 'Select Brands' }).first()).toBeVisible();
  await page.goto('/invitations');
  await expect(page.getByRole('heading', { name: 'Your Store Invitations' }).first()).toBeVisible();
  expect(await reactCopies()).toBe(1);
});

test('a new inventory build replaces the default through remotes.json, without a shell rebuild', async ({
  page,
}) => {
  writeRemotes({ ...defaultRemotes(), inventory: previewManifest });
  await openStore(page, owner, firstStore);
  await page.goto('/inventory');
  await expect(content(page).getByRole('heading', { name: PREVIEW_HEADING })).toBeVisible();
});

test('?remote.inventory= previews an allowed build for the session, with a banner and Reset', async ({
  page,
}) => {
  writeRemotes({ ...defaultRemotes(), previewOrigins: [`http://localhost:${PREVIEW_PORT}`] });
  await openStore(page, owner, firstStore);
  await page.goto(`/inventory?remote.inventory=${encodeURIComponent(previewManifest)}`);
  await expect(page.getByText(`Previewing inventory from ${previewManifest}`)).toBeVisible();
  await expect(content(page).getByRole('heading', { name: PREVIEW_HEADING })).toBeVisible();

  // The preview lasts for the session, across navigation and reloads.
  await page.goto('/dashboard');
  await page.goto('/inventory');
  await expect(content(page).getByRole('heading', { name: PREVIEW_HEADING })).toBeVisible();

  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(content(page).getByRole('heading', { name: 'Inventory', exact: true })).toBeVisible();
  await expect(page.getByText(/Previewing inventory/)).toHaveCount(0);
});

test('a preview from an origin that is not allowed is refused', async ({ page }) => {
  writeRemotes({ ...defaultRemotes(), previewOrigins: [`http://localhost:${PREVIEW_PORT}`] });
  const foreign = `http://127.0.0.1:${PREVIEW_PORT}/mf-manifest.json`;
  await openStore(page, owner, firstStore);
  await page.goto(`/inventory?remote.inventory=${encodeURIComponent(foreign)}`);
  await expect(
    page.getByText(
      `Preview of inventory from ${foreign} refused: http://127.0.0.1:${PREVIEW_PORT} is not an allowed preview origin`,
    ),
  ).toBeVisible();
  await expect(content(page).getByRole('heading', { name: 'Inventory', exact: true })).toBeVisible();
});

test('a remote that is down shows an error with Retry, the others keep working, Retry recovers', async ({
  page,
}) => {
  writeRemotes({ ...defaultRemotes(), fleet: fleetManifest });
  await openStore(page, owner, firstStore);

  await page.goto('/vehicles');
  await expect(page.getByRole('heading', { name: 'Vehicles is unavailable right now' })).toBeVisible({
    timeout: 6_000,
  });
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  // Still inside the chrome, and every other area works.
  await expect(page.getByRole('navigation', { name: 'General' })).toBeVisible();
  for (const [link, heading] of [
    ['Inventory', 'Inventory'],
    ['Shops', 'Shops'],
    ['Staff', 'Staff Salary'],
  ]) {
    await page.getByRole('navigation', { name: 'General' }).getByRole('link', { name: link }).click();
    await expect(content(page).getByRole('heading', { name: heading, exact: true })).toBeVisible();
  }

  await page.getByRole('navigation', { name: 'General' }).getByRole('link', { name: 'Vehicles' }).click();
  await expect(page.getByRole('heading', { name: 'Vehicles is unavailable right now' })).toBeVisible();
  await fleetServer.start();
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(content(page).getByRole('heading', { name: 'Vehicle List' })).toBeVisible();
  await fleetServer.stop();
});
