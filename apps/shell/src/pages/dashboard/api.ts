import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '@mojud/api-client';
import type { LedgerEntry, Member, ShopPickerItem, StaffMember, Summary, TransactionsResponse, Vehicle } from '@mojud/contracts';

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

/** Names for the dashboard's carousels and the history filters; keys apart from the remotes' own caches. */
export const listQueries = {
  shops: (storeId: string) =>
    queryOptions({
      queryKey: [...ledgerQueries.all(storeId), 'owner-lists', 'shops'] as const,
      queryFn: () =>
        get<{ shops: ShopPickerItem[] }>(`/stores/${storeId}/shops`).then((d) => d.shops),
    }),
  vehicles: (storeId: string) =>
    queryOptions({
      queryKey: [...ledgerQueries.all(storeId), 'owner-lists', 'vehicles'] as const,
      queryFn: () => get<{ vehicles: Vehicle[] }>(`/stores/${storeId}/vehicles`).then((d) => d.vehicles),
    }),
  staff: (storeId: string) =>
    queryOptions({
      queryKey: [...ledgerQueries.all(storeId), 'owner-lists', 'staff'] as const,
      queryFn: () => get<{ staff: StaffMember[] }>(`/stores/${storeId}/staff`).then((d) => d.staff),
    }),
  members: (storeId: string) =>
    queryOptions({
      queryKey: [...ledgerQueries.all(storeId), 'owner-lists', 'members'] as const,
      queryFn: () => get<{ members: Member[] }>(`/stores/${storeId}/members`).then((d) => d.members),
    }),
  /** Every tradeable item: cylinders of all sizes, stoves, regulators. */
  items: (storeId: string) =>
    queryOptions({
      queryKey: [...ledgerQueries.all(storeId), 'owner-lists', 'items'] as const,
      queryFn: async () => {
        const [cylinders, stoves, regulators] = await Promise.all(
          ['cylinder', 'stove', 'regulator'].map((kind) =>
            get<{ items: { id: string; name: string }[] }>(`/stores/${storeId}/${kind}-inventory`).then(
              (d) => d.items,
            ),
          ),
        );
        return [...cylinders, ...stoves, ...regulators].map(({ id, name }) => ({ id, name }));
      },
    }),
};

export type { LedgerEntry };
