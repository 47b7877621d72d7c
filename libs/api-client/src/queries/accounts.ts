import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MoneyAccount } from '@mojud/contracts';
import { api } from '../client';

/**
 * The store's money accounts (DEALER.md rule 15): read by every form that takes or pays money
 * (which wallet was paid) and by the money pages. Balances come only to managers and up.
 */
export const accountQueries = {
  list: (storeId: string) =>
    queryOptions({
      queryKey: ['stores', storeId, 'accounts'] as const,
      queryFn: () => api.get<{ accounts: MoneyAccount[] }>(`/stores/${storeId}/accounts`).then((r) => r.data.accounts),
      staleTime: 60_000,
    }),
};

/** The store's accounts, for a form's account picker; empty until they are read. */
export function useMoneyAccounts(storeId: string): MoneyAccount[] {
  return useQuery({ ...accountQueries.list(storeId), enabled: storeId !== '' }).data ?? [];
}
