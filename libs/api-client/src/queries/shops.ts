import { queryOptions } from '@tanstack/react-query';
import type { ShopPickerItem } from '@mojud/contracts';
import { api } from '../client';

/**
 * The store's customer shops as the pickers, the sale screen and the dashboard read them. The
 * customers remote adds its own shop queries (areas, a shop's history) under `all`, so one
 * invalidation of `all` refreshes every list of shops.
 */
export const shopQueries = {
  all: (storeId: string) => ['stores', storeId, 'shops'] as const,
  /** The flat, store-wide list, with each shop's due and tier; `search` filters by name or phone. */
  picker: (storeId: string, search = '') =>
    queryOptions({
      queryKey: [...shopQueries.all(storeId), 'picker', search] as const,
      queryFn: () =>
        api
          .get<{ shops: ShopPickerItem[] }>(`/stores/${storeId}/shops`, { params: { search: search || undefined } })
          .then((r) => r.data.shops),
    }),
};
