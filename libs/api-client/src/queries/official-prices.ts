import { queryOptions } from '@tanstack/react-query';
import type { OfficialPrices } from '@mojud/contracts';
import { api } from '../client';

/**
 * The store's official BERC price book (DEALER.md rule 13): its entries, the one in force and the
 * next, the store's warn-or-refuse choice and its cylinder sizes. Read by the prices page, the
 * sale screen (which warns before the tap) and the settings.
 */
export const officialPriceQueries = {
  book: (storeId: string) =>
    queryOptions({
      queryKey: ['stores', storeId, 'official-prices'] as const,
      queryFn: () => api.get<OfficialPrices>(`/stores/${storeId}/official-prices`).then((r) => r.data),
      staleTime: 5 * 60_000,
    }),
};
