import { defineConfig } from 'vitest/config';
import { apiVersion, sharedDeclaration } from './federation.shared.mjs';

// One Vitest run, two projects: browser-side code in jsdom, the API in Node against PostgreSQL.
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: [
            'libs/*/src/**/*.test.{ts,tsx}',
            'apps/{shell,inventory,fleet,customers,people}/src/**/*.test.{ts,tsx}',
          ],
          setupFiles: ['./vitest.setup.fast-check.ts', './vitest.setup.web.ts'],
        },
        // As the shell's build defines it: the modules the shell provides to the remotes.
        define: { __MOJUD_SHARED__: JSON.stringify(sharedDeclaration()), __MOJUD_API_VERSION__: JSON.stringify(apiVersion()) },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/api/src/**/*.test.ts'],
          globalSetup: ['./apps/api/src/tooling/test/global-setup.ts'],
          setupFiles: ['./vitest.setup.fast-check.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
