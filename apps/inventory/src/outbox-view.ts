import { useEffect, useRef, useState } from 'react';
import { loadOutbox, type OutboxEntry } from '@mojud/api-client';
import { selectUser, useAuthStore } from '@mojud/auth';

type Outbox = Awaited<ReturnType<typeof loadOutbox>>;

/**
 * A view of this device's outbox for the signed-in person, kept current as writes are queued
 * and sent. `view` reads the entries (called with the latest list each time, and the outbox
 * module, which loads on demand).
 */
export function useOutboxView<T>(storeId: string, view: (entries: OutboxEntry[], outbox: Outbox) => T, none: T): T {
  const userId = useAuthStore(selectUser)?.id;
  const [value, setValue] = useState(none);
  const read = useRef(view);
  read.current = view;
  useEffect(() => {
    let alive = true;
    let unsubscribe = () => {};
    void loadOutbox().then((outbox) => {
      const refresh = () =>
        void outbox
          .listOutbox()
          .then((entries) => {
            if (alive) setValue(read.current(entries, outbox));
          })
          // No IndexedDB here (an old browser, a private window that refuses it): nothing queued.
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
  return value;
}
