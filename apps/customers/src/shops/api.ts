import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, recordWrite, shopQueries as storeShopQueries } from '@mojud/api-client';
import type {
  Division,
  DuePaymentBody,
  Shop,
  CreateShopBody,
  ShopHistory,
  ShopTransaction,
} from '@mojud/contracts';

export type ShopSort = 'name' | 'due';
export interface ShopFilters {
  search?: string;
  sort?: ShopSort;
}

// `workspace` is the store and `divisions` its delivery areas (the spec's paths).
const areasUrl = (storeId: string) => `/workspace/${storeId}/divisions`;
const shopsUrl = (storeId: string, divisionId: string) => `${areasUrl(storeId)}/${divisionId}/stores`;

/** The shared shop queries (@mojud/api-client), and the ones only this area reads, under the same `all`. */
export const shopQueries = {
  ...storeShopQueries,
  /** The picker keeps showing the last list while the next search loads. */
  picker: (storeId: string, search = '') =>
    queryOptions({ ...storeShopQueries.picker(storeId, search), placeholderData: keepPreviousData }),
  areas: (storeId: string) =>
    queryOptions({
      queryKey: [...shopQueries.all(storeId), 'areas'] as const,
      queryFn: () => api.get<{ divisions: Division[] }>(areasUrl(storeId)).then((r) => r.data.divisions),
    }),
  list: (storeId: string, divisionId: string, filters: ShopFilters = {}) =>
    queryOptions({
      queryKey: [...shopQueries.all(storeId), 'area', divisionId, filters] as const,
      queryFn: () =>
        api
          .get<{ stores: Shop[]; totalReceivable: number }>(shopsUrl(storeId, divisionId), {
            params: { search: filters.search || undefined, sort: filters.sort ?? 'name' },
          })
          .then((r) => r.data),
      placeholderData: (previous) => previous,
    }),
  history: (storeId: string, shopId: string) =>
    queryOptions({
      queryKey: [...shopQueries.all(storeId), 'history', shopId] as const,
      queryFn: () =>
        api
          .get<ShopHistory>(`/stores/${storeId}/shops/${shopId}/history`)
          .then((r) => r.data),
    }),
};

function useInvalidateShops(storeId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: shopQueries.all(storeId) });
}

export function useSaveArea(storeId: string) {
  const invalidate = useInvalidateShops(storeId);
  return useMutation({
    mutationFn: ({ id, name }: { id?: string; name: string }) =>
      (id
        ? api.patch<{ division: Division }>(`${areasUrl(storeId)}/${id}`, { name })
        : api.post<{ division: Division }>(areasUrl(storeId), { name })
      ).then((r) => r.data.division),
    onSuccess: invalidate,
  });
}

export function useDeleteArea(storeId: string) {
  const invalidate = useInvalidateShops(storeId);
  return useMutation({
    mutationFn: (id: string) => api.delete(`${areasUrl(storeId)}/${id}`).then(() => undefined),
    onSuccess: invalidate,
  });
}

export function useSaveShop(storeId: string, divisionId: string) {
  const invalidate = useInvalidateShops(storeId);
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CreateShopBody }) =>
      (id
        ? api.put<{ store: Shop }>(`${shopsUrl(storeId, divisionId)}/${id}`, body)
        : api.post<{ store: Shop }>(shopsUrl(storeId, divisionId), body)
      ).then((r) => r.data.store),
    onSuccess: invalidate,
  });
}

export function useDeleteShop(storeId: string, divisionId: string) {
  const invalidate = useInvalidateShops(storeId);
  return useMutation({
    mutationFn: (id: string) => api.delete(`${shopsUrl(storeId, divisionId)}/${id}`).then(() => undefined),
    onSuccess: invalidate,
  });
}

export interface DuePaymentResult {
  success: true;
  message: string;
  due: number;
  transaction: ShopTransaction;
}

/**
 * One Idempotency-Key per opening of the payment form: a retried tap never pays twice. Through
 * the outbox, confirmed at once (docs/frontend.md, "Every tap confirmed at once"): resolves with
 * the entry's key as soon as it is stored on the device; the form follows it (`useOutboxEntry`)
 * to the server's answer, or to its refusal, which waits under "Needs attention".
 */
export function useTakeDuePayment(storeId: string, idempotencyKey: string) {
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ shopId, body, shopName = '' }: { shopId: string; body: DuePaymentBody; shopName?: string }) =>
      recordWrite({
        storeId,
        method: 'POST',
        url: `/stores/${storeId}/shops/${shopId}/payments`,
        body,
        idempotencyKey,
        summary: { kind: 'duePayment', name: shopName, amount: body.amount },
        editable: [{ field: 'amount', label: 'amount' }],
      }),
  });
}
