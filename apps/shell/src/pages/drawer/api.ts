import { queryOptions, useMutation } from '@tanstack/react-query';
import { api, downloadCsv, recordWrite } from '@mojud/api-client';
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
 * One Idempotency-Key per opening of the form. Confirmed at once (docs/frontend.md): resolves
 * with the entry's key once it is stored on the device; the form follows it to the server's
 * answer. Counted at the end of a day without a network, the close waits behind the day's queued
 * sales.
 */
export function useCloseDrawer(storeId: string, idempotencyKey: string) {
  return useMutation({
    networkMode: 'always',
    mutationFn: (body: CloseDrawerBody) =>
      recordWrite({
        storeId,
        method: 'POST',
        url: `/stores/${storeId}/drawer/close`,
        body,
        idempotencyKey,
        summary: { kind: 'drawerClose', amount: Number(body.counted) },
        editable: [{ field: 'counted', label: 'amount' }],
      }),
  });
}

/** The day sheet as CSV, its words in the reader's language (the server names the file). */
export const downloadDrawerSheet = (storeId: string, day: string) =>
  downloadCsv(`/stores/${storeId}/drawer/sheet.csv`, { day }, `mojud-drawer-${day}.csv`);
