import type { LedgerEntry } from '@mojud/contracts';
import { toPoisha, toTaka } from '@mojud/domain';
import { formatCount, formatItemName, formatMonth, formatSaleNumber, formatTk } from '@mojud/design-system';
import type { KeyOf, Translate } from '@mojud/i18n';
import type { ns } from '../../texts';

/** A translator of the dashboard's texts (the ledger's words are among them). */
type LedgerT = Translate<KeyOf<typeof ns>>;

/** One ledger entry in the words a shop owner reads, e.g. "Sold 12 × … to Karim Traders — Tk 14,400 (due)". */
export function describeEntry(entry: LedgerEntry, t: LedgerT): string {
  const item = entry.itemName ? formatItemName(entry.itemName) : t('entry.unknownItem');
  const amount = formatTk(entry.totalAmount);
  // The method is the ledger's text (a string to the contract), so the checker cannot see the key.
  const method = entry.paymentMethod ? t(`entry.method.${entry.paymentMethod}` as KeyOf<typeof ns>) : '';
  const quantity = formatCount(
    entry.quantity ?? Math.abs(entry.problemDelta || entry.fullDelta || entry.stockDelta),
  );
  const values = {
    item,
    amount,
    method,
    quantity,
    shop: entry.shopName ?? t('entry.unknownShop'),
    vehicle: entry.vehicleName ?? t('entry.unknownVehicle'),
    staff: entry.staffName ?? t('entry.unknownStaff'),
    month: entry.month ? formatMonth(entry.month) : '',
    sale: formatSaleNumber(entry.saleNumber),
  };
  switch (entry.kind) {
    case 'sell':
      // A line of a sale with several payments has no one method; its payments are entries of their own.
      return t(`${entry.shopName ? 'entry.sellTo' : 'entry.sell'}${method ? '' : 'Lines'}`, values);
    case 'buy':
      return t('entry.buy', values);
    case 'due_payment':
      return t('entry.duePayment', values);
    case 'vehicle_cost':
      return t(entry.category === 'repair_payment' ? 'entry.repair' : 'entry.fuel', values);
    case 'salary_payment':
      return t('entry.salary', values);
    case 'mark_problem':
      return t('entry.markProblem', values);
    case 'unmark_problem':
      return t('entry.unmarkProblem', values);
    case 'stock_count':
      return t('entry.stockCount', values);
    case 'sale_payment':
      return t('entry.salePayment', values);
    case 'sale_return':
      return t('entry.saleReturn', values);
    case 'sale_refund':
      return t('entry.saleRefund', values);
    case 'empties_in':
      return t('entry.emptiesIn', values);
    case 'empties_back':
      return t('entry.emptiesBack', values);
    case 'empties_collected':
      return t('entry.emptiesCollected', values);
    case 'empties_bought':
      return t('entry.emptiesBought', values);
    case 'vehicle_load':
      return t('entry.vehicleLoad', values);
    case 'vehicle_return':
      return t('entry.vehicleReturn', values);
    // A van's day close names its vehicle; the drawer's count (DEALER.md rule 17) names none.
    case 'cash_shortage':
      return t(entry.vehicleId ? 'entry.cashShortage' : 'entry.drawerShortage', values);
    case 'cash_excess':
      return t(entry.vehicleId ? 'entry.cashExcess' : 'entry.drawerExcess', values);
    case 'price_change':
      return t('entry.priceChange', { ...values, amount: formatTk(entry.unitPrice) });
    default:
      // Named in the reader's words (an opening balance: "প্রারম্ভিক হিসাব"), never the stored kind.
      // The kind is the ledger's text (a string to the contract): a key made from the server's data.
      return t('entry.other', { ...values, kind: t(`entry.kind.${entry.kind}` as KeyOf<typeof ns>) });
  }
}

/**
 * A sale line's gross profit as the ledger recorded it (line amount − quantity × unit cost at
 * the time); null for other entries, "cost unknown" lines are said so, never counted as free.
 */
export function describeProfit(entry: LedgerEntry, t: LedgerT): string | null {
  // A staff member's answer carries no cost (DEALER.md rule 23): nothing to say.
  if (entry.kind !== 'sell' || entry.quantity === null || entry.unitCost === undefined) return null;
  if (entry.unitCost === null) return t('entry.costUnknown');
  // To the poisha: the average unit cost may carry more decimals than money does.
  const profit = toTaka(toPoisha(entry.totalAmount - entry.quantity * entry.unitCost));
  return t('entry.profit', { amount: formatTk(profit) });
}
