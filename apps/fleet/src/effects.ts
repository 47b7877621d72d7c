// What loading a vehicle does to the store's counts, shown as "not yet synced" while it waits in
// the outbox: from libs/domain's movement table. A chunk of its own, loaded with the write.
import type { OutboxEffect } from '@mojud/api-client';
import type { LoadVehicleBody } from '@mojud/contracts';
import { movement, storeChanges } from '@mojud/domain';

/** Full cylinders (and stoves, regulators) leave the store's shelf for the vehicle. */
export const loadEffects = (body: LoadVehicleBody): OutboxEffect[] =>
  storeChanges(body.lines.map((l) => ({ itemId: l.itemId, deltas: movement.vanLoad({ itemType: l.itemType, quantity: Number(l.quantity) }) })));
