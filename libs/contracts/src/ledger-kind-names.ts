// What each kind of ledger entry is called, in English (Bangla beside it, in
// ledger-kind-names.bn.ts, a module of its own so an English page never downloads it). The web
// app's catalogue (the history filter, the shell's `entry.kind`) and the API's Bangla CSV read
// these; the API's English CSV keeps the stored kinds (`sale_payment`) as they are.
import type { LedgerKind } from './constants';

export const LEDGER_KIND_NAMES = {
  buy: 'Buy',
  sell: 'Sell',
  mark_problem: 'Mark problem',
  unmark_problem: 'Unmark problem',
  stock_count: 'Stock count',
  due_payment: 'Due payment',
  vehicle_cost: 'Vehicle cost',
  salary_payment: 'Salary payment',
  price_change: 'Price change',
  sale_payment: 'Sale payment',
  sale_return: 'Sale return',
  sale_refund: 'Sale refund',
  empties_in: 'Empties in (brand swap)',
  empties_back: 'Empties handed back',
  empties_collected: 'Empties collected',
  empties_bought: 'Empties bought',
  vehicle_load: 'Vehicle load',
  vehicle_return: 'Back from vehicle',
  cash_shortage: 'Cash short at day close',
  cash_excess: 'Cash over at day close',
  opening: 'Opening balance',
  expense: 'Expense',
  account_transfer: 'Move between accounts',
  supplier_payment: 'Supplier payment',
  transfer_out: 'Sent to another store',
  transfer_in: 'Received from another store',
  transfer_back: 'Transfer cancelled',
  transfer_lost: 'Lost in transit',
} as const satisfies Record<LedgerKind, string>;
