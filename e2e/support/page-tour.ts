import { expect, request as playwrightRequest, type Locator, type Page } from '@playwright/test';
import { catalogue, templatePattern } from './catalogue';

/**
 * Every page of the app and every modal a user can open, with how to reach it. Specs walk this
 * list (the accessibility check, and later a walk in another language), so a new page or modal
 * is added here once. `route` is the router's path pattern the page answers to: a spec compares
 * these with the router's own list and fails on a page the tour does not visit.
 */
export interface TourModal {
  name: string;
  /** Opens the modal from its page and returns the dialog. */
  open: (page: Page) => Promise<Locator>;
}

export interface TourPage {
  /** The router's pattern, e.g. `/inventory` for the remote's index route, `*` for no match. */
  route: string;
  /** The address visited; a function when it names something the tour's set-up made (a sale). */
  path: string | ((store: TourStore) => string);
  signedIn: boolean;
  /** Waits until the page shows its content (not a spinner). */
  ready: (page: Page) => Promise<void>;
  modals?: TourModal[];
}

/** The data a signed-in tour expects: a store with stock, a shop, a vehicle and a staff member. */
export interface TourStore {
  username: string;
  password: string;
  storeName: string;
  /** A sale to the shop, part paid, whose receipt the tour opens. */
  saleId: string;
  /** The shop's statement, by its link (`/s/<token>`). */
  statementPath: string;
  /** The van: loaded, sold from, closed once (its report), and loaded again (its card and close form). */
  vehicleId: string;
  closeId: string;
  /** The shop (its khata's print page). */
  shopId: string;
  /** A supplier with an opening payable (its statement and the pay form). */
  supplierId: string;
}

/** The address a tour stop visits for this store. */
export const pathOf = (stop: TourPage, store?: TourStore) =>
  typeof stop.path === 'string' ? stop.path : stop.path(store!);

/**
 * The tour speaks the page's language: the accessibility walk runs it in English, the Bangla walk
 * (e2e/bangla.spec.ts) in Bangla. Names below are written in English, as the catalogue's English,
 * and looked up in the catalogue for the language the tour runs in.
 */
let language: 'en' | 'bn' = 'en';
export function tourLanguage(next: 'en' | 'bn') {
  language = next;
}

/** Words as shown in the tour's language: a text of the catalogue, by its English (and namespace). */
export type Words = string | RegExp | { en: string; ns?: string } | { template: string; ns?: string; values?: Record<string, string | RegExp> };

export async function words(w: Words): Promise<string | RegExp> {
  if (w instanceof RegExp) return w;
  const [english, ns] = typeof w === 'string' ? [w, undefined] : 'en' in w ? [w.en, w.ns] : [w.template, w.ns];
  const texts = (await catalogue()).filter((text) => text.en === english && (!ns || text.ns === ns));
  if (typeof w === 'object' && 'template' in w) {
    if (!texts.length) throw new Error(`No text "${english}" in the catalogue`);
    const template = language === 'en' ? english : texts[0].bn;
    return templatePattern(template, w.values ?? {});
  }
  if (language === 'en') return english;
  const shown = [...new Set(texts.map((text) => text.bn))];
  if (!shown.length) throw new Error(`No text "${english}" in the catalogue${ns ? ` of ${ns}` : ''}`);
  return shown.length === 1 ? shown[0] : new RegExp(`^(${shown.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`);
}

const exactly = (name: string | RegExp) => (typeof name === 'string' ? { name, exact: true } : { name });

const heading = (name: Words, exact = true) => async (page: Page) => {
  const shown = await words(name);
  await expect(page.getByRole('heading', typeof shown === 'string' ? { name: shown, exact } : { name: shown }).first()).toBeVisible();
};

/** A page that asks the tour's shop for payment: ready once its request (loaded on demand) shows, QR and all. */
const withPayment = (ready: (page: Page) => Promise<void>) => async (page: Page) => {
  await ready(page);
  const request = page.getByTestId('payment-request');
  await expect(request).toBeVisible();
  await expect(request.getByRole('img')).toBeVisible();
};

const label = (name: Words) => async (page: Page) => expect(page.getByLabel(await words(name), { exact: true }).first()).toBeVisible();

/** Clicks a button (inside `scope` when given) and returns the dialog it opens. */
const dialogFrom =
  (button: Words, dialog: Words, scope?: (page: Page) => Locator) =>
  async (page: Page) => {
    const within = scope ? scope(page) : page;
    await within.getByRole('button', exactly(await words(button))).first().click();
    const opened = page.getByRole('dialog', { name: await words(dialog) });
    await expect(opened).toBeVisible();
    return opened;
  };

/** The first cylinder's row actions (Sell, Buy, and the others behind "More"). */
const cylinderRow = (page: Page) => page.getByRole('group', { name: /Bashundhara|বসুন্ধরা/ }).first();
const shopCard = (page: Page) => page.getByRole('listitem', { name: 'Karim Traders' });
const vehicleCard = (page: Page) => page.getByRole('listitem', { name: 'DHAKA-METRO-1' });
const staffCard = (page: Page) => page.getByRole('listitem', { name: 'Jamal' });
/** Opens a rarer action from the "More" menu of a row or card. */
const fromMore = (row: (page: Page) => Locator, action: Words, dialog: Words) => async (page: Page) => {
  await row(page).getByRole('button', exactly(await words({ en: 'More', ns: 'design-system' }))).click();
  await page.getByRole('menuitem', exactly(await words(action))).click();
  const opened = page.getByRole('dialog', { name: await words(dialog) });
  await expect(opened).toBeVisible();
  return opened;
};

const cylinder = /(Bashundhara|বসুন্ধরা).*/;

/** A made-up static Bangla QR, "RAHIM GAS HOUSE", Dhaka (the demo store's, apps/api/src/payments/demo-seed.ts). */
const TOUR_BANGLA_QR =
  '00020101021126380020com.example.banglaqr0110DEMO0000425204598353030505802BD5915RAHIM GAS HOUSE6005DHAKA' +
  '62210706DEMO010807PAYMENT63043A6A';

/** Sends an invitation from the Staff page; the dialog then offers its link to share. */
const shareInvitation = async (page: Page) => {
  const form = await dialogFrom({ en: 'Invite Staff', ns: 'people' }, /./)(page);
  await form.getByLabel(await words({ en: 'Email', ns: 'people' }), { exact: true }).fill(`tour-${Date.now()}@example.com`);
  await form.getByLabel(await words({ en: 'Role', ns: 'people' }), { exact: true }).selectOption('staff');
  await form.getByLabel(await words({ en: 'Lifespan', ns: 'people' }), { exact: true }).selectOption('1d');
  await form.getByRole('button', exactly(await words({ en: 'Send', ns: 'design-system' }))).click();
  const opened = page.getByRole('dialog', { name: await words({ en: 'Share the invitation', ns: 'people' }) });
  await expect(opened).toBeVisible();
  return opened;
};

/**
 * The list of writes kept on this device (apps/shell/src/offline): a sale the server refused
 * while the person was away is put in this user's outbox, as the app would have, so the chrome
 * shows "Needs attention (1)"; the list opens with the entry's fields for "Edit and retry".
 */
const outboxPanel = async (page: Page) => {
  await page.evaluate(async () => {
    const user = JSON.parse(localStorage.getItem('auth-storage') ?? '{}').state?.user as { id: string };
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open('mojud-outbox', 1);
      open.onupgradeneeded = () => {
        const store = open.result.createObjectStore('entries', { keyPath: 'seq', autoIncrement: true });
        store.createIndex('byKey', 'idempotencyKey', { unique: true });
      };
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const tx = open.result.transaction('entries', 'readwrite');
        tx.objectStore('entries').put({
          storeId: 'tour',
          method: 'POST',
          url: '/stores/tour/cylinders/sell',
          body: { quantity: 3, totalAmount: 3750 },
          idempotencyKey: `tour-${Date.now()}`,
          summary: { kind: 'sale', name: 'Bashundhara', quantity: 3, amount: 3750 },
          editable: [
            { field: 'quantity', label: 'quantity' },
            { field: 'totalAmount', label: 'amount' },
          ],
          userId: user.id,
          createdAt: Date.now(),
          status: 'refused',
          attempts: 1,
          error: { status: 409, code: 'stock.notEnoughFull', params: { count: 1 }, message: 'Only 1 full cylinder in stock', errors: null },
        });
        tx.oncomplete = () => {
          open.result.close();
          resolve();
        };
        tx.onerror = () => reject(tx.error);
      };
    });
    // The app hears of outbox changes made by other tabs on this channel.
    new BroadcastChannel('mojud-outbox').postMessage('changed');
  });
  await page.getByRole('button', { name: await words({ template: 'Needs attention ({{count}})', ns: 'offline', values: { count: /.+/ } }) }).click();
  const opened = page.getByRole('dialog', { name: await words({ en: 'Saved on this device', ns: 'offline' }) });
  await expect(opened).toBeVisible();
  await opened.getByRole('button', exactly(await words({ en: 'Edit and retry', ns: 'offline' }))).first().click();
  await expect(opened.getByLabel(await words({ en: 'Quantity', ns: 'offline' })).first()).toBeVisible();
  return opened;
};

export const publicPages: TourPage[] = [
  { route: '/', path: '/', signedIn: false, ready: async (page) => expect(page.getByRole('main').first()).toBeVisible() },
  { route: '/pricing', path: '/pricing', signedIn: false, ready: heading(/./) },
  { route: '/services', path: '/services', signedIn: false, ready: heading(/./) },
  { route: '/support', path: '/support', signedIn: false, ready: heading(/./) },
  { route: '/login', path: '/login', signedIn: false, ready: label({ en: 'Email or Username', ns: 'shell' }) },
  { route: '/signup', path: '/signup', signedIn: false, ready: label('Confirm Password') },
  { route: '/forgot-password', path: '/forgot-password', signedIn: false, ready: heading({ en: 'Forgot password', ns: 'shell' }) },
  // Links as mailed; the tour's tokens are made up: the reset form shows, the verification says it failed.
  { route: '/reset-password', path: '/reset-password?token=tour', signedIn: false, ready: label({ en: 'Confirm new password', ns: 'shell' }) },
  {
    route: '/verify-email',
    path: '/verify-email?token=tour',
    signedIn: false,
    ready: async (page) => expect(page.getByRole('link', exactly(await words({ en: 'Continue', ns: 'shell' })))).toBeVisible(),
  },
  { route: '*', path: '/no-such-page', signedIn: false, ready: heading(/./) },
];

export const signedInPages: TourPage[] = [
  { route: '/stores', path: '/stores', signedIn: true, ready: heading(/./) },
  { route: '/addStore', path: '/addStore', signedIn: true, ready: label({ en: 'Location', ns: 'shell' }) },
  { route: '/selectBrands', path: '/selectBrands', signedIn: true, ready: heading({ en: 'Select Brands', ns: 'inventory' }) },
  { route: '/invitations', path: '/invitations', signedIn: true, ready: heading(/./) },
  { route: '/dashboard', path: '/dashboard', signedIn: true, ready: heading('Quick Actions', false) },
  { route: '/dashboard/buy', path: '/dashboard/buy', signedIn: true, ready: heading(/./) },
  { route: '/dashboard/shop-selection', path: '/dashboard/shop-selection', signedIn: true, ready: heading(/./) },
  { route: '/dashboard/due', path: '/dashboard/due', signedIn: true, ready: heading(/./) },
  { route: '/dashboard/vehicle-cost', path: '/dashboard/vehicle-cost', signedIn: true, ready: heading(/./) },
  { route: '/dashboard/empties', path: '/dashboard/empties', signedIn: true, ready: heading(/./) },
  { route: '/history', path: '/history', signedIn: true, ready: heading(/./) },
  {
    route: '/accounts',
    path: '/accounts',
    signedIn: true,
    ready: heading({ en: 'Money accounts', ns: 'shell' }),
    modals: [
      { name: 'add account', open: dialogFrom({ en: 'Add an account', ns: 'shell' }, { en: 'New account', ns: 'shell' }) },
      { name: 'move money', open: dialogFrom({ en: 'Move money', ns: 'shell' }, { en: 'Move money between accounts', ns: 'shell' }) },
      {
        name: 'opening balance',
        open: dialogFrom({ en: 'Enter opening balance', ns: 'shell' }, { template: 'Opening balance of {{name}}', ns: 'shell', values: { name: /.+/ } }),
      },
      // The owner's bKash merchant API (the tour store has a bKash wallet).
      { name: 'bkash merchant api', open: dialogFrom({ en: 'Set up', ns: 'shell' }, { en: 'bKash merchant API', ns: 'shell' }) },
      // The store's Bangla QR (how shops pay you), pasted or scanned.
      { name: 'bangla qr', open: dialogFrom({ en: 'Change Bangla QR', ns: 'shell' }, { en: 'Bangla QR', ns: 'shell' }) },
    ],
  },
  { route: '/reports/money', path: '/reports/money', signedIn: true, ready: heading({ en: 'Money report', ns: 'shell' }) },
  // Money that arrived in a wallet: the paste form, and a payment from an unknown number waiting.
  {
    route: '/payments',
    path: '/payments',
    signedIn: true,
    ready: async (page) => {
      await heading({ en: 'Paste a wallet message', ns: 'shell' })(page);
      await expect(page.getByRole('button', { name: await words({ template: 'Whose payment is {{amount}}?', ns: 'shell', values: { amount: /.+/ } }) })).toBeVisible();
    },
    modals: [
      {
        name: 'assign payment',
        open: dialogFrom({ template: 'Whose payment is {{amount}}?', ns: 'shell', values: { amount: /.+/ } }, { template: 'Whose payment is {{amount}}?', ns: 'shell', values: { amount: /.+/ } }),
      },
      {
        name: 'put payment aside',
        open: dialogFrom({ template: 'Put aside {{amount}}', ns: 'shell', values: { amount: /.+/ } }, { template: 'Put aside {{amount}}', ns: 'shell', values: { amount: /.+/ } }),
      },
    ],
  },
  {
    route: '/expenses',
    path: '/expenses',
    signedIn: true,
    ready: heading({ en: 'This month by category', ns: 'shell' }),
    modals: [{ name: 'add expense', open: dialogFrom({ en: 'Add expense', ns: 'shell' }, { en: 'Add an expense', ns: 'shell' }) }],
  },
  {
    route: '/suppliers',
    path: '/suppliers',
    signedIn: true,
    ready: async (page) => expect(page.getByRole('link', { name: 'Bashundhara LP Gas' })).toBeVisible(),
    modals: [
      { name: 'add supplier', open: dialogFrom({ en: 'Add supplier', ns: 'shell' }, { en: 'Add supplier', ns: 'shell' }) },
      { name: 'edit supplier', open: dialogFrom({ template: 'Edit {{name}}', ns: 'shell', values: { name: 'Bashundhara LP Gas' } }, /Bashundhara LP Gas/) },
    ],
  },
  {
    route: '/suppliers/:supplierId',
    path: (store) => `/suppliers/${store.supplierId}`,
    signedIn: true,
    ready: heading(/Bashundhara LP Gas/),
    modals: [{ name: 'pay supplier', open: dialogFrom({ en: 'Pay supplier', ns: 'shell' }, /Bashundhara LP Gas/) }],
  },
  // Today's drawer, open: its figures and the count's form.
  { route: '/drawer', path: '/drawer', signedIn: true, ready: label('Counted cash') },
  // The owner's view of all his stores, from the store menu: the card of all of them together, then one per store.
  { route: '/overview', path: '/overview', signedIn: true, ready: heading({ en: 'All stores', ns: 'shell' }) },
  { route: '/profile', path: '/profile', signedIn: true, ready: heading(/./) },
  {
    route: '/settings',
    path: '/settings',
    signedIn: true,
    ready: heading(/./),
    modals: [{ name: 'delete store', open: dialogFrom('Delete store', { template: 'Delete {{store}}?' }) }],
  },
  {
    route: '/inventory',
    path: '/inventory',
    signedIn: true,
    // With "Where is the stock?" opened: each item in the store, on the van and on the way between stores.
    ready: async (page) => {
      await expect(cylinderRow(page)).toBeVisible();
      await page.getByText(await words({ en: 'Where is the stock?', ns: 'inventory' }), { exact: true }).click();
      await expect(page.getByRole('table', { name: await words({ en: 'Where is the stock?', ns: 'inventory' }) })).toBeVisible();
      // Back to the top: a tab half under the sticky top bar is a target too small to tap (axe).
      await page.evaluate(() => window.scrollTo(0, 0));
    },
    modals: [
      { name: 'sell', open: dialogFrom({ en: 'Sell', ns: 'inventory' }, { template: 'Sell {{name}}', ns: 'inventory', values: { name: cylinder } }, cylinderRow) },
      { name: 'buy', open: dialogFrom({ en: 'Buy', ns: 'inventory' }, { template: 'Buy {{name}}', ns: 'inventory', values: { name: cylinder } }, cylinderRow) },
      { name: 'problem', open: fromMore(cylinderRow, { en: 'Problem', ns: 'inventory' }, { template: 'Problem stock: {{name}}', values: { name: cylinder } }) },
      { name: 'price', open: fromMore(cylinderRow, { en: 'Price', ns: 'inventory' }, { template: 'Price of {{name}}', values: { name: cylinder } }) },
      { name: 'adjust stock', open: fromMore(cylinderRow, 'Adjust stock', /./) },
      { name: 'reorder level', open: fromMore(cylinderRow, 'Reorder level', { template: 'Reorder level of {{name}}', values: { name: cylinder } }) },
      { name: 'select brand', open: dialogFrom({ en: 'Select Brand', ns: 'inventory' }, { en: 'Select Brands', ns: 'inventory' }) },
      { name: 'add a size', open: dialogFrom({ en: 'Add a size', ns: 'inventory' }, { en: 'Add a cylinder size', ns: 'inventory' }) },
    ],
  },
  { route: '/inventory/to-order', path: '/inventory/to-order', signedIn: true, ready: heading(/./) },
  { route: '/inventory/opening-stock', path: '/inventory/opening-stock', signedIn: true, ready: heading({ en: 'Opening stock', ns: 'openingStock' }) },
  {
    route: '/inventory/official-prices',
    path: '/inventory/official-prices',
    signedIn: true,
    ready: heading({ en: 'Official prices', ns: 'inventory' }),
    modals: [
      {
        name: 'official prices',
        open: dialogFrom({ en: 'Enter this month’s prices', ns: 'inventory' }, { en: 'Official prices from BERC', ns: 'inventory' }),
      },
    ],
  },
  {
    // Transfers between stores: one on its way here from the tour's depot, one sent there (tour set-up).
    route: '/inventory/transfers',
    path: '/inventory/transfers',
    signedIn: true,
    ready: heading({ en: 'Transfers', ns: 'inventory' }),
    modals: [
      { name: 'send stock', open: dialogFrom({ en: 'Send stock', ns: 'inventory' }, { en: 'Send stock to another store', ns: 'inventory' }) },
      {
        name: 'receive a transfer',
        open: dialogFrom(
          { template: 'Receive {{number}}', ns: 'inventory', values: { number: /T-\d+/ } },
          { template: 'Receive {{number}} from {{store}}', ns: 'inventory', values: { number: /T-\d+/, store: /.+/ } },
        ),
      },
      {
        name: 'cancel a transfer',
        open: dialogFrom(
          { template: 'Cancel {{number}}', ns: 'inventory', values: { number: /T-\d+/ } },
          { template: 'Cancel {{number}}?', ns: 'inventory', values: { number: /T-\d+/ } },
        ),
      },
    ],
  },
  {
    route: '/messages',
    path: '/messages',
    signedIn: true,
    ready: async (page) => expect(page.getByTestId('message-row').first()).toBeVisible(),
    modals: [{ name: 'send reminders now', open: dialogFrom('Send reminders now', 'Send due reminders now') }],
  },
  {
    route: '/messages',
    path: '/messages?tab=settings',
    signedIn: true,
    ready: label('Most messages a month'),
  },
  {
    route: '/messages',
    path: '/messages?tab=texts',
    signedIn: true,
    ready: async (page) => expect(page.locator('textarea').first()).toBeVisible(),
  },
  // Public (no sign-in needed); visited here because its address comes from the tour's store.
  { route: '/s/:token', path: (store) => store.statementPath, signedIn: true, ready: withPayment(heading(/Karim Traders/)) },
  { route: '/sales', path: '/sales', signedIn: true, ready: heading({ en: 'Sales', ns: 'inventory' }) },
  { route: '/sales/new', path: '/sales/new', signedIn: true, ready: heading({ en: 'New sale', ns: 'inventory' }) },
  { route: '/sales/profit', path: '/sales/profit', signedIn: true, ready: heading({ en: 'Profit report', ns: 'inventory' }) },
  {
    route: '/sales/above-official',
    path: '/sales/above-official',
    signedIn: true,
    ready: heading({ en: 'Sales above the official price', ns: 'inventory' }),
  },
  {
    route: '/sales/:saleId',
    path: (store) => `/sales/${store.saleId}`,
    signedIn: true,
    ready: withPayment(async (page) => expect(page.getByRole('button', exactly(await words('Print')))).toBeVisible()),
    modals: [
      { name: 'void sale', open: dialogFrom('Void', { template: 'Void sale {{number}}?' }) },
      { name: 'return items', open: dialogFrom('Return items', { template: 'Take back items of {{number}}' }) },
    ],
  },
  // Operators only (OPERATOR_USERS); anyone else is told the page is not for them.
  { route: '/remote-releases', path: '/remote-releases', signedIn: true, ready: heading(/./) },
  {
    route: '/shops',
    path: '/shops',
    signedIn: true,
    ready: async (page) => expect(shopCard(page)).toBeVisible(),
    modals: [
      { name: 'add shop', open: dialogFrom('Add Shop +', { en: 'Add Shop', ns: 'customers' }) },
      { name: 'add area', open: dialogFrom('Add area', /./) },
      { name: 'rename area', open: dialogFrom('Rename area', /./) },
      { name: 'due payment', open: dialogFrom({ en: 'Due payment', ns: 'customers' }, { template: 'Due payment for {{name}}' }, shopCard) },
      { name: 'shop history', open: fromMore(shopCard, { en: 'History', ns: 'customers' }, { template: 'History: {{name}}' }) },
      { name: 'update shop', open: fromMore(shopCard, { en: 'Update', ns: 'customers' }, /./) },
      { name: 'delete shop', open: dialogFrom({ template: 'Delete {{name}}', ns: 'customers', values: { name: 'Karim Traders' } }, /./, shopCard) },
      {
        name: 'message on WhatsApp or SMS',
        open: dialogFrom({ template: 'Send on WhatsApp to {{name}}', values: { name: 'Karim Traders' } }, { template: 'Message to {{name}}', values: { name: 'Karim Traders' } }, shopCard),
      },
      { name: 'statement link', open: fromMore(shopCard, 'Statement link', { template: 'Statement link: {{name}}', values: { name: 'Karim Traders' } }) },
      { name: 'opening balance', open: fromMore(shopCard, { en: 'Opening balance', ns: 'shopOpening' }, { template: 'Opening balance of {{name}}', values: { name: 'Karim Traders' } }) },
      {
        name: 'collect empties',
        open: dialogFrom({ template: 'Collect empties from {{name}}', values: { name: 'Karim Traders' } }, { template: 'Collect empties from {{name}}', values: { name: 'Karim Traders' } }, shopCard),
      },
    ],
  },
  { route: '/shops/:shopId/khata', path: (store) => `/shops/${store.shopId}/khata`, signedIn: true, ready: withPayment(heading(/Karim Traders/)) },
  { route: '/shops/import', path: '/shops/import', signedIn: true, ready: heading({ en: 'Import shops', ns: 'shopOpening' }) },
  {
    route: '/shops/empties',
    path: '/shops/empties',
    signedIn: true,
    ready: async (page) => expect(page.getByTestId('empties-total')).toBeVisible(),
    modals: [
      {
        name: 'collect empties',
        open: dialogFrom({ template: 'Collect empties from {{name}}', values: { name: 'Karim Traders' } }, { template: 'Collect empties from {{name}}', values: { name: 'Karim Traders' } }),
      },
    ],
  },
  {
    route: '/vehicles',
    path: '/vehicles',
    signedIn: true,
    ready: async (page) => expect(vehicleCard(page)).toBeVisible(),
    modals: [
      { name: 'add vehicle', open: dialogFrom('Add Vehicle +', { en: 'Add Vehicle', ns: 'fleet' }) },
      { name: 'fuel and repair', open: dialogFrom('Fuel / Repair', /./, vehicleCard) },
      { name: 'vehicle history', open: fromMore(vehicleCard, { en: 'History', ns: 'fleet' }, /./) },
      { name: 'update vehicle', open: fromMore(vehicleCard, { en: 'Update', ns: 'fleet' }, /./) },
      { name: 'delete vehicle', open: dialogFrom({ template: 'Delete {{name}}', ns: 'fleet', values: { name: 'DHAKA-METRO-1' } }, /./, vehicleCard) },
      { name: 'load', open: dialogFrom({ template: 'Load {{reg}}', values: { reg: 'DHAKA-METRO-1' } }, { template: 'Load {{reg}}', values: { reg: 'DHAKA-METRO-1' } }, vehicleCard) },
      {
        name: 'day close',
        open: dialogFrom({ template: 'Day close of {{reg}}', values: { reg: 'DHAKA-METRO-1' } }, { template: 'Day close of {{reg}}', values: { reg: 'DHAKA-METRO-1' } }, vehicleCard),
      },
    ],
  },
  {
    route: '/vehicles/:vehicleId/closes',
    path: (store) => `/vehicles/${store.vehicleId}/closes`,
    signedIn: true,
    ready: heading({ template: 'Day closes of {{reg}}', values: { reg: 'DHAKA-METRO-1' } }),
  },
  {
    route: '/vehicles/:vehicleId/closes/:closeId',
    path: (store) => `/vehicles/${store.vehicleId}/closes/${store.closeId}`,
    signedIn: true,
    ready: async (page) => expect(page.getByRole('button', exactly(await words('Download CSV')))).toBeVisible(),
  },
  {
    route: '/staff',
    path: '/staff',
    signedIn: true,
    ready: async (page) => expect(staffCard(page)).toBeVisible(),
    modals: [
      { name: 'add staff', open: dialogFrom({ en: 'Add Staff', ns: 'people' }, /./) },
      { name: 'invite staff', open: dialogFrom({ en: 'Invite Staff', ns: 'people' }, /./) },
      { name: 'share the invitation link', open: shareInvitation },
      { name: 'pay salary', open: dialogFrom({ en: 'Pay', ns: 'people' }, /./, staffCard) },
      { name: 'staff history', open: dialogFrom({ en: 'History', ns: 'people' }, /./, staffCard) },
      { name: 'delete staff', open: dialogFrom({ template: 'Delete {{name}}', ns: 'people', values: { name: 'Jamal' } }, /./, staffCard) },
    ],
  },
  {
    route: '/members',
    path: '/members',
    signedIn: true,
    ready: heading(/./),
    modals: [
      { name: 'invite', open: dialogFrom({ en: 'Invite Staff', ns: 'people' }, /./) },
      { name: 'writes waiting to sync', open: outboxPanel },
    ],
  },
];

export const tour: TourPage[] = [...publicPages, ...signedInPages];

/**
 * A new owner with one store holding what the modals need: Bashundhara cylinders with a price
 * and stock, an area with a shop, a vehicle and a staff member. Made through the API: the tour
 * checks pages, not these forms (their own specs do).
 */
export async function setUpTourStore(baseURL: string): Promise<TourStore> {
  const api = await playwrightRequest.newContext({ baseURL });
  const tag = `tour${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const password = 'correct horse battery';
  const ok = async (response: Promise<{ ok(): boolean; status(): number; text(): Promise<string>; json(): Promise<unknown> }>) => {
    const r = await response;
    if (!r.ok()) throw new Error(`tour set-up: ${r.status()} ${await r.text()}`);
    return r.json() as Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  await ok(api.post('/api/v1/auth/register', { data: { username: tag, email: `${tag}@example.com`, password } }));
  const { accessToken } = await ok(api.post('/api/v1/auth/login', { data: { loginIdentifier: tag, password } }));
  const headers = { authorization: `Bearer ${accessToken}` };
  const storeName = `Dealer ${tag}`;
  const { store } = await ok(api.post('/api/v1/stores', { headers, data: { name: storeName, location: 'Mirpur', phone: '01711000000' } }));
  const base = `/api/v1/stores/${store.id}`;
  const { localBrands } = await ok(api.get(`${base}/brands/a`, { headers }));
  await ok(api.patch(`${base}/brands`, { headers, data: [{ id: localBrands[0].id, isActive: true }] }));
  const items = await ok(api.get(`${base}/cylinder-inventory?size=12&regulatorType=22`, { headers }));
  await ok(api.patch(`${base}/cylinder-inventory/${items[0].id}`, { headers, data: { retailPrice: 1250, wholesalePrice: 1200, packageRetailPrice: 1250, packageWholesalePrice: 1200 } }));
  await ok(
    api.post(`${base}/cylinders/buy?size=12&regulatorType=22`, {
      headers,
      data: { id: items[0].id, quantity: 10, tradeType: 'package', unitCost: 1100, paymentMethod: 'cash' },
    }),
  );
  // A new store starts with one area; the shops page opens on it.
  const { divisions } = await ok(api.get(`/api/v1/workspace/${store.id}/divisions`, { headers }));
  const division = divisions[0];
  const { store: shop } = await ok(
    api.post(`/api/v1/workspace/${store.id}/divisions/${division.id}/stores`, { headers, data: { name: 'Karim Traders', phone: '01711223344' } }),
  );
  await ok(api.post(`${base}/cylinders/sell?size=12&regulatorType=22`, { headers, data: { id: items[0].id, quantity: 1, paymentMethod: 'due', shopId: shop.id, tradeType: 'package' } }));
  // Two refills, one empty handed in: the shop owes one (the empties pages have something to show).
  const { sale } = await ok(
    api.post(`${base}/sales`, {
      headers: { ...headers, 'idempotency-key': `${tag}-sale` },
      data: {
        shopId: shop.id,
        lines: [{ itemType: 'cylinder', itemId: items[0].id, tradeType: 'refill', quantity: 2, empties: [{ itemId: items[0].id, count: 1 }] }],
        payments: [{ method: 'cash', amount: 1000 }],
      },
    }),
  );
  const { url: statementUrl } = await ok(api.post(`${base}/shops/${shop.id}/statement-links`, { headers, data: { expiresInDays: 30 } }));
  // A wallet beside the drawer: money can be moved between them; the drawer has no opening yet.
  await ok(api.post(`${base}/accounts`, { headers, data: { kind: 'wallet', provider: 'bkash', walletType: 'personal', number: '01711223344', openingBalance: 5000 } }));
  // The store's Bangla QR (the demo's made-up one): the statement, the receipt and the printed
  // khata ask for payment with it and the wallet's number.
  await ok(api.put(`${base}/payment-details`, { headers, data: { banglaQr: TOUR_BANGLA_QR } }));
  const { vehicle } = await ok(api.post(`${base}/vehicles`, { headers, data: { regNumber: 'DHAKA-METRO-1', vehicleBrand: 'Tata', vehicleModel: 'Ace' } }));
  const load = (quantity: number) =>
    ok(api.post(`${base}/vehicles/${vehicle.id}/loads`, { headers, data: { lines: [{ itemType: 'cylinder', itemId: items[0].id, quantity }] } }));
  await load(3);
  await ok(
    api.post(`${base}/sales`, {
      headers,
      data: { shopId: shop.id, vehicleId: vehicle.id, lines: [{ itemType: 'cylinder', itemId: items[0].id, tradeType: 'package', quantity: 1 }], payments: [{ method: 'cash', amount: 1200 }] },
    }),
  );
  const { report } = await ok(api.post(`${base}/vehicles/${vehicle.id}/close`, { headers, data: { cashHandedOver: 1200 } }));
  await load(2);
  await ok(api.post(`${base}/staff`, { headers, data: { name: 'Jamal', role: 'Driver', salary: 12000 } }));
  // A bKash payment from a number no shop has: it waits under Unmatched on /payments.
  await ok(
    api.post(`${base}/incoming-payments/sms`, {
      headers: { ...headers, 'idempotency-key': `${tag}-sms` },
      data: { text: 'You have received Tk 800.00 from 01999888777. Fee Tk 0.00. Balance Tk 5,800.00. TrxID TOUR8K2M4Q at 25/11/2026 14:05' },
    }),
  );
  const { supplier } = await ok(api.post(`${base}/suppliers`, { headers, data: { name: 'Bashundhara LP Gas', openingPayable: 5000 } }));
  // A depot copied from the store (same brands and items), with stock: it sends the store 2 full
  // cylinders (on their way: the transfers page's Receive), and the store sends it 1 (its Cancel).
  const { store: depot } = await ok(
    api.post('/api/v1/stores', { headers, data: { name: `Depot ${tag}`, location: 'Tongi', phone: '01711000001', copyFrom: { storeId: store.id, shops: false } } }),
  );
  const depotBase = `/api/v1/stores/${depot.id}`;
  const [depotItem] = await ok(api.get(`${depotBase}/cylinder-inventory?size=12&regulatorType=22`, { headers }));
  await ok(
    api.post(`${depotBase}/cylinders/buy?size=12&regulatorType=22`, {
      headers,
      data: { id: depotItem.id, quantity: 5, tradeType: 'package', unitCost: 1100, paymentMethod: 'cash' },
    }),
  );
  const send = (from: string, to: string, itemId: string, fullCount: number, key: string) =>
    ok(
      api.post(`/api/v1/stores/${from}/transfers`, {
        headers: { ...headers, 'idempotency-key': `${tag}-${key}` },
        data: { toStoreId: to, lines: [{ itemType: 'cylinder', itemId, fullCount }] },
      }),
    );
  await send(depot.id, store.id, depotItem.id, 2, 'transfer-in');
  await send(store.id, depot.id, items[0].id, 1, 'transfer-out');
  await api.dispose();
  return { username: tag, password, storeName, saleId: sale.id, vehicleId: vehicle.id, closeId: report.closeId, statementPath: new URL(statementUrl).pathname, shopId: shop.id, supplierId: supplier.id };
}

/** Signs in through the form and picks the tour's store. */
export async function signInToTourStore(page: Page, store: TourStore) {
  await page.goto('/login');
  await page.getByLabel(await words({ en: 'Email or Username', ns: 'shell' })).fill(store.username);
  const password = page.getByLabel(await words({ en: 'Password', ns: 'shell' }), { exact: true });
  await password.fill(store.password);
  await password.press('Enter');
  await page.getByRole('button', { name: store.storeName }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
