import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '@mojud/api-client';
import type { LedgerEntry, MoneyReport, Summary, TransactionsResponse } from '@mojud/contracts';

export type Period = 'today' | 'month';

/** Ledger filters as the API takes them (dates are Dhaka days, inclusive). */
export interface LedgerFilters {
  kind?: string;
  from?: string;
  to?: string;
  itemId?: string;
  shopId?: string;
  vehicleId?: string;
  staffId?: string;
  userId?: string;
}

export const PAGE_SIZE = 50;

const get = <T,>(url: string, params?: object) => api.get<T>(url, { params }).then((r) => r.data);

/** Everything here sits under ['stores', storeId], so one invalidation after a trade refreshes it all. */
export const ledgerQueries = {
  all: (storeId: string) => ['stores', storeId] as const,
  summary: (storeId: string, period: Period) =>
    queryOptions({
      queryKey: [...ledgerQueries.all(storeId), 'summary', period] as const,
      queryFn: () => get<Summary>(`/stores/${storeId}/summary`, { period }),
    }),
  transactions: (storeId: string, filters: LedgerFilters) =>
    infiniteQueryOptions({
      queryKey: [...ledgerQueries.all(storeId), 'transactions', filters] as const,
      queryFn: ({ pageParam }) =>
        get<TransactionsResponse>(`/stores/${storeId}/transactions`, {
          ...filters,
          ...(pageParam ? { cursor: pageParam } : {}),
          limit: PAGE_SIZE,
        }),
      initialPageParam: 0,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
};

export type { LedgerEntry };

/** Today's money picture (managers and up): each account's balance, what is owed, net profit. */
export const moneyPicture = (storeId: string, day: string) =>
  queryOptions({
    queryKey: ['stores', storeId, 'money-report', { from: day, to: day }] as const,
    queryFn: () => get<MoneyReport>(`/stores/${storeId}/reports/money`, { from: day, to: day }),
  });
