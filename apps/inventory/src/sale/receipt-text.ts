import { formatBdMobile, type Sale } from '@mojud/contracts';
import { formatBrandName, formatCount, formatDateTime, formatItemName, formatPayment, formatSaleNumber, formatTk } from '@mojud/design-system';
import { bengaliDigits, toBengaliDigits, type KeyOf, type Translate } from '@mojud/i18n';
import type { ns as emptiesNs } from '../empties/texts';
import type { ns } from '../texts';

type SaleT = Translate<KeyOf<typeof ns>>;
type EmptiesT = Translate<KeyOf<typeof emptiesNs>>;

/** A number in the reader's digits (Bengali in Bangla unless Latin was chosen). */
const digits = (text: string) => (bengaliDigits() ? toBengaliDigits(text) : text);

/** The receipt as plain text, for a message (DEALER.md rule 6): the same figures as printed. */
/** "5 × Bashundhara, 2 × Omera" (a line's empties, `short`) or "1 × Bashundhara 12 kg 22 mm" (owed). */
export const emptiesList = (items: { count: number; brandName?: string; itemName: string }[], te: EmptiesT, short = false) =>
  items.map((e) => te('owesItem', { count: formatCount(e.count), item: short && e.brandName ? formatBrandName(e.brandName) : formatItemName(e.itemName) })).join(', ');

export function receiptText(sale: Sale, t: SaleT, te: EmptiesT): string {
  const list = (items: { count: number; brandName?: string; itemName: string }[], short = false) => emptiesList(items, te, short);
  const rows: string[] = [sale.store.name];
  if (sale.store.address) rows.push(sale.store.address);
  if (sale.store.phone) rows.push(sale.store.phone);
  rows.push('', `${t('sale.saleNo')}: ${formatSaleNumber(sale.number)}`, `${t('sale.date')}: ${formatDateTime(sale.createdAt)}`);
  rows.push(`${t('sale.soldBy')}: ${sale.seller.name}`);
  rows.push(`${t('sale.customer')}: ${sale.shop ? sale.shop.name : t('sale.walkIn')}`);
  if (sale.vehicle) rows.push(`${te('soldFrom')}: ${sale.vehicle.name}`);
  rows.push('');
  for (const line of sale.lines) {
    const name = line.tradeType
      ? t('sale.lineOf', { name: formatItemName(line.itemName), type: t(`sale.${line.tradeType}`) })
      : formatItemName(line.itemName);
    rows.push(
      name,
      `  ${formatCount(line.quantity)} × ${formatTk(line.unitPrice)} = ${formatTk(line.lineTotal)}`,
    );
    // Rule 13: the official price in force when sold, beside the price charged.
    if (line.officialPrice != null) rows.push(`  ${t('official.receiptOfficial', { price: formatTk(line.officialPrice) })}`);
    if (line.tradeType === 'refill') {
      const owed = line.emptiesOwed > 0 ? ` · ${te('receiptOwedOnLine', { count: formatCount(line.emptiesOwed) })}` : '';
      rows.push(`  ${te('receiptEmpties', { list: line.empties.length ? list(line.empties, true) : formatCount(0) })}${owed}`);
    }
  }
  rows.push('');
  if (sale.discount > 0)
    rows.push(
      `${t('sale.subtotal')}: ${formatTk(sale.subtotal)}`,
      `${t('sale.discount')}: ${formatTk(sale.discount)}`,
    );
  rows.push(`${t('sale.total')}: ${formatTk(sale.total)}`);
  for (const p of sale.payments)
    rows.push(`${formatPayment(p.method)}: ${formatTk(p.amount)}`);
  rows.push(`${t('sale.due')}: ${formatTk(sale.due)}`);
  if (sale.shopBalanceBefore !== null && sale.shopBalanceAfter !== null) {
    rows.push(`${t('sale.balanceBefore')}: ${formatTk(sale.shopBalanceBefore)}`);
    rows.push(`${t('sale.balanceAfter')}: ${formatTk(sale.shopBalanceAfter)}`);
  }
  if (sale.shopEmptiesOwed) {
    rows.push(`${te('shopEmptiesOwed')}: ${sale.shopEmptiesOwed.length ? list(sale.shopEmptiesOwed) : te('noEmptiesOwed')}`);
  }
  if (sale.status !== 'completed') rows.push('', t(`sale.status_${sale.status}`));
  // How to pay what is left of it (rule 22): the wallets and the sale's number as the reference.
  const pay = sale.paymentRequest;
  if (pay) {
    rows.push('', t('sale.payTitle', { amount: formatTk(pay.amount) }));
    for (const w of pay.wallets) rows.push(t('sale.payWallet', { wallet: t(`sale.wallet_${w.provider}`), number: digits(formatBdMobile(w.number)) }));
    rows.push(t('sale.payReference', { reference: pay.reference }));
    if (pay.qrPayload) rows.push(t('sale.payQr'));
  }
  rows.push('', t('sale.thanks'));
  return rows.join('\n');
}
