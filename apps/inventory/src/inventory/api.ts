import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, itemQueries, recordWrite, shopQueries } from '@mojud/api-client';
import { useRefreshWhenSettled } from '../confirm/settle';
import type {
  AccessoryItem,
  AccessoryKind,
  CylinderFilters,
  PaymentMethod,
  PriceBody,
  StockCountBody,
  TradeType,
} from '@mojud/contracts';

export type ItemKind = 'cylinder' | AccessoryKind;

/**
 * An item as the trade modal sells it: `price` is the retail price, `wholesalePrice` a shop's. A
 * cylinder's package has its own (DEALER.md rule 12; null: not set yet).
 */
export interface TradeItem {
  id: string;
  name: string;
  price: number;
  wholesalePrice?: number;
  packageRetailPrice?: number | null;
  packageWholesalePrice?: number | null;
}
export type TradeSide = 'buy' | 'sell';

const plural: Record<ItemKind, string> = { cylinder: 'cylinders', stove: 'stoves', regulator: 'regulators' };

// Spec section 7: the inventory's counts are cached 2 minutes, kept 10, no refetch on window focus.
const countsCache = { staleTime: 2 * 60_000, gcTime: 10 * 60_000, refetchOnWindowFocus: false } as const;

/** The shared item queries (@mojud/api-client) as the inventory's pages read them. */
export const inventoryQueries = {
  all: (storeId: string) => ['stores', storeId] as const,
  brands: itemQueries.brands,
  cylinders: (storeId: string, filters: CylinderFilters) => queryOptions({ ...itemQueries.cylinders(storeId, filters), ...countsCache }),
  accessories: (storeId: string, kind: AccessoryKind) => queryOptions({ ...itemQueries.accessories(storeId, kind), ...countsCache }),
  /** 5, 12, 20 kg and the sizes the store added (35, 45 kg). */
  sizes: (storeId: string) =>
    queryOptions({
      queryKey: ['stores', storeId, 'cylinder-sizes'] as const,
      queryFn: () => api.get<{ sizes: number[] }>(`/stores/${storeId}/cylinder-sizes`).then((r) => r.data.sizes),
      staleTime: 10 * 60_000,
    }),
};

/** Adds a cylinder size: its items appear for every brand, so the store's lists are stale. */
export function useAddCylinderSize(storeId: string) {
  const invalidate = useInvalidateStore(storeId);
  return useMutation({
    mutationFn: (size: number) =>
      api.post<{ sizes: number[] }>(`/stores/${storeId}/cylinder-sizes`, { size }).then((r) => r.data.sizes),
    onSuccess: invalidate,
  });
}

/** Stock and money moved: this store's inventory, dashboard and history are all stale. */
function useInvalidateStore(storeId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['stores', storeId] });
}

export interface TradeInput {
  id: string;
  quantity: number;
  /** Sells: the tier price shown; the server refuses a stale one. */
  price?: number;
  /** Buys: what was paid per unit, and from whom. */
  unitCost?: number;
  supplier?: string;
  challanNumber?: string;
  supplierId?: string;
  paid?: number;
  accountId?: string;
  totalAmount: number;
  paymentMethod: PaymentMethod;
  tradeType?: TradeType;
  shopId?: string;
  /** A walk-in refill above the official price: why (rule 13). */
  officialPriceReason?: string;
  /** Refill sells: empties handed in (default the quantity) and their item (default the same). */
  emptiesIn?: number;
  emptiesItemId?: string;
}

/**
 * Buys and sells are confirmed at once (docs/frontend.md, "Every tap confirmed at once"): the
 * trade is stored on the device and this resolves with its key; the modal shows the counts after
 * it, marked "Saving…", and follows the entry to the server's answer or its refusal, which waits
 * under "Needs attention". One Idempotency-Key per opening of the trade modal: a double click
 * never sells twice.
 */
export function useTrade(storeId: string, kind: ItemKind, side: TradeSide, idempotencyKey: string, filters?: CylinderFilters, name = '') {
  return useMutation({
    // Offline the outbox keeps it; the mutation must not wait for the network itself.
    networkMode: 'always',
    mutationFn: async (input: TradeInput) =>
      recordWrite({
        storeId,
        method: 'POST',
        url: `/stores/${storeId}/${plural[kind]}/${side}`,
        params: kind === 'cylinder' ? (filters as Record<string, string | number | undefined>) : undefined,
        body: input,
        idempotencyKey,
        summary: { kind: side === 'sell' ? 'sale' : 'purchase', name, quantity: input.quantity, amount: input.totalAmount },
        // How the trade changes the counts the inventory shows (as "not yet synced" while queued).
        effects: (await import('./effects')).tradeEffects(kind, side, input),
        // A sale refused for a changed price can be sent again at the new one.
        editable: [
          { field: 'quantity', label: 'quantity' },
          ...(side === 'sell' ? [{ field: 'price', label: 'price' }] : []),
          { field: 'totalAmount', label: 'amount' },
        ],
      }),
    // Counts are read again once the server has it (or refused it), not at the tap.
    ...useRefreshWhenSettled(storeId),
  });
}

/**
 * Marks stock as problem or back, confirmed at once (docs/frontend.md, "Every tap confirmed at
 * once"): stored on the device, this resolves with its key; the modal shows the counts after it.
 */
export function useMarkProblem(storeId: string, kind: ItemKind, idempotencyKey: string, filters?: CylinderFilters, name = '') {
  return useMutation({
    networkMode: 'always',
    mutationFn: async ({ id, count, mark }: { id: string; count: number; mark: boolean }) =>
      recordWrite({
        storeId,
        method: 'PATCH',
        url: `/stores/${storeId}/${plural[kind]}/mark-defected`,
        params: { ...(kind === 'cylinder' ? filters : {}), isDefected: String(mark) },
        body: { id, cylinderCount: count },
        idempotencyKey,
        summary: { kind: mark ? 'problemMark' : 'problemUnmark', name, quantity: count },
        effects: (await import('./effects')).problemEffects(kind, id, count, mark),
        editable: [{ field: 'cylinderCount', label: 'quantity' }],
      }),
    ...useRefreshWhenSettled(storeId),
  });
}

export function useSetPrice(storeId: string, kind: ItemKind) {
  const invalidate = useInvalidateStore(storeId);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PriceBody }) =>
      api.patch(`/stores/${storeId}/${kind}-inventory/${id}`, body).then((r) => r.data),
    onSuccess: invalidate,
  });
}

/**
 * A stock count sets the counts to what was counted, confirmed at once (docs/frontend.md): stored
 * on the device, this resolves with its key.
 */
export function useStockCount(storeId: string, idempotencyKey: string, name = '') {
  return useMutation({
    networkMode: 'always',
    mutationFn: (input: StockCountBody) =>
      recordWrite({
        storeId,
        method: 'POST',
        url: `/stores/${storeId}/stock-counts`,
        body: input,
        idempotencyKey,
        // Counted numbers replace what the server has, so no "not yet synced" change is shown.
        summary: { kind: 'stockCount', name },
        editable: (['fullCount', 'emptyCount', 'problemCount', 'stockCount'] as const)
          .filter((field) => input[field] !== undefined)
          .map((field) => ({ field, label: field })),
      }),
    ...useRefreshWhenSettled(storeId),
  });
}

export function useCreateAccessory(storeId: string, kind: AccessoryKind) {
  const invalidate = useInvalidateStore(storeId);
  return useMutation({
    mutationFn: (body: { name: string; price: number }) =>
      api.post<{ item: AccessoryItem }>(`/stores/${storeId}/${kind}-inventory`, body).then((r) => r.data.item),
    onSuccess: invalidate,
  });
}

/** The shops a sale can go to, with the tier each buys at: the shared shop picker's list. */
export const shopOptions = (storeId: string) => queryOptions({ ...shopQueries.picker(storeId), retry: false });
