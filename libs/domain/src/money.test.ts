import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { numericText, shareDiscount, takaNumeric, takaText, takaWords, toPoisha, toTaka } from './money';

describe('money', () => {
  it('works in whole poisha, so 0.1 × 3 is 0.30', () => {
    expect(toPoisha(0.1) * 3).toBe(30);
    expect(toTaka(toPoisha('1380.50'))).toBe(1380.5);
    expect(numericText(138050)).toBe('1380.50');
    expect(takaText(138000)).toBe('Tk 1380.00');
    expect(takaNumeric(-12.5)).toBe('-12.50');
  });

  it('says an amount in a sentence grouped, with decimals only where there are poisha', () => {
    expect(takaWords(138000)).toBe('Tk 1,380');
    expect(takaWords(138050)).toBe('Tk 1,380.5');
    expect(takaWords(5)).toBe('Tk 0.05');
  });

  it('shares a discount over lines in proportion, the poisha left over to the largest remainders', () => {
    expect(shareDiscount([100, 100, 100], 100)).toEqual([34, 33, 33]);
    expect(shareDiscount([5000, 0], 100)).toEqual([100, 0]);
    expect(shareDiscount([0, 0], 100)).toEqual([0, 0]);
  });

  it('always shares exactly the discount, never more than a line is worth', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 50 }), fc.double({ min: 0, max: 1, noNaN: true }), (gross, part) => {
        const total = gross.reduce((a, b) => a + b, 0);
        const discount = Math.floor(total * part);
        const shares = shareDiscount(gross, discount);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(total === 0 ? 0 : discount);
        shares.forEach((s, i) => expect(s).toBeLessThanOrEqual(gross[i]));
      }),
    );
  });
});
