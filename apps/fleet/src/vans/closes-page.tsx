import { useQuery } from '@tanstack/react-query';
import { normalizeError } from '@mojud/api-client';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import {
  DataTable,
  EmptyState,
  formatDate,
  formatDateTime,
  formatTk,
  Spinner,
  StoreLine,
  useDocumentTitle,
  type DataColumn,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { Link, useParams } from '@mojud/router';
import type { VehicleCloseSummary } from '@mojud/contracts';
import { vanQueries, vehicleQueries } from '../api';
import { ns } from './texts';
import './vans.css';

/** A vehicle's day closes, newest first, each opening its report. */
export function ClosesPage() {
  const t = useT(ns);
  const store = useAuthStore(selectCurrentStore);
  const { vehicleId = '' } = useParams();
  const vehicles = useQuery({ ...vehicleQueries.list(store?.id ?? ''), enabled: Boolean(store) });
  const closes = useQuery({ ...vanQueries.closes(store?.id ?? '', vehicleId), enabled: Boolean(store) });
  const reg = vehicles.data?.find((v) => v.id === vehicleId)?.name ?? '';
  useDocumentTitle(t('closesTitle', { reg }));
  if (!store) return null;
  const columns: DataColumn<VehicleCloseSummary>[] = [
    {
      key: 'day',
      header: t('day'),
      cell: (c) => <Link to={c.id}>{t('openReport', { date: formatDate(`${c.day}T12:00:00+06:00`) })}</Link>,
      card: ['title', 'wide'],
    },
    { key: 'closedAt', header: t('closedAt'), cell: (c) => formatDateTime(c.closedAt), card: 'half' },
    { key: 'closedBy', header: t('closedBy'), cell: (c) => c.closedBy, card: 'half' },
    { key: 'cashExpected', header: t('cashExpected'), cell: (c) => formatTk(c.cashExpected), className: 'van-num', card: 'half' },
    { key: 'handed', header: t('handed'), cell: (c) => formatTk(c.cashHanded), className: 'van-num', card: 'half' },
    {
      key: 'difference',
      header: t('difference'),
      cell: (c) =>
        c.difference < 0
          ? t('shortage', { amount: formatTk(-c.difference) })
          : c.difference > 0
            ? t('excess', { amount: formatTk(c.difference) })
            : t('noDifference'),
      className: 'van-num',
      card: 'wide',
    },
  ];
  return (
    <section className="van-closes" aria-labelledby="van-closes-title">
      <div className="ds-page-header">
        <h2 id="van-closes-title">{t('closesTitle', { reg })}</h2>
        <Link to="/vehicles">{t('backToVehicles')}</Link>
      </div>
      <StoreLine store={store} />
      {closes.isPending ? (
        <Spinner label={t('loading')} />
      ) : closes.isError ? (
        <p role="alert" className="ds-error-text">
          {normalizeError(closes.error).status === 404 ? t('notFound') : t('reportFailed', { message: normalizeError(closes.error).message })}
        </p>
      ) : closes.data.length === 0 ? (
        <EmptyState title={t('noCloses')} />
      ) : (
        <DataTable rows={closes.data} columns={columns} rowKey={(c) => c.id} label={t('closesTitle', { reg })} />
      )}
    </section>
  );
}

export default ClosesPage;
