// The last screen a signed-in person saw at an address, painted by the service worker from the
// page's HTML before the app's code runs (docs/decisions.md, "The last screen before the code").
// Shared by the app, which saves it (last-screen.ts) and swaps it for the live page
// (last-screen-swap.ts), and the service worker, which puts it into the page (sw.ts).

/** Cache Storage, where the worker can read it: one entry per address. */
export const LAST_SCREEN_CACHE = 'mojud-last-screen';
/** Older screens are not shown: they would mislead more than help (as the saved reads). */
export const LAST_SCREEN_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** The element index.html renders the app into, as the build writes it. */
export const ROOT_MARKUP = '<div id="root"></div>';
export const LAST_SCREEN_ID = 'last-screen';

export interface LastScreen {
  /** The app root's markup as it was on screen (React's output: text already escaped). */
  html: string;
  /** Stylesheets the screen used (a remote's own CSS is not in index.html). */
  styles: string[];
  /** The same screen with the line an offline start shows ("Offline — figures from …"). */
  offlineHtml: string;
  /** `<html lang>` then: a Bangla screen keeps Bangla's font rules. */
  lang: string;
  savedAt: number;
}

/** The cache key of an address's screen (a path of the app's own origin). */
export const lastScreenKey = (pathname: string) => `/__last-screen${pathname}`;

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * index.html with the last screen in front of the app's root: shown, but inert and hidden from
 * assistive technology (nothing on it works yet), while the root is laid out behind it, unseen,
 * so the app measures real sizes. The app removes it once its own page is on screen. Offline,
 * the screen carries the line the live page will show there, so nothing moves at the swap. Returns
 * null when the page is not the index.html this was saved for or the screen is too old.
 */
export function pageWithLastScreen(page: string, screen: LastScreen, { now, offline }: { now: number; offline: boolean }): string | null {
  if (!page.includes(ROOT_MARKUP) || !page.includes('</head>')) return null;
  if (!(now - screen.savedAt >= 0 && now - screen.savedAt <= LAST_SCREEN_MAX_AGE_MS)) return null;
  const links = screen.styles
    .filter((href) => /^https?:\/\//.test(href) && !page.includes(`href="${new URL(href).pathname}"`) && !page.includes(`href="${href}"`))
    .map((href) => `<link rel="stylesheet" href="${attribute(href)}">`)
    .join('');
  const style = `<style>#${LAST_SCREEN_ID}{position:fixed;inset:0;overflow:hidden;z-index:2147483000;background:var(--ds-color-bg,#fff)}#${LAST_SCREEN_ID}~#root{visibility:hidden}</style>`;
  const lang = /^[a-z]{2}$/.test(screen.lang) ? screen.lang : null;
  const withLang = lang ? page.replace(/<html( lang="[^"]*")?>/, `<html lang="${lang}">`) : page;
  return withLang
    .replace('</head>', `${links}${style}</head>`)
    .replace(ROOT_MARKUP, `<div id="${LAST_SCREEN_ID}" inert aria-hidden="true">${offline ? screen.offlineHtml : screen.html}</div>${ROOT_MARKUP}`);
}
