// Money in its places (DEALER.md rules 15–19): which way each kind of entry moves money, what a
// day's drawer should hold, net profit, and what is owed to a supplier. Amounts are poisha.
import { sumPoisha, takaWords, toTaka, type Poisha } from './money';
import { conflictRefusal, fieldRefusal } from './refusal';

/** The spec's payment methods (cash, bank, mobile, due, other): `due` moves no money, it is owed. */
export type PaymentFamily = 'cash' | 'bank' | 'mobile' | 'other';

/**
 * Which way an entry of each kind moves money when its writer gives only a total and a method
 * (+1 in, −1 out). The database applies the same table to such entries
 * (`ledger_money_delta`, migration 0027); an API test holds the two equal. Kinds not listed move
 * no money by themselves; opening balances and moves between accounts carry their own signed
 * amount.
 */
export const MONEY_DIRECTION: Readonly<Record<string, 1 | -1>> = {
  sell: 1,
  due_payment: 1,
  sale_payment: 1,
  cash_excess: 1,
  buy: -1,
  empties_bought: -1,
  vehicle_cost: -1,
  salary_payment: -1,
  sale_refund: -1,
  cash_shortage: -1,
  expense: -1,
  supplier_payment: -1,
};

/**
 * The money an entry moves (poisha, + in, − out). A method of `due` moves none; a sale line
 * without a method moves none (its sale's payments do).
 */
export function moneyDelta(kind: string, method: string | null, total: Poisha): Poisha {
  if (method === 'due') return 0;
  if (kind === 'sell' && method === null) return 0;
  return (MONEY_DIRECTION[kind] ?? 0) * total;
}

/** Kinds whose amount is an expense of the period (rule 18); an excess at a close takes one back. */
export const EXPENSE_DIRECTION: Readonly<Record<string, 1 | -1>> = {
  expense: 1,
  vehicle_cost: 1,
  salary_payment: 1,
  cash_shortage: 1,
  cash_excess: -1,
  // Stock lost between two stores (rule 21), at the sender's cost: no money moves, but it is gone.
  transfer_lost: 1,
};

/** Rule 18: net profit = gross profit − expenses. */
export const netProfit = (grossProfit: Poisha, expenses: Poisha): Poisha => grossProfit - expenses;

/** Rule 17: what the drawer should hold at the close. */
export const drawerExpected = (opening: Poisha, cashIn: Poisha, cashOut: Poisha): Poisha => opening + cashIn - cashOut;

/** Rule 17: counted − expected; below zero is a shortage, above an excess. */
export const drawerDifference = (counted: Poisha, expected: Poisha): Poisha => counted - expected;

/** The entry a close's difference writes: none when it balances. */
export function drawerDifferenceEntry(difference: Poisha): { kind: 'cash_shortage' | 'cash_excess'; amount: Poisha } | null {
  if (difference === 0) return null;
  return difference < 0 ? { kind: 'cash_shortage', amount: -difference } : { kind: 'cash_excess', amount: difference };
}

/** Rule 19: a buy paid in part leaves the rest payable to its supplier. */
export function buyPayable(total: Poisha, paid: Poisha): Poisha {
  if (paid < 0 || paid > total) {
    throw conflictRefusal({
      message: `The amount paid must be between Tk 0 and ${takaWords(total)}, the buy's total.`,
      code: 'suppliers.paidOverTotal',
      params: { total: toTaka(total) },
    });
  }
  return total - paid;
}

/** An account's balance: the sum of its entries. */
export const accountBalance = (moneyDeltas: readonly Poisha[]): Poisha => sumPoisha(moneyDeltas);

/** Rule 16: moving money out of an account may not take it below zero (a bank or wallet cannot; a drawer cannot). */
export function checkEnoughMoney(accountName: string, balance: Poisha, amount: Poisha) {
  if (amount <= balance) return;
  throw conflictRefusal({
    message: `${accountName} holds ${takaWords(balance)}, less than ${takaWords(amount)}.`,
    code: 'accounts.notEnough',
    params: { account: accountName, balance: toTaka(balance), amount: toTaka(amount) },
  });
}

/** Rule 19: what is left payable on a buy must be owed to someone: a buy paid in part names its supplier. */
export function checkPayableHasSupplier(payable: Poisha, supplierId: string | null | undefined) {
  if (payable === 0 || supplierId) return;
  throw conflictRefusal(
    {
      message: `Choose the supplier: ${takaWords(payable)} of this buy is left to pay, and it is owed to them.`,
      code: 'suppliers.payableNeedsSupplier',
      params: { payable: toTaka(payable) },
    },
    [{ field: 'supplierId', message: 'Choose the supplier', code: 'suppliers.payableNeedsSupplier', params: { payable: toTaka(payable) } }],
  );
}

/** Rule 19: a payment to a supplier may not be more than what is payable to them. */
export function checkSupplierPayment(supplierName: string, payable: Poisha, amount: Poisha) {
  if (amount <= payable) return;
  throw conflictRefusal(
    {
      message: `${supplierName} is owed ${takaWords(Math.max(payable, 0))}; a payment of ${takaWords(amount)} is more than that.`,
      code: 'suppliers.overPayable',
      params: { supplier: supplierName, payable: toTaka(Math.max(payable, 0)), amount: toTaka(amount) },
    },
    [{ field: 'amount', message: 'More than the payable', code: 'suppliers.overPayable', params: { payable: toTaka(Math.max(payable, 0)) } }],
  );
}

/** Rule 19: what is still payable to a supplier after a payment to them (the payment is checked first). */
export const supplierPayableAfterPayment = (payable: Poisha, paid: Poisha): Poisha => payable - paid;

/** Rule 19: a supplier still owed money (or owing it back) is kept until that is settled. */
export function checkSupplierSettled(supplierName: string, payable: Poisha) {
  if (payable === 0) return;
  throw conflictRefusal({
    message: `${supplierName} has a payable of ${takaWords(payable)}; settle it before deleting the supplier.`,
    code: 'suppliers.notSettled',
    params: { supplier: supplierName, payable: toTaka(payable) },
  });
}

/**
 * Rule 15: a payment names the account it lands in (or leaves) beside the spec's method; the
 * account must be of that method's family (a wallet for `mobile`, the drawer or another cash
 * account for `cash`, a bank account for `bank`). A `due` names no account: it moves no money.
 */
export function checkAccountMethod(method: string, account: { family: PaymentFamily }, field = 'accountId') {
  if (method !== 'due' && account.family === method) return;
  throw fieldRefusal(field, {
    message: `This account takes ${account.family} payments, not ${method}. Choose an account that matches the payment.`,
    code: 'accounts.methodMismatch',
    params: { method, family: account.family },
  });
}
