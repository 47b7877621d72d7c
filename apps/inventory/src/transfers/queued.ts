import { useOutboxView } from '../outbox-view';

const NONE: ReadonlySet<string> = new Set();

/**
 * The transfers of this store with a receipt or a cancel waiting in this device's outbox (made
 * offline, not yet sent): their button gives way to "waiting to sync", so the same step is not
 * queued twice. A refused one is under "Needs attention" and the button comes back.
 */
export function useQueuedTransferSteps(storeId: string): ReadonlySet<string> {
  return useOutboxView(
    storeId,
    (entries) => {
      const step = new RegExp(`^/stores/${storeId}/transfers/([^/]+)/(receive|cancel)$`);
      const ids = entries.filter((e) => e.status === 'pending').map((e) => step.exec(e.url)?.[1]);
      return new Set(ids.filter((id): id is string => Boolean(id)));
    },
    NONE,
  );
}
