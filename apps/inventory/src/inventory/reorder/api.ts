import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, itemQueries } from '@mojud/api-client';
import type { ReorderLevelBody } from '@mojud/contracts';

export const reorderQueries = {
  /** Items at or below their reorder level (the dashboard's "To order" card reads the same). */
  list: itemQueries.reorder,
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
