// Closing a van's day (DEALER.md rule 10): what comes back must be what the van carries, the cash
// handed over is weighed against what its sales should bring, and a difference needs a reason.
import { takaWords, toTaka, type Poisha } from './money';
import { conflictRefusal, Refusal } from './refusal';

/** What the closing person saw on the van, against what it carries now. */
export interface VanLoad {
  itemId: string;
  name: string;
  type: 'cylinder' | 'stove' | 'regulator';
  fullCount: number;
  emptyCount: number;
  stockCount: number;
}

/** 409 when what came back (as the screen showed it) is not what the van carries now. */
export function checkReturned(vehicleName: string, carries: VanLoad[], returned: { itemId: string; fullCount: number; emptyCount: number; stockCount: number }[]) {
  const said = new Map(returned.map((r) => [r.itemId, r]));
  for (const s of carries) {
    const r = said.get(s.itemId);
    said.delete(s.itemId);
    if (!r || r.fullCount !== s.fullCount || r.emptyCount !== s.emptyCount || r.stockCount !== s.stockCount) {
      const what = s.type === 'cylinder' ? `${s.fullCount} full and ${s.emptyCount} empty ${s.name}` : `${s.stockCount} ${s.name}`;
      throw conflictRefusal({
        message: `${vehicleName} now carries ${what}. Check what came back and try again.`,
        code: 'vehicleClose.stockChanged',
        params: { item: s.name, full: s.fullCount, empty: s.emptyCount, units: s.stockCount },
      });
    }
  }
  const extra = [...said.values()].find((r) => r.fullCount + r.emptyCount + r.stockCount > 0);
  if (extra) {
    throw conflictRefusal({
      message: `${vehicleName} no longer carries what the screen showed. Check what came back and try again.`,
      code: 'vehicleClose.stockChanged',
      params: { item: extra.itemId, full: 0, empty: 0, units: 0 },
    });
  }
}

/** 409 when the cash the screen expected is no longer what the van's sales should bring. */
export function checkExpectedCash(vehicleName: string, shown: Poisha | undefined, expected: Poisha) {
  if (shown === undefined || shown === expected) return;
  throw conflictRefusal(
    {
      message: `The cash expected from ${vehicleName} is now ${takaWords(expected)}. Check the cash and try again.`,
      code: 'vehicleClose.cashChanged',
      params: { expected: toTaka(expected) },
    },
    [{ field: 'expectedCash', message: `Now ${takaWords(expected)}` }],
  );
}

/** 409: the van carried and sold nothing since its last close. */
export const nothingToClose = (vehicleName: string) =>
  conflictRefusal({
    message: `Nothing to close: ${vehicleName} has carried and sold nothing since its last close.`,
    code: 'vehicleClose.nothing',
  });

/** Handed over minus expected: below zero the cash is short, above it over. */
export const cashDifference = (handed: Poisha, expected: Poisha): Poisha => handed - expected;

/** 400 when the cash is short or over and no note says why. */
export function checkCloseNote(difference: Poisha, note: string | null | undefined) {
  if (difference === 0 || note?.trim()) return;
  const way = difference < 0 ? 'short' : 'over';
  throw new Refusal(
    400,
    {
      message: `note: Say why the cash is ${way} by ${takaWords(Math.abs(difference))}`,
      code: 'vehicleClose.noteRequired',
      params: { difference: toTaka(difference) },
    },
    [{ field: 'note', message: `Say why the cash is ${way}` }],
  );
}
