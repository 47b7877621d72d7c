import type { OutboxEffect, OutboxEntry } from './types';

export type PendingCounts = Required<Omit<OutboxEffect, 'itemId'>>;

/** The counts the inventory will show once the queue is sent: summed effects of pending entries. */
export function pendingEffects(entries: OutboxEntry[], storeId: string): Map<string, PendingCounts> {
  const byItem = new Map<string, PendingCounts>();
  for (const entry of entries) {
    if (entry.status !== 'pending' || entry.storeId !== storeId) continue;
    for (const effect of entry.effects ?? []) {
      const sum = byItem.get(effect.itemId) ?? { full: 0, empty: 0, stock: 0, problem: 0 };
      sum.full += effect.full ?? 0;
      sum.empty += effect.empty ?? 0;
      sum.stock += effect.stock ?? 0;
      sum.problem += effect.problem ?? 0;
      byItem.set(effect.itemId, sum);
    }
  }
  return byItem;
}
