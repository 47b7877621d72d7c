// The pieces of a write confirmed on screen at once (docs/frontend.md, "Every tap confirmed at
// once"), shared by the trade modal, the transfer's send and receipt, the problem mark and the
// stock count: its result worked out here with libs/domain, marked "Saving…", then the server's
// answer; a refusal says it was not recorded, with the reason, and where it waits. A chunk of
// its own, loaded before the tap.
import { useEffect } from 'react';
import { useConfirmedWrite, useOutboxEntry, type EntryState } from '@mojud/api-client';
import type { StoreCounts } from '@mojud/domain';
import { formatCount, formatItemName, notify } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';
import './texts';

/**
 * Where the write recorded under `key` stands, with what follows: kept on this device
 * (offline) it says so and is `done`; saved, the server's answer in a notice (`saved`) and
 * `done`. Refused, it stays for the screen to say so.
 */
export function useConfirmed(key: string | null, on: { offline: string; saved: (data: unknown) => string; done: () => void }): EntryState | null {
  const state = useOutboxEntry(key);
  const status = state?.status;
  useEffect(() => {
    if (!state || status === 'saving' || status === 'refused') return;
    notify.success(state.status === 'waiting' ? on.offline : on.saved(state.status === 'saved' ? state.data : undefined));
    on.done();
    // Once per change of where the write stands.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, status]);
  return state;
}

/**
 * A form's write confirmed at once: libs/api-client's `useConfirmedWrite`, with the notices and
 * the close of `useConfirmed` (kept on this device, or saved with `on.saved` worded from what was
 * shown, not from the component's state). The store's figures are not read again here: the
 * inventory's write hooks do it themselves once the server has the entry or refuses it
 * (`useRefreshWhenSettled`, ./settle.ts), so it happens even after the modal is closed.
 */
export function useTakenWrite<S>(on: { offline: string; saved: (data: unknown, shown: S) => string; done: () => void }) {
  return useConfirmedWrite<S>(null, {
    waiting: () => {
      notify.success(on.offline);
      on.done();
    },
    saved: (data, shown) => {
      notify.success(on.saved(data, shown));
      on.done();
    },
  });
}

// The modal itself is the design system's, as for the due payment, the van and the expense.
export { ConfirmedModal } from '@mojud/design-system';

export interface CountsAfter {
  itemId: string;
  name: string;
  cylinder: boolean;
  after: StoreCounts;
}

/** The store's counts after the write, by item ("full 28 · empty 7"). */
export function CountsAfterList({ counts }: { counts: CountsAfter[] }) {
  const t = useT(ns);
  if (counts.length === 0) return null;
  const text = ({ cylinder, after: c }: CountsAfter) => {
    const n = { full: formatCount(c.full), empty: formatCount(c.empty), problem: formatCount(c.problem), count: formatCount(c.stock) };
    if (cylinder) return t(c.problem > 0 ? 'confirm.cylinderCountsProblem' : 'confirm.cylinderCounts', n);
    return t(c.problem > 0 ? 'confirm.unitCountsProblem' : 'confirm.unitCounts', n);
  };
  return (
    <section>
      <h3>{t('confirm.countsAfter')}</h3>
      <ul data-testid="counts-after">
        {counts.map((c) => (
          <li key={c.itemId}>
            {formatItemName(c.name)}: {text(c)}
          </li>
        ))}
      </ul>
    </section>
  );
}
