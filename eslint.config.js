import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const WEB_APPS = ['shell', 'inventory', 'fleet', 'customers', 'people'];

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '.data/**', '.nx/**', 'test-results/**', 'playwright-report/**', '**/*.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Module boundaries by scope: no app imports another app; the API may use only the
  // contracts and domain libs; libs never import apps. Workspace imports go through each lib's index.ts.
  {
    files: ['apps/**/*.{ts,tsx}', 'libs/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/include': ['apps/**/*', 'libs/**/*'],
      'boundaries/elements': [
        { type: 'app', pattern: 'apps/*', mode: 'folder', capture: ['app'] },
        { type: 'lib', pattern: 'libs/*', mode: 'folder', capture: ['lib'] },
      ],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          message: 'Apps may not import other apps, and libs may not import apps',
          rules: [
            { from: 'app', allow: [['app', { app: '${from.app}' }]] },
            { from: [['app', { app: 'api' }]], allow: [['lib', { lib: 'contracts' }], ['lib', { lib: 'domain' }]] },
            ...WEB_APPS.map((app) => ({ from: [['app', { app }]], allow: ['lib'] })),
            { from: 'lib', allow: ['lib'] },
          ],
        },
      ],
      // Workspace libs resolve through node_modules symlinks, so they count as "external" here.
      'boundaries/external': [
        'error',
        {
          default: 'allow',
          message: 'The API may use only @mojud/contracts and @mojud/domain of the workspace libs',
          rules: [
            {
              from: [['app', { app: 'api' }]],
              disallow: ['@mojud/api-client', '@mojud/auth', '@mojud/design-system', '@mojud/i18n'],
            },
          ],
        },
      ],
      'boundaries/no-private': 'off',
    },
  },
  {
    files: ['libs/**/*.{ts,tsx}', 'apps/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test-utils.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        // The design system's setup (tokens, texts, formats) is imported once by an app's start.
        { patterns: [{ group: ['@mojud/*/*', '!@mojud/design-system/setup'], message: 'Import a lib through its index (@mojud/<lib>) only.' }] },
      ],
    },
  },
  {
    // A remote's pages get these through the shell's shared modules (federation.shared.mjs):
    // imported directly, a remote would carry its own copy (a second router, a second axios
    // without the session). The standalone harness (index/bootstrap) and tests may.
    files: ['apps/{inventory,fleet,customers,people}/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test-utils.tsx', 'apps/*/src/index.ts', 'apps/*/src/bootstrap.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['@mojud/*/*'], message: 'Import a lib through its index (@mojud/<lib>) only.' }],
          paths: [
            { name: 'react-router-dom', message: 'Use @mojud/router, which the shell shares with the remotes.' },
            { name: 'react-router', message: 'Use @mojud/router, which the shell shares with the remotes.' },
            { name: 'axios', message: 'Call the API through @mojud/api-client.' },
            { name: 'zustand', message: 'Read session state through @mojud/auth.' },
          ],
        },
      ],
    },
  },
);
