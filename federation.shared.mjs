// The one list of modules every app shares at run time. Each is a singleton so React, the
// router context, the QueryClient, the auth store and the axios instance exist exactly once.
import { readFileSync } from 'node:fs';

const rootPkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const deps = rootPkg.dependencies;

const vendor = (name) => ({ singleton: true, requiredVersion: deps[name] });
// Workspace libs are versioned together with the apps; any loaded copy is acceptable.
const workspace = { singleton: true, requiredVersion: false };

export const shared = {
  react: vendor('react'),
  'react/': vendor('react'),
  'react-dom': vendor('react-dom'),
  'react-dom/': vendor('react-dom'),
  'react-router': vendor('react-router'),
  'react-router-dom': vendor('react-router-dom'),
  '@tanstack/react-query': vendor('@tanstack/react-query'),
  zustand: vendor('zustand'),
  'zustand/': vendor('zustand'),
  axios: vendor('axios'),
  '@mojud/api-client': workspace,
  '@mojud/auth': workspace,
  '@mojud/contracts': workspace,
  '@mojud/design-system': workspace,
  '@mojud/i18n': workspace,
};

/** Remote names the shell knows how to mount, with their dev-server ports. */
export const remotePorts = { inventory: 4201, fleet: 4202, customers: 4203, people: 4204 };
export const shellPort = 4200;
