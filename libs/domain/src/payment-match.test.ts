import { describe, expect, it } from 'vitest';
import { matchPayment, readPaymentReference, walletNumber } from './payment-match';
import { shopCodeLabel } from './names';
import { saleNumber, shopCode } from './sale';

describe('readPaymentReference', () => {
  it.each([
    ['C-0042', 42],
    ['c-0042', 42],
    ['C42', 42],
    ['c 0042', 42],
    ['C.42', 42],
    ['C#42', 42],
    ['সি-০০৪২', 42],
    ['দো-০০৪২', 42],
    ['due C-42 Karim', 42],
    ['Karim store, c0042.', 42],
  ])('reads %s as shop %i', (text, number) => {
    expect(readPaymentReference(text)).toEqual({ kind: 'shop', number });
  });

  it.each([
    ['S-000123', 123],
    ['s123', 123],
    ['S 123', 123],
    ['বি-০০০১২৩', 123],
    ['এস-১২৩', 123],
  ])('reads %s as sale %i', (text, number) => {
    expect(readPaymentReference(text)).toEqual({ kind: 'sale', number });
  });

  it.each([null, '', '123', '0042', 'abc12', 'Rent', 'C-0000', 'jazakallah vai', 'ABC-42', 'CS-42'])('reads %s as nothing', (text) => {
    expect(readPaymentReference(text)).toBeNull();
  });

  it('reads what the formatters write, in both languages', () => {
    expect(readPaymentReference(shopCode(42))).toEqual({ kind: 'shop', number: 42 });
    expect(readPaymentReference(shopCodeLabel(shopCode(42), 'bn'))).toEqual({ kind: 'shop', number: 42 });
    expect(readPaymentReference(saleNumber(123))).toEqual({ kind: 'sale', number: 123 });
  });
});

describe('shop codes', () => {
  it('are C- and four digits at least, and read দো- in Bangla with Bengali digits', () => {
    expect(shopCode(42)).toBe('C-0042');
    expect(shopCode('7')).toBe('C-0007');
    expect(shopCode(12345)).toBe('C-12345');
    expect(shopCodeLabel('C-0042', 'en')).toBe('C-0042');
    expect(shopCodeLabel('C-0042', 'bn')).toBe('দো-০০৪২');
    expect(shopCodeLabel('C-0042', 'bn', { bengaliDigits: false })).toBe('দো-0042');
    expect(shopCodeLabel('Karim', 'bn')).toBe('Karim');
  });
});

describe('walletNumber', () => {
  it.each([
    ['01711223344', '01711223344'],
    ['+8801711223344', '01711223344'],
    ['8801711223344', '01711223344'],
    ['01711-223344', '01711223344'],
    ['০১৭১১ ২২৩৩৪৪', '01711223344'],
    ['01211223344', null],
    ['***515', null],
    ['', null],
    [null, null],
  ])('%s → %s', (input, expected) => {
    expect(walletNumber(input)).toBe(expected);
  });
});

describe('matchPayment', () => {
  it('takes the reference first', () => {
    expect(matchPayment({ byReference: ['a'], byPhone: ['b'] })).toEqual({ status: 'matched', shopId: 'a', matchedBy: 'reference' });
  });
  it('falls back to the sender’s number when the reference names no shop', () => {
    expect(matchPayment({ byReference: [], byPhone: ['b'] })).toEqual({ status: 'matched', shopId: 'b', matchedBy: 'phone' });
    expect(matchPayment({ byReference: [], byPhone: ['b', 'b'] })).toEqual({ status: 'matched', shopId: 'b', matchedBy: 'phone' });
  });
  it('waits when two shops share the number, naming them', () => {
    expect(matchPayment({ byReference: [], byPhone: ['b', 'c'] })).toEqual({ status: 'unmatched', reason: 'twoShops', candidates: ['b', 'c'] });
  });
  it('waits when nothing matches', () => {
    expect(matchPayment({ byReference: [], byPhone: [] })).toEqual({ status: 'unmatched', reason: 'noMatch', candidates: [] });
  });
});
