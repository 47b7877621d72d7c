import { describe, expect, it } from 'vitest';
import { problemEffects, saleEffects, tradeEffects } from './effects';

const trade = { id: 'b12', quantity: 3, totalAmount: 3750, paymentMethod: 'cash' as const };

describe('what a queued write shows as "not yet synced"', () => {
  it('a sell takes full cylinders out and its empties in, of the same brand or another', () => {
    expect(tradeEffects('cylinder', 'sell', { ...trade, tradeType: 'refill' })).toEqual([{ itemId: 'b12', full: -3, empty: 3 }]);
    expect(tradeEffects('cylinder', 'sell', { ...trade, tradeType: 'refill', emptiesIn: 2, emptiesItemId: 'o12' })).toEqual([
      { itemId: 'b12', full: -3 },
      { itemId: 'o12', empty: 2 },
    ]);
    expect(tradeEffects('cylinder', 'sell', { ...trade, tradeType: 'package' })).toEqual([{ itemId: 'b12', full: -3 }]);
    expect(tradeEffects('stove', 'sell', trade)).toEqual([{ itemId: 'b12', stock: -3 }]);
  });

  it('a buy brings full cylinders in for empties, or new shells with a package', () => {
    expect(tradeEffects('cylinder', 'buy', { ...trade, tradeType: 'refill' })).toEqual([{ itemId: 'b12', full: 3, empty: -3 }]);
    expect(tradeEffects('cylinder', 'buy', { ...trade, tradeType: 'package' })).toEqual([{ itemId: 'b12', full: 3 }]);
    expect(tradeEffects('regulator', 'buy', trade)).toEqual([{ itemId: 'b12', stock: 3 }]);
  });

  it('a problem mark moves full (or on hand) to problem, and back', () => {
    expect(problemEffects('cylinder', 'b12', 2, true)).toEqual([{ itemId: 'b12', full: -2, problem: 2 }]);
    expect(problemEffects('stove', 's1', 2, false)).toEqual([{ itemId: 's1', stock: 2, problem: -2 }]);
  });

  it('a sale of several lines from the store, and none at the store from a vehicle', () => {
    const body = {
      shopId: 'shop',
      lines: [
        { itemType: 'cylinder' as const, itemId: 'b12', tradeType: 'refill' as const, quantity: 8, empties: [{ itemId: 'b12', count: 5 }, { itemId: 'o12', count: 2 }] },
        { itemType: 'stove' as const, itemId: 's1', quantity: 1 },
      ],
    };
    expect(saleEffects(body)).toEqual([
      { itemId: 'b12', full: -8, empty: 5 },
      { itemId: 'o12', empty: 2 },
      { itemId: 's1', stock: -1 },
    ]);
    expect(saleEffects({ ...body, vehicleId: 'van' })).toEqual([]);
  });
});
