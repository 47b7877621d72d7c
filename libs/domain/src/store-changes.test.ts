import { describe, expect, it } from 'vitest';
import { movement } from './movements';
import { saleLineMovements, storeChanges } from './store-changes';

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
