import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@mojud/api-client';
import type { ReorderItem, ReorderLevelBody } from '@mojud/contracts';

export const reorderQueries = {
  list: (storeId: string) =>
    queryOptions({
      queryKey: ['stores', storeId, 'reorder'] as const,
      queryFn: () =>
        api.get<{ items: ReorderItem[] }>(`/stores/${storeId}/reorder`).then((r) => r.data.items),
    }),
};

/** Setting a level is idempotent by nature (PUT): the same level twice is the same level. */
export function useSetReorderLevel(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReorderLevelBody) =>
      api.put(`/stores/${storeId}/reorder-levels`, body).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['stores', storeId] }),
  });
}
