import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@mojud/api-client';
import type { MessageText, ReorderItem, ReorderLevelBody } from '@mojud/contracts';

export const reorderQueries = {
  list: (storeId: string) =>
    queryOptions({
      queryKey: ['stores', storeId, 'reorder'] as const,
      queryFn: () =>
        api.get<{ items: ReorderItem[] }>(`/stores/${storeId}/reorder`).then((r) => r.data.items),
    }),
  /** A sale's receipt as its SMS says it (or would), with the wa.me link to the shop. */
  receiptText: (storeId: string, saleId: string) =>
    queryOptions({
      queryKey: ['stores', storeId, 'messaging', 'text', 'sale_receipt', saleId] as const,
      queryFn: () =>
        api
          .get<MessageText>(`/stores/${storeId}/messages/text`, { params: { kind: 'sale_receipt', saleId } })
          .then((r) => r.data),
      // The SMS moves from waiting to delivered within seconds of the sale.
      refetchInterval: (query) => (query.state.data?.message?.status === 'queued' ? 3_000 : false),
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
