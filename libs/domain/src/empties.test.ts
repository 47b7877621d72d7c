import { describe, expect, it } from 'vitest';
import { emptiesOwedAfterTaking, emptiesTaken } from './empties';

describe('what a shop still owes after empties are taken', () => {
  it('goes down by those taken, never below nothing (the rest are bought)', () => {
    expect(emptiesOwedAfterTaking(3, 2)).toBe(1);
    expect(emptiesOwedAfterTaking(3, 0)).toBe(3);
    expect(emptiesOwedAfterTaking(1, 3)).toBe(0);
    expect(emptiesOwedAfterTaking(-1, 2)).toBe(0);
  });

  it('is what it owed less those collected', () => {
    const shop = { shop: 'Karim Traders', item: 'Omera 12 kg 22 mm', field: 'lines.0.count', buyExtra: true };
    for (const [owes, count] of [[3, 2], [3, 5], [0, 1], [4, 4]]) {
      expect(emptiesOwedAfterTaking(owes, count)).toBe(owes - emptiesTaken({ ...shop, owes, count }).collected);
    }
  });
});
