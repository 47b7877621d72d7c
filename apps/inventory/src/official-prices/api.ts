import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, downloadCsv, officialPriceQueries } from '@mojud/api-client';
import type { AboveOfficialReport, OfficialPriceBody, OfficialPriceEntry } from '@mojud/contracts';
import { queryOptions } from '@tanstack/react-query';

export { officialPriceQueries };

/** The month's sales above the official price (managers and up). */
export const aboveOfficialQuery = (storeId: string, month: string) =>
  queryOptions({
    queryKey: ['stores', storeId, 'above-official', month] as const,
    queryFn: () => api.get<AboveOfficialReport>(`/stores/${storeId}/reports/above-official`, { params: { month } }).then((r) => r.data),
  });

/** The same report as a CSV file, its header line in the reader's language. */
export const downloadAboveOfficialCsv = (storeId: string, month: string) =>
  downloadCsv(`/stores/${storeId}/reports/above-official.csv`, { month }, `mojud-above-official-${month}.csv`);

/**
 * A new entry of the price book: a manager's office work, not the counter's, so it is sent at
 * once (an entry is never changed, so a retry after a lost answer adds a second, identical one,
 * which changes no price).
 */
export function useAddOfficialPrice(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OfficialPriceBody) =>
      api.post<{ entry: OfficialPriceEntry }>(`/stores/${storeId}/official-prices`, body).then((r) => r.data.entry),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: officialPriceQueries.book(storeId).queryKey }),
  });
}
