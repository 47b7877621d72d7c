// Closing the cash drawer (DEALER.md rule 17): which day may be closed, the count weighed
// against the figure the screen showed, and a difference that needs a reason. The figures
// themselves (expected, difference, the entry a difference writes) are in ./accounts.
import { takaWords, toTaka, type Poisha } from './money';
import { conflictRefusal, Refusal } from './refusal';

/**
 * 409 unless `day` is today (Dhaka). A close writes its difference into the ledger at the time
 * it is made, and ended days are summed once and never change: a close for another day would
 * land its shortage on the wrong day. A close queued offline that reaches the server after
 * midnight is refused with this reason instead.
 */
export function checkDrawerDay(day: string, today: string) {
  if (day === today) return;
  throw conflictRefusal(
    {
      message: `Only today's drawer (${today}) can be closed, not the drawer of ${day}.`,
      code: 'drawer.notToday',
      params: { day, today },
    },
    [{ field: 'day', message: `Only today (${today})` }],
  );
}

/** 409: the day's drawer was closed already; the first count stands. */
export const drawerAlreadyClosed = (day: string, counted: Poisha, closedBy: string) =>
  conflictRefusal({
    message: `The drawer of ${day} was already closed by ${closedBy}, counted at ${takaWords(counted)}.`,
    code: 'drawer.alreadyClosed',
    params: { day, counted: toTaka(counted), closedBy },
  });

/** 409 when the expected cash the screen showed is no longer what the drawer should hold. */
export function checkDrawerExpected(shown: Poisha, expected: Poisha) {
  if (shown === expected) return;
  throw conflictRefusal(
    {
      message: `The drawer should now hold ${takaWords(expected)}. Check the count and try again.`,
      code: 'drawer.expectedChanged',
      params: { expected: toTaka(expected) },
    },
    [{ field: 'expected', message: `Now ${takaWords(expected)}` }],
  );
}

/** 400 when the count is short or over and no note says why. */
export function checkDrawerNote(difference: Poisha, note: string | null | undefined) {
  if (difference === 0 || note?.trim()) return;
  const way = difference < 0 ? 'short' : 'over';
  throw new Refusal(
    400,
    {
      message: `note: Say why the drawer is ${way} by ${takaWords(Math.abs(difference))}`,
      code: 'drawer.noteRequired',
      params: { difference: toTaka(difference) },
    },
    [{ field: 'note', message: `Say why the drawer is ${way}` }],
  );
}
