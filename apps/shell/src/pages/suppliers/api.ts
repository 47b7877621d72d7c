import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, recordWrite } from '@mojud/api-client';
import type { Supplier, SupplierBody, SupplierPaymentBody, SupplierStatement, SuppliersResponse, SupplierUpdateBody } from '@mojud/contracts';

const base = (storeId: string) => `/stores/${storeId}/suppliers`;

/** Under ['stores', storeId]: kept on the device for offline reading, refreshed with the store's figures. */
export const supplierQueries = {
  all: (storeId: string) => ['stores', storeId, 'suppliers'] as const,
  list: (storeId: string) =>
    queryOptions({
      queryKey: [...supplierQueries.all(storeId), 'list'] as const,
      queryFn: () => api.get<SuppliersResponse>(base(storeId)).then((r) => r.data),
    }),
  statement: (storeId: string, supplierId: string, range: { from?: string; to?: string }) =>
    queryOptions({
      queryKey: [...supplierQueries.all(storeId), 'statement', supplierId, range] as const,
      queryFn: () =>
        api
          .get<SupplierStatement>(`${base(storeId)}/${supplierId}/statement`, { params: { from: range.from || undefined, to: range.to || undefined } })
          .then((r) => r.data),
    }),
};

export function useSaveSupplier(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: SupplierBody | SupplierUpdateBody }) =>
      (id ? api.patch<{ supplier: Supplier }>(`${base(storeId)}/${id}`, body) : api.post<{ supplier: Supplier }>(base(storeId), body)).then(
        (r) => r.data.supplier,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supplierQueries.all(storeId) }),
  });
}

export interface SupplierPaymentResult {
  entryId: number;
  payable?: number;
}

/**
 * A payment to a supplier: money out of an account (one key per opened form). Confirmed at once
 * (docs/frontend.md): resolves with the entry's key once it is stored on the device; the form
 * follows it (`useConfirmedWrite`) to the server's answer, or its refusal under "Needs attention".
 */
export function usePaySupplier(storeId: string, idempotencyKey: string) {
  return useMutation({
    networkMode: 'always', // the outbox decides about the network, not TanStack
    mutationFn: ({ supplierId, name, body }: { supplierId: string; name: string; body: SupplierPaymentBody }) =>
      recordWrite({
        storeId,
        method: 'POST',
        url: `${base(storeId)}/${supplierId}/payments`,
        body,
        idempotencyKey,
        summary: { kind: 'supplierPayment', name, amount: body.amount },
        editable: [{ field: 'amount', label: 'amount' }],
      }),
  });
}
