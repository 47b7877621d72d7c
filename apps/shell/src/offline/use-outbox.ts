import { useEffect, useSyncExternalStore } from 'react';
import { loadOutbox as load, type OutboxEntry } from '@mojud/api-client';

let snapshot: OutboxEntry[] = [];
const listeners = new Set<() => void>();
let subscribed = false;

async function refresh() {
  const outbox = await load();
  snapshot = await outbox.listOutbox();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!subscribed) {
    subscribed = true;
    void load().then((outbox) => {
      outbox.subscribeOutbox(() => void refresh());
      void refresh();
    });
  }
  return () => listeners.delete(listener);
}

/**
 * The signed-in user's queued writes (pending and refused), oldest first, kept current across
 * tabs. `userId` re-reads the list when another person signs in.
 */
export function useOutbox(userId: string | null | undefined): OutboxEntry[] {
  const entries = useSyncExternalStore(subscribe, () => snapshot, () => snapshot);
  useEffect(() => {
    void refresh();
  }, [userId]);
  return userId ? entries : [];
}
