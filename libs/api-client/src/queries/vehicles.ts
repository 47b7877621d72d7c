import { queryOptions } from '@tanstack/react-query';
import type { Vehicle } from '@mojud/contracts';
import { api } from '../client';

/** The store's vehicles, with what each carries. The fleet remote adds its own under `all`. */
export const vehicleQueries = {
  all: (storeId: string) => ['stores', storeId, 'vehicles'] as const,
  list: (storeId: string) =>
    queryOptions({
      queryKey: [...vehicleQueries.all(storeId), 'list'] as const,
      queryFn: () => api.get<{ vehicles: Vehicle[] }>(`/stores/${storeId}/vehicles`).then((r) => r.data.vehicles),
    }),
};
