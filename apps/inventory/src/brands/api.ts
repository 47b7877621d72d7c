import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@mojud/api-client';
import type { Brand } from '@mojud/contracts';

export const brandQueries = {
  /** The store's brands, active or not; under ['stores', storeId] like every store figure. */
  list: (storeId: string) =>
    queryOptions({
      queryKey: ['stores', storeId, 'brands'] as const,
      queryFn: () =>
        api.get<{ localBrands: Brand[] }>(`/stores/${storeId}/brands/a`).then((r) => r.data.localBrands),
    }),
};

/** Turns brands on and off, then reads every store figure again. */
export function useSaveBrands(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: { id: string; isActive: boolean }[]) =>
      api
        .patch<{ message: string; updatedBrands: Brand[] }>(`/stores/${storeId}/brands`, changes)
        .then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['stores', storeId] }),
  });
}
