import { useT } from '@mojud/i18n';
import { formatCount, formatDate, formatItemName, formatSaleNumber, formatTk } from './format';
import { ns } from './texts';
import './khata.css';

/** One line of a shop's account (the contracts' StatementLine): one event and the balances after it. */
export interface KhataLine {
  id: number;
  date: string;
  kind: string;
  saleNumber: string | null;
  paymentMethod: string | null;
  /** The account a payment moved in (the store's own pages). */
  accountId?: string | null;
  ref: string | null;
  item: string | null;
  quantity: number | null;
  dueDelta: number;
  balance: number;
  emptiesDelta: number;
  emptiesBalance: number;
}

export interface KhataProps {
  lines: KhataLine[];
  /** The due and empties owed before the first line (a row of its own when either is not zero). */
  openingBalance: number;
  openingEmpties: number;
  /** The first day shown, when the lines start there (the public statement's 60 days). */
  from?: string;
  /** The table's name for screen readers. */
  label: string;
  /** The language to read in when it is not the interface's (the public statement's shop language). */
  lng?: string;
  /** A payment's account by name ("bKash 01711-223344"), when the store's accounts are known. */
  accountName?: (accountId: string) => string | undefined;
}

const PAYMENT_METHODS = ['cash', 'bank', 'mobile'];
const signed = (n: number, format: (n: number) => string) => `${n > 0 ? '+' : '−'}${format(Math.abs(n))}`;

/**
 * A shop's account as a khata: one compact row per event (a sale with its number and total, a
 * payment with its method, empties collected, an opening balance), with the due after each and
 * the empties owed under it. The shop page and the customer's public statement both show this,
 * so both read the same; it prints on A4 as it is.
 */
export function Khata({ lines, openingBalance, openingEmpties, from, label, lng, accountName }: KhataProps) {
  const base = useT(ns);
  // Keys are put together from a line's kind and method; each one is in texts.ts's `khata`.
  const t = (key: string, values: Record<string, unknown> = {}) =>
    base(`khata.${key}` as Parameters<typeof base>[0], lng ? { ...values, lng } : values);
  const what = (line: KhataLine) => {
    const number = formatSaleNumber(line.saleNumber);
    switch (line.kind) {
      case 'sale':
        return number ? t('sale', { number }) : t('saleNoNumber');
      case 'payment': {
        const account = line.accountId ? accountName?.(line.accountId) : undefined;
        if (account) return t('payment_account', { account });
        return t(`payment_${PAYMENT_METHODS.includes(line.paymentMethod ?? '') ? line.paymentMethod : 'other'}`);
      }
      case 'return':
        return number ? t('return', { number }) : t('returnNoNumber');
      case 'refund':
        return t('refund');
      case 'empties':
        return line.emptiesDelta < 0 ? t('emptiesCollected') : t('emptiesOwed');
      case 'opening':
        return t('opening');
      default:
        return t('adjustment');
    }
  };
  const details = (line: KhataLine) =>
    [
      line.kind === 'payment' && line.saleNumber ? t('withSale', { number: formatSaleNumber(line.saleNumber) }) : '',
      line.item && line.quantity !== null
        ? t('itemQuantity', { item: formatItemName(line.item), quantity: formatCount(line.quantity) })
        : '',
      line.emptiesDelta !== 0
        ? line.item
          ? t('emptiesItem', { change: signed(line.emptiesDelta, formatCount), item: formatItemName(line.item) })
          : t('empties', { change: signed(line.emptiesDelta, formatCount) })
        : '',
      line.ref ? t('ref', { ref: line.ref }) : '',
    ]
      .filter(Boolean)
      .join(' · ');
  const emptiesAfter = (count: number, changed: boolean) =>
    changed || count !== 0 ? <span className="ds-khata__empties">{t('emptiesAfter', { count: formatCount(count) })}</span> : null;

  return (
    <div className="ds-khata-wrap">
      <table className="ds-khata" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">{t('date')}</th>
            <th scope="col">{t('what')}</th>
            <th scope="col" className="ds-khata__num">
              {t('amount')}
            </th>
            <th scope="col" className="ds-khata__num">
              {t('balance')}
            </th>
          </tr>
        </thead>
        <tbody>
          {(openingBalance !== 0 || openingEmpties !== 0 || from) && (
            <tr className="ds-khata__brought">
              <td>{from ? formatDate(from) : ''}</td>
              <td>{t('broughtForward')}</td>
              <td className="ds-khata__num" />
              <td className="ds-khata__num">
                {formatTk(openingBalance)}
                {emptiesAfter(openingEmpties, false)}
              </td>
            </tr>
          )}
          {lines.map((line) => {
            const more = details(line);
            return (
              <tr key={line.id} data-kind={line.kind}>
                <td className="ds-khata__date">{formatDate(line.date)}</td>
                <td>
                  <span className="ds-khata__what">{what(line)}</span>
                  {more && <span className="ds-khata__more">{more}</span>}
                </td>
                <td
                  className={`ds-khata__num ${line.dueDelta > 0 ? 'ds-khata__up' : line.dueDelta < 0 ? 'ds-khata__down' : ''}`}
                >
                  {line.dueDelta === 0 ? '—' : signed(line.dueDelta, formatTk)}
                </td>
                <td className="ds-khata__num">
                  {formatTk(line.balance)}
                  {emptiesAfter(line.emptiesBalance, line.emptiesDelta !== 0)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {lines.length === 0 && <p className="ds-khata__none">{t('none')}</p>}
    </div>
  );
}
