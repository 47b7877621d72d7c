// Empties a shop owes (DEALER.md rule 9) and empties taken from it later: a collection goes
// against what it owes of the item; more than that is bought from it, and only when the person
// taking them says so.
import { conflictRefusal, counted } from './refusal';

/** Refused: a shop hands over more empties of an item than it owes, and buying them was not asked. */
export const moreThanOwed = (c: { shop: string; item: string; owes: number; asked: number; field: string }) =>
  conflictRefusal(
    {
      message:
        c.owes > 0
          ? `${c.shop} owes only ${counted(c.owes, 'empty', 'empties')} of ${c.item}. To take more, record the rest as buying empties.`
          : `${c.shop} owes no empties of ${c.item}. To take them anyway, record them as buying empties.`,
      code: 'empties.moreThanOwed',
      params: { owed: c.owes, asked: c.asked, item: c.item, shop: c.shop },
    },
    [{ field: c.field, message: `Owes ${c.owes}` }],
  );

/**
 * `count` empties of one item taken from a shop that owes `owes` of it: as many as it owes are
 * collected (its debt goes down), the rest bought from it, which `buyExtra` must allow.
 */
export function emptiesTaken(c: { shop: string; item: string; owes: number; count: number; buyExtra: boolean; field: string }) {
  const collected = Math.max(c.owes, 0) - emptiesOwedAfterTaking(c.owes, c.count);
  const bought = c.count - collected;
  if (bought > 0 && !c.buyExtra) throw moreThanOwed({ shop: c.shop, item: c.item, owes: c.owes, asked: c.count, field: c.field });
  return { collected, bought };
}

/** What a shop still owes of an item after `count` of its empties are taken (the rest are bought). */
export const emptiesOwedAfterTaking = (owes: number, count: number) => Math.max(owes - count, 0);
