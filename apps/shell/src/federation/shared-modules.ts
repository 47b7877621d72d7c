// What the shell provides to the remotes through the federation runtime: its own copies of the
// modules federation.shared.mjs lists, so React, the router context, the QueryClient, the auth
// store and the API client exist once on the page. The shell is an ordinary build (no Module
// Federation plugin); these objects are handed over only when the first remote loads.
import * as TanstackReactQuery from '@tanstack/react-query';
import * as ApiClient from '@mojud/api-client';
import * as Auth from '@mojud/auth';
import * as DesignSystem from '@mojud/design-system';
import * as I18n from '@mojud/i18n';
import * as Router from '@mojud/router';
import * as React from 'react';
import * as ReactJsxRuntime from 'react/jsx-runtime';
import * as ReactDom from 'react-dom';
import * as ReactDomClient from 'react-dom/client';

/** Written by the build from federation.shared.mjs and the installed packages. */
declare const __MOJUD_SHARED__: Record<string, { version: string; requiredVersion: string | false }>;

export const sharedModuleObjects: Record<string, unknown> = {
  react: React,
  'react/jsx-runtime': ReactJsxRuntime,
  'react-dom': ReactDom,
  'react-dom/client': ReactDomClient,
  '@tanstack/react-query': TanstackReactQuery,
  '@mojud/router': Router,
  '@mojud/api-client': ApiClient,
  '@mojud/auth': Auth,
  '@mojud/design-system': DesignSystem,
  '@mojud/i18n': I18n,
};

/** The `shared` option of the runtime's init(): each module as an already loaded singleton. */
export function sharedForRuntime(declared = __MOJUD_SHARED__) {
  return Object.fromEntries(
    Object.entries(declared).map(([name, { version, requiredVersion }]) => {
      const module = sharedModuleObjects[name];
      if (!module) throw new Error(`federation.shared.mjs lists ${name}, but the shell does not provide it`);
      return [
        name,
        { version, scope: 'default', lib: () => module, shareConfig: { singleton: true, requiredVersion } },
      ];
    }),
  );
}
