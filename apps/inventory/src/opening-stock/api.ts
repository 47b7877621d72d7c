import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, newIdempotencyKey } from '@mojud/api-client';
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

/**
 * A wrong opening stock reversed (rule 20): its units and their cost come out, and it may be
 * entered again. A key per tap: the confirm button is disabled while it runs.
 */
export function useReverseOpeningStock(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) =>
      api
        .post<OpeningStockResult>(`/stores/${storeId}/opening-stock/${itemId}/reverse`, undefined, {
          headers: { 'Idempotency-Key': newIdempotencyKey() },
        })
        .then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['stores', storeId] }),
  });
}
