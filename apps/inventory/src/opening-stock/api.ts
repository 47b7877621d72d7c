import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@mojud/api-client';
import type { OpeningStockBody } from '@mojud/contracts';

export interface OpeningStockResult {
  itemId: string;
  fullCount: number;
  refillCost: number | null;
  packageCost: number | null;
  stockCount: number | null;
  cost: number | null;
}

/** An item's opening stock with its unit cost, once. One Idempotency-Key per form filled. */
export function useEnterOpeningStock(storeId: string, idempotencyKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpeningStockBody) =>
      api
        .post<OpeningStockResult>(`/stores/${storeId}/opening-stock`, body, { headers: { 'Idempotency-Key': idempotencyKey } })
        .then((r) => r.data),
    // Counts and costs moved: every list of the store's items is stale.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['stores', storeId] }),
  });
}
