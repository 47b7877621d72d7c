import { describe, expect, it } from 'vitest';
import { deviceDrawsBengali } from './fonts';

/** A canvas that measures every letter `width(letter)` wide. */
const canvas = (width: (text: string) => number) =>
  ({ font: '', measureText: (text: string) => ({ width: width(text) }) }) as unknown as CanvasRenderingContext2D;

describe('the Bengali web font fallback', () => {
  it('is not needed where an installed font draws Bengali letters (each its own width)', () => {
    const widths: Record<string, number> = { 'ক': 21, 'ম': 19, 'অ': 23, '\u0378': 24 };
    expect(deviceDrawsBengali(canvas((t) => widths[t] ?? 10))).toBe(true);
  });

  it('is needed where every Bengali letter is the same missing-glyph box', () => {
    expect(deviceDrawsBengali(canvas(() => 24))).toBe(false);
  });
});
