import { describe, expect, it } from 'vitest';
import { itemLookup, refused } from './test-support';
import { shopBalanceAfterPayment } from './money';
import { emptiesOwedAfter, lineRefusal, priceSale, shopBalanceAfter, type SaleItem, type SaleRequest } from './sale';
import { countsAfterSale } from './store-changes';

const bashundhara: SaleItem = {
  id: 'b12', type: 'cylinder', name: 'Bashundhara 12 kg 22 mm', brandName: 'Bashundhara',
  size: 12, regulatorType: 22, isActive: true, retail: 145000, wholesale: 138000,
};
const omera: SaleItem = { ...bashundhara, id: 'o12', name: 'Omera 12 kg 22 mm', brandName: 'Omera' };
const omera35: SaleItem = { ...omera, id: 'o35', name: 'Omera 35 kg 22 mm', size: 35 };
const stove: SaleItem = { ...bashundhara, id: 's1', type: 'stove', name: 'Double burner', brandName: null, size: null, regulatorType: null, retail: 350000, wholesale: 320000 };
const items = [bashundhara, omera, omera35, stove];
const itemOf = itemLookup(items);

const sale = (over: Partial<SaleRequest> = {}): SaleRequest => ({
  lines: [{ itemType: 'cylinder', itemId: 'b12', quantity: 2 }],
  discount: 0,
  payments: [{ method: 'cash', amount: 2900 }],
  ...over,
});

describe('priceSale', () => {
  it('prices a walk-in at retail and a shop at its tier, with the discount shared over the lines', () => {
    const walkIn = priceSale(sale(), { shop: null, itemOf });
    expect(walkIn).toMatchObject({ tier: 'retail', subtotal: 290000, total: 290000, paid: 290000, due: 0 });
    expect(walkIn.lines[0].empties).toEqual({ same: 2, swaps: [], owed: 0 });

    const shop = priceSale(
      sale({
        lines: [
          { itemType: 'cylinder', itemId: 'b12', quantity: 1, empties: [{ itemId: 'o12', count: 1 }] },
          { itemType: 'stove', itemId: 's1', quantity: 1 },
        ],
        discount: 100,
        payments: [{ method: 'cash', amount: 1000 }],
      }),
      { shop: { tier: 'wholesale' }, itemOf },
    );
    expect(shop.tier).toBe('wholesale');
    expect(shop.subtotal).toBe(458000);
    expect(shop.lines.map((l) => l.discountShare)).toEqual([3013, 6987]);
    expect(shop.lines[0].empties).toEqual({ same: 0, swaps: [{ itemId: 'o12', count: 1 }], owed: 0 });
    expect(shop.due).toBe(458000 - 10000 - 100000);
  });

  it('leaves empties owed on a shop, never on a walk-in buyer', () => {
    const line = { itemType: 'cylinder' as const, itemId: 'b12', quantity: 3, empties: [{ itemId: 'b12', count: 1 }] };
    expect(priceSale(sale({ lines: [line], payments: [] }), { shop: { tier: 'wholesale' }, itemOf }).lines[0].empties.owed).toBe(2);
    expect(refused(() => priceSale(sale({ lines: [line] }), { shop: null, itemOf })).code).toBe('empties.walkInOwes');
  });

  it('refuses with the same codes the API answers', () => {
    const cases: [Partial<SaleRequest>, string, number][] = [
      [{ lines: [{ itemType: 'cylinder', itemId: 'nope', quantity: 1 }] }, 'item.notFound', 404],
      [{ lines: [{ itemType: 'cylinder', itemId: 'b12', quantity: 1, unitPrice: 1500 }] }, 'price.aboveTier', 409],
      [{ lines: [{ itemType: 'cylinder', itemId: 'b12', quantity: 1, empties: [{ itemId: 'o35', count: 1 }] }] }, 'empties.wrongSize', 400],
      [{ lines: [{ itemType: 'cylinder', itemId: 'b12', quantity: 1, empties: [{ itemId: 'b12', count: 2 }] }] }, 'empties.moreThanRefills', 400],
      [{ discount: 3000 }, 'sale.discountAboveTotal', 400],
      [{ payments: [{ method: 'cash', amount: 100 }] }, 'sale.walkInPaysAll', 400],
      [{ payments: [{ method: 'cash', amount: 3000 }] }, 'sale.walkInPaysExactly', 400],
    ];
    for (const [over, code, status] of cases) {
      const refusal = refused(() => priceSale(sale(over), { shop: null, itemOf }));
      expect([refusal.code, refusal.statusCode]).toEqual([code, status]);
    }
    const inactive = (type: string, id: string) => ({ ...itemOf(type, id)!, isActive: false });
    expect(refused(() => priceSale(sale(), { shop: null, itemOf: inactive })).code).toBe('brand.inactive');
    expect(refused(() => priceSale(sale(), { shop: null, itemOf }, { expectedUnitPrice: 1400 })).code).toBe('price.changed');
  });

  it('takes the one-item trade terms: a total below the lines is a discount, paid in full or all due', () => {
    const priced = priceSale(sale({ payments: [] }), { shop: { tier: 'retail' }, itemOf }, { total: 2800, payInFull: 'bank' });
    expect(priced).toMatchObject({ discount: 10000, total: 280000, paid: 280000, due: 0, payments: [{ method: 'bank', amount: 2800 }] });
    expect(priceSale(sale({ payments: [] }), { shop: { tier: 'retail' }, itemOf }, { payInFull: null }).due).toBe(290000);
  });
});

describe('lineRefusal', () => {
  const base = { index: 0, item: bashundhara, quantity: 5, tier: 'retail' as const, tradeType: 'refill' as const, tierPrice: 145000, nameItem: false, vehicle: null };
  it('names what stopped a line: stock in the store or on the vehicle, a changed price, or a race', () => {
    expect(lineRefusal({ ...base, now: { ...bashundhara, available: 3 } }).message).toBe('Only 3 full cylinders in stock');
    expect(lineRefusal({ ...base, nameItem: true, now: { ...bashundhara, available: 1 } }).message).toBe('Bashundhara 12 kg 22 mm: only 1 full cylinder in stock');
    expect(lineRefusal({ ...base, vehicle: { name: 'DHA-1' }, now: { ...bashundhara, available: 0 } }).code).toBe('vehicle.notEnoughFull');
    expect(lineRefusal({ ...base, now: { ...bashundhara, retail: 150000, available: 9 } }).code).toBe('price.changedOf');
    expect(lineRefusal({ ...base, now: { ...bashundhara, available: 9 } }).code).toBe('stock.changed');
    expect(lineRefusal({ ...base, now: undefined }).statusCode).toBe(404);
  });

  it('a package line measures its price against the package price, and a price cleared since is the rule’s refusal', () => {
    const pkg = { ...base, tradeType: 'package' as const, tierPrice: 330000 };
    const priced = { ...bashundhara, packageRetail: 330000, packageWholesale: 325000, available: 9 };
    expect(lineRefusal({ ...pkg, now: priced }).code).toBe('stock.changed');
    expect(lineRefusal({ ...pkg, now: { ...priced, packageRetail: 340000 } })).toMatchObject({ code: 'price.changedOf', params: { price: 3400 } });
    expect(lineRefusal({ ...pkg, now: { ...priced, packageRetail: null } }).code).toBe('price.packageNotSet');
  });
});

describe('after a sale (its receipt made on the device, offline)', () => {
  const sale: SaleRequest = {
    lines: [{ itemType: 'cylinder', itemId: 'b12', quantity: 3, empties: [{ itemId: 'b12', count: 1 }, { itemId: 'o12', count: 1 }] }, { itemType: 'stove', itemId: 's1', quantity: 1 }],
    discount: 0,
    payments: [{ method: 'cash', amount: 1000 }],
  };
  const priced = priceSale(sale, { shop: { tier: 'wholesale' }, itemOf: itemLookup(items), limit: null });

  it('the shop’s balance goes up by what is left due, and its empties owed by each refill without one', () => {
    expect(shopBalanceAfter(50000, priced.due)).toBe(50000 + 3 * 138000 + 320000 - 100000);
    // A due payment lowers it; paying more than the due leaves an advance.
    expect(shopBalanceAfterPayment(50000, 20000)).toBe(30000);
    expect(shopBalanceAfterPayment(50000, 60000)).toBe(-10000);
    const owed = emptiesOwedAfter([{ itemId: 'o12', count: 2, name: 'Omera' }], priced.lines, (id) => ({ name: id }));
    expect(owed).toEqual([{ itemId: 'o12', count: 2, name: 'Omera' }, { itemId: 'b12', count: 1, name: 'b12' }]);
    expect(emptiesOwedAfter([], [], () => ({}))).toEqual([]);
  });

  it('the counts where it was sold: full ones out, each brand’s empties in, stoves out; from a vehicle, the vehicle’s', () => {
    const before = () => ({ full: 10, empty: 5, stock: 4 });
    const atStore = countsAfterSale(sale.lines, false, before);
    expect(Object.fromEntries(atStore)).toEqual({
      b12: { full: 7, empty: 6, stock: 4 },
      o12: { full: 10, empty: 6, stock: 4 },
      s1: { full: 10, empty: 5, stock: 3 },
    });
    expect(countsAfterSale(sale.lines, true, before).get('b12')).toEqual({ full: 7, empty: 6, stock: 4 });
  });
});
