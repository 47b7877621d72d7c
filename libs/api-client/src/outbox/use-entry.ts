import { useEffect, useState } from 'react';
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
