// A team ships its remote while the shell keeps running, never rebuilt: two releases of
// inventory, promotion, a 50 % canary that sticks to each user, rollback, and a release built
// for a newer app that falls back to the last one that runs here.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { bucketOf } from '../apps/shell/src/federation/releases';
import { writeDefaultRemotes } from './support/remotes-file';
import { newOwner, openStore, type Owner } from './support/shop-owner';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const releasesDir = process.env.E2E_RELEASES_DIR!;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mojud-releases-'));
const STORE = 'Rahim Gas House';
const V2_HEADING = 'Inventory (v2)';
const V3_HEADING = 'Inventory (v3, needs a newer app)';

/** The release commands exactly as a team runs them, against the server's release store. */
function releaseCommand(...args: string[]): string {
  return execFileSync('node', ['--import', 'tsx', 'scripts/release.ts', ...args], {
    cwd: repo,
    env: { ...process.env, RELEASES_DIR: releasesDir, RELEASE_BY: 'Nadia' },
    encoding: 'utf8',
  });
}
const released = (output: string) => /Released (\S+)/.exec(output)![1];

function buildInventory(dist: string, env: Record<string, string>) {
  execFileSync('npx', ['rsbuild', 'build'], {
    cwd: path.join(repo, 'apps/inventory'),
    env: { ...process.env, ...env, MOJUD_DIST: dist },
    stdio: 'pipe',
  });
}

/** A shop owner with a store, made through the API; the id decides the canary bucket. */
async function ownerWithStore(request: APIRequestContext): Promise<Owner & { id: string }> {
  const owner = newOwner();
  const registered = await request.post('/api/v1/auth/register', { data: owner });
  expect(registered.status()).toBe(201);
  const login = await request.post('/api/v1/auth/login', {
    data: { loginIdentifier: owner.username, password: owner.password },
  });
  const { accessToken, user } = await login.json();
  const store = await request.post('/api/v1/stores', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { name: STORE, location: 'Mirpur 10, Dhaka', phone: '01711000000' },
  });
  expect(store.status()).toBe(201);
  return { ...owner, id: user.id };
}

const content = (page: Page) => page.locator('.shell-app__content');
const heading = (page: Page, name: string) => content(page).getByRole('heading', { name, exact: true });

async function openInventory(browser: Browser, owner: Owner) {
  const page = await browser.newPage();
  await openStore(page, owner, STORE);
  await page.goto('/inventory');
  return page;
}

let v1 = '';
let v2 = '';
let v3 = '';
let inCanary: Owner & { id: string };
let outOfCanary: Owner & { id: string };
const operator: Owner = { username: 'releasemanager', email: 'releasemanager@example.com', password: 'release-pass-123' };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  test.setTimeout(300_000);
  // A fresh release store for this run; the server keeps serving its staging remotes file.
  fs.rmSync(path.join(releasesDir, 'inventory'), { recursive: true, force: true });
  fs.rmSync(path.join(releasesDir, 'environments', 'staging', 'history.jsonl'), { force: true });
  writeDefaultRemotes();

  v1 = released(releaseCommand('release', 'inventory', '--version', '1.0.0'));
  buildInventory(path.join(work, 'v2'), { MOJUD_PREVIEW_HEADING: V2_HEADING });
  v2 = released(releaseCommand('release', 'inventory', '--version', '2.0.0', '--dist', path.join(work, 'v2')));
  // Built to need a React this shell does not provide.
  buildInventory(path.join(work, 'v3'), { MOJUD_PREVIEW_HEADING: V3_HEADING, MOJUD_REQUIRES: '{"react":"^20.0.0"}' });
  v3 = released(releaseCommand('release', 'inventory', '--version', '3.0.0', '--dist', path.join(work, 'v3')));

  // Two shop owners on either side of a 50 % split (a user's bucket comes from their id).
  const owners: (Owner & { id: string })[] = [];
  while (!owners.some((o) => bucketOf(o.id, 'inventory') < 50) || !owners.some((o) => bucketOf(o.id, 'inventory') >= 50)) {
    owners.push(await ownerWithStore(request));
  }
  inCanary = owners.find((o) => bucketOf(o.id, 'inventory') < 50)!;
  outOfCanary = owners.find((o) => bucketOf(o.id, 'inventory') >= 50)!;
  expect((await request.post('/api/v1/auth/register', { data: operator })).status()).toBe(201);
});

test.afterAll(() => {
  writeDefaultRemotes();
  fs.rmSync(work, { recursive: true, force: true });
});

test('a release is published once, promoted and rolled back, and the running shell loads each on the next page load', async ({
  browser,
}) => {
  expect(() => releaseCommand('release', 'inventory', '--version', '2.0.0', '--dist', path.join(work, 'v2'))).toThrow(
    /already exists; a release never changes/,
  );

  releaseCommand('promote', v1, '--env', 'staging');
  const page = await openInventory(browser, inCanary);
  const shellScript = await page.locator('script[src*="/static/js/"]').first().getAttribute('src');
  await expect(heading(page, 'Inventory')).toBeVisible();
  // Every API call says which releases the page runs.
  const call = page.waitForRequest((r) => r.url().includes('/cylinder-inventory'));
  await page.reload();
  expect((await call).headers()['x-mojud-releases']).toBe(v1);

  releaseCommand('promote', v2, '--env', 'staging');
  await page.reload();
  await expect(heading(page, V2_HEADING)).toBeVisible();

  const output = releaseCommand('rollback', 'inventory', '--env', 'staging');
  expect(output).toContain(`rolled back ${v2} → ${v1}`);
  await page.reload();
  await expect(heading(page, 'Inventory')).toBeVisible();

  // The same shell all along.
  expect(await page.locator('script[src*="/static/js/"]').first().getAttribute('src')).toBe(shellScript);
  const history = releaseCommand('show', 'inventory', '--env', 'staging');
  expect(history).toContain(`Nadia: promote inventory ${v1} → ${v2}`);
  expect(history).toContain(`Nadia: rollback inventory ${v2} → ${v1}`);
  await page.close();
});

test('a 50 % canary gives two users different releases, each keeping theirs; a preview overrides; operators see the counts', async ({
  browser,
}) => {
  releaseCommand('promote', v2, '--env', 'staging', '--share', '50');

  const canaryPage = await openInventory(browser, inCanary);
  const stablePage = await openInventory(browser, outOfCanary);
  await expect(heading(canaryPage, V2_HEADING)).toBeVisible();
  await expect(heading(stablePage, 'Inventory')).toBeVisible();
  for (let i = 0; i < 2; i += 1) {
    await canaryPage.reload();
    await stablePage.reload();
    await expect(heading(canaryPage, V2_HEADING)).toBeVisible();
    await expect(heading(stablePage, 'Inventory')).toBeVisible();
  }

  // An explicit choice beats the bucket: any release can be previewed by its name.
  await stablePage.goto(`/inventory?remote.inventory=${encodeURIComponent(v2)}`);
  await expect(heading(stablePage, V2_HEADING)).toBeVisible();
  await expect(stablePage.getByText(/Previewing inventory from .*\/releases\/inventory\/2\.0\.0/)).toBeVisible();
  await stablePage.getByRole('button', { name: 'Reset' }).click();
  await expect(heading(stablePage, 'Inventory')).toBeVisible();

  // The people who release the app see per release how many users load it.
  const operatorPage = await browser.newPage();
  await operatorPage.goto('/login');
  await operatorPage.getByLabel('Email or Username').fill(operator.username);
  await operatorPage.getByLabel('Password').fill(operator.password);
  await operatorPage.getByLabel('Password').press('Enter');
  await expect(operatorPage).toHaveURL(/\/stores$/);
  await operatorPage.goto('/remote-releases');
  const table = operatorPage.getByRole('table', { name: 'Remote releases' });
  // Users: v1 by both owners; v2 by the canary user and the other's preview. No errors.
  for (const release of [v1, v2]) {
    const row = table.getByRole('row').filter({ hasText: release });
    await expect(row.getByRole('cell').nth(1)).toHaveText('2');
    await expect(row.getByRole('cell').nth(3)).toHaveText('0');
  }
  // A shop owner is not shown them.
  await stablePage.goto('/remote-releases');
  await expect(stablePage.getByText('This page is for the people who release Mojud.', { exact: false })).toBeVisible();

  // Rolling back ends the canary: the next load runs the stable release for everyone.
  releaseCommand('rollback', 'inventory', '--env', 'staging');
  await canaryPage.reload();
  await expect(heading(canaryPage, 'Inventory')).toBeVisible();
  await Promise.all([canaryPage.close(), stablePage.close(), operatorPage.close()]);
});

test('a release built for a newer app falls back to the last compatible one, with a message and one React', async ({
  browser,
}) => {
  releaseCommand('promote', v3, '--env', 'staging');
  const page = await browser.newPage();
  await page.addInitScript(() => {
    // react-dom registers each renderer copy with the DevTools hook: one means one React.
    const renderers = new Map<number, unknown>();
    (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      renderers,
      supportsFiber: true,
      isDisabled: false,
      inject: (renderer: unknown) => renderers.set(renderers.size + 1, renderer).size,
      checkDCE() {},
      onScheduleFiberRoot() {},
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
    };
  });
  await openStore(page, outOfCanary, STORE);
  await page.goto('/inventory');
  await expect(page.getByText('Inventory was updated for a newer app; showing the previous version')).toBeVisible();
  await expect(heading(page, 'Inventory')).toBeVisible();
  await expect(heading(page, V3_HEADING)).toHaveCount(0);
  expect(
    await page.evaluate(
      () =>
        (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, unknown> } })
          .__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.size,
    ),
  ).toBe(1);
  await page.close();
});
