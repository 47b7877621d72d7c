import { describe, expect, it } from 'vitest';
import {
  checkOfficialPrices,
  dhakaInstant,
  fillOfficialPrices,
  judgeOfficial,
  nextOfficial,
  officialInForce,
  perKgPrice,
  type OfficialLine,
  type OfficialPriceEntry,
} from './official-price';
import { refused } from './test-support';

// DEALER.md rule 13: the official BERC price book.

describe('filling the sizes from BERC’s figures', () => {
  it('each size is size × per kg to the whole taka; 12 kg takes its own figure; sizes outside 5.5–45 kg are left to enter', () => {
    // Per kg Tk 120.83: 5.5 kg → 664.57 → Tk 665; 35 kg → 4,229.05 → Tk 4,229; 45 kg → 5,437.35 → Tk 5,437.
    expect(perKgPrice(5.5, 12083)).toBe(66500);
    expect(perKgPrice(35, 12083)).toBe(422900);
    expect(fillOfficialPrices([45, 12, 5, 35, 12, 20], { perKg: 12083, twelveKg: 145000 })).toEqual([
      { size: 5, price: null },
      { size: 12, price: 145000 },
      { size: 20, price: 241700 },
      { size: 35, price: 422900 },
      { size: 45, price: 543700 },
    ]);
  });

  it('a date and time in Dhaka is six hours ahead of UTC; 6 pm by default', () => {
    expect(dhakaInstant('2026-11-27')).toBe('2026-11-27T12:00:00.000Z');
    expect(dhakaInstant('2026-12-01', '00:30')).toBe('2026-11-30T18:30:00.000Z');
  });
});

const entry = (startsAt: string, price: number, id: string): OfficialPriceEntry & { id: string } => ({
  id,
  startsAt,
  prices: [{ size: 12, price }],
});

describe('the price in force', () => {
  const book = [entry('2026-11-02T12:00:00.000Z', 145500, 'nov'), entry('2026-12-02T12:00:00.000Z', 144000, 'dec')];

  it('is the latest entry starting at or before the instant; an entry ahead is the next', () => {
    expect(officialInForce(book, '2026-11-02T11:59:59.000Z')).toBeNull();
    expect(officialInForce(book, '2026-11-02T12:00:00.000Z')?.id).toBe('nov');
    expect(officialInForce(book, '2026-12-02T11:59:00.000Z')?.id).toBe('nov');
    expect(nextOfficial(book, '2026-12-02T11:59:00.000Z')?.id).toBe('dec');
    expect(officialInForce(book, '2026-12-20T00:00:00.000Z')?.id).toBe('dec');
    expect(nextOfficial(book, '2026-12-20T00:00:00.000Z')).toBeNull();
  });

  it('an entry made late (starting in the past) counts from its start; of two with the same start the later one entered counts', () => {
    const late = [...book, entry('2026-11-15T12:00:00.000Z', 146000, 'late'), entry('2026-11-15T12:00:00.000Z', 146500, 'fixed')];
    expect(officialInForce(late, '2026-11-20T00:00:00.000Z')?.id).toBe('fixed');
    expect(officialInForce(late, '2026-11-10T00:00:00.000Z')?.id).toBe('nov');
  });
});

const refill = (unit: number, over: Partial<OfficialLine> = {}): OfficialLine => ({
  field: 'lines.0.unitPrice',
  itemName: 'Bashundhara 12 kg 22 mm',
  itemType: 'cylinder',
  tradeType: 'refill',
  size: 12,
  unit,
  ...over,
});
const book = entry('2026-11-27T12:00:00.000Z', 145000, 'now');

describe('a walk-in refill above the official price', () => {
  it('only a walk-in’s refill of a size with an official price is held to it', () => {
    expect(judgeOfficial(refill(150000), true, book)).toEqual({ official: 145000, above: true });
    expect(judgeOfficial(refill(145000), true, book)).toEqual({ official: 145000, above: false });
    expect(judgeOfficial(refill(150000), false, book)).toEqual({ official: null, above: false });
    expect(judgeOfficial(refill(330000, { tradeType: 'package' }), true, book)).toEqual({ official: null, above: false });
    expect(judgeOfficial(refill(150000, { size: 35 }), true, book)).toEqual({ official: null, above: false });
    expect(judgeOfficial(refill(150000), true, null)).toEqual({ official: null, above: false });
  });

  it('warn: needs a reason, then goes on with the official price recorded', () => {
    const ctx = { walkIn: true, entry: book, policy: 'warn' as const };
    expect(refused(() => checkOfficialPrices([refill(150000)], { ...ctx, reason: '  ' }))).toMatchObject({
      statusCode: 409,
      code: 'officialPrice.needsReason',
      params: { official: 1450, price: 1500, item: 'Bashundhara 12 kg 22 mm' },
      errors: [{ field: 'officialPriceReason' }],
    });
    expect(checkOfficialPrices([refill(150000)], { ...ctx, reason: 'delivered to 5th floor' })).toEqual([{ official: 145000, above: true }]);
    // At or below it, no reason is asked.
    expect(checkOfficialPrices([refill(145000)], { ...ctx, reason: null })).toEqual([{ official: 145000, above: false }]);
  });

  it('refuse: refused whatever the reason, naming the line', () => {
    const r = refused(() => checkOfficialPrices([refill(150000)], { walkIn: true, entry: book, policy: 'refuse', reason: 'delivered to 5th floor' }));
    expect(r).toMatchObject({ statusCode: 409, code: 'officialPrice.above', params: { official: 1450, price: 1500 } });
    expect(r.errors?.[0].field).toBe('lines.0.unitPrice');
  });
});
