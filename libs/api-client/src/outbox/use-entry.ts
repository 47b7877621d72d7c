import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { EntryState } from './outbox';

/**
 * Where the write recorded under `key` stands (saving, waiting, saved with the server's answer,
 * refused with its reason), following it as the outbox sends it; null until known or without a
 * key. The outbox module is loaded on first use.
 */
export function useOutboxEntry(key: string | null): EntryState | null {
  const [state, setState] = useState<{ key: string; state: EntryState } | null>(null);
  useEffect(() => {
    if (!key) return;
    let stop: (() => void) | null = null;
    let live = true;
    void import(/* webpackChunkName: "outbox" */ './outbox').then((m) => {
      if (live) stop = m.watchEntry(key, (next) => setState({ key, state: next }));
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [key]);
  return state && state.key === key ? state.state : null;
}

/**
 * A tap confirmed at once (docs/frontend.md): `track(shown, onError)` puts what the device worked
 * out (`shown`, from libs/domain) on screen with the tap and gives the mutation of `recordWrite`
 * its callbacks: the stored entry is then followed (`state`); a write not even stored clears it
 * and goes to `onError`. Once the server answers, saved or refused, the store's queries are read
 * again (not at the tap); `on.saved` gets its answer, `on.waiting` hears that it waits on the
 * device (offline, or behind an entry that cannot go yet). With `storeId` null nothing is read
 * again here: the caller's write hooks do it themselves (the inventory's, even once its modal is
 * closed).
 */
export function useConfirmedWrite<S, D = unknown>(
  storeId: string | null,
  on: { saved?: (data: D | undefined, shown: S) => void; waiting?: (shown: S) => void },
) {
  const [taken, setTaken] = useState<{ key: string | null; shown: S } | null>(null);
  const state = useOutboxEntry(taken?.key ?? null);
  const queryClient = useQueryClient();
  const status = state?.status;
  useEffect(() => {
    if (!taken || !state || status === 'saving') return;
    if (status === 'waiting') return on.waiting?.(taken.shown);
    if (storeId) void queryClient.invalidateQueries({ queryKey: ['stores', storeId] });
    if (status === 'saved') on.saved?.(state.data as D | undefined, taken.shown);
    // Once per change of where the write stands.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [taken?.key, status]);
  return {
    /** What was shown with the tap, or null before it. */
    taken: taken && taken.shown,
    state,
    track: (shown: S, onError: (error: unknown) => void) => {
      setTaken({ key: null, shown });
      return {
        onSuccess: ({ key }: { key: string }) => setTaken({ key, shown }),
        onError: (error: unknown) => {
          setTaken(null);
          onError(error);
        },
      };
    },
  };
}
