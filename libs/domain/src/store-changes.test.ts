import { describe, expect, it } from 'vitest';
import { movement } from './movements';
import { saleLineMovements, storeChanges, storeCountsAfter } from './store-changes';
import { transferOutDeltas } from './transfers';

describe('storeChanges', () => {
  it('says what a sale line does to the store: units out, the same brand’s empties in, a swapped brand’s empties in', () => {
    const line = { itemType: 'cylinder' as const, itemId: 'b12', tradeType: 'refill' as const, quantity: 8, empties: [{ itemId: 'b12', count: 5 }, { itemId: 'o12', count: 2 }] };
    expect(storeChanges(saleLineMovements(line, false))).toEqual([
      { itemId: 'b12', full: -8, empty: 5 },
      { itemId: 'o12', empty: 2 },
    ]);
    expect(storeChanges(saleLineMovements({ ...line, empties: undefined }, false))).toEqual([{ itemId: 'b12', full: -8, empty: 8 }]);
    expect(storeChanges(saleLineMovements({ ...line, tradeType: 'package', empties: undefined }, false))).toEqual([{ itemId: 'b12', full: -8 }]);
    expect(storeChanges(saleLineMovements({ itemType: 'stove', itemId: 's1', quantity: 2 }, false))).toEqual([{ itemId: 's1', stock: -2 }]);
  });

  it('leaves out what moves only on a vehicle, and sums movements of the same item', () => {
    const line = { itemType: 'cylinder' as const, itemId: 'b12', quantity: 3 };
    expect(storeChanges(saleLineMovements(line, true))).toEqual([]);
    expect(
      storeChanges([
        { itemId: 'b12', deltas: movement.buy({ itemType: 'cylinder', tradeType: 'refill', quantity: 2 }) },
        { itemId: 'b12', deltas: movement.markProblem({ itemType: 'cylinder', count: 1 }) },
        { itemId: 'b12', deltas: movement.vanLoad({ itemType: 'cylinder', quantity: 1 }) },
      ]),
    ).toEqual([{ itemId: 'b12', empty: -2, problem: 1 }]);
  });
});

describe('storeCountsAfter', () => {
  const before = (itemId: string) => (itemId === 'b12' ? { full: 30, empty: 5, problem: 1, stock: 0 } : { full: 0, empty: 2, problem: 0, stock: 0 });

  it('moves each item’s counts by its movements: a refill sell with a swapped brand of empties, a buy, a transfer out', () => {
    const line = { itemType: 'cylinder' as const, itemId: 'b12', tradeType: 'refill' as const, quantity: 3, empties: [{ itemId: 'b12', count: 2 }, { itemId: 'o12', count: 1 }] };
    expect([...storeCountsAfter(saleLineMovements(line, false), before)]).toEqual([
      ['b12', { full: 27, empty: 7, problem: 1, stock: 0 }],
      ['o12', { full: 0, empty: 3, problem: 0, stock: 0 }],
    ]);
    expect(storeCountsAfter([{ itemId: 'b12', deltas: movement.buy({ itemType: 'cylinder', tradeType: 'refill', quantity: 5 }) }], before).get('b12')).toEqual({ full: 35, empty: 0, problem: 1, stock: 0 });
    expect(storeCountsAfter([{ itemId: 'b12', deltas: transferOutDeltas({ full: 10, empty: 5, problem: 1, stock: 0 }) }], before).get('b12')).toEqual({ full: 20, empty: 0, problem: 0, stock: 0 });
  });

  it('sums movements of one item and leaves the counts before as they were', () => {
    const counts = { full: 4, empty: 0, problem: 0, stock: 9 };
    const after = storeCountsAfter(
      [
        { itemId: 's1', deltas: movement.saleLine({ itemType: 'stove', quantity: 2, emptiesSame: 0, fromVehicle: false }) },
        { itemId: 's1', deltas: movement.buy({ itemType: 'stove', tradeType: null, quantity: 5 }) },
      ],
      () => counts,
    );
    expect(after.get('s1')).toEqual({ full: 4, empty: 0, problem: 0, stock: 12 });
    expect(counts.stock).toBe(9);
  });
});
