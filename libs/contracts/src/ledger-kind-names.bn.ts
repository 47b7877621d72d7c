// বাংলা: what each kind of ledger entry is called (the same keys as ledger-kind-names.ts).
import type { LedgerKind } from './constants';

export const LEDGER_KIND_NAMES_BN = {
  buy: 'কেনা',
  sell: 'বিক্রি',
  mark_problem: 'সমস্যা চিহ্নিত',
  unmark_problem: 'সমস্যা থেকে ফেরত',
  stock_count: 'স্টক গোনা',
  due_payment: 'বাকি আদায়',
  vehicle_cost: 'গাড়ির খরচ',
  salary_payment: 'বেতন',
  price_change: 'দাম বদল',
  sale_payment: 'বিক্রির টাকা',
  sale_return: 'মাল ফেরত',
  sale_refund: 'টাকা ফেরত',
  empties_in: 'খালি জমা (অন্য ব্র্যান্ড)',
  empties_back: 'খালি ফেরত',
  empties_collected: 'খালি সংগ্রহ',
  empties_bought: 'খালি কেনা',
  vehicle_load: 'গাড়িতে তোলা',
  vehicle_return: 'গাড়ি থেকে ফেরত',
  cash_shortage: 'দিন শেষে নগদ কম',
  cash_excess: 'দিন শেষে নগদ বেশি',
  opening: 'প্রারম্ভিক হিসাব',
  expense: 'খরচ',
  account_transfer: 'এক হিসাব থেকে অন্য হিসাবে',
  supplier_payment: 'সরবরাহকারীকে পরিশোধ',
} as const satisfies Record<LedgerKind, string>;
