import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, downloadCsv } from '@mojud/api-client';
import type {
  CreateSaleBody,
  ProfitReport,
  ReturnSaleBody,
  SaleResponse,
  SalesQuery,
  SalesResponse,
  Vehicle,
  VoidSaleBody,
} from '@mojud/contracts';

const salesUrl = (storeId: string) => `/stores/${storeId}/sales`;
const get = <T>(url: string, params?: object) => api.get<T>(url, { params }).then((r) => r.data);

/** Under ['stores', storeId] like every store figure, so a sale or a void refreshes them all. */
export const saleQueries = {
  all: (storeId: string) => ['stores', storeId, 'sales'] as const,
  list: (storeId: string, filters: SalesQuery) =>
    queryOptions({
      queryKey: [...saleQueries.all(storeId), 'list', filters] as const,
      queryFn: () => get<SalesResponse>(salesUrl(storeId), filters),
    }),
  detail: (storeId: string, saleId: string) =>
    queryOptions({
      queryKey: [...saleQueries.all(storeId), 'detail', saleId] as const,
      queryFn: () => get<SaleResponse>(`${salesUrl(storeId)}/${saleId}`).then((d) => d.sale),
    }),
  profit: (storeId: string, range: { from: string; to: string }) =>
    queryOptions({
      queryKey: ['stores', storeId, 'profit-report', range] as const,
      queryFn: () => get<ProfitReport>(`/stores/${storeId}/reports/profit`, range),
    }),
  /** The vehicles a sale can be made from, with what each carries. */
  vehicles: (storeId: string) =>
    queryOptions({
      queryKey: ['stores', storeId, 'vehicles', 'list'] as const,
      queryFn: () => get<{ vehicles: Vehicle[] }>(`/stores/${storeId}/vehicles`).then((d) => d.vehicles),
    }),
};

/** The profit report as a CSV file, its header line in the reader's language. */
export function downloadProfitCsv(storeId: string, range: { from: string; to: string }) {
  return downloadCsv(`/stores/${storeId}/reports/profit.csv`, range, `profit-${range.from}-${range.to}.csv`);
}

/** One Idempotency-Key per sale screen: a double tap or a retry records one sale. */
export function useCreateSale(storeId: string, idempotencyKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSaleBody) =>
      api
        .post<SaleResponse>(salesUrl(storeId), body, { headers: { 'Idempotency-Key': idempotencyKey } })
        .then((r) => r.data.sale),
    // Refresh on failure too: a 409 (stock ran out) means the screen was behind.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['stores', storeId] }),
  });
}

export function useReturnSale(storeId: string, saleId: string, idempotencyKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReturnSaleBody) =>
      api
        .post<SaleResponse>(`${salesUrl(storeId)}/${saleId}/returns`, body, {
          headers: { 'Idempotency-Key': idempotencyKey },
        })
        .then((r) => r.data.sale),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['stores', storeId] }),
  });
}

export function useVoidSale(storeId: string, saleId: string, idempotencyKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VoidSaleBody) =>
      api
        .post<SaleResponse>(`${salesUrl(storeId)}/${saleId}/void`, body, {
          headers: { 'Idempotency-Key': idempotencyKey },
        })
        .then((r) => r.data.sale),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['stores', storeId] }),
  });
}
