// Plain values shared by the API and the apps, with no zod: an app that needs only these (a
// select's options, a role list) does not download the schema library with them.

/** The interface languages. English is the source; Bangla is what most of our users read best. */
export const LOCALES = ['en', 'bn'] as const;

export const ROLES = ['owner', 'admin', 'manager', 'staff'] as const;

/** Roles an invitation can grant; the owner is only ever the creator (or a transfer). */
export const INVITE_ROLES = ['admin', 'manager', 'staff'] as const;

export const PAYMENT_METHODS = ['cash', 'bank', 'mobile', 'due', 'other'] as const;

/**
 * The remotes: areas of the app built and released on their own, which the shell mounts (the
 * inventory at /inventory, fleet at /vehicles, customers at /shops, people at /staff). The API
 * serves and releases the same ones. Scripts in .mjs cannot import this: they keep their own
 * lists, and apps/shell/src/federation/remote-names.test.ts checks them against this one.
 */
export const REMOTE_NAMES = ['inventory', 'fleet', 'customers', 'people'] as const;

/**
 * A release's name: `inventory@1.2.0+abc1234`, or `inventory@preview` / `inventory@built-in` for
 * builds that are not releases. Here, with no zod, because the shell reads it before any page.
 */
export const RELEASE_NAME = /^[a-z]+@[0-9A-Za-z.+-]+$/;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** The sizes every store has; a store may add others within CYLINDER_SIZE_RANGE (35, 45 kg). */
export const CYLINDER_SIZES = [5, 12, 20] as const;
export const CYLINDER_SIZE_RANGE = { min: 1, max: 50 } as const;

export const REGULATOR_TYPES = [20, 22] as const;

export const TRADE_TYPES = ['refill', 'package'] as const;

export const ACCESSORY_KINDS = ['stove', 'regulator'] as const;

/** Above this many in stock an item is 'In Stock'; 1 to this many is 'Low Stock'. */
export const LOW_STOCK_LIMIT = 20;

export const LEDGER_KINDS = [
  'buy',
  'sell',
  'mark_problem',
  'unmark_problem',
  'stock_count',
  'due_payment',
  'vehicle_cost',
  'salary_payment',
  'price_change',
  'sale_payment',
  'sale_return',
  'sale_refund',
  // Empties and vehicles (DEALER.md rules 8–10).
  'empties_in',
  'empties_back',
  'empties_collected',
  'empties_bought',
  'vehicle_load',
  'vehicle_return',
  'cash_shortage',
  'cash_excess',
  // Opening balances (rule 20): a shop's due and empties owed, an item's stock and cost.
  'opening',
  // Money in its places (rules 15–19): an expense from an account, money moved between two of
  // the store's accounts (one entry out, one in), a payment to a supplier.
  'expense',
  'account_transfer',
  'supplier_payment',
  // Transfers between stores (rule 21): sent out of one store, received into the other, put back
  // when cancelled, and what did not arrive (an expense of the sender, under shortages).
  'transfer_out',
  'transfer_in',
  'transfer_back',
  'transfer_lost',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Which selling price applies: walk-in buyers pay retail, customer shops wholesale (or retail if set so). */
export const PRICE_TIERS = ['retail', 'wholesale'] as const;

/** How a sale is paid now; what is left is due on the shop. */
export const SALE_PAYMENT_METHODS = ['cash', 'bank', 'mobile'] as const;

/** Lines in one sale. */
export const MAX_SALE_LINES = 50;

export const INVITE_LIFESPANS = ['1h', '6h', '12h', '1d', '3d', '7d'] as const;

export const SALARY_STATUSES = ['Paid', 'Partially Paid', 'Unpaid'] as const;

export const DEFAULT_SALARY = 15000;

export const SHOP_SORTS = ['name', 'due'] as const;

/** A due payment is never "on due"; the rest of the payment methods are. */
export const DUE_PAYMENT_METHODS = ['cash', 'bank', 'mobile', 'other'] as const;

/** Empties bought from a shop beyond what it owed are paid by these; `due` takes it off the shop's due. */
export const EMPTIES_BUY_METHODS = ['cash', 'bank', 'mobile', 'due'] as const;

/** Brands of empties one refill line may take in (the refill's own and swaps). */
export const MAX_EMPTIES_PER_LINE = 5;

export const VEHICLE_COST_CATEGORIES = ['fuel_payment', 'repair_payment'] as const;

/** Derived from the on-hand count (full cylinders, or stove/regulator stock). */
export type StockStatus = 'In Stock' | 'Low Stock' | 'Out of Stock';
export function stockStatus(count: number): StockStatus {
  if (count > LOW_STOCK_LIMIT) return 'In Stock';
  if (count >= 1) return 'Low Stock';
  return 'Out of Stock';
}

/** DEALER.md rule 15: where money sits. A wallet's family is `mobile`; the others are their own. */
export const ACCOUNT_KINDS = ['cash', 'wallet', 'bank', 'other'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

export const WALLET_PROVIDERS = ['bkash', 'nagad', 'rocket', 'upay'] as const;
export type WalletProvider = (typeof WALLET_PROVIDERS)[number];

export const WALLET_TYPES = ['personal', 'merchant'] as const;
export type WalletType = (typeof WALLET_TYPES)[number];

/** DEALER.md rule 18: what an expense is for. Salaries, vehicle costs and shortages are expenses already. */
export const EXPENSE_CATEGORIES = ['rent', 'electricity', 'salaries', 'fuel_repair', 'transport', 'shortages', 'fees', 'other'] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];
