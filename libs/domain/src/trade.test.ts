import { describe, expect, it } from 'vitest';
import { itemLookup, refused } from './test-support';
import type { SaleItem } from './sale';
import { priceTrade, tradeSaleLine, type TradeSell } from './trade';

const bashundhara: SaleItem = {
  id: 'b12', type: 'cylinder', name: 'Bashundhara 12 kg 22 mm', brandName: 'Bashundhara',
  size: 12, regulatorType: 22, isActive: true, retail: 125000, wholesale: 120000,
};
const omera: SaleItem = { ...bashundhara, id: 'o12', name: 'Omera 12 kg 22 mm', brandName: 'Omera' };
const stove: SaleItem = { ...bashundhara, id: 's1', type: 'stove', name: 'Double burner', brandName: null, size: null, regulatorType: null };
const items = [bashundhara, omera, stove];
const itemOf = itemLookup(items);

const sell = (over: Partial<TradeSell> = {}): TradeSell => ({ itemType: 'cylinder', id: 'b12', quantity: 2, price: 1250, paymentMethod: 'cash', ...over });

describe('tradeSaleLine', () => {
  it('takes the quantity of the same item in as empties on a refill, none on a package or a stove', () => {
    expect(tradeSaleLine(sell())).toEqual({ itemType: 'cylinder', itemId: 'b12', tradeType: 'refill', quantity: 2, empties: [{ itemId: 'b12', count: 2 }] });
    expect(tradeSaleLine(sell({ emptiesIn: 1, emptiesItemId: 'o12' })).empties).toEqual([{ itemId: 'o12', count: 1 }]);
    expect(tradeSaleLine(sell({ tradeType: 'package' }))).toEqual({ itemType: 'cylinder', itemId: 'b12', tradeType: 'package', quantity: 2 });
    expect(tradeSaleLine(sell({ itemType: 'stove', id: 's1' }))).toEqual({ itemType: 'stove', itemId: 's1', quantity: 2 });
  });
});

describe('priceTrade', () => {
  it('prices a sell paid in full, a total below price × quantity as a discount, and a due one on the shop', () => {
    expect(priceTrade(sell(), { shop: null, itemOf })).toMatchObject({ tier: 'retail', total: 250000, paid: 250000, due: 0 });
    expect(priceTrade(sell({ totalAmount: 2400, paymentMethod: 'mobile' }), { shop: null, itemOf })).toMatchObject({
      discount: 10000,
      payments: [{ method: 'mobile', amount: 2400 }],
    });
    const due = priceTrade(sell({ price: 1200, paymentMethod: 'due', shopId: 'shop', emptiesIn: 1 }), { shop: { tier: 'wholesale' }, itemOf });
    expect(due).toMatchObject({ tier: 'wholesale', total: 240000, paid: 0, due: 240000 });
    expect(due.lines[0].empties.owed).toBe(1);
  });

  it('refuses with the codes the sell routes answer', () => {
    const cases: [Partial<TradeSell>, string, number][] = [
      [{ paymentMethod: 'due' }, 'sale.dueNeedsShop', 400],
      [{ price: 1200 }, 'price.changed', 409],
      [{ totalAmount: 2600 }, 'sale.totalAboveLines', 400],
      [{ emptiesIn: 1 }, 'empties.walkInOwes', 400],
      [{ emptiesIn: 3 }, 'empties.moreThanRefills', 400],
    ];
    for (const [over, code, status] of cases) {
      const refusal = refused(() => priceTrade(sell(over), { shop: null, itemOf }));
      expect([refusal.code, refusal.statusCode]).toEqual([code, status]);
    }
    expect(refused(() => priceTrade(sell({ paymentMethod: 'due' }), { shop: null, itemOf })).errors).toEqual([
      { field: 'shopId', message: 'Choose the customer shop for a due sale', code: 'sale.dueNeedsShop' },
    ]);
  });
});
