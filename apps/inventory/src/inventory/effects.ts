// What the inventory's writes do to the store's counts, shown as "not yet synced" while they
// wait in the outbox: derived from libs/domain's movement table, as the API records them. A
// chunk of its own, loaded with the first write: the inventory page paints without the table.
import type { OutboxEffect } from '@mojud/api-client';
import { movement, saleLineMovements, storeChanges, tradeSaleLine } from '@mojud/domain';
import type { ItemKind, TradeInput, TradeSide } from './api';

/** A buy brings the item in; a sell is a sale of one line from the store. */
export function tradeEffects(kind: ItemKind, side: TradeSide, input: TradeInput): OutboxEffect[] {
  if (side === 'sell') return storeChanges(saleLineMovements(tradeSaleLine({ ...input, itemType: kind }), false));
  const tradeType = kind === 'cylinder' ? (input.tradeType ?? 'refill') : null;
  return storeChanges([{ itemId: input.id, deltas: movement.buy({ itemType: kind, tradeType, quantity: input.quantity }) }]);
}

/** Marked as a problem (or back): from full, or on hand, to problem. */
export function problemEffects(kind: ItemKind, id: string, count: number, mark: boolean): OutboxEffect[] {
  const marked = { itemType: kind, count };
  return storeChanges([{ itemId: id, deltas: mark ? movement.markProblem(marked) : movement.unmarkProblem(marked) }]);
}
