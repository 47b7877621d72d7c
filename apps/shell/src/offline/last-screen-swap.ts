// Swaps the last screen the service worker painted (last-screen-page.ts) for the live page: as
// soon as the app's root shows a page with nothing still loading in it (no spinner: the page's
// code, texts and first figures are in), or after SHOW_AT_MOST_MS whatever the root shows, so a
// stale screen whose buttons do nothing never lingers.
import { LAST_SCREEN_ID } from './last-screen-page';

export const SHOW_AT_MOST_MS = 4_000;
const LOADING = '.ds-spinner';

/** Watches the root while a last screen is in front of it; does nothing on a page without one. */
export function swapLastScreenWhenReady(root: HTMLElement, { setTimer = setTimeout } = {}): void {
  const screen = document.getElementById(LAST_SCREEN_ID);
  if (!screen) return;
  const observer = new MutationObserver(() => {
    if (root.childElementCount > 0 && !root.querySelector(LOADING)) done();
  });
  const done = () => {
    observer.disconnect();
    screen.remove();
  };
  observer.observe(root, { childList: true, subtree: true });
  setTimer(done, SHOW_AT_MOST_MS);
}
