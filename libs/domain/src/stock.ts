// Counts that cannot go below zero (DEALER.md rule 11): the refusals that say what is there when
// a movement asks for more. A sale line's own refusal, which also names the vehicle it sells
// from and a changed price, is `lineRefusal` (sale.ts).
import { conflictRefusal, counted } from './refusal';
import type { SaleItemType } from './sale';

const NOUNS = {
  cylinder: { one: 'cylinder', many: 'cylinders', inStock: 'stock.notEnoughFull', problem: 'stock.notEnoughProblemCylinders' },
  stove: { one: 'stove', many: 'stoves', inStock: 'stock.notEnoughStoves', problem: 'stock.notEnoughProblemStoves' },
  regulator: { one: 'regulator', many: 'regulators', inStock: 'stock.notEnoughRegulators', problem: 'stock.notEnoughProblemRegulators' },
} as const;

/**
 * 409 naming what is there, for the count a movement would take below zero: "Only 3 full
 * cylinders in stock" (full), "Only 2 empty cylinders to return" (empty), "Only 1 problem stove
 * to unmark" (problem), "Only 2 regulators in stock" (stock: stoves and regulators on hand).
 */
export function notEnoughStock(count: 'full' | 'empty' | 'problem' | 'stock', type: SaleItemType, available: number) {
  const n = NOUNS[type];
  const [message, code] =
    count === 'full'
      ? [`Only ${counted(available, `full ${n.one}`, `full ${n.many}`)} in stock`, 'stock.notEnoughFull']
      : count === 'empty'
        ? [`Only ${counted(available, `empty ${n.one}`, `empty ${n.many}`)} to return`, 'stock.notEnoughEmpty']
        : count === 'problem'
          ? [`Only ${counted(available, `problem ${n.one}`, `problem ${n.many}`)} to unmark`, n.problem]
          : [`Only ${counted(available, n.one, n.many)} in stock`, n.inStock];
  return conflictRefusal({ message, code, params: { available } });
}

type Counts = { full: number; empty: number; problem: number; stock: number };

/**
 * Refuses what would take a store's count below zero, as the store's write does: the first such
 * count (a cylinder's full, empty, problem; a stove's or a regulator's on hand, problem), naming
 * what is there before it (`notEnoughStock`). A screen runs it on the counts it shows, before the tap.
 */
export function checkCountsAfter(type: SaleItemType, before: Counts, after: Counts): void {
  const order = type === 'cylinder' ? (['full', 'empty', 'problem'] as const) : (['stock', 'problem'] as const);
  const short = order.find((count) => after[count] < 0);
  if (short) throw notEnoughStock(short, type, before[short]);
}

/** A conditional write matched nothing, yet every check still passes: something moved in between. */
export const stockChanged = () => conflictRefusal({ message: 'The stock changed while saving. Please try again.', code: 'stock.changed' });

/** A van load asking for more full cylinders (or stoves, regulators) than the store has. */
export function notEnoughToLoad(line: { index: number; itemType: SaleItemType; itemName: string; available: number; asked: number }) {
  const { index, itemType, itemName, available, asked } = line;
  const cylinder = itemType === 'cylinder';
  return conflictRefusal(
    {
      message: cylinder
        ? `Only ${available} full ${itemName} in the store to load (asked ${asked})`
        : `Only ${available} ${itemName} in the store to load (asked ${asked})`,
      code: cylinder ? 'stock.notEnoughFull' : 'stock.notEnough',
      params: { available, asked, item: itemName },
    },
    [{ field: `lines.${index}.quantity`, message: `Only ${available} ${cylinder ? 'full' : 'in stock'}` }],
  );
}
