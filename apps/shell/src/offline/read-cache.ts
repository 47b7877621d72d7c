// Reads kept for offline use (docs/frontend.md, "Working offline"): the signed-in user's store
// data (inventory, shops, vehicles, staff, dashboard, history: every query under ['stores', …])
// is saved to IndexedDB by TanStack Query's persister and restored on the next start, so the
// pages show the last figures without a network. Writes never live here: see the outbox.
// Sign-out deletes it all. Loaded after sign-in only.
import type { QueryClient } from '@tanstack/react-query';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { persistQueryClient, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { openDB } from 'idb';

export const READS_DB = 'mojud-reads';
const STORE = 'cache';
/** Figures older than this are not shown offline: they would mislead more than help. */
export const READS_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

const db = () =>
  openDB(READS_DB, 1, {
    upgrade(database) {
      database.createObjectStore(STORE);
    },
  });

const storage = {
  getItem: async (key: string) => ((await (await db()).get(STORE, key)) as string | undefined) ?? null,
  setItem: async (key: string, value: string) => {
    await (await db()).put(STORE, value, key);
  },
  removeItem: async (key: string) => {
    await (await db()).delete(STORE, key);
  },
};

let stop: (() => void) | null = null;

/** Restores this user's saved reads into the client and keeps saving them; once per sign-in. */
export function persistReads(queryClient: QueryClient, userId: string): Promise<void> {
  stop?.();
  const persister = createAsyncStoragePersister({ storage, key: `reads-${userId}`, throttleTime: 500 });
  const options = {
    queryClient,
    persister,
    buster: '1',
    dehydrateOptions: {
      shouldDehydrateQuery: (query: { state: { status: string }; queryKey: readonly unknown[] }) =>
        query.state.status === 'success' && query.queryKey[0] === 'stores',
      shouldDehydrateMutation: () => false,
    },
  };
  const [unsubscribe, restored] = persistQueryClient({ ...options, maxAge: READS_MAX_AGE_MS });
  // Saving starts with the next change after the restore: what the page fetched before that
  // (its first reads) is saved now, and again as the page goes away.
  const save = () => void persistQueryClientSave(options).catch(() => {});
  const onHide = () => document.visibilityState === 'hidden' && save();
  document.addEventListener('visibilitychange', onHide);
  window.addEventListener('pagehide', save);
  stop = () => {
    unsubscribe();
    document.removeEventListener('visibilitychange', onHide);
    window.removeEventListener('pagehide', save);
  };
  // Restored figures are only for when there is nothing newer: online they are fetched again at
  // once (a restored answer must not pass for fresh within its staleTime).
  const pageStart = performance.timeOrigin;
  return restored.then(() => {
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'stores' && query.state.dataUpdatedAt < pageStart });
    save();
  });
}

/** Sign-out: stop saving and delete every saved read of every user on this device. */
export async function clearReads(): Promise<void> {
  stop?.();
  stop = null;
  await (await db()).clear(STORE);
}
