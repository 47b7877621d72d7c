import type { ExposedModule, RemoteName } from '@mojud/contracts';
import type { KeyOf } from '@mojud/i18n';
import type { ns } from '../texts';

/**
 * Where each remote's exposed modules are mounted. The shell owns routing: a remote's `./routes`
 * renders relative <Routes> below its mount path; named pages are mounted as they are.
 */
export type RemoteMount = { [R in RemoteName]: { remote: R; module: ExposedModule<R> } }[RemoteName] & {
  path: string;
  /** Message key (shell namespace) of the area name, used in titles and error panels. */
  areaKey: KeyOf<typeof ns>;
  /** Inside the app chrome (sidebar, top bar) or a plain signed-in page like /stores. */
  chrome: boolean;
};

export const remoteMounts: RemoteMount[] = [
  { path: 'inventory/*', remote: 'inventory', module: 'routes', areaKey: 'chrome.inventory', chrome: true },
  { path: 'shops/*', remote: 'customers', module: 'routes', areaKey: 'chrome.shops', chrome: true },
  { path: 'vehicles/*', remote: 'fleet', module: 'routes', areaKey: 'chrome.vehicles', chrome: true },
  { path: 'staff/*', remote: 'people', module: 'routes', areaKey: 'chrome.staff', chrome: true },
  { path: 'members', remote: 'people', module: 'members', areaKey: 'chrome.members', chrome: true },
  { path: 'sales/*', remote: 'inventory', module: 'sales', areaKey: 'chrome.sales', chrome: true },
  {
    path: 'selectBrands',
    remote: 'inventory',
    module: 'select-brands',
    areaKey: 'chrome.selectBrands',
    chrome: false,
  },
  {
    path: 'invitations',
    remote: 'people',
    module: 'invitations',
    areaKey: 'chrome.invitations',
    chrome: false,
  },
];
