// What collecting empties does to the store's counts, shown as "not yet synced" while it waits
// in the outbox: from libs/domain's movement table. A chunk of its own, loaded with the write.
import type { OutboxEffect } from '@mojud/api-client';
import type { CollectEmptiesBody } from '@mojud/contracts';
import { movement, storeChanges } from '@mojud/domain';

/** Into the store, its empty counts go up; onto a vehicle, the store's do not change. */
export const collectEffects = (body: CollectEmptiesBody): OutboxEffect[] =>
  storeChanges(body.lines.map((l) => ({ itemId: l.itemId, deltas: movement.emptiesIn(Number(l.count), Boolean(body.vehicleId)) })));
