// What this remote's writes (trades, problem marks, sales) do to the store's counts, shown as
// "not yet synced" while they wait in the outbox: derived from libs/domain's movement table, as
// the API records them. A chunk of its own, loaded with the first write: the inventory page, the
// sales list and the receipts paint without the table.
import type { OutboxEffect } from '@mojud/api-client';
import type { CreateSaleBody } from '@mojud/contracts';
import { movement, saleLineMovements, storeChanges, tradeSaleLine, type ItemMovement } from '@mojud/domain';
import type { ItemKind, TradeInput, TradeSide } from './api';

/** A buy brings the item in; a sell is a sale of one line from the store. */
export function tradeMovements(kind: ItemKind, side: TradeSide, input: TradeInput): ItemMovement[] {
  if (side === 'sell') return saleLineMovements(tradeSaleLine({ ...input, itemType: kind }), false);
  const tradeType = kind === 'cylinder' ? (input.tradeType ?? 'refill') : null;
  return [{ itemId: input.id, deltas: movement.buy({ itemType: kind, tradeType, quantity: input.quantity }) }];
}

export const tradeEffects = (kind: ItemKind, side: TradeSide, input: TradeInput): OutboxEffect[] => storeChanges(tradeMovements(kind, side, input));

/** A sale: each line's units out and its empties in; sold from a vehicle, none at the store. */
export function saleEffects(body: CreateSaleBody): OutboxEffect[] {
  return storeChanges(body.lines.flatMap((line) => saleLineMovements(line, Boolean(body.vehicleId))));
}

/** Marked as a problem (or back): from full, or on hand, to problem. */
export function problemMovements(kind: ItemKind, id: string, count: number, mark: boolean): ItemMovement[] {
  const marked = { itemType: kind, count };
  return [{ itemId: id, deltas: mark ? movement.markProblem(marked) : movement.unmarkProblem(marked) }];
}
export const problemEffects = (kind: ItemKind, id: string, count: number, mark: boolean): OutboxEffect[] =>
  storeChanges(problemMovements(kind, id, count, mark));
