import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { AccessoryItem, AccessoryKind, Brand, CylinderFilters, CylinderItem, ReorderItem } from '@mojud/contracts';
import { api } from '../client';

const plural: Record<AccessoryKind, 'stoves' | 'regulators'> = { stove: 'stoves', regulator: 'regulators' };

/**
 * What the store stocks: its brands, cylinders, stoves and regulators with their counts and
 * prices. Every key sits directly under ['stores', storeId], which every stock or money write
 * invalidates. Cache times are the reader's choice (the inventory keeps its counts 2 minutes).
 */
export const itemQueries = {
  /** The brands the store may sell, each with whether it does. */
  brands: (storeId: string) =>
    queryOptions({
      queryKey: ['stores', storeId, 'brands'] as const,
      queryFn: () => api.get<{ localBrands: Brand[] }>(`/stores/${storeId}/brands/a`).then((r) => r.data.localBrands),
    }),
  /** Cylinders of the active brands; `{}` for every size and valve. */
  cylinders: (storeId: string, filters: CylinderFilters = {}) =>
    queryOptions({
      queryKey: ['stores', storeId, 'cylinders', filters] as const,
      queryFn: () =>
        api.get<CylinderItem[]>(`/stores/${storeId}/cylinder-inventory`, { params: filters }).then((r) => r.data),
    }),
  accessories: (storeId: string, kind: AccessoryKind) =>
    queryOptions({
      queryKey: ['stores', storeId, plural[kind]] as const,
      queryFn: () => api.get<AccessoryItem[]>(`/stores/${storeId}/${kind}-inventory`).then((r) => r.data),
    }),
  /** Items at or below their reorder level, most short first. */
  reorder: (storeId: string) =>
    queryOptions({
      queryKey: ['stores', storeId, 'reorder'] as const,
      queryFn: () => api.get<{ items: ReorderItem[] }>(`/stores/${storeId}/reorder`).then((r) => r.data.items),
    }),
};

/** One tradeable item of any kind, with what the store holds of it (full cylinders, or units). */
export interface StoreItem {
  itemType: 'cylinder' | AccessoryKind;
  id: string;
  name: string;
  count: number;
}

function allItems([cylinders, stoves, regulators]: [
  UseQueryResult<CylinderItem[]>,
  UseQueryResult<AccessoryItem[]>,
  UseQueryResult<AccessoryItem[]>,
]) {
  const data =
    cylinders.data && stoves.data && regulators.data
      ? [
          ...cylinders.data.map((c): StoreItem => ({ itemType: 'cylinder', id: c.id, name: c.name, count: c.fullCount })),
          ...stoves.data.map((a): StoreItem => ({ itemType: 'stove', id: a.id, name: a.name, count: a.stockCount })),
          ...regulators.data.map((a): StoreItem => ({ itemType: 'regulator', id: a.id, name: a.name, count: a.stockCount })),
        ]
      : undefined;
  return {
    data,
    isPending: cylinders.isPending || stoves.isPending || regulators.isPending,
    error: cylinders.error ?? stoves.error ?? regulators.error,
  };
}

/**
 * Every item the store trades (cylinders of all sizes, then stoves, then regulators), read
 * through the same cache entries as the inventory's lists.
 */
export function useStoreItems(storeId: string) {
  const cylinders = useQuery(itemQueries.cylinders(storeId));
  const stoves = useQuery(itemQueries.accessories(storeId, 'stove'));
  const regulators = useQuery(itemQueries.accessories(storeId, 'regulator'));
  return allItems([cylinders, stoves, regulators]);
}
