import { queryOptions, useMutation } from '@tanstack/react-query';
import { api, recordWrite } from '@mojud/api-client';
import { useRefreshWhenSettled } from '../confirm/settle';
import type {
  ReceiveTransferBody,
  SendTransferBody,
  StockLocationItem,
  Transfer,
  TransfersQuery,
} from '@mojud/contracts';

/** What the transfers page and the inventory's "where is the stock?" read (DEALER.md rule 21). */
export const transferQueries = {
  /** Both directions, newest first as the server gives them; `direction` is seen from this store. */
  list: (storeId: string, query: TransfersQuery = {}) =>
    queryOptions({
      queryKey: ['stores', storeId, 'transfers', query] as const,
      queryFn: () => api.get<{ transfers: Transfer[] }>(`/stores/${storeId}/transfers`, { params: query }).then((r) => r.data.transfers),
    }),
  /** The person's other stores where they are manager or up: where stock may be sent. */
  destinations: (storeId: string) =>
    queryOptions({
      queryKey: ['stores', storeId, 'transfer-destinations'] as const,
      queryFn: () => api.get<{ stores: { id: string; name: string }[] }>(`/stores/${storeId}/transfer-destinations`).then((r) => r.data.stores),
    }),
  /** Per item: the store's counts, each vehicle's, and what is on the way out and in. */
  stockLocations: (storeId: string) =>
    queryOptions({
      queryKey: ['stores', storeId, 'stock-locations'] as const,
      queryFn: () => api.get<{ items: StockLocationItem[] }>(`/stores/${storeId}/stock-locations`).then((r) => r.data.items),
    }),
};

export type TransferAnswer = { success: true; message: string; transfer: Transfer };

/**
 * Send stock to another store, confirmed at once (docs/frontend.md, "Every tap confirmed at
 * once"): stored on the device, this resolves with its key; the form shows what leaves the store,
 * marked "Saving…", and follows the entry to the server's transfer or its refusal, which waits
 * under "Needs attention". One Idempotency-Key per opening of the form.
 */
export function useSendTransfer(storeId: string, idempotencyKey: string) {
  return useMutation({
    networkMode: 'always',
    mutationFn: async ({ body, toStoreName }: { body: SendTransferBody; toStoreName: string }) =>
      recordWrite({
        storeId,
        method: 'POST',
        url: `/stores/${storeId}/transfers`,
        body,
        idempotencyKey,
        summary: { kind: 'transferSend', name: toStoreName, quantity: body.lines.reduce((a, l) => a + lineTotal(l), 0) },
        // The stock leaves this store at once.
        effects: (await import('./effects')).sendEffects(body),
      }),
    // Counts are read again once the server has it (or refused it), not at the tap.
    ...useRefreshWhenSettled(storeId),
  });
}

/**
 * Receive a transfer into this store (any member): what arrived, per line, and why any is short.
 * Confirmed at once like the send: stored on the device, this resolves with its key.
 */
export function useReceiveTransfer(storeId: string, transfer: Transfer, idempotencyKey: string) {
  return useMutation({
    networkMode: 'always',
    mutationFn: async (body: ReceiveTransferBody) =>
      recordWrite({
        storeId,
        method: 'POST',
        url: `/stores/${storeId}/transfers/${transfer.id}/receive`,
        body,
        idempotencyKey,
        summary: { kind: 'transferReceive', name: transfer.number, quantity: (body.lines ?? []).reduce((a, l) => a + lineTotal(l), 0) },
        effects: (await import('./effects')).receiveEffects(transfer, body),
      }),
    ...useRefreshWhenSettled(storeId),
  });
}

/** Cancel a transfer this store sent, before it is received: the stock comes back. Confirmed at once. */
export function useCancelTransfer(storeId: string, transfer: Transfer, idempotencyKey: string) {
  return useMutation({
    networkMode: 'always',
    mutationFn: async () =>
      recordWrite({
        storeId,
        method: 'POST',
        url: `/stores/${storeId}/transfers/${transfer.id}/cancel`,
        body: {},
        idempotencyKey,
        summary: { kind: 'transferCancel', name: transfer.number },
        effects: (await import('./effects')).cancelEffects(transfer),
      }),
    ...useRefreshWhenSettled(storeId),
  });
}

type LineCounts = { fullCount?: number; emptyCount?: number; problemCount?: number; stockCount?: number };
/** Pieces on a line: cylinders of every kind and units. */
export const lineTotal = (l: LineCounts) => (l.fullCount ?? 0) + (l.emptyCount ?? 0) + (l.problemCount ?? 0) + (l.stockCount ?? 0);
