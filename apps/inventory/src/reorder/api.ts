import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, itemQueries } from '@mojud/api-client';
import type { MessageText, ReorderLevelBody } from '@mojud/contracts';

export const reorderQueries = {
  /** Items at or below their reorder level (the dashboard's "To order" card reads the same). */
  list: itemQueries.reorder,
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
