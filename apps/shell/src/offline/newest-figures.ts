import type { QueryClient } from '@tanstack/react-query';

/** When the newest store figures on this device were fetched (0: none). */
export function newestFigures(queryClient: QueryClient): number {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((q) => q.queryKey[0] === 'stores' && q.state.status === 'success')
    .reduce((newest, q) => Math.max(newest, q.state.dataUpdatedAt), 0);
}
