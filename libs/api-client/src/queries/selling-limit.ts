import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SellingLimitSettings } from '@mojud/contracts';
import { sellingLimitFor, type SellingLimit } from '@mojud/domain';
import { api } from '../client';

/** How far below the tier price staff may sell (DEALER.md rule 14): read by every sale screen, set in the store's settings. */
export const sellingLimitQueries = {
  settings: (storeId: string) =>
    queryOptions({
      queryKey: ['stores', storeId, 'selling-limit'] as const,
      queryFn: () => api.get<{ sellingLimit: SellingLimitSettings }>(`/stores/${storeId}/selling-limit`).then((r) => r.data.sellingLimit),
      staleTime: 5 * 60_000,
    }),
};

/**
 * The limit the signed-in seller sells under in this store: null for managers and up (any
 * price), the store's limit for staff. Until the store's limit is known a staff member is held to
 * the default (not below the tier); the server checks again either way.
 */
export function useSellingLimit(storeId: string, role: string | null | undefined): SellingLimit | null {
  const limited = sellingLimitFor(role ?? 'staff', 0) !== null;
  const settings = useQuery({ ...sellingLimitQueries.settings(storeId), enabled: limited && storeId !== '' });
  return limited ? sellingLimitFor(role ?? 'staff', settings.data?.staffBelowTierPercent ?? 0) : null;
}
