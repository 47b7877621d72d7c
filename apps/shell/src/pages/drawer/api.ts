import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, downloadCsv, QUEUED, submitWrite } from '@mojud/api-client';
import type { CloseDrawerBody, DrawerDay } from '@mojud/contracts';

// The cash drawer's day and its close (DEALER.md rule 17). Under ['stores', storeId] like every
// store read, so it is kept for offline use and refreshed after any write of the store.

export const drawerQueries = {
  day: (storeId: string, day: string | null) =>
    queryOptions({
      queryKey: ['stores', storeId, 'drawer', day ?? 'today'] as const,
      queryFn: () => api.get<{ drawer: DrawerDay }>(`/stores/${storeId}/drawer`, { params: day ? { day } : {} }).then((r) => r.data.drawer),
    }),
};

export type CloseDrawerResult = { success: true; message: string; drawer: DrawerDay };

/**
 * One Idempotency-Key per opening of the form. Through the outbox (docs/frontend.md): counted at
 * the end of a day without a network, the close waits behind the day's queued sales.
 */
export function useCloseDrawer(storeId: string, idempotencyKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async (body: CloseDrawerBody) => {
      const result = await submitWrite<CloseDrawerResult>({
        storeId,
        method: 'POST',
        url: `/stores/${storeId}/drawer/close`,
        body,
        idempotencyKey,
        summary: { kind: 'drawerClose', amount: Number(body.counted) },
        editable: [{ field: 'counted', label: 'amount' }],
      });
      return result.queued ? QUEUED : result.data;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['stores', storeId] }),
  });
}

/** The day sheet as CSV, its words in the reader's language (the server names the file). */
export const downloadDrawerSheet = (storeId: string, day: string) =>
  downloadCsv(`/stores/${storeId}/drawer/sheet.csv`, { day }, `mojud-drawer-${day}.csv`);
