import { queryOptions } from '@tanstack/react-query';
import { api } from '@mojud/api-client';
import type { Overview } from '@mojud/contracts';

/** The owner's view of all his stores: a user-level read (no store in its key). */
export const overviewQuery = () =>
  queryOptions({
    queryKey: ['overview'] as const,
    queryFn: () => api.get<Overview>('/overview').then((r) => r.data),
  });
