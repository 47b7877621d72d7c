import { describe, expect, it } from 'vitest';
import { refused } from './test-support';
import { emptiesTaken } from './empties';
import { buyCost } from './pricing';
import { checkCountsAfter, notEnoughStock, notEnoughToLoad } from './stock';

describe('stock refusals', () => {
  it('name the count that is short, in the words and the code', () => {
    expect([notEnoughStock('full', 'cylinder', 3).message, notEnoughStock('full', 'cylinder', 3).code]).toEqual(['Only 3 full cylinders in stock', 'stock.notEnoughFull']);
    expect(notEnoughStock('empty', 'cylinder', 1).message).toBe('Only 1 empty cylinder to return');
    expect([notEnoughStock('problem', 'stove', 1).message, notEnoughStock('problem', 'stove', 1).code]).toEqual(['Only 1 problem stove to unmark', 'stock.notEnoughProblemStoves']);
    expect([notEnoughStock('stock', 'regulator', 2).message, notEnoughStock('stock', 'regulator', 2).code]).toEqual(['Only 2 regulators in stock', 'stock.notEnoughRegulators']);
    expect(notEnoughStock('stock', 'stove', 0).params).toEqual({ available: 0 });
  });

  it('say what a van load asked and what the store has', () => {
    const full = notEnoughToLoad({ index: 1, itemType: 'cylinder', itemName: 'Omera 12 kg 22 mm', available: 2, asked: 5 });
    expect([full.statusCode, full.message, full.code, full.errors]).toEqual([
      409,
      'Only 2 full Omera 12 kg 22 mm in the store to load (asked 5)',
      'stock.notEnoughFull',
      [{ field: 'lines.1.quantity', message: 'Only 2 full' }],
    ]);
    expect(notEnoughToLoad({ index: 0, itemType: 'stove', itemName: 'Double burner', available: 0, asked: 1 }).code).toBe('stock.notEnough');
  });
});

describe('counts after a movement', () => {
  const before = { full: 26, empty: 2, problem: 2, stock: 0 };
  it('may reach zero, not below: the first short count is refused with what is there', () => {
    expect(() => checkCountsAfter('cylinder', before, { full: 0, empty: 28, problem: 2, stock: 0 })).not.toThrow();
    expect(() => checkCountsAfter('cylinder', before, { full: -1, empty: 29, problem: 2, stock: 0 })).toThrow('Only 26 full cylinders in stock');
    expect(() => checkCountsAfter('cylinder', before, { full: 29, empty: -1, problem: 2, stock: 0 })).toThrow('Only 2 empty cylinders to return');
    expect(() => checkCountsAfter('stove', { full: 0, empty: 0, problem: 0, stock: 3 }, { full: 0, empty: 0, problem: 0, stock: -2 })).toThrow('Only 3 stoves in stock');
  });
});

describe('empties taken from a shop', () => {
  const shop = { shop: 'Karim Traders', item: 'Omera 12 kg 22 mm', field: 'lines.0.count' };
  it('go against what it owes, and the rest is bought only when asked', () => {
    expect(emptiesTaken({ ...shop, owes: 3, count: 2, buyExtra: false })).toEqual({ collected: 2, bought: 0 });
    expect(emptiesTaken({ ...shop, owes: 3, count: 5, buyExtra: true })).toEqual({ collected: 3, bought: 2 });
    expect(emptiesTaken({ ...shop, owes: -1, count: 2, buyExtra: true })).toEqual({ collected: 0, bought: 2 });
    const more = refused(() => emptiesTaken({ ...shop, owes: 1, count: 2, buyExtra: false }));
    expect([more.code, more.message, more.params]).toEqual([
      'empties.moreThanOwed',
      'Karim Traders owes only 1 empty of Omera 12 kg 22 mm. To take more, record the rest as buying empties.',
      { owed: 1, asked: 2, item: 'Omera 12 kg 22 mm', shop: 'Karim Traders' },
    ]);
    expect(refused(() => emptiesTaken({ ...shop, owes: 0, count: 1, buyExtra: false })).message).toBe(
      'Karim Traders owes no empties of Omera 12 kg 22 mm. To take them anyway, record them as buying empties.',
    );
  });
});

describe('a buy', () => {
  it('costs the unit cost paid, or the total shared over the quantity', () => {
    expect(buyCost({ quantity: 3, unitCost: 1000 })).toEqual({ unitCost: 100000, total: 300000 });
    expect(buyCost({ quantity: 3, totalAmount: 1000 })).toEqual({ unitCost: 33333, total: 100000 });
    expect(refused(() => buyCost({ quantity: 2, unitCost: 600_000_000 })).code).toBe('tooLarge');
  });
});
