// A transfer line's counts as people read them: "Full 30 · Empty 10", or "12 pcs".
import type { TransferLineCounts } from '@mojud/contracts';
import type { TransferCounts } from '@mojud/domain';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';
import './texts';

type ItemType = 'cylinder' | 'stove' | 'regulator';
type Counts = { fullCount?: number; emptyCount?: number; problemCount?: number; stockCount?: number };

/** The answer's counts (fullCount, …) as the domain's (full, …). */
export const toCounts = (c: Counts): TransferCounts => ({
  full: c.fullCount ?? 0,
  empty: c.emptyCount ?? 0,
  problem: c.problemCount ?? 0,
  stock: c.stockCount ?? 0,
});

/** The body's field of each kind. */
export const KIND_FIELD = { full: 'fullCount', empty: 'emptyCount', problem: 'problemCount', stock: 'stockCount' } as const;

/** The kinds a line carries: those sent (a cylinder's full, empty, problem; a stove's pieces). */
export function kindsOf(itemType: ItemType, sent: TransferLineCounts): (keyof TransferCounts)[] {
  const c = toCounts(sent);
  const kinds: (keyof TransferCounts)[] = itemType === 'cylinder' ? ['full', 'empty', 'problem'] : ['stock', 'problem'];
  const carried = kinds.filter((k) => c[k] > 0);
  return carried.length > 0 ? carried : kinds.slice(0, 1);
}

/** "Full 30 · Empty 10" in the reader's words and digits; "None" when nothing. */
export function useCountsText() {
  const t = useT(ns);
  return (counts: Counts, itemType: ItemType) => {
    const c = toCounts(counts);
    const parts = [
      c.full > 0 || (itemType === 'cylinder' && c.full + c.empty + c.problem === 0) ? t('transfers.full', { count: c.full }) : null,
      c.empty > 0 ? t('transfers.empty', { count: c.empty }) : null,
      c.problem > 0 ? t('transfers.problem', { count: c.problem }) : null,
      c.stock > 0 || (itemType !== 'cylinder' && c.stock + c.problem === 0) ? t('transfers.units', { count: c.stock }) : null,
    ].filter(Boolean);
    return parts.join(' · ');
  };
}
