import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { api, errorText, normalizeError } from '@mojud/api-client';
import type { ReleaseStat } from '@mojud/contracts';
import { Card, EmptyState, formatCount, formatDateTime, Spinner, Table, useDocumentTitle } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { federationStore } from '../../federation/remote-loader';
import { ns } from '../../messages';
import './messages';

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
            <Table aria-label={t('releases.title')}>
              <thead>
                <tr>
                  <th>{t('releases.columns.release')}</th>
                  <th>{t('releases.columns.users')}</th>
                  <th>{t('releases.columns.loads')}</th>
                  <th>{t('releases.columns.errors')}</th>
                  <th>{t('releases.columns.lastError')}</th>
                  <th>{t('releases.columns.lastSeen')}</th>
                </tr>
              </thead>
              <tbody>
                {data.map((row) => (
                  <tr key={row.release}>
                    <td>{row.release}</td>
                    <td>{formatCount(row.users)}</td>
                    <td>{formatCount(row.loads)}</td>
                    <td>{formatCount(row.errors)}</td>
                    <td>{row.lastError ?? ''}</td>
                    <td>{formatDateTime(row.lastSeen)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </Card>
      )}
    </main>
  );
}
