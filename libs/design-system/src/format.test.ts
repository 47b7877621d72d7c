import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatDateTime, formatTk } from './format';

describe('formatters', () => {
  it('labels amounts with Tk, groups digits and keeps up to two decimals', () => {
    expect(formatTk(1250)).toBe('Tk 1,250');
    expect(formatTk(15000)).toBe('Tk 15,000');
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
  });
});
