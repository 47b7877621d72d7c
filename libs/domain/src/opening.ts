// Opening balances (DEALER.md rule 20): what a business brings on day one, entered once, each
// as an `opening` ledger entry: a shop's money due and the empties it owes per item, and each
// item's stock with its unit cost. A second opening of the same shop or item is refused; a
// correction is a reversal of the entry, never an edit.
import type { Poisha } from './money';
import { conflictRefusal } from './refusal';

/**
 * The weighted average unit cost (rule 2), to the poisha:
 * `new = (old × units before + cost × q) ÷ (units before + q)`. An unknown average, or nothing
 * in stock before, takes the cost given: it is the best figure there is.
 */
export function weightedAverageCost(before: { cost: Poisha | null; units: number }, added: { cost: Poisha; quantity: number }): Poisha {
  if (added.quantity <= 0) return before.cost ?? added.cost;
  if (before.cost === null || before.units <= 0) return added.cost;
  return Math.round((before.cost * before.units + added.cost * added.quantity) / (before.units + added.quantity));
}

/**
 * The average unit cost once `removed` units at their own cost come out again (an opening stock
 * reversed): `new = (old × units − cost × q) ÷ (units − q)`, the weighted average run backwards,
 * never below zero. Nothing left: the average stays, the best figure there is for the next buy.
 */
export function averageCostWithout(before: { cost: Poisha | null; units: number }, removed: { cost: Poisha; quantity: number }): Poisha | null {
  const left = before.units - removed.quantity;
  if (before.cost === null || removed.quantity <= 0 || left <= 0) return before.cost;
  return Math.max(0, Math.round((before.cost * before.units - removed.cost * removed.quantity) / left));
}

/** A shop's opening balance: money due (poisha, not negative) and empties owed per item. */
export interface OpeningBalance {
  due: Poisha;
  empties: readonly { itemId: string; count: number }[];
}

/** One opening ledger entry of a shop: its due, or the empties it owes of one item. */
export type OpeningShopEntry = { kind: 'due'; due: Poisha } | { kind: 'empties'; itemId: string; count: number };

/**
 * The entries a shop's opening balance is written as: one for the due, one per item owed, none
 * for a zero; the same item named twice counts once with the sum.
 */
export function openingShopEntries(b: OpeningBalance): OpeningShopEntry[] {
  const byItem = new Map<string, number>();
  for (const e of b.empties) byItem.set(e.itemId, (byItem.get(e.itemId) ?? 0) + e.count);
  return [
    ...(b.due !== 0 ? [{ kind: 'due' as const, due: b.due }] : []),
    ...[...byItem].filter(([, count]) => count !== 0).map(([itemId, count]) => ({ kind: 'empties' as const, itemId, count })),
  ];
}

/** Refused: a shop with no opening balance standing has nothing to reverse. */
export const openingNothingToReverse = (name: string) =>
  conflictRefusal({ message: `${name} has no opening balance to reverse`, code: 'opening.nothingToReverse', params: { name } });

/** Refused: an item with no opening stock standing has nothing to reverse. */
export const openingStockNothingToReverse = (name: string) =>
  conflictRefusal({ message: `${name} has no opening stock to reverse`, code: 'opening.noStockToReverse', params: { name } });

/** Refused: part of the opening stock has left the store (sold, loaded, marked): the count is what changes now. */
export const openingStockGone = (name: string, opening: number, inStock: number) =>
  conflictRefusal({
    message: `The opening stock of ${name} was ${opening}, but only ${inStock} are in the store now; a stock count corrects what is left`,
    code: 'opening.stockGone',
    params: { name, opening, inStock },
  });

/** Refused: some of the opening empties have left the store (refilled, handed over): a stock count corrects what is left. */
export const openingEmptiesGone = (name: string, opening: number, inStock: number) =>
  conflictRefusal({
    message: `The opening empties of ${name} were ${opening}, but only ${inStock} are in the store now; a stock count corrects what is left`,
    code: 'opening.emptiesGone',
    params: { name, opening, inStock },
  });

/** Refused: the shop's opening balance, or the item's opening stock, was entered already. */
export const openingAlreadyEntered = (what: { of: 'shop' | 'item'; name: string }) =>
  conflictRefusal({
    message:
      what.of === 'shop'
        ? `The opening balance of ${what.name} was entered already. To correct it, reverse it first.`
        : `The opening stock of ${what.name} was entered already. To correct it, reverse it first.`,
    code: what.of === 'shop' ? 'opening.shopEntered' : 'opening.stockEntered',
    params: { name: what.name },
  });
