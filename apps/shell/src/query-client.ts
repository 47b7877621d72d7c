import { onlineManager, QueryClient } from '@tanstack/react-query';
import type { ApiError } from '@mojud/api-client';

export function createQueryClient() {
  // TanStack starts "online" whatever the device says; an app opened offline (from the service
  // worker) must pause its reads instead of failing them, and show the saved ones.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Kept a day, so the saved reads (offline/read-cache.ts) hold every page visited today.
        gcTime: 24 * 60 * 60 * 1000,
        // 4xx answers will not change on their own; retry only network and server failures.
        retry: (count, error) => {
          const status = (error as unknown as ApiError)?.status;
          return count < 2 && (status === null || status === undefined || status >= 500);
        },
      },
    },
  });
}
