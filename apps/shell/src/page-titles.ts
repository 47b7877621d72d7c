import { matchRoutes, type RouteObject } from 'react-router-dom';
import type { KeyOf } from '@mojud/i18n';
import { remoteMounts } from './federation/remote-routes';
import type { ns } from './texts';

// The title bar text (a message key) of each signed-in page, in one table: the router
// (router.tsx) gives each page its title from here, and the chrome (layout/app-layout.tsx) reads
// the title of the page it shows from here, not from the router, whose routes hold the chrome.

/** The shell's own pages in the chrome, by path, and their titles. */
export const shellPageTitles = {
  dashboard: 'chrome.dashboard',
  'dashboard/buy': 'chrome.dashboard',
  'dashboard/shop-selection': 'chrome.dashboard',
  'dashboard/due': 'chrome.dashboard',
  'dashboard/vehicle-cost': 'chrome.dashboard',
  'dashboard/empties': 'chrome.dashboard',
  history: 'chrome.history',
  accounts: 'chrome.accounts',
  // Money that arrived in a wallet (rule 22): pasted by anyone, matched by managers.
  payments: 'chrome.payments',
  'reports/money': 'chrome.accounts',
  expenses: 'chrome.expenses',
  // The list and each supplier's statement (one page chunk).
  'suppliers/*': 'chrome.suppliers',
  drawer: 'chrome.drawer',
  profile: 'chrome.profile',
  settings: 'chrome.settings',
  messages: 'chrome.messages',
  // The owner's view of all his stores, from the store menu.
  overview: 'chrome.overview',
} as const;

export type ShellPagePath = keyof typeof shellPageTitles;

/** Every titled address: the shell's pages and each remote's mount (its area's name). */
const titledRoutes: RouteObject[] = [
  {
    path: '/',
    children: [
      ...Object.entries(shellPageTitles).map(([path, titleKey]) => ({ path, handle: { titleKey } })),
      ...remoteMounts.map((mount) => ({ path: mount.path, handle: { titleKey: mount.areaKey } })),
    ],
  },
];

/** The title bar text of the page at this address: the deepest route that names one. */
export function titleKeyAt(pathname: string): KeyOf<typeof ns> | undefined {
  return (matchRoutes(titledRoutes, pathname) ?? [])
    .map((match) => (match.route.handle as { titleKey?: KeyOf<typeof ns> } | undefined)?.titleKey)
    .reverse()
    .find(Boolean);
}
