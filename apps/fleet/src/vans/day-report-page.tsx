import { useQuery } from '@tanstack/react-query';
import { normalizeError } from '@mojud/api-client';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import type { VanDayReport } from '@mojud/contracts';
import {
  Button,
  formatCount,
  formatDate,
  formatDateTime,
  formatTk,
  Spinner,
  StoreLine,
  useDocumentTitle,
  useDownload,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { Link, useParams } from '@mojud/router';
import { downloadCloseCsv, vanQueries } from '../api';
import { ns } from './messages';
import './vans.css';

/**
 * A vehicle's day close (DEALER.md rule 10): per item what was loaded, sold as refill and as
 * package, collected as empties and returned; its sales; the cash expected, handed over and the
 * difference. Printable (the app's chrome is hidden in print) and as CSV.
 */
export function DayReportPage() {
  const t = useT(ns);
  const store = useAuthStore(selectCurrentStore);
  const { vehicleId = '', closeId = '' } = useParams();
  const report = useQuery({
    ...vanQueries.close(store?.id ?? '', vehicleId, closeId),
    enabled: Boolean(store),
  });
  const data = report.data;
  useDocumentTitle(
    data
      ? t('reportTitle', { reg: data.vehicle.regNumber, date: formatDate(`${data.day}T12:00:00+06:00`) })
      : t('dayClose'),
  );
  const { download, downloading } = useDownload(
    () => downloadCloseCsv(store?.id ?? '', vehicleId, closeId),
    (message) => t('csvFailed', { message }),
  );
  if (!store) return null;
  if (report.isPending) return <Spinner label={t('loading')} />;
  if (report.isError) {
    const error = normalizeError(report.error);
    return (
      <div role="alert">
        <p>{error.status === 404 ? t('notFound') : t('reportFailed', { message: error.message })}</p>
        <Link to="/vehicles">{t('backToVehicles')}</Link>
      </div>
    );
  }
  const r = report.data;
  return (
    <article className="van-report" aria-labelledby="van-report-title">
      <div className="van-report__tools">
        <Button onClick={() => window.print()}>{t('print')}</Button>
        <Button variant="secondary" onClick={() => void download()} loading={downloading}>
          {t('csv')}
        </Button>
        <Link to={`/vehicles/${vehicleId}/closes`}>{t('dayClosesOf', { reg: r.vehicle.regNumber })}</Link>
        <Link to="/vehicles">{t('backToVehicles')}</Link>
      </div>
      <h2 id="van-report-title">
        {t('reportTitle', { reg: r.vehicle.regNumber, date: formatDate(`${r.day}T12:00:00+06:00`) })}
      </h2>
      <StoreLine store={store} />
      <dl className="van-report__meta">
        <div>
          <dt>{t('since')}</dt>
          <dd>{r.since ? formatDateTime(r.since) : '—'}</dd>
        </div>
        <div>
          <dt>{t('closedAt')}</dt>
          <dd>{r.closedAt ? formatDateTime(r.closedAt) : '—'}</dd>
        </div>
        <div>
          <dt>{t('closedBy')}</dt>
          <dd>{r.closedBy}</dd>
        </div>
      </dl>
      <ItemsTable report={r} />
      <SalesTable report={r} />
      <dl className="van-report__cash" aria-label={t('cash')}>
        <div>
          <dt>{t('cashExpected')}</dt>
          <dd data-testid="report-expected">{formatTk(r.cashExpected)}</dd>
        </div>
        <div>
          <dt>{t('handed')}</dt>
          <dd data-testid="report-handed">{formatTk(r.cashHanded)}</dd>
        </div>
        <div className={(r.difference ?? 0) < 0 ? 'van-report__short' : undefined}>
          <dt>{t('difference')}</dt>
          <dd data-testid="report-difference">
            {(r.difference ?? 0) < 0
              ? t('shortage', { amount: formatTk(-(r.difference ?? 0)) })
              : (r.difference ?? 0) > 0
                ? t('excess', { amount: formatTk(r.difference) })
                : t('noDifference')}
          </dd>
        </div>
        {r.note && (
          <div>
            <dt>{t('noteLabel')}</dt>
            <dd>{r.note}</dd>
          </div>
        )}
      </dl>
    </article>
  );
}

function ItemsTable({ report }: { report: VanDayReport }) {
  const t = useT(ns);
  const columns = [
    ['colLoaded', 'loaded'],
    ['colSoldRefill', 'soldRefill'],
    ['colSoldPackage', 'soldPackage'],
    ['colSoldUnits', 'soldUnits'],
    ['colEmpties', 'emptiesCollected'],
    ['colReturnedFull', 'returnedFull'],
    ['colReturnedEmpty', 'returnedEmpty'],
    ['colReturnedUnits', 'returnedUnits'],
  ] as const;
  const rows = [
    ...report.items.map((i) => ({ key: i.itemId, name: i.name, figures: i })),
    { key: 'total', name: t('total'), figures: report.totals },
  ];
  return (
    <table className="ds-table ds-table--cards ds-table--wrap van-report__items" aria-label={t('colItem')}>
      <thead>
        <tr>
          <th scope="col">{t('colItem')}</th>
          {columns.map(([label]) => (
            <th key={label} scope="col" className="van-num">
              {t(label)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr
            key={row.key}
            className={row.key === 'total' ? 'van-report__total' : undefined}
            data-testid={`report-row-${row.name}`}
          >
            <td className="ds-card-title ds-card-wide">{row.name}</td>
            {columns.map(([label, k]) => (
              <td key={k} className="van-num ds-card-half" data-label={t(label)} data-column={k}>
                {formatCount(row.figures[k])}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function SalesTable({ report }: { report: VanDayReport }) {
  const t = useT(ns);
  if (report.sales.length === 0) return null;
  return (
    <>
      <h3>{t('sales')}</h3>
      <table className="ds-table ds-table--cards ds-table--wrap" aria-label={t('sales')}>
        <thead>
          <tr>
            <th scope="col">{t('colSale')}</th>
            <th scope="col">{t('colTime')}</th>
            <th scope="col">{t('colCustomer')}</th>
            <th scope="col" className="van-num">
              {t('colTotal')}
            </th>
            <th scope="col" className="van-num">
              {t('colCash')}
            </th>
            <th scope="col" className="van-num">
              {t('colOther')}
            </th>
            <th scope="col" className="van-num">
              {t('colDue')}
            </th>
          </tr>
        </thead>
        <tbody>
          {report.sales.map((s) => (
            <tr key={s.saleId}>
              <td className="ds-card-title">
                <Link to={`/sales/${s.saleId}`}>{s.number}</Link>
                {s.voided && ` (${t('voided')})`}
              </td>
              <td className="ds-card-badge" data-label={t('colTime')}>
                {formatDateTime(s.createdAt)}
              </td>
              <td className="ds-card-wide" data-label={t('colCustomer')}>
                {s.shopName ?? t('walkIn')}
              </td>
              <td className="van-num ds-card-half" data-label={t('colTotal')}>
                {formatTk(s.total)}
              </td>
              <td className="van-num ds-card-half" data-label={t('colCash')}>
                {formatTk(s.cash)}
              </td>
              <td className="van-num ds-card-half" data-label={t('colOther')}>
                {formatTk(s.otherPaid)}
              </td>
              <td className="van-num ds-card-half" data-label={t('colDue')}>
                {formatTk(s.due)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export default DayReportPage;
