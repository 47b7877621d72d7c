import { useQuery } from '@tanstack/react-query';
import { normalizeError } from '@mojud/api-client';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import { EmptyState, formatDate, formatDateTime, formatTk, Spinner, StoreLine, useDocumentTitle } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { Link, useParams } from '@mojud/router';
import { vanQueries, vehicleQueries } from '../api';
import { ns } from './messages';
import './vans.css';

/** A vehicle's day closes, newest first, each opening its report. */
export function ClosesPage() {
  const t = useT(ns);
  const store = useAuthStore(selectCurrentStore);
  const { vehicleId = '' } = useParams();
  const vehicles = useQuery({ ...vehicleQueries.list(store?.id ?? ''), enabled: Boolean(store) });
  const closes = useQuery({ ...vanQueries.closes(store?.id ?? '', vehicleId), enabled: Boolean(store) });
  const reg = vehicles.data?.find((v) => v.id === vehicleId)?.regNumber ?? '';
  useDocumentTitle(t('closesTitle', { reg }));
  if (!store) return null;
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
        <table className="ds-table ds-table--cards ds-table--wrap" aria-label={t('closesTitle', { reg })}>
          <thead>
            <tr>
              <th scope="col">{t('day')}</th>
              <th scope="col">{t('closedAt')}</th>
              <th scope="col">{t('closedBy')}</th>
              <th scope="col" className="van-num">
                {t('cashExpected')}
              </th>
              <th scope="col" className="van-num">
                {t('handed')}
              </th>
              <th scope="col" className="van-num">
                {t('difference')}
              </th>
            </tr>
          </thead>
          <tbody>
            {closes.data.map((c) => (
              <tr key={c.id}>
                <td className="ds-card-title ds-card-wide">
                  <Link to={c.id}>{t('openReport', { date: formatDate(`${c.day}T12:00:00+06:00`) })}</Link>
                </td>
                <td className="ds-card-half" data-label={t('closedAt')}>
                  {formatDateTime(c.closedAt)}
                </td>
                <td className="ds-card-half" data-label={t('closedBy')}>
                  {c.closedBy}
                </td>
                <td className="van-num ds-card-half" data-label={t('cashExpected')}>
                  {formatTk(c.cashExpected)}
                </td>
                <td className="van-num ds-card-half" data-label={t('handed')}>
                  {formatTk(c.cashHanded)}
                </td>
                <td className="van-num ds-card-wide" data-label={t('difference')}>
                  {c.difference < 0 ? t('shortage', { amount: formatTk(-c.difference) }) : c.difference > 0 ? t('excess', { amount: formatTk(c.difference) }) : t('noDifference')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export default ClosesPage;
