import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@mojud/api-client';
import type { OpeningBalanceBody, ShopImportResponse, ShopTransaction, EmptiesCount } from '@mojud/contracts';

/** Checks a shop file (`confirm: false`, nothing is written) or imports its good rows, all in one go. */
export function useImportShops(storeId: string, idempotencyKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ csv, confirm }: { csv: string; confirm: boolean }) =>
      api
        .post<ShopImportResponse>(`/stores/${storeId}/shops/import`, { csv, confirm }, confirm ? { headers: { 'Idempotency-Key': idempotencyKey } } : {})
        .then((r) => r.data),
    onSuccess: (result) => {
      if (result.imported) void queryClient.invalidateQueries({ queryKey: ['stores', storeId] });
    },
  });
}

/** A shop's opening balance, entered later, once. One Idempotency-Key per opening of the form. */
export function useEnterOpening(storeId: string, idempotencyKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shopId, body }: { shopId: string; body: OpeningBalanceBody }) =>
      api
        .post<{ due: number; emptiesOwed: EmptiesCount[]; transactions: ShopTransaction[] }>(`/stores/${storeId}/shops/${shopId}/opening`, body, {
          headers: { 'Idempotency-Key': idempotencyKey },
        })
        .then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['stores', storeId] }),
  });
}

/** Reverses a shop's standing opening balance (a correction, rule 20), so it can be entered again. */
export function useReverseOpening(storeId: string, idempotencyKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shopId: string) =>
      api.post(`/stores/${storeId}/shops/${shopId}/opening/reverse`, {}, { headers: { 'Idempotency-Key': idempotencyKey } }).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['stores', storeId] }),
  });
}
