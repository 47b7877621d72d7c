import { describe, expect, it } from 'vitest';
import { initialsColor } from './brand-picker';

const lum = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

describe('initialsColor', () => {
  it.each(['#c62828', '#558b2f', '#d84315', '#ef6c00', '#00838f', '#1b5e20', '#ffeb3b', '#000000', '#ffffff'])(
    'reads at 4.5:1 or more on %s',
    (background) => {
      expect(contrast(initialsColor(background), background)).toBeGreaterThanOrEqual(4.5);
    },
  );
});
