import { describe, expect, it } from 'vitest';
import { movement, shellsOf } from './movements';
import { averageCostWithout, openingAlreadyEntered, openingShopEntries, weightedAverageCost } from './opening';

describe('weighted average cost', () => {
  it('is the cost given when nothing was in stock or the cost was unknown', () => {
    expect(weightedAverageCost({ cost: null, units: 0 }, { cost: 130_000, quantity: 20 })).toBe(130_000);
    expect(weightedAverageCost({ cost: 120_000, units: 0 }, { cost: 130_000, quantity: 20 })).toBe(130_000);
    expect(weightedAverageCost({ cost: null, units: 5 }, { cost: 130_000, quantity: 20 })).toBe(130_000);
  });

  it('weighs the old cost by the units before and the new by the quantity, to the poisha', () => {
    // (1,200 × 10 + 1,300 × 20) ÷ 30 = 1,266.666… → Tk 1,266.67
    expect(weightedAverageCost({ cost: 120_000, units: 10 }, { cost: 130_000, quantity: 20 })).toBe(126_667);
    expect(weightedAverageCost({ cost: 290_000, units: 4 }, { cost: 290_000, quantity: 4 })).toBe(290_000);
  });

  it('leaves the cost as it was when nothing is added', () => {
    expect(weightedAverageCost({ cost: 120_000, units: 10 }, { cost: 1, quantity: 0 })).toBe(120_000);
  });
});

describe('opening entries', () => {
  it('are one for the due and one per item owed, skipping zeros and adding an item named twice', () => {
    expect(
      openingShopEntries({
        due: 400_000,
        empties: [
          { itemId: 'a', count: 2 },
          { itemId: 'b', count: 0 },
          { itemId: 'a', count: 1 },
        ],
      }),
    ).toEqual([
      { kind: 'due', due: 400_000 },
      { kind: 'empties', itemId: 'a', count: 3 },
    ]);
    expect(openingShopEntries({ due: 0, empties: [] })).toEqual([]);
  });

  it('of stock bring full cylinders with their shells, and units of stoves', () => {
    const d = movement.opening({ itemType: 'cylinder', quantity: 20 });
    expect([d.full, d.empty, shellsOf(d)]).toEqual([20, 0, 20]);
    expect(movement.opening({ itemType: 'stove', quantity: 3 }).stock).toBe(3);
  });

  it('are refused a second time, naming the shop or the item', () => {
    const shop = openingAlreadyEntered({ of: 'shop', name: 'Karim Traders' });
    expect([shop.statusCode, shop.code, shop.message]).toEqual([
      409,
      'opening.shopEntered',
      'The opening balance of Karim Traders was entered already. To correct it, reverse it first.',
    ]);
    expect(openingAlreadyEntered({ of: 'item', name: 'Omera 12 kg 22 mm' }).code).toBe('opening.stockEntered');
  });
});

describe('the average cost with an opening taken out again', () => {
  it('runs the weighted average backwards: 10 at 1,200 and 20 at 1,350 average 1,300; without the 20, 1,200', () => {
    const both = weightedAverageCost({ cost: 120_000, units: 10 }, { cost: 135_000, quantity: 20 });
    expect(both).toBe(130_000);
    expect(averageCostWithout({ cost: both, units: 30 }, { cost: 135_000, quantity: 20 })).toBe(120_000);
  });

  it('keeps the average when nothing would be left, or it was unknown; never goes below zero', () => {
    expect(averageCostWithout({ cost: 130_000, units: 20 }, { cost: 130_000, quantity: 20 })).toBe(130_000);
    expect(averageCostWithout({ cost: null, units: 20 }, { cost: 130_000, quantity: 5 })).toBeNull();
    expect(averageCostWithout({ cost: 100_000, units: 10 }, { cost: 300_000, quantity: 5 })).toBe(0);
  });
});
