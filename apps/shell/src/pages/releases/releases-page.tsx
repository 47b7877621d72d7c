import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { api, errorText, normalizeError } from '@mojud/api-client';
import type { ReleaseStat } from '@mojud/contracts';
import {
  Card,
  DataTable,
  EmptyState,
  formatCount,
  formatDateTime,
  Spinner,
  useDocumentTitle,
  type DataColumn,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { federationStore } from '../../federation/remote-loader';
import { ns } from '../../texts';
import './texts';

export const releaseQueries = {
  stats: () =>
    queryOptions({
      queryKey: ['remote-releases'] as const,
      queryFn: () => api.get<{ releases: ReleaseStat[] }>('/remote-releases').then((r) => r.data.releases),
      // An operator watching a canary wants fresh counts, not a retry storm on a 404.
      refetchInterval: 30_000,
      retry: false,
    }),
};

/**
 * Per release of each remote: how many users load it and the errors its boundary caught, so
 * a bad canary is seen and rolled back. Only for OPERATOR_USERS; the API answers 404 to anyone else.
 */
export function ReleasesPage() {
  const t = useT(ns);
  useDocumentTitle(t('releases.title'));
  const { data, error, isPending } = useQuery(releaseQueries.stats());
  const { running } = useSyncExternalStore(federationStore.subscribe, federationStore.get);
  const problem = error ? normalizeError(error) : null;
  const columns: DataColumn<ReleaseStat>[] = [
    { key: 'release', header: t('releases.columns.release'), cell: (row) => row.release, card: 'title' },
    { key: 'users', header: t('releases.columns.users'), cell: (row) => formatCount(row.users), numeric: true },
    { key: 'loads', header: t('releases.columns.loads'), cell: (row) => formatCount(row.loads), numeric: true },
    { key: 'errors', header: t('releases.columns.errors'), cell: (row) => formatCount(row.errors), numeric: true },
    { key: 'lastError', header: t('releases.columns.lastError'), cell: (row) => row.lastError ?? '', card: 'wide' },
    { key: 'lastSeen', header: t('releases.columns.lastSeen'), cell: (row) => formatDateTime(row.lastSeen), card: 'wide' },
  ];

  return (
    <main className="shell-releases">
      <h1>{t('releases.title')}</h1>
      {isPending && <Spinner label={t('releases.loading')} />}
      {problem?.status === 404 && <EmptyState title={t('releases.notOperator')} />}
      {problem && problem.status !== 404 && <p role="alert">{t('releases.failed', { message: errorText(problem) })}</p>}
      {data && (
        <Card>
          <p>{t('releases.intro')}</p>
          {Object.keys(running).length > 0 && (
            <p className="shell-muted">{t('releases.thisPage', { releases: Object.values(running).join(', ') })}</p>
          )}
          {data.length === 0 ? (
            <EmptyState title={t('releases.empty')} />
          ) : (
            <DataTable rows={data} columns={columns} rowKey={(row) => row.release} label={t('releases.title')} />
          )}
        </Card>
      )}
    </main>
  );
}
