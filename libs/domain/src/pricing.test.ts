import { describe, expect, it } from 'vitest';
import { checkCostFields, linePrice, linePriceOrNull, lowestUnitPrice, mostBelowTier, packagePricesAfter, sellingLimitFor } from './pricing';
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

// DEALER.md rule 12: a refill and a package are different goods, each with its retail and wholesale price.
describe('four prices per cylinder item (rule 12)', () => {
  const priced: SaleItem = { ...bashundhara, retail: 150000, wholesale: 142000, packageRetail: 330000, packageWholesale: 325000 };
  const stove: SaleItem = {
    id: 's1', type: 'stove', name: 'Walton double stove', brandName: null, size: null, regulatorType: null, isActive: true, retail: 320000, wholesale: 300000,
  };
  const line = (tradeType: 'refill' | 'package', quantity = 1) => ({ itemType: 'cylinder' as const, itemId: 'b12', tradeType, quantity });

  it('a line takes the price of its trade type and the customer’s tier', () => {
    expect(linePriceOrNull(priced, 'refill', 'retail')).toBe(150000);
    expect(linePriceOrNull(priced, 'refill', 'wholesale')).toBe(142000);
    expect(linePriceOrNull(priced, 'package', 'retail')).toBe(330000);
    expect(linePriceOrNull(priced, 'package', 'wholesale')).toBe(325000);
    expect(linePriceOrNull(stove, null, 'wholesale')).toBe(300000);
    // A walk-in buys a package at Tk 3,300 and a refill at Tk 1,500 in one sale; a shop pays wholesale.
    const sale = { lines: [line('package'), { ...line('refill'), empties: [{ itemId: 'b12', count: 1 }] }], discount: 0, payments: [{ method: 'cash', amount: 4800 }] };
    const walkIn = priceSale(sale, { shop: null, itemOf: itemLookup([priced]) });
    expect(walkIn.lines.map((l) => [l.tradeType, l.unit])).toEqual([['package', 330000], ['refill', 150000]]);
    expect(walkIn.total).toBe(480000);
    expect(priceSale({ ...sale, payments: [] }, { shop: { tier: 'wholesale' }, itemOf: itemLookup([priced]) }).total).toBe(467000);
  });

  it('a package with no package price is refused with the rule’s words; it never falls back to the refill price', () => {
    expect(linePriceOrNull(bashundhara, 'package', 'retail')).toBeNull();
    expect(linePriceOrNull({ ...bashundhara, packageRetail: null, packageWholesale: null }, 'package', 'wholesale')).toBeNull();
    const refusal = refused(() => priceSale({ lines: [line('package')], discount: 0, payments: [{ method: 'cash', amount: 1450 }] }, { shop: null, itemOf }));
    expect(refusal).toMatchObject({
      statusCode: 409,
      code: 'price.packageNotSet',
      message: 'Set the package price of Bashundhara 12 kg 22 mm first',
      params: { item: 'Bashundhara 12 kg 22 mm' },
    });
    expect(refusal.errors?.[0]).toMatchObject({ field: 'lines.0.itemId', code: 'price.packageNotSetShort' });
    // The one-item trade the same, even with the refill price in hand.
    const trade = { itemType: 'cylinder' as const, id: 'b12', quantity: 1, tradeType: 'package' as const, price: 1450, paymentMethod: 'cash' };
    expect(refused(() => priceTrade(trade, { shop: null, itemOf })).code).toBe('price.packageNotSet');
    expect(() => linePrice(bashundhara, 'refill', 'retail')).not.toThrow();
  });

  it('staff’s limit is measured from the package price on a package line', () => {
    const itemOf = itemLookup([priced]);
    // 3 % below Tk 3,300 is Tk 3,201 (not 3 % below the refill's Tk 1,500).
    const at = (unitPrice: number) => ({ lines: [{ ...line('package'), unitPrice }], discount: 0, payments: [{ method: 'cash', amount: unitPrice }] });
    expect(priceSale(at(3201), { shop: null, itemOf, limit: staff(3) }).lines[0]).toMatchObject({ tierPrice: 330000, unit: 320100, lineDiscount: 9900 });
    expect(refused(() => priceSale(at(3200), { shop: null, itemOf, limit: staff(3) }))).toMatchObject({
      code: 'price.belowLimit',
      params: { price: 3201 },
    });
    expect(refused(() => priceSale(at(3250), { shop: null, itemOf, limit: staff(0) })).params).toMatchObject({ price: 3300 });
    // Above the package price is refused as above the tier.
    expect(refused(() => priceSale(at(3400), { shop: null, itemOf })).code).toBe('price.aboveTier');
  });

  it('an edit sets the package prices: the wholesale is the retail until set, never a wholesale alone', () => {
    const none = { packageRetail: null, packageWholesale: null };
    expect(packagePricesAfter({}, none)).toEqual(none);
    expect(packagePricesAfter({ packageRetailPrice: 3300 }, none)).toEqual({ packageRetail: 3300, packageWholesale: 3300 });
    expect(packagePricesAfter({ packageRetailPrice: 3300, packageWholesalePrice: 3250 }, none)).toEqual({ packageRetail: 3300, packageWholesale: 3250 });
    expect(packagePricesAfter({ packageRetailPrice: 3350 }, { packageRetail: 3300, packageWholesale: 3250 })).toEqual({ packageRetail: 3350, packageWholesale: 3250 });
    expect(packagePricesAfter({ packageWholesalePrice: 3200 }, { packageRetail: 3300, packageWholesale: 3250 })).toEqual({ packageRetail: 3300, packageWholesale: 3200 });
    expect(refused(() => packagePricesAfter({ packageWholesalePrice: 3250 }, none))).toMatchObject({ statusCode: 400, code: 'price.packageRetailFirst' });
    expect(refused(() => checkCostFields('stove', { packageRetailPrice: 3300 }))).toMatchObject({ statusCode: 400, code: 'price.accessoryPackage' });
  });
});
