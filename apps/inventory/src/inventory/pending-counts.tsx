import { useEffect, useState } from 'react';
import { loadOutbox, type PendingCounts } from '@mojud/api-client';
import { selectUser, useAuthStore } from '@mojud/auth';
import { formatCount } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';

const NONE = new Map<string, PendingCounts>();

/**
 * What the writes waiting in this device's outbox will do to each item's counts (sales and buys
 * made offline), so the list shows the counts the shop has now, marked as not yet synced.
 */
export function usePendingCounts(storeId: string): Map<string, PendingCounts> {
  const userId = useAuthStore(selectUser)?.id;
  const [counts, setCounts] = useState(NONE);
  useEffect(() => {
    let alive = true;
    let unsubscribe = () => {};
    void loadOutbox().then((outbox) => {
      const refresh = () =>
        void outbox
          .listOutbox()
          .then((entries) => {
            if (alive) setCounts(outbox.pendingEffects(entries, storeId));
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
  return counts;
}

/** A count with what the queue will change, e.g. "5" and "−3 not yet synced". */
export function PendingCount({ value, delta }: { value: number; delta: number }) {
  const t = useT(ns);
  if (!delta) return <>{formatCount(value)}</>;
  return (
    <>
      {formatCount(value + delta)}
      <span className="inv-sub inv-unsynced">{t('notSynced', { delta: `${delta > 0 ? '+' : '−'}${formatCount(Math.abs(delta))}` })}</span>
    </>
  );
}
