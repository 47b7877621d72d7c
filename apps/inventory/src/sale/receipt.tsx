import { Fragment, Suspense } from 'react';
import { useMoneyAccounts } from '@mojud/api-client';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import type { Sale } from '@mojud/contracts';
import {
  formatCount,
  formatDateTime,
  formatItemName,
  formatSaleNumber,
  formatTk,
  PaymentRequestBlock,
  usePaymentName,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns as emptiesNs } from '../empties/texts';
import { ns } from '../texts';
import { emptiesList } from './receipt-text';
import './texts';
import '../official-prices/texts';
import './receipt.css';

export const PAPERS = ['a4', '80', '58'] as const;
export type Paper = (typeof PAPERS)[number];

/**
 * A sale's receipt as printed or shared (DEALER.md rule 6). `pending`: a sale kept on this device
 * (made offline): it has no number yet, and says so where the number goes; `'saving'`: one being
 * sent now, said as "Saving…" there.
 */
export function Receipt({ sale, paper, pending = false }: { sale: Sale; paper: Paper; pending?: boolean | 'saving' }) {
  const t = useT(ns);
  const te = useT(emptiesNs);
  // Each payment names the account it was paid into ("bKash 01711-223344") once the accounts are read.
  const paymentName = usePaymentName(useMoneyAccounts(useAuthStore(selectCurrentStore)?.id ?? ''));
  return (
    <article
      className={`receipt receipt--${paper}`}
      aria-label={pending ? t('saleCounter.pendingReceipt') : t('sale.receiptTitle', { number: formatSaleNumber(sale.number) })}
    >
      <header className="receipt__store">
        <h2>{sale.store.name}</h2>
        {sale.store.address && <p>{sale.store.address}</p>}
        {sale.store.phone && <p>{sale.store.phone}</p>}
      </header>
      <dl className="receipt__meta">
        <div>
          <dt>{t('sale.saleNo')}</dt>
          <dd>{pending ? <strong className="receipt__pending" data-testid="receipt-pending">{pending === 'saving' ? t('saleCounter.savingMark') : t('saleCounter.notYetSent')}</strong> : formatSaleNumber(sale.number)}</dd>
        </div>
        <div>
          <dt>{t('sale.date')}</dt>
          <dd>{formatDateTime(sale.createdAt)}</dd>
        </div>
        <div>
          <dt>{t('sale.soldBy')}</dt>
          <dd>{sale.seller.name}</dd>
        </div>
        <div>
          <dt>{t('sale.customer')}</dt>
          <dd>{sale.shop ? sale.shop.name : t('sale.walkIn')}</dd>
        </div>
        {sale.vehicle && (
          <div>
            <dt>{te('soldFrom')}</dt>
            <dd>{sale.vehicle.name}</dd>
          </div>
        )}
      </dl>
      <table className="receipt__lines">
        <thead>
          <tr>
            <th scope="col">{t('sale.item')}</th>
            <th scope="col" className="receipt__num">
              {t('sale.qty')}
            </th>
            <th scope="col" className="receipt__num">
              {t('sale.price')}
            </th>
            <th scope="col" className="receipt__num">
              {t('sale.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {sale.lines.map((line) => (
            <Fragment key={line.id}>
              <tr>
                <td>
                  {formatItemName(line.itemName)}
                  {line.tradeType && <small> · {t(`sale.${line.tradeType}`)}</small>}
                </td>
                <td className="receipt__num">{formatCount(line.quantity)}</td>
                <td className="receipt__num">{formatTk(line.unitPrice)}</td>
                <td className="receipt__num">{formatTk(line.lineTotal)}</td>
              </tr>
              {line.officialPrice != null && (
                <tr className="receipt__official">
                  <td colSpan={4} data-testid="receipt-line-official">
                    {t('official.receiptOfficial', { price: formatTk(line.officialPrice) })}
                  </td>
                </tr>
              )}
              {line.tradeType === 'refill' && (
                <tr className="receipt__empties">
                  <td colSpan={4} data-testid="receipt-line-empties">
                    {te('receiptEmpties', {
                      list: line.empties.length ? emptiesList(line.empties, te, true) : formatCount(0),
                    })}
                    {line.emptiesOwed > 0 &&
                      ` · ${te('receiptOwedOnLine', { count: formatCount(line.emptiesOwed) })}`}
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
      <dl className="receipt__sums">
        {sale.discount > 0 && (
          <>
            <div>
              <dt>{t('sale.subtotal')}</dt>
              <dd>{formatTk(sale.subtotal)}</dd>
            </div>
            <div>
              <dt>{t('sale.discount')}</dt>
              <dd>{formatTk(sale.discount)}</dd>
            </div>
          </>
        )}
        <div className="receipt__total">
          <dt>{t('sale.total')}</dt>
          <dd>{formatTk(sale.total)}</dd>
        </div>
        {sale.payments.map((p, i) => (
          <div key={i}>
            <dt>{paymentName(p.method, p.accountId)}</dt>
            <dd>{formatTk(p.amount)}</dd>
          </div>
        ))}
        <div>
          <dt>{t('sale.due')}</dt>
          <dd data-testid="receipt-due">{formatTk(sale.due)}</dd>
        </div>
        {sale.shopBalanceBefore !== null && sale.shopBalanceAfter !== null && (
          <>
            <div>
              <dt>{t('sale.balanceBefore')}</dt>
              <dd>{formatTk(sale.shopBalanceBefore)}</dd>
            </div>
            <div>
              <dt>{t('sale.balanceAfter')}</dt>
              <dd data-testid="receipt-balance-after">{formatTk(sale.shopBalanceAfter)}</dd>
            </div>
          </>
        )}
        {sale.shopEmptiesOwed && (
          <div>
            <dt>{te('shopEmptiesOwed')}</dt>
            <dd data-testid="receipt-empties-owed">
              {sale.shopEmptiesOwed.length ? emptiesList(sale.shopEmptiesOwed, te) : te('noEmptiesOwed')}
            </dd>
          </div>
        )}
      </dl>
      {sale.status !== 'completed' && <p className="receipt__status">{t(`sale.status_${sale.status}`)}</p>}
      {/* What is left due, and how to pay it: the QR sized to scan from a 58 mm roll (rule 22). */}
      {!pending && sale.paymentRequest && (
        <Suspense fallback={null}>
          <PaymentRequestBlock request={sale.paymentRequest} variant="paper" />
        </Suspense>
      )}
      <p className="receipt__thanks">{t('sale.thanks')}</p>
    </article>
  );
}

