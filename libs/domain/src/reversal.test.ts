import { describe, expect, it } from 'vitest';
import { refused } from './test-support';
import { checkReturn, checkVoidDay, checkVoidWhole, notEnoughEmptiesBack, planReturn, planVoid, type LineLeft } from './reversal';

// 5 Bashundhara refills: 2 own empties in, 1 Omera swapped in, 2 still owed; Tk 6,900 after its share.
const refills: LineLeft = {
  id: 11, itemType: 'cylinder', itemId: 'b12', quantity: 5, amount: 690000, qtyLeft: 5, amountLeft: 690000,
  owedLeft: 2, sameLeft: 2, swapsLeft: [{ itemId: 'o12', left: 1 }],
};
const stove: LineLeft = { id: 12, itemType: 'stove', itemId: 's1', quantity: 3, amount: 100000, qtyLeft: 3, amountLeft: 100000, owedLeft: 0, sameLeft: 0, swapsLeft: [] };

describe('planVoid', () => {
  it('takes every line back whole: the debt first, then own empties, then swapped ones; the due goes down by the amounts', () => {
    const plan = planVoid([refills, stove], new Map([['b12', 2]]));
    expect(plan.lines.map(({ index, quantity, amount, owedBack, sameBack, swapsBack, dueDelta, field }) => ({ index, quantity, amount, owedBack, sameBack, swapsBack, dueDelta, field }))).toEqual([
      { index: 0, quantity: 5, amount: 690000, owedBack: 2, sameBack: 2, swapsBack: [{ itemId: 'o12', count: 1 }], dueDelta: -690000, field: 'saleId' },
      { index: 1, quantity: 3, amount: 100000, owedBack: 0, sameBack: 0, swapsBack: [], dueDelta: -100000, field: 'saleId' },
    ]);
    expect(plan).toMatchObject({ total: 790000, refund: 0 });
    expect(refills.swapsLeft[0].left).toBe(1);
  });

  it('hands back as its own empties what the shop owed and has since brought in', () => {
    const [line] = planVoid([refills], new Map([['b12', 0]])).lines;
    expect([line.owedBack, line.sameBack, line.swapsBack]).toEqual([0, 4, [{ itemId: 'o12', count: 1 }]]);
  });

  it('is refused on a day after the sale, or once part of it is back', () => {
    expect(refused(() => checkVoidDay(false)).code).toBe('sale.voidOnlyToday');
    expect(() => checkVoidDay(true)).not.toThrow();
    expect(refused(() => checkVoidWhole([{ ...refills, qtyLeft: 4 }])).code).toBe('sale.partlyReturned');
    expect(refused(() => planVoid([{ ...refills, qtyLeft: 4 }], null)).statusCode).toBe(409);
  });
});

describe('planReturn', () => {
  it('gives back part of a line in proportion and the last part what is left, refunding a walk-in buyer', () => {
    const walkIn = { ...refills, owedLeft: 0, sameLeft: 4, amount: 100000, amountLeft: 100000, quantity: 3, qtyLeft: 3, swapsLeft: [] };
    const plan = planReturn([walkIn], [{ lineId: 11, quantity: 1 }, { lineId: 11, quantity: 1 }, { lineId: 11, quantity: 1 }], null);
    expect(plan.lines.map((l) => l.amount)).toEqual([33333, 33333, 33334]);
    expect(plan.lines.map((l) => [l.sameBack, l.dueDelta, l.field])).toEqual([[1, 0, 'lines.0.quantity'], [1, 0, 'lines.1.quantity'], [1, 0, 'lines.2.quantity']]);
    expect(plan).toMatchObject({ total: 100000, refund: 100000 });
  });

  it('takes what the shop owes off first, across lines of the same item, and the due down instead of a refund', () => {
    const again = { ...refills, id: 13, owedLeft: 2, sameLeft: 0, swapsLeft: [] };
    const plan = planReturn([refills, again], [{ lineId: 11, quantity: 3 }, { lineId: 13, quantity: 2 }], new Map([['b12', 3]]));
    expect(plan.lines.map((l) => [l.owedBack, l.sameBack])).toEqual([[2, 1], [1, 1]]);
    expect(plan.lines.map((l) => l.dueDelta)).toEqual([-414000, -276000]);
    expect(plan.refund).toBe(0);
  });

  it('refuses a line not of the sale, and more than is left of one', () => {
    const missing = refused(() => checkReturn([refills], [{ lineId: 99, quantity: 1 }]));
    expect([missing.statusCode, missing.code, missing.errors?.[0].field]).toEqual([404, 'sale.lineNotFound', 'lines.0.lineId']);
    const tooMany = refused(() => planReturn([refills], [{ lineId: 11, quantity: 3 }, { lineId: 11, quantity: 3 }], null));
    expect([tooMany.code, tooMany.params, tooMany.message, tooMany.errors?.[0].field]).toEqual(['sale.returnTooMany', { available: 2 }, 'Only 2 left to return on that line', 'lines.1.quantity']);
  });

  it('says where the empties to hand back are missing', () => {
    expect(notEnoughEmptiesBack(1, null, 'saleId').message).toBe('Only 1 empty cylinder in the store to hand back for this refill');
    expect(notEnoughEmptiesBack(0, { name: 'DHA-1' }, 'lines.0.quantity').message).toBe('Only 0 empty cylinders on DHA-1 to hand back for this refill');
  });
});
