import { queryOptions, useMutation } from '@tanstack/react-query';
import { api, recordWrite } from '@mojud/api-client';
import type { CollectEmptiesBody, EmptiesOut, Vehicle } from '@mojud/contracts';

/** Empties owed by shops (DEALER.md rule 9), and what collecting them needs. */
export const emptiesQueries = {
  out: (storeId: string) =>
    queryOptions({
      queryKey: ['stores', storeId, 'empties-owed'] as const,
      queryFn: () => api.get<EmptiesOut>(`/stores/${storeId}/empties-owed`).then((r) => r.data),
    }),
  /** Vehicles empties can be put on (a driver collecting on the round). */
  vehicles: (storeId: string) =>
    queryOptions({
      queryKey: ['stores', storeId, 'vehicles', 'list'] as const,
      queryFn: () => api.get<{ vehicles: Vehicle[] }>(`/stores/${storeId}/vehicles`).then((r) => r.data.vehicles),
    }),
};

/**
 * One Idempotency-Key per opening of the collect form: a retried tap never collects twice.
 * Confirmed at once (docs/frontend.md): resolves with the entry's key once it is stored on the
 * device; the form follows it (`useConfirmedWrite`) to the server's answer or its refusal.
 */
export function useCollectEmpties(storeId: string, idempotencyKey: string) {
  return useMutation({
    networkMode: 'always',
    mutationFn: async ({ shopId, body, shopName = '' }: { shopId: string; body: CollectEmptiesBody; shopName?: string }) =>
      recordWrite({
        storeId,
        method: 'POST',
        url: `/stores/${storeId}/shops/${shopId}/empties`,
        body,
        idempotencyKey,
        summary: { kind: 'collectEmpties', name: shopName, quantity: body.lines.reduce((a, l) => a + Number(l.count), 0) },
        // Into the store (not onto a van): its empty counts go up.
        effects: (await import('./effects')).collectEffects(body),
      }),
  });
}
