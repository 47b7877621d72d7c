import type { LedgerEntry } from '@mojud/contracts';
import { formatCount, formatTk } from '@mojud/design-system';
import type { Translate } from '@mojud/i18n';

/** One ledger entry in the words a shop owner reads, e.g. "Sold 12 × … to Karim Traders — Tk 14,400 (due)". */
export function describeEntry(entry: LedgerEntry, t: Translate): string {
  const item = entry.itemName ?? t('entry.unknownItem');
  const amount = formatTk(entry.totalAmount);
  const method = entry.paymentMethod ? t(`entry.method.${entry.paymentMethod}`) : '';
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
    month: entry.month ?? '',
  };
  switch (entry.kind) {
    case 'sell':
      return t(entry.shopName ? 'entry.sellTo' : 'entry.sell', values);
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
    case 'price_change':
      return t('entry.priceChange', { ...values, amount: formatTk(entry.unitPrice) });
    default:
      return t('entry.other', { ...values, kind: entry.kind });
  }
}
