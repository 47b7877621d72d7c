import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
// The server's release store (served at /releases/). Its staging remotes file is the one the
// API serves and re-reads on every request, so specs repoint remotes, by hand or with
// `npm run promote`, without a rebuild or restart.
process.env.E2E_RELEASES_DIR ??= path.join(os.tmpdir(), `mojud-e2e-releases-${port}`);
process.env.E2E_REMOTES_FILE ??= path.join(process.env.E2E_RELEASES_DIR, 'environments', 'staging', 'remotes.json');
// E2E_BASE_URL runs the specs against a server that is already up (no webServer started).
const external = process.env.E2E_BASE_URL;

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: external ?? `http://localhost:${port}`,
    headless: true,
    // A click on something that never shows fails in 15 s, not at the end of a tour's long
    // test timeout: one missing button must not eat a tour's whole budget.
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    trace: 'retain-on-failure',
    // The app's service worker answers page requests itself, and page.route does not see those:
    // specs that route the page's requests run without it. e2e/offline.spec.ts turns it on.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: external
    ? undefined
    : {
        command: 'npx tsx scripts/e2e-server.ts',
        url: `http://localhost:${port}/api/v1/health`,
        // Never reuse: a stray server on the port may run an older database.
        reuseExistingServer: false,
        timeout: 120_000,
        env: {
          E2E_PORT: String(port),
          REMOTES_FILE: process.env.E2E_REMOTES_FILE,
          RELEASES_DIR: process.env.E2E_RELEASES_DIR,
        },
      },
});
