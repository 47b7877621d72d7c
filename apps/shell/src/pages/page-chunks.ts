// The shell's lazy pages, each a chunk named page-*, and the addresses each serves. Free of React
// and the router, so ./index.ts can start the chunk of the address the app opens at before the
// rest of the app is evaluated (about 400 ms on the phone profile): on a cold start its download
// is then done by the time the page renders, and a page's prefetch (the dashboard's summary, which
// needs the page's query) no longer waits for it. router.tsx makes its routes' pages from these,
// and its test checks that each route's page is the chunk this table gives for its address.
export const pageChunks = {
  landing: () => import(/* webpackChunkName: "page-landing" */ './landing-page'),
  pricing: () => import(/* webpackChunkName: "page-pricing" */ './pricing-page'),
  services: () => import(/* webpackChunkName: "page-services" */ './services-page'),
  support: () => import(/* webpackChunkName: "page-support" */ './support-page'),
  signup: () => import(/* webpackChunkName: "page-signup" */ './signup-page'),
  stores: () => import(/* webpackChunkName: "page-stores" */ './stores-page'),
  addStore: () => import(/* webpackChunkName: "page-add-store" */ './add-store-page'),
  dashboard: () => import(/* webpackChunkName: "page-dashboard" */ './dashboard/dashboard-page'),
  quickActions: () => import(/* webpackChunkName: "page-quick-actions" */ './dashboard/quick-action-pages'),
  history: () => import(/* webpackChunkName: "page-history" */ './history/history-page'),
  expenses: () => import(/* webpackChunkName: "page-expenses" */ './expenses/expenses-page'),
  suppliers: () => import(/* webpackChunkName: "page-suppliers" */ './suppliers/suppliers-page'),
  drawer: () => import(/* webpackChunkName: "page-drawer" */ './drawer/drawer-page'),
  profile: () => import(/* webpackChunkName: "page-profile" */ './profile/profile-page'),
  releases: () => import(/* webpackChunkName: "page-releases" */ './releases/releases-page'),
  messages: () => import(/* webpackChunkName: "page-messages" */ './messages/messages-page'),
  statement: () => import(/* webpackChunkName: "page-statement" */ './statement/statement-page'),
  account: () => import(/* webpackChunkName: "page-account" */ './account/account-pages'),
  money: () => import(/* webpackChunkName: "page-accounts" */ './accounts/pages'),
  payments: () => import(/* webpackChunkName: "page-payments" */ './payments/payments-page'),
  overview: () => import(/* webpackChunkName: "page-overview" */ './overview/overview-page'),
  settings: () => import(/* webpackChunkName: "page-settings" */ './settings/settings-page'),
};
export type PageChunk = (typeof pageChunks)[keyof typeof pageChunks];

/** Route patterns as router.tsx writes them (`:param` is one segment, a trailing `*` the rest). */
const PAGE_AT: [pattern: string, chunk: keyof typeof pageChunks][] = [
  ['/', 'landing'],
  ['/pricing', 'pricing'],
  ['/services', 'services'],
  ['/support', 'support'],
  ['/signup', 'signup'],
  ['/forgot-password', 'account'],
  ['/reset-password', 'account'],
  ['/verify-email', 'account'],
  ['/s/:token', 'statement'],
  ['/stores', 'stores'],
  ['/addStore', 'addStore'],
  ['/remote-releases', 'releases'],
  ['/dashboard', 'dashboard'],
  ['/dashboard/buy', 'quickActions'],
  ['/dashboard/shop-selection', 'quickActions'],
  ['/dashboard/due', 'quickActions'],
  ['/dashboard/vehicle-cost', 'quickActions'],
  ['/dashboard/empties', 'quickActions'],
  ['/history', 'history'],
  ['/accounts', 'money'],
  ['/payments', 'payments'],
  ['/reports/money', 'money'],
  ['/expenses', 'expenses'],
  ['/suppliers/*', 'suppliers'],
  ['/drawer', 'drawer'],
  ['/profile', 'profile'],
  ['/settings', 'settings'],
  ['/messages', 'messages'],
  ['/overview', 'overview'],
];

function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  for (let i = 0; i < want.length; i++) {
    if (want[i] === '*') return true;
    if (i >= have.length || (!want[i].startsWith(':') && want[i] !== have[i])) return false;
  }
  return want.length === have.length;
}

/** The chunk of the shell page at an address, or null (the login page is in the first chunk, a remote's page is the remote's). */
export function pageChunkAt(pathname: string): PageChunk | null {
  const found = PAGE_AT.find(([pattern]) => matches(pattern, pathname));
  return found ? pageChunks[found[1]] : null;
}
