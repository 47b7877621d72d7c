// Reads kept for offline use (docs/frontend.md, "Working offline"): the signed-in user's store
// data (inventory, shops, vehicles, staff, dashboard, history: every query under ['stores', …])
// is saved to IndexedDB and restored on the next start, so the pages show the last figures
// without a network. Writes never live here: see the outbox. Sign-out deletes it all.
//
// One IndexedDB record per query (TanStack Query's query persister, with its buster and maxAge),
// stored as an object (IndexedDB's structured clone) rather than JSON. The whole-cache persister
// this replaces wrote every query as one JSON string half a second after any change: changing a
// list's sort saved all 10,000 rows of the other lists again, a main-thread task of about 400 ms
// on the phone profile that made the next tap wait (BENCHMARKS.md, issue 32).
import { hydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { experimental_createQueryPersister, type PersistedQuery } from '@tanstack/react-query-persist-client';
import { openDB } from 'idb';

export const READS_DB = 'mojud-reads';
const STORE = 'queries';
/** Figures older than this are not shown offline: they would mislead more than help. */
export const READS_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Changed when what a saved query holds changes shape: older records are then dropped. */
const BUSTER = '2';

// Version 2 dropped version 1's single JSON record per user ("cache").
const db = () =>
  openDB(READS_DB, 2, {
    upgrade(database) {
      if (database.objectStoreNames.contains('cache')) database.deleteObjectStore('cache');
      if (!database.objectStoreNames.contains(STORE)) database.createObjectStore(STORE);
    },
  });

/** This user's records: keys `reads-<userId>-<query hash>`. */
function storageFor(prefix: string) {
  const range = IDBKeyRange.bound(`${prefix}-`, `${prefix}-\uffff`);
  return {
    getItem: async (key: string) => ((await (await db()).get(STORE, key)) as PersistedQuery | undefined) ?? null,
    setItem: async (key: string, value: PersistedQuery) => {
      await (await db()).put(STORE, value, key);
    },
    removeItem: async (key: string) => {
      await (await db()).delete(STORE, key);
    },
    entries: async () => {
      const database = await db();
      const [keys, values] = await Promise.all([database.getAllKeys(STORE, range), database.getAll(STORE, range)]);
      return keys.map((key, i) => [String(key), values[i] as PersistedQuery] as [string, PersistedQuery]);
    },
  };
}

const isStoreRead = (query: Query) => query.queryKey[0] === 'stores';

let stop: (() => void) | null = null;
let restoring: { userId: string; queryClient: QueryClient; done: Promise<void> } | null = null;

/**
 * Restores this user's saved reads into the client and keeps saving each one as it is fetched;
 * once per sign-in (a second call for the same user and client returns the first one's promise).
 */
export function persistReads(queryClient: QueryClient, userId: string): Promise<void> {
  if (restoring?.userId === userId && restoring.queryClient === queryClient) return restoring.done;
  stop?.();
  const storage = storageFor(`reads-${userId}`);
  const persister = experimental_createQueryPersister<PersistedQuery>({
    storage,
    prefix: `reads-${userId}`,
    buster: BUSTER,
    maxAge: READS_MAX_AGE_MS,
    serialize: (query) => query,
    deserialize: (stored) => stored,
  });
  // Each fetched answer is saved on its own, half a second later (answers that land together, once).
  const dirty = new Map<string, Query>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    timer = null;
    const queries = [...dirty.values()];
    dirty.clear();
    for (const query of queries) if (query.state.status === 'success') void persister.persistQuery(query).catch(() => {});
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    // A fetch's answer; not setQueryData (`manual`): a write's own update is saved with the
    // refetch it is followed by.
    if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual || !isStoreRead(event.query)) return;
    dirty.set(event.query.queryHash, event.query);
    timer ??= setTimeout(flush, 500);
  });
  const onHide = () => document.visibilityState === 'hidden' && flush();
  document.addEventListener('visibilitychange', onHide);
  window.addEventListener('pagehide', flush);
  stop = () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
    dirty.clear();
    document.removeEventListener('visibilitychange', onHide);
    window.removeEventListener('pagehide', flush);
    restoring = null;
  };
  // Restored figures are only for when there is nothing newer: what the page already fetched is
  // kept, and online the restored ones are fetched again at once (a restored answer must not pass
  // for fresh within its staleTime).
  const pageStart = performance.timeOrigin;
  const done = storage
    .entries()
    .then((entries) => {
      const now = Date.now();
      const fits = (saved: PersistedQuery | undefined): saved is PersistedQuery =>
        saved?.buster === BUSTER && saved.state.dataUpdatedAt > 0 && now - saved.state.dataUpdatedAt <= READS_MAX_AGE_MS;
      const usable = entries.map(([, saved]) => saved).filter(fits);
      // Expired or of an older shape: deleted.
      for (const [key, saved] of entries) if (!fits(saved)) void storage.removeItem(key).catch(() => {});
      // hydrate keeps what is newer in the client (what the page fetched meanwhile).
      hydrate(queryClient, { mutations: [], queries: usable.map(({ queryKey, queryHash, state }) => ({ queryKey, queryHash, state, dehydratedAt: state.dataUpdatedAt })) });
    })
    .catch(() => {})
    .then(() => {
      void queryClient.invalidateQueries({ predicate: (query) => isStoreRead(query) && query.state.dataUpdatedAt < pageStart });
      // What the page fetched before the restore ended is saved too.
      for (const query of queryClient.getQueryCache().findAll({ predicate: isStoreRead })) {
        if (query.state.status === 'success' && query.state.dataUpdatedAt >= pageStart) dirty.set(query.queryHash, query);
      }
      timer ??= setTimeout(flush, 500);
    });
  restoring = { userId, queryClient, done };
  return done;
}

/** Sign-out: stop saving and delete every saved read of every user on this device. */
export async function clearReads(): Promise<void> {
  stop?.();
  stop = null;
  await (await db()).clear(STORE);
}
