import type { PendingCounts } from '@mojud/api-client';
import { useOutboxView } from '../outbox-view';
import { formatCount } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';

const NONE = new Map<string, PendingCounts>();

/**
 * What the writes waiting in this device's outbox will do to each item's counts (sales and buys
 * made offline), so the list shows the counts the shop has now, marked as not yet synced.
 */
export function usePendingCounts(storeId: string): Map<string, PendingCounts> {
  return useOutboxView(storeId, (entries, outbox) => outbox.pendingEffects(entries, storeId), NONE);
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
