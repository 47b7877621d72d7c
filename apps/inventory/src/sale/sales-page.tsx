import { useQuery } from '@tanstack/react-query';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import { EmptyState, formatDateTime, formatSaleNumber, formatTk, Spinner, useDocumentTitle } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { Link } from '@mojud/router';
import { ns } from '../texts';
import { saleQueries } from './api';
import { canManageStock } from '../roles';
import { DayRangeFields, LoadFailed, useDayRange } from './day-range';
import './texts';
import './sale.css';

/**
 * The sales of a range of days, newest first, each with what became of it and, for managers up,
 * its gross profit; a staff member's list holds the sales they made.
 */
export function SalesPage() {
  const t = useT(ns);
  useDocumentTitle(t('sale.salesTitle'));
  const store = useAuthStore(selectCurrentStore);
  const range = useDayRange((today) => today);
  const { from, to } = range;
  const sales = useQuery({
    ...saleQueries.list(store?.id ?? '', { from, to, limit: 200 }),
    enabled: Boolean(store),
  });
  if (!store) return <p>{t('noStore')}</p>;
  return (
    <section className="sales-list" aria-labelledby="sales-title">
      <div className="ds-page-header">
        <h2 id="sales-title">{t('sale.salesTitle')}</h2>
        <div className="sale__pay-buttons">
          {canManageStock(store.role) && <Link to="/sales/profit">{t('sale.profitTitle')}</Link>}
          <Link to="/sales/new" className="ds-button ds-button--primary">
            {t('sale.newSale')}
          </Link>
        </div>
      </div>
      <DayRangeFields range={range} />
      {sales.isPending ? (
        <Spinner label={t('sale.loading')} />
      ) : sales.isError ? (
        <LoadFailed error={sales.error} onRetry={() => void sales.refetch()} />
      ) : sales.data.sales.length === 0 ? (
        <EmptyState title={t('sale.noSales')} />
      ) : (
        <ul className="ds-card-list" aria-label={t('sale.salesTitle')}>
          {sales.data.sales.map((sale) => (
            <li key={sale.id} className="ds-list-card" aria-label={formatSaleNumber(sale.number)}>
              <div className="ds-list-card__top">
                <h3 className="ds-list-card__name">
                  <Link to={`/sales/${sale.id}`} aria-label={t('sale.open', { number: formatSaleNumber(sale.number) })}>
                    {formatSaleNumber(sale.number)}
                  </Link>
                </h3>
                <span className={`sale-status sale-status--${sale.status}`}>
                  {t(`sale.status_${sale.status}`)}
                </span>
              </div>
              <p className="ds-muted">
                {formatDateTime(sale.createdAt)} · {sale.shopName ?? t('sale.walkIn')} ·{' '}
                {t('sale.lines', { count: sale.lineCount })}
              </p>
              <p>
                {t('sale.total')}: <strong>{formatTk(sale.total)}</strong> · {t('sale.due')}:{' '}
                {formatTk(sale.due)}
              </p>
              {/* Left out of a staff member's list (their own sales, no profit: DEALER.md rule 23). */}
              {sale.profit !== undefined && (
                <p>
                  {t('sale.profit')}: <strong data-testid="list-profit">{formatTk(sale.profit)}</strong>
                </p>
              )}
              {sale.costUnknownLines !== undefined && sale.costUnknownLines > 0 && (
                <p className="ds-muted">{t('sale.costUnknownLines', { count: sale.costUnknownLines })}</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
