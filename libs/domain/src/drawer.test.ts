import { describe, expect, it } from 'vitest';
import { drawerDifference, drawerDifferenceEntry, drawerExpected, moneyDelta } from './accounts';
import { checkDrawerDay, checkDrawerExpected, checkDrawerNote, drawerAlreadyClosed } from './drawer';
import { refused } from './test-support';

describe('closing the cash drawer', () => {
  it('a Tk 200 short count writes a Tk 200 shortage out of the drawer, so the drawer then holds the count', () => {
    const expected = drawerExpected(1_000_00, 4_500_00, 300_00);
    expect(expected).toBe(5_200_00);
    const difference = drawerDifference(5_000_00, expected);
    const entry = drawerDifferenceEntry(difference)!;
    expect(entry).toEqual({ kind: 'cash_shortage', amount: 200_00 });
    expect(expected + moneyDelta(entry.kind, 'cash', entry.amount)).toBe(5_000_00);
  });

  it('only today may be closed', () => {
    expect(() => checkDrawerDay('2026-11-24', '2026-11-24')).not.toThrow();
    const late = refused(() => checkDrawerDay('2026-11-23', '2026-11-24'));
    expect([late.statusCode, late.code, late.params]).toEqual([409, 'drawer.notToday', { day: '2026-11-23', today: '2026-11-24' }]);
    expect(late.message).toBe("Only today's drawer (2026-11-24) can be closed, not the drawer of 2026-11-23.");
  });

  it('refuses a count against an expected figure the drawer no longer holds, naming the new one', () => {
    expect(() => checkDrawerExpected(5_200_00, 5_200_00)).not.toThrow();
    const stale = refused(() => checkDrawerExpected(5_200_00, 6_650_00));
    expect([stale.statusCode, stale.code, stale.params, stale.message]).toEqual([
      409,
      'drawer.expectedChanged',
      { expected: 6650 },
      'The drawer should now hold Tk 6,650. Check the count and try again.',
    ]);
  });

  it('a short or over count needs a note; an exact one does not', () => {
    expect(() => checkDrawerNote(0, null)).not.toThrow();
    expect(() => checkDrawerNote(-200_00, 'Change given twice')).not.toThrow();
    const short = refused(() => checkDrawerNote(-200_00, '  '));
    expect([short.statusCode, short.code, short.errors]).toEqual([400, 'drawer.noteRequired', [{ field: 'note', message: 'Say why the drawer is short' }]]);
    expect(refused(() => checkDrawerNote(50_00, undefined)).message).toBe('note: Say why the drawer is over by Tk 50');
  });

  it('a second close of a day names the first', () => {
    const second = drawerAlreadyClosed('2026-11-24', 5_000_00, 'Rahim');
    expect([second.statusCode, second.code, second.message]).toEqual([
      409,
      'drawer.alreadyClosed',
      'The drawer of 2026-11-24 was already closed by Rahim, counted at Tk 5,000.',
    ]);
  });
});
