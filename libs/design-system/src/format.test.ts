import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createTranslator, numberSupport, registerTexts, setLatinDigits, setLocale } from '@mojud/i18n';
import { formatCount, formatDate, formatDateTime, formatItemName, formatBrandName, formatMonth, formatNumber, formatTk, numberText, parseNumber, groupTyped } from './format';

const bangla = () => act(() => setLocale('bn'));

afterEach(async () => {
  await act(() => setLocale('en'));
  setLatinDigits(false);
  numberSupport.bengali = undefined;
});

describe('formatters in English', () => {
  it('labels amounts with Tk, groups digits in lakhs and keeps up to two decimals', () => {
    expect(formatTk(1250)).toBe('Tk 1,250');
    expect(formatTk(1234567)).toBe('Tk 12,34,567');
    expect(formatTk('99.456')).toBe('Tk 99.46');
    expect(formatTk(-40)).toBe('-Tk 40');
    expect(formatTk(null)).toBe('Tk 0');
  });

  it('formats counts as whole numbers', () => {
    expect(formatCount(1234)).toBe('1,234');
    expect(formatCount(undefined)).toBe('0');
  });

  it('shows dates in Dhaka time, whatever the machine time zone', () => {
    // 20:30 UTC is 02:30 the next day in Dhaka (UTC+6).
    expect(formatDate('2026-03-01T20:30:00Z')).toBe('2 Mar 2026');
    expect(formatDateTime('2026-03-01T20:30:00Z')).toMatch(/^2 Mar 2026.*2:30\s?am$/i);
    expect(formatMonth('2025-01')).toBe('January 2025');
  });
});

describe('formatters in Bangla', () => {
  it('writes Bengali digits with lakh and crore grouping and Taka as ৳', async () => {
    await bangla();
    expect(formatTk(1234567)).toBe('৳১২,৩৪,৫৬৭');
    expect(formatTk(-40.5)).toBe('-৳৪০.৫');
    expect(formatCount(123456789)).toBe('১২,৩৪,৫৬,৭৮৯');
    expect(formatNumber(0.25)).toBe('০.২৫');
  });

  it('keeps Latin digits for a person who chose them, still in lakhs and with ৳', async () => {
    await bangla();
    setLatinDigits(true);
    expect(formatTk(1234567)).toBe('৳12,34,567');
    expect(formatDate('2026-03-01T20:30:00Z')).toBe('2 মার্চ 2026');
  });

  it('says dates with Bangla month names and the time of day in words, in Dhaka time', async () => {
    await bangla();
    expect(formatDate('2026-03-01T20:30:00Z')).toBe('২ মার্চ ২০২৬');
    expect(formatDateTime('2026-03-01T20:30:00Z')).toBe('২ মার্চ ২০২৬, রাত ২:৩০');
    expect(formatDateTime('2025-01-15T09:05:00Z')).toBe('১৫ জানু ২০২৫, বিকাল ৩:০৫');
    expect(formatDateTime('2025-01-15T06:00:00Z')).toBe('১৫ জানু ২০২৫, দুপুর ১২:০০');
    expect(formatMonth('2025-01')).toBe('জানুয়ারি ২০২৫');
  });

  it('comes out the same on a phone whose browser has no Bangla or Indian number data', async () => {
    await bangla();
    const values = [0, 1250, 1234567.5, -15000.05];
    const native = values.map((v) => formatTk(v));
    numberSupport.bengali = false;
    expect(values.map((v) => formatTk(v))).toEqual(native);
    expect(formatTk(1234567.5)).toBe('৳১২,৩৪,৫৬৭.৫');
  });

  it('formats the numbers inside messages with the same rules: {{amount, taka}}, {{day, date}}', async () => {
    registerTexts('fmt', { due: 'Due {{amount, taka}} since {{day, date}}' });
    registerTexts('fmt', { due: '{{day, date}} থেকে বাকি {{amount, taka}}' }, 'bn');
    const t = createTranslator('fmt');
    expect(t('due', { amount: 150000, day: '2026-03-01T06:00:00Z' })).toBe('Due Tk 1,50,000 since 1 Mar 2026');
    await bangla();
    expect(t('due', { amount: 150000, day: '2026-03-01T06:00:00Z' })).toBe('১ মার্চ ২০২৬ থেকে বাকি ৳১,৫০,০০০');
  });
});

describe('names and field texts', () => {
  it('says a cylinder’s name in the reader’s words; other names stay as typed', async () => {
    expect(formatItemName('Bashundhara 12 kg 22 mm')).toBe('Bashundhara 12 kg 22 mm');
    await bangla();
    expect(formatItemName('Bashundhara 12 kg 22 mm')).toBe('বসুন্ধরা ১২ কেজি ২২ মিমি');
    expect(formatBrandName('Omera')).toBe('ওমেরা');
    setLatinDigits(true);
    expect(formatItemName('Bashundhara 12 kg 22 mm')).toBe('বসুন্ধরা 12 কেজি 22 মিমি');
    expect(formatItemName('RFL double burner')).toBe('RFL double burner');
  });

  it('starts a number field in the reader’s digits, ungrouped, and reads it back', async () => {
    expect(numberText(12500)).toBe('12500');
    await bangla();
    expect(numberText(12500)).toBe('১২৫০০');
    expect(parseNumber(numberText(12500.5))).toBe(12500.5);
    expect(numberText(null)).toBe('');
  });
});

describe('parseNumber', () => {
  it('reads Bengali and Latin digits alike, with or without grouping', () => {
    expect(Number('১২৩')).toBeNaN(); // why every number field goes through parseNumber
    expect(parseNumber('১২৩')).toBe(123);
    expect(parseNumber('১,২৫০.৫')).toBe(1250.5);
    expect(parseNumber(' 12,34,567 ')).toBe(1234567);
    expect(parseNumber('৳ ৫০০')).toBe(500);
    expect(parseNumber('-৫')).toBe(-5);
  });

  it('gives undefined for nothing typed and NaN for what is not a number', () => {
    expect(parseNumber('')).toBeUndefined();
    expect(parseNumber('   ')).toBeUndefined();
    expect(parseNumber('abc')).toBeNaN();
    expect(parseNumber('১২ক')).toBeNaN();
    expect(parseNumber('1.2.3')).toBeNaN();
  });
});

describe('an amount as it is typed', () => {
  it('groups thousands (in lakhs) while typed, keeps a trailing point and decimals, and reads back the same', async () => {
    expect(['1', '1250', '125000', '1250.', '1250.5', '', 'abc', '-5'].map(groupTyped)).toEqual(['1', '1,250', '1,25,000', '1,250.', '1,250.5', '', 'abc', '-5']);
    expect(parseNumber(groupTyped('125000.25'))).toBe(125000.25);
    await bangla();
    expect(groupTyped('12500')).toBe('১২,৫০০');
    expect(groupTyped('১২৫০০.৫')).toBe('১২,৫০০.৫');
    expect(parseNumber(groupTyped('১২৫০০'))).toBe(12500);
    setLatinDigits(true);
    expect(groupTyped('১২৫০০')).toBe('12,500');
  });
});
