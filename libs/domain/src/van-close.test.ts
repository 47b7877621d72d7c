import { describe, expect, it } from 'vitest';
import { refused } from './test-support';
import { cashDifference, checkCloseNote, checkExpectedCash, checkReturned, nothingToClose, type VanLoad } from './van-close';

const load: VanLoad[] = [
  { itemId: 'b12', name: 'Bashundhara 12 kg', type: 'cylinder', fullCount: 2, emptyCount: 5, stockCount: 0 },
  { itemId: 'st', name: 'Double burner', type: 'stove', fullCount: 0, emptyCount: 0, stockCount: 1 },
];
const asShown = load.map(({ itemId, fullCount, emptyCount, stockCount }) => ({ itemId, fullCount, emptyCount, stockCount }));

describe('closing a van', () => {
  it('takes back what the van carries, as the screen showed it', () => {
    expect(() => checkReturned('DHA-1', load, asShown)).not.toThrow();
  });

  it('refuses when the van now carries other counts, or something the screen showed is gone', () => {
    const changed = refused(() => checkReturned('DHA-1', load, [{ ...asShown[0], fullCount: 3 }, asShown[1]]));
    expect([changed.statusCode, changed.code, changed.message]).toEqual([
      409,
      'vehicleClose.stockChanged',
      'DHA-1 now carries 2 full and 5 empty Bashundhara 12 kg. Check what came back and try again.',
    ]);
    const gone = refused(() => checkReturned('DHA-1', [], [asShown[1]]));
    expect(gone.params).toMatchObject({ item: 'st', units: 0 });
  });

  it('refuses a close against cash the van no longer expects, and a close of nothing', () => {
    expect(() => checkExpectedCash('DHA-1', undefined, 500_00)).not.toThrow();
    expect(() => checkExpectedCash('DHA-1', 500_00, 500_00)).not.toThrow();
    const cash = refused(() => checkExpectedCash('DHA-1', 500_00, 650_00));
    expect([cash.code, cash.params]).toEqual(['vehicleClose.cashChanged', { expected: 650 }]);
    expect(nothingToClose('DHA-1').code).toBe('vehicleClose.nothing');
  });

  it('asks why the cash is short or over, and not when it is exact', () => {
    expect(cashDifference(480_00, 500_00)).toBe(-20_00);
    expect(() => checkCloseNote(0, '')).not.toThrow();
    expect(() => checkCloseNote(-20_00, 'Karim paid later')).not.toThrow();
    const short = refused(() => checkCloseNote(-20_00, '  '));
    expect([short.statusCode, short.code, short.params, short.errors?.[0].message]).toEqual([
      400,
      'vehicleClose.noteRequired',
      { difference: -20 },
      'Say why the cash is short',
    ]);
    expect(refused(() => checkCloseNote(5_00, null)).errors?.[0].message).toBe('Say why the cash is over');
  });
});
