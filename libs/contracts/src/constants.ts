// Plain values shared by the API and the apps, with no zod: an app that needs only these (a
// select's options, a role list) does not download the schema library with them.

/** Header every session-changing call must carry; a cross-site form cannot set it. */
export const CSRF_HEADER = 'x-requested-with';

export const CSRF_VALUE = 'mojud';

export const ROLES = ['owner', 'admin', 'manager', 'staff'] as const;

/** Roles an invitation can grant; the owner is only ever the creator (or a transfer). */
export const INVITE_ROLES = ['admin', 'manager', 'staff'] as const;

export const PAYMENT_METHODS = ['cash', 'bank', 'mobile', 'due', 'other'] as const;

export const CYLINDER_SIZES = [5, 12, 20] as const;

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
] as const;

export const INVITE_LIFESPANS = ['1h', '6h', '12h', '1d', '3d', '7d'] as const;

export const SALARY_STATUSES = ['Paid', 'Partially Paid', 'Unpaid'] as const;

export const DEFAULT_SALARY = 15000;

export const SHOP_SORTS = ['name', 'due'] as const;

/** A due payment is never "on due"; the rest of the payment methods are. */
export const DUE_PAYMENT_METHODS = ['cash', 'bank', 'mobile', 'other'] as const;

export const VEHICLE_COST_CATEGORIES = ['fuel_payment', 'repair_payment'] as const;

/** Derived from the on-hand count (full cylinders, or stove/regulator stock). */
export type StockStatus = 'In Stock' | 'Low Stock' | 'Out of Stock';
export function stockStatus(count: number): StockStatus {
  if (count > LOW_STOCK_LIMIT) return 'In Stock';
  if (count >= 1) return 'Low Stock';
  return 'Out of Stock';
}
