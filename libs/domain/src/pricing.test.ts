import { describe, expect, it } from 'vitest';
import { lowestUnitPrice, mostBelowTier, sellingLimitFor } from './pricing';
import { priceSale, type SaleItem, type SaleRequest } from './sale';
import { itemLookup, refused } from './test-support';
import { priceTrade } from './trade';

// DEALER.md rule 14: who may sell below the tier, and how far.

const bashundhara: SaleItem = {
  id: 'b12', type: 'cylinder', name: 'Bashundhara 12 kg 22 mm', brandName: 'Bashundhara',
  size: 12, regulatorType: 22, isActive: true, retail: 145000, wholesale: 138000,
};
const itemOf = itemLookup([bashundhara]);

/** Two refills to a walk-in at `unitPrice` (taka), less `discount`, paid in full. */
const sale = (unitPrice: number, discount = 0): SaleRequest => ({
  lines: [{ itemType: 'cylinder', itemId: 'b12', quantity: 2, unitPrice }],
  discount,
  payments: [{ method: 'cash', amount: unitPrice * 2 - discount }],
});

const staff = (percent: number) => sellingLimitFor('staff', percent);

describe('selling below the tier (rule 14)', () => {
  it('managers and up have no limit; staff have the store’s, 0 by default', () => {
    for (const role of ['owner', 'admin', 'manager']) expect(sellingLimitFor(role, 5)).toBeNull();
    expect(staff(0)).toEqual({ belowTierPercent: 0 });
    expect(lowestUnitPrice(145000, null)).toBe(0);
    expect(lowestUnitPrice(145000, staff(0))).toBe(145000);
    // 3 % of Tk 1,450 is Tk 43.50: Tk 1,406.50 is the lowest.
    expect(lowestUnitPrice(145000, staff(3))).toBe(140650);
    // Rounded in the seller's favour: 3 % of 999 poisha is 29.97, 29 off.
    expect(lowestUnitPrice(999, staff(3))).toBe(970);
    // What the sale screens show: two at Tk 1,450 and one at Tk 300 with 3 % → 2 × 43.50 + 9.
    expect(mostBelowTier([{ tierPrice: 145000, quantity: 2 }, { tierPrice: 30000, quantity: 1 }], staff(3))).toBe(9600);
    expect(mostBelowTier([{ tierPrice: 145000, quantity: 2 }], staff(0))).toBe(0);
    expect(mostBelowTier([{ tierPrice: 145000, quantity: 2 }], null)).toBeNull();
  });

  it('staff without a limit sell at the tier price only; the refusal names the limit', () => {
    expect(priceSale(sale(1450), { shop: null, itemOf, limit: staff(0) }).total).toBe(290000);
    const below = refused(() => priceSale(sale(1440), { shop: null, itemOf, limit: staff(0) }));
    expect(below).toMatchObject({ statusCode: 403, code: 'price.belowLimit', params: { percent: 0, price: 1450 } });
    expect(below.errors?.[0].field).toBe('lines.0.unitPrice');
  });

  it('staff go as far as the limit and no further; a manager goes anywhere, even to 0', () => {
    expect(priceSale(sale(1406.5), { shop: null, itemOf, limit: staff(3) }).lines[0].unit).toBe(140650);
    expect(refused(() => priceSale(sale(1406), { shop: null, itemOf, limit: staff(3) }))).toMatchObject({
      code: 'price.belowLimit',
      params: { percent: 3, price: 1406.5, item: 'Bashundhara 12 kg 22 mm' },
    });
    const free = { lines: [{ itemType: 'cylinder' as const, itemId: 'b12', quantity: 1, unitPrice: 0 }], discount: 0, payments: [] };
    expect(priceSale(free, { shop: null, itemOf, limit: sellingLimitFor('manager', 0) }).total).toBe(0);
    expect(refused(() => priceSale(free, { shop: null, itemOf, limit: staff(99) }))).toMatchObject({ statusCode: 403, code: 'price.zeroNeedsManager' });
  });

  it('a discount counts as selling below: a staff sale may not come to less than its lines at their lowest', () => {
    // Two at Tk 1,450 with a 3 % limit: no lower than 2 × 1,406.50 = Tk 2,813.
    expect(priceSale(sale(1450, 87), { shop: null, itemOf, limit: staff(3) }).total).toBe(281300);
    expect(refused(() => priceSale(sale(1450, 88), { shop: null, itemOf, limit: staff(3) }))).toMatchObject({
      statusCode: 403,
      code: 'sale.discountBelowLimit',
      params: { percent: 3, amount: 2813, field: 'discount' },
    });
    // A discount of the whole total is giving it away.
    expect(refused(() => priceSale(sale(1450, 2900), { shop: null, itemOf, limit: staff(0) })).code).toBe('sale.discountBelowLimit');
    expect(priceSale(sale(1450, 2900), { shop: null, itemOf, limit: null }).total).toBe(0);
  });

  it('the one-item trade’s typed total is held to the same limit', () => {
    const trade = { itemType: 'cylinder' as const, id: 'b12', quantity: 2, paymentMethod: 'cash', emptiesIn: 2 };
    expect(priceTrade({ ...trade, totalAmount: 2813 }, { shop: null, itemOf, limit: staff(3) }).total).toBe(281300);
    expect(refused(() => priceTrade({ ...trade, totalAmount: 2800 }, { shop: null, itemOf, limit: staff(3) }))).toMatchObject({
      code: 'sale.discountBelowLimit',
      params: { field: 'totalAmount' },
    });
  });
});
