import { QueryClient } from '@tanstack/react-query';
import type { ApiError } from '@mojud/api-client';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // 4xx answers will not change on their own; retry only network and server failures.
        retry: (count, error) => {
          const status = (error as unknown as ApiError)?.status;
          return count < 2 && (status === null || status === undefined || status >= 500);
        },
      },
    },
  });
}
