import { useEffect, useState } from 'react';
import { loadOutbox } from '@mojud/api-client';
import { selectUser, useAuthStore } from '@mojud/auth';

const NONE: ReadonlySet<string> = new Set();

/**
 * The transfers of this store with a receipt or a cancel waiting in this device's outbox (made
 * offline, not yet sent): their button gives way to "waiting to sync", so the same step is not
 * queued twice. A refused one is under "Needs attention" and the button comes back.
 */
export function useQueuedTransferSteps(storeId: string): ReadonlySet<string> {
  const userId = useAuthStore(selectUser)?.id;
  const [ids, setIds] = useState(NONE);
  useEffect(() => {
    let alive = true;
    let unsubscribe = () => {};
    const step = new RegExp(`^/stores/${storeId}/transfers/([^/]+)/(receive|cancel)$`);
    void loadOutbox().then((outbox) => {
      const refresh = () =>
        void outbox
          .listOutbox()
          .then((entries) => {
            if (!alive) return;
            const queued = entries.filter((e) => e.status === 'pending').map((e) => step.exec(e.url)?.[1]);
            setIds(new Set(queued.filter((id): id is string => Boolean(id))));
          })
          // No IndexedDB here: nothing is queued.
          .catch(() => {});
      if (!alive) return;
      unsubscribe = outbox.subscribeOutbox(refresh);
      refresh();
    });
    return () => {
      alive = false;
      unsubscribe();
    };
  }, [storeId, userId]);
  return ids;
}
