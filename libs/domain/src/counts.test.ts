import { describe, expect, it } from 'vitest';
import { checkCountFields, countFieldsOf } from './counts';
import { checkCostFields } from './pricing';
import { refused } from './test-support';

describe('stock count fields', () => {
  it('counts cylinders as full, empty and problem; stoves and regulators as on hand and problem', () => {
    expect(countFieldsOf('cylinder')).toEqual(['fullCount', 'emptyCount', 'problemCount']);
    expect(countFieldsOf('stove')).toEqual(['stockCount', 'problemCount']);
    expect(() => checkCountFields('cylinder', { fullCount: 3, problemCount: 1 })).not.toThrow();
    expect(() => checkCountFields('regulator', { stockCount: 4 })).not.toThrow();
  });

  it('refuses a count field that does not belong to the item, naming it', () => {
    const cylinder = refused(() => checkCountFields('cylinder', { stockCount: 2 }));
    expect([cylinder.statusCode, cylinder.code, cylinder.errors?.[0].field]).toEqual([400, 'count.cylinderFields', 'stockCount']);
    const stove = refused(() => checkCountFields('stove', { emptyCount: 1 }));
    expect(stove.message).toBe('emptyCount: Stoves are counted as stockCount and problemCount');
    expect(stove.code).toBe('count.accessoryFields');
  });
});

describe('cost fields', () => {
  it('gives a cylinder two costs and a stove or regulator one', () => {
    expect(() => checkCostFields('cylinder', { refillCost: 1200, packageCost: 2900 })).not.toThrow();
    expect(() => checkCostFields('stove', { cost: 3000 })).not.toThrow();
    expect(refused(() => checkCostFields('cylinder', { cost: 1200 })).code).toBe('price.cylinderCosts');
    const regulator = refused(() => checkCostFields('regulator', { packageCost: 10 }));
    expect([regulator.code, regulator.errors?.[0].field]).toEqual(['price.accessoryCost', 'packageCost']);
  });
});
