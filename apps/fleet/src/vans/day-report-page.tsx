import { useQuery } from '@tanstack/react-query';
import { normalizeError } from '@mojud/api-client';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import type { VanDayReport } from '@mojud/contracts';
import {
  Button,
  type DataColumn,
  DataTable,
  formatCount,
  formatDate,
  formatDateTime,
  formatItemName,
  formatSaleNumber,
  formatTk,
  Spinner,
  StoreLine,
  useDocumentTitle,
  useDownload,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { Link, useParams } from '@mojud/router';
import { downloadCloseCsv, vanQueries } from '../api';
import { ns } from './texts';
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
      ? t('reportTitle', { reg: data.vehicle.name, date: formatDate(`${data.day}T12:00:00+06:00`) })
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
        <Link to={`/vehicles/${vehicleId}/closes`}>{t('dayClosesOf', { reg: r.vehicle.name })}</Link>
        <Link to="/vehicles">{t('backToVehicles')}</Link>
      </div>
      <h2 id="van-report-title">
        {t('reportTitle', { reg: r.vehicle.name, date: formatDate(`${r.day}T12:00:00+06:00`) })}
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

// The total row is the list's last, in bold; a spec finds a row by its name and a figure by its column.
const reportRow = (row: { key: string; name: string }) => ({
  className: row.key === 'total' ? 'van-report__total' : undefined,
  'data-testid': `report-row-${row.name}`,
});

function ItemsTable({ report }: { report: VanDayReport }) {
  const t = useT(ns);
  const figures = [
    ['colLoaded', 'loaded'],
    ['colSoldRefill', 'soldRefill'],
    ['colSoldPackage', 'soldPackage'],
    ['colSoldUnits', 'soldUnits'],
    ['colEmpties', 'emptiesCollected'],
    ['colReturnedFull', 'returnedFull'],
    ['colReturnedEmpty', 'returnedEmpty'],
    ['colReturnedUnits', 'returnedUnits'],
  ] as const;
  type Row = { key: string; name: string; figures: VanDayReport['totals'] };
  const rows: Row[] = [
    ...report.items.map((i) => ({ key: i.itemId, name: i.name, figures: i })),
    { key: 'total', name: t('total'), figures: report.totals },
  ];
  const columns: DataColumn<Row>[] = [
    { key: 'item', header: t('colItem'), cell: (row) => (row.key === 'total' ? row.name : formatItemName(row.name)), card: ['title', 'wide'] },
    ...figures.map(([label, k]): DataColumn<Row> => ({
      key: k,
      header: t(label),
      cell: (row) => formatCount(row.figures[k]),
      className: 'van-num',
      card: 'half',
    })),
  ];
  return (
    <DataTable rows={rows} columns={columns} rowKey={(row) => row.key} rowProps={reportRow} label={t('colItem')} className="van-report__items" />
  );
}

function SalesTable({ report }: { report: VanDayReport }) {
  const t = useT(ns);
  if (report.sales.length === 0) return null;
  const columns: DataColumn<VanDayReport['sales'][number]>[] = [
    {
      key: 'sale',
      header: t('colSale'),
      cell: (s) => (
        <>
          <Link to={`/sales/${s.saleId}`}>{formatSaleNumber(s.number)}</Link>
          {s.voided && ` (${t('voided')})`}
        </>
      ),
      card: 'title',
    },
    { key: 'time', header: t('colTime'), cell: (s) => formatDateTime(s.createdAt), card: 'badge' },
    { key: 'customer', header: t('colCustomer'), cell: (s) => s.shopName ?? t('walkIn'), card: 'wide' },
    { key: 'total', header: t('colTotal'), cell: (s) => formatTk(s.total), className: 'van-num', card: 'half' },
    { key: 'cash', header: t('colCash'), cell: (s) => formatTk(s.cash), className: 'van-num', card: 'half' },
    { key: 'other', header: t('colOther'), cell: (s) => formatTk(s.otherPaid), className: 'van-num', card: 'half' },
    { key: 'due', header: t('colDue'), cell: (s) => formatTk(s.due), className: 'van-num', card: 'half' },
  ];
  return (
    <>
      <h3>{t('sales')}</h3>
      <DataTable rows={report.sales} columns={columns} rowKey={(s) => s.saleId} label={t('sales')} />
    </>
  );
}

export default DayReportPage;
