// Rule 18: the categories of the period's expenses. An `expense` entry names its own category;
// salary payments, vehicle costs and the drawer's shortages are expenses already and count
// under theirs. Which kinds are expenses, and which way, is EXPENSE_DIRECTION (./accounts).
import { EXPENSE_DIRECTION } from './accounts';

/** The same list as the contracts' EXPENSE_CATEGORIES (the domain takes no schemas). */
export type ExpenseCategoryName = 'rent' | 'electricity' | 'salaries' | 'fuel_repair' | 'transport' | 'shortages' | 'fees' | 'other';

/** The category each expense kind other than `expense` counts under; an excess at a close takes back a shortage. */
export const EXPENSE_KIND_CATEGORY: Readonly<Record<string, ExpenseCategoryName>> = {
  vehicle_cost: 'fuel_repair',
  salary_payment: 'salaries',
  cash_shortage: 'shortages',
  cash_excess: 'shortages',
  transfer_lost: 'shortages',
};

const CATEGORIES: readonly string[] = ['rent', 'electricity', 'salaries', 'fuel_repair', 'transport', 'shortages', 'fees', 'other'];

/** The category an entry's amount counts under as an expense, or null when its kind is not one. */
export function expenseCategoryOf(kind: string, category: string | null): ExpenseCategoryName | null {
  if (!(kind in EXPENSE_DIRECTION)) return null;
  if (kind === 'expense') return category && CATEGORIES.includes(category) ? (category as ExpenseCategoryName) : 'other';
  return EXPENSE_KIND_CATEGORY[kind] ?? 'other';
}
