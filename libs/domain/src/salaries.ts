// Staff salaries: what is left of a month's salary and its status. Amounts are poisha.
import type { Poisha } from './money';

/** A month's salary status, as the staff card says it. */
export type SalaryStatusName = 'Paid' | 'Partially Paid' | 'Unpaid';

/**
 * What is left of a month's salary after what was paid for it. Paying more is allowed (an
 * advance or a bonus): what is left is then 0, never below.
 */
export const salaryRemaining = (salary: Poisha, paid: Poisha): Poisha => Math.max(0, salary - paid);

/** Paid once nothing is left; Partially Paid after a payment; else Unpaid. */
export function salaryStatus(salary: Poisha, paid: Poisha): SalaryStatusName {
  if (salaryRemaining(salary, paid) === 0) return 'Paid';
  return paid > 0 ? 'Partially Paid' : 'Unpaid';
}
