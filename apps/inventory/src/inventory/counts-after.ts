// The store's counts after a write, as the screen confirms it at once (docs/frontend.md, "Every tap
// confirmed at once"): from the lists the page has read plus this device's waiting writes, moved by
// libs/domain's movements, and refused before the tap when a count would go below zero.
import type { QueryClient } from '@tanstack/react-query';
import type { PendingCounts } from '@mojud/api-client';
import { checkCountsAfter, storeCountsAfter, type ItemMovement, type StoreCounts } from '@mojud/domain';
import type { CountsAfter } from '../confirm/confirmed';
import type { ItemKind } from './api';

type Listed = { id: string; name: string; fullCount?: number; emptyCount?: number; problemCount?: number; stockCount?: number };

/**
 * The counts after `movements` of items of one kind. Items the page has not read are left out
 * rather than shown from nothing. Throws the server's refusal for a count taken below zero.
 */
export function countsAfter(args: {
  queryClient: QueryClient;
  storeId: string;
  kind: ItemKind;
  pending: Map<string, PendingCounts>;
  movements: ItemMovement[];
}): CountsAfter[] {
  const { queryClient, storeId, kind, pending, movements } = args;
  const listed = queryClient
    .getQueriesData<Listed[]>({ queryKey: ['stores', storeId, kind === 'cylinder' ? 'cylinders' : `${kind}s`] })
    .flatMap(([, d]) => d ?? []);
  const known = (id: string) => listed.find((i) => i.id === id);
  const before = (id: string): StoreCounts => {
    const i = known(id);
    const p = pending.get(id);
    return {
      full: (i?.fullCount ?? 0) + (p?.full ?? 0),
      empty: (i?.emptyCount ?? 0) + (p?.empty ?? 0),
      problem: (i?.problemCount ?? 0) + (p?.problem ?? 0),
      stock: (i?.stockCount ?? 0) + (p?.stock ?? 0),
    };
  };
  return [...storeCountsAfter(movements, before)].flatMap(([itemId, after]) => {
    const i = known(itemId);
    if (!i) return [];
    checkCountsAfter(kind, before(itemId), after);
    return [{ itemId, name: i.name, cylinder: kind === 'cylinder', after }];
  });
}
