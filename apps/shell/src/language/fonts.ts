// Bangla is drawn with the device's own Bengali font: Android ships Noto Sans Bengali, Windows
// Nirmala UI, macOS Bangla Sangam/Kohinoor, so a phone downloads no font at all. Only where no
// font draws Bengali letters (some desktop Linux installs) is a Bengali-only subset of Noto Sans
// Bengali (@fontsource, font-display: swap) fetched, after the page has painted: the text shows
// at once in boxes or a fallback and swaps in when the font arrives, never waiting for it.
import { getLocale } from '@mojud/i18n';

/** Whether some installed font draws Bengali letters (a missing glyph measures like any other). */
export function deviceDrawsBengali(context = document.createElement('canvas').getContext('2d')): boolean {
  if (!context) return true;
  context.font = '40px sans-serif';
  const width = (text: string) => context.measureText(text).width;
  const missing = width('\u0378'); // an unassigned code point: no font has it, it draws as a box
  // Single letters: a missing one is one box too, as wide as the unassigned one.
  return ['ক', 'ম', 'অ'].some((letter) => Math.abs(width(letter) - missing) > 0.5);
}

let requested = false;

/** Once the page is idle, fetches the web font if this device cannot draw Bengali (once). */
export function fallBackToBengaliWebFont(): void {
  if (requested || getLocale() !== 'bn') return;
  requested = true;
  const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200));
  idle(() => {
    if (deviceDrawsBengali()) return;
    void import(/* webpackChunkName: "font-bengali" */ './bengali-font').then(() => {
      // Text laid out before the font existed keeps its boxes in Chromium until its font-family
      // changes: name the web font first (its Bengali-only subset leaves Latin to the next font).
      document.documentElement.classList.add('bengali-web-font');
    });
  });
}
