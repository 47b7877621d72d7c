import type { QueryClient } from '@tanstack/react-query';
import { formatDateTime } from '@mojud/design-system';
import type { KeyOf, Translate } from '@mojud/i18n';
import type { ns } from './texts';

/** When the newest store figures on this device were fetched (0: none). */
export function newestFigures(queryClient: QueryClient): number {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((q) => q.queryKey[0] === 'stores' && q.state.status === 'success')
    .reduce((newest, q) => Math.max(newest, q.state.dataUpdatedAt), 0);
}

/**
 * The chrome's offline line, "Offline — figures from <when they were fetched>": drawn by the sync
 * status (sync-status.tsx) and added to a saved screen for an offline start (last-screen.ts).
 */
export const offlineLine = {
  statusClass: 'shell-sync',
  lineClass: 'shell-sync__offline',
  text: (t: Translate<KeyOf<typeof ns>>, figuresFrom: number) =>
    figuresFrom ? t('offline', { time: formatDateTime(figuresFrom) }) : t('offlineNoData'),
};
