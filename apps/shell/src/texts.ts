import { registerTexts, type KeysOf, type Namespace } from '@mojud/i18n';
import type { texts as account } from './pages/account/texts';
import type { texts as accounts } from './pages/accounts/texts';
import type { texts as bkash } from './pages/accounts/bkash/texts';
import type { texts as payDetails } from './pages/accounts/payment/texts';
import type { texts as dashboard } from './pages/dashboard/texts';
import type { texts as expenses } from './pages/expenses/texts';
import type { texts as drawer } from './pages/drawer/texts';
import type { texts as history } from './pages/history/texts';
import type { texts as suppliers } from './pages/suppliers/texts';
import type { texts as payments } from './pages/payments/texts';
import type { texts as overview } from './pages/overview/texts';
import type { messaging } from './pages/messages/texts';
import type { texts as profile } from './pages/profile/texts';
import type { texts as releases } from './pages/releases/texts';
import type { texts as settings } from './pages/settings/texts';
import type { statement } from './pages/statement/texts';

// English source texts; the spec's wording is kept exactly where it gives one.
export const messages = {
  appName: 'Mojud',
  nav: {
    pricing: 'Pricing',
    services: 'Services',
    support: 'Support',
    login: 'Log in',
    signup: 'Sign up',
    goToDashboard: 'Go to dashboard',
    home: 'Home',
  },
  // Descriptions of the public pages for search results and link previews.
  meta: {
    landing: 'Mojud keeps the stock, sales, dues, vehicles and staff of LPG cylinder dealers and small shops in Bangladesh, across all their stores.',
    pricing: 'What Mojud costs: every feature free while it is in early access.',
    services: 'What Mojud does for a shop: stock, customers, orders, billing, reports, drivers and finance.',
    support: 'How to reach the Mojud team by e-mail, phone or WhatsApp, and when we answer.',
    login: 'Log in to Mojud to run your shop’s stock, sales and dues.',
    signup: 'Create a free Mojud account for your LPG dealership or shop.',
  },
  landing: {
    hero: 'Manage your shop with ease',
    lead: 'Stock, sales, dues, vehicles and staff for LPG dealers and small shops, across all your stores.',
    getStarted: 'Get started',
  },
  pricing: {
    title: 'Pricing',
    plan: 'Early access',
    price: 'Free',
    body: 'Every feature, any number of stores, members and staff, while Mojud is in early access. We will tell you well ahead before any paid plan starts.',
  },
  services: {
    title: 'Services',
    goBack: 'Go Back',
    items: {
      inventory: {
        title: 'Inventory Tracking',
        body: 'Full, empty and problem cylinders, stoves and regulators per store.',
      },
      customers: {
        title: 'Customer Management',
        body: 'Customer shops with contacts, delivery areas and dues.',
      },
      orders: { title: 'Orders', body: 'Buy from companies and sell to customers, refill or package.' },
      billing: { title: 'Billing', body: 'Cash, bank, mobile or due, with totals that follow the price.' },
      reporting: { title: 'Reporting', body: 'Sales, dues, expenses and balance for the day or month.' },
      aiDelivery: { title: 'AI Delivery Estimate', body: 'An estimate of when each delivery will arrive.' },
      dailySales: { title: 'Daily Sales', body: 'What was sold today, by whom and for how much.' },
      drivers: { title: 'Drivers', body: 'Drivers and vehicles with fuel and repair costs.' },
      finance: { title: 'Finance', body: 'Money in, money out and salaries in one ledger.' },
      onlineDelivery: {
        title: 'Online Delivery',
        body: 'Take orders for delivery and follow them to the door.',
      },
      community: { title: 'Community', body: 'Learn from other dealers and shop owners.' },
      search: { title: 'Search', body: 'Find any shop, brand or entry in seconds.' },
    },
  },
  support: {
    title: 'Support',
    intro:
      'We answer every message, usually within one working day (Sunday to Thursday, {{open}} am to {{close}} pm, Dhaka time).',
    email: 'E-mail: support@mojud.app',
    phone: 'Phone and WhatsApp: +880 1700-000000',
    faqTitle: 'Frequently asked questions',
    faq: {
      q1: 'How do I add a second store?',
      a1: 'Open the store menu in the sidebar and choose Add Store.',
      q2: 'Can my staff use Mojud on their phones?',
      a2: 'Yes. Invite them from Members with a role; Mojud works in any phone browser.',
      q3: 'I forgot my password. What now?',
      a3: 'Write to support from the e-mail you signed up with and we will help you back in.',
      q4: 'Is my data safe?',
      a4: 'Your stock and money records are kept in a database with daily backups, and only members of your store can see them.',
    },
  },
  error: {
    title: 'Oops',
    body: 'Something unexpected happened',
    goHome: 'Go Home',
  },
  login: {
    title: 'Welcome back!',
    identifier: 'Email or Username',
    password: 'Password',
    submit: 'Log in',
    noAccount: "Don't have an account?",
    signup: 'Sign up',
    backHome: 'Back to home',
    failed: 'Invalid email or password',
    forgot: 'Forgot password?',
  },
  signup: {
    title: 'Create New Account',
    username: 'Username',
    email: 'Email',
    password: 'Password',
    confirmPassword: 'Confirm Password',
    submit: 'Sign up',
    haveAccount: 'Already have an account?',
    login: 'Log in',
    mismatch: 'Passwords do not match',
    failed: 'Account creation failed',
  },
  stores: {
    title: 'Select a Store',
    addStore: 'Add Store',
    empty: 'You have no stores yet.',
    emptyHint: 'Create your first store, or join one you were invited to.',
    invitations: 'View invitations',
    loadFailed: 'Your stores could not be loaded.',
  },
  addStore: {
    title: 'Create Store',
    name: 'Name',
    location: 'Location',
    phone: 'Phone',
    submit: 'Create Store',
    or: 'or',
    join: 'Join store via invitation',
    missing: 'Please fill in all fields',
    failed: 'Failed to create store',
    startFrom: 'Start from',
    emptyStore: 'An empty store',
    copyShops: 'Also copy the customer shops (without their dues)',
    copies: 'Copies its brands and prices, the official price book, reorder levels, cylinder sizes, message settings and delivery areas. No stock, costs or dues.',
  },
  chrome: {
    general: 'General',
    dashboard: 'Dashboard',
    inventory: 'Inventory',
    sales: 'Sales',
    shops: 'Shops',
    vehicles: 'Vehicles',
    history: 'History',
    accounts: 'Money accounts',
    expenses: 'Expenses',
    suppliers: 'Suppliers',
    payments: 'Payments received',
    drawer: 'Cash drawer',
    staff: 'Staff',
    profile: 'Profile',
    settings: 'Settings',
    members: 'Members',
    messages: 'Messages',
    logout: 'Log out',
    selectStore: 'Select Store',
    addStore: 'Add Store',
    switchStore: 'Switch store',
    yourStores: 'Your stores',
    overview: 'All stores at a glance',
    dear: 'Dear {{name}}',
    visitor: 'Dear visitor',
    friend: 'Friend',
    toggleSidebar: 'Toggle sidebar',
    userMenu: 'User menu',
    storeMenu: 'Store menu',
    selectBrands: 'Select Brands',
    invitations: 'Invitations',
  },
  dashboard: {
    salesOverview: 'Sales Overview',
    noStore: 'No store selected.',
    chooseStore: 'Select a Store',
  },
  history: {
    body: 'Every buy, sell, payment and cost of {{store}} is recorded in the store ledger.',
  },
  profile: {
    username: 'Username',
    email: 'Email',
    name: 'Name',
  },
  settings: {
    store: 'Store',
  },
  remote: {
    unavailable: '{{area}} is unavailable right now',
    retry: 'Retry',
    loading: 'Loading {{area}}…',
  },
  preview: {
    active: 'Previewing {{name}} from {{url}}',
    reset: 'Reset',
    refused: 'Preview of {{name}} from {{url}} refused: {{reason}}',
    configProblem: 'Configuration problem: {{message}}',
  },
  release: {
    fallback: '{{area}} was updated for a newer app; showing the previous version',
  },
  network: 'Network error',
  language: {
    label: 'Language',
    saveFailed: 'Your language could not be saved: {{message}}',
  },
  joining: {
    accountMade: 'Your account {{name}} is made. Log in with the password you just chose.',
  },
};

// Typed with the keys each page's chunk adds to this namespace when it loads.
export const ns: Namespace<
  | KeysOf<typeof messages>
  | KeysOf<typeof account>
  | KeysOf<typeof accounts>
  | KeysOf<typeof bkash>
  | KeysOf<typeof payDetails>
  | KeysOf<typeof dashboard>
  | KeysOf<typeof expenses>
  | KeysOf<typeof history>
  | KeysOf<typeof suppliers>
  | KeysOf<typeof payments>
  | KeysOf<typeof overview>
  | KeysOf<typeof drawer>
  | KeysOf<typeof profile>
  | KeysOf<typeof releases>
  | KeysOf<typeof settings>
  | KeysOf<{ messaging: typeof messaging }>
  | KeysOf<{ statement: typeof statement }>
> = registerTexts('shell', messages, { bn: () => import('./texts.bn') });
