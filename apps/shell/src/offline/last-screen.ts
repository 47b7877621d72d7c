// Saves the screen a signed-in person is looking at, per address, for the service worker to paint
// on the next start before the app's code has run (last-screen-page.ts). Loaded with the saved
// reads after sign-in; a sign-out, or a session the server refuses, deletes every saved screen.
import type { QueryClient } from '@tanstack/react-query';
import { createTranslator, namespaceLoading } from '@mojud/i18n';
import { LAST_SCREEN_CACHE, LAST_SCREEN_ID, lastScreenKey, type LastScreen } from './last-screen-page';
import { newestFigures, offlineLine } from './newest-figures';
import { ns } from './texts';

/** How long after the last answer a screen counts as settled. */
const SETTLE_MS = 1_000;
/** Addresses kept: the pages a person opens the app at, not every page once visited. */
const KEEP = 12;
/** A screen bigger than this (a long list drawn whole) is not worth its parsing at start. */
const MAX_CHARS = 400_000;
/** Screens that are not a page's settled figures: a dialog, a spinner. */
const UNSETTLED = '.ds-spinner, [role="dialog"], [role="alertdialog"]';

const open = () => caches.open(LAST_SCREEN_CACHE);

/**
 * Adds the chrome's offline line (offline/sync-status.tsx) as an offline start shows it over these
 * figures: "Offline — figures from <when they were fetched>".
 */
function addOfflineLine(screen: HTMLElement, figuresFrom: number): void {
  const main = screen.querySelector('.shell-app__main');
  if (!main || screen.querySelector(`.${offlineLine.lineClass}`)) return;
  const line = document.createElement('p');
  line.className = offlineLine.lineClass;
  line.textContent = offlineLine.text(createTranslator(ns), figuresFrom);
  let status = main.querySelector(`:scope > .${offlineLine.statusClass}`);
  if (!status) {
    status = document.createElement('div');
    status.className = offlineLine.statusClass;
    main.prepend(status);
  }
  status.prepend(line);
}

/**
 * The screen as it is now, or null when it is not one to show again. Without ids and test ids:
 * while it is on screen, the live page's own elements must be the only ones answering to them.
 */
export function currentScreen(now: number, figuresFrom: number): LastScreen | null {
  const root = document.getElementById('root');
  if (!root || root.childElementCount === 0 || document.getElementById(LAST_SCREEN_ID)) return null;
  if (document.querySelector(UNSETTLED)) return null;
  const screen = root.cloneNode(true) as HTMLElement;
  for (const element of screen.querySelectorAll('[id], [data-testid], [name]')) {
    element.removeAttribute('id');
    element.removeAttribute('data-testid');
    element.removeAttribute('name');
  }
  const html = screen.innerHTML;
  if (html.length > MAX_CHARS) return null;
  addOfflineLine(screen, figuresFrom);
  const styles = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => link.href).filter(Boolean);
  return { html, offlineHtml: screen.innerHTML, styles, lang: document.documentElement.lang, savedAt: now };
}

async function save(pathname: string, screen: LastScreen): Promise<void> {
  const cache = await open();
  await cache.put(lastScreenKey(pathname), new Response(JSON.stringify(screen), { headers: { 'Content-Type': 'application/json' } }));
  // Cache Storage lists entries in the order they were put (a put replaces its key at the end),
  // so the first ones are the addresses least recently saved.
  const keys = await cache.keys();
  for (const request of keys.slice(0, Math.max(0, keys.length - KEEP))) await cache.delete(request);
}

let stop: (() => void) | null = null;

/**
 * Keeps the current address's screen saved: a second after its answers settle, and when the
 * person leaves the app (the phone locks, another app opens). Once per sign-in.
 */
export function keepLastScreens(queryClient: QueryClient): void {
  if (stop || typeof caches === 'undefined') return;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const saveNow = () => {
    timer = null;
    if (queryClient.isFetching() > 0) return later();
    const pathname = window.location.pathname;
    // The offline line in the reader's language, never in English on a Bangla screen.
    const texts = namespaceLoading(ns);
    if (texts) return void texts.then(later);
    const screen = currentScreen(Date.now(), newestFigures(queryClient));
    if (screen) void save(pathname, screen).catch(() => {});
  };
  const later = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(saveNow, SETTLE_MS);
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') later();
  });
  const onHide = () => document.visibilityState === 'hidden' && saveNow();
  document.addEventListener('visibilitychange', onHide);
  later();
  stop = () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
    document.removeEventListener('visibilitychange', onHide);
    stop = null;
  };
}

/** Deletes every saved screen: nothing private outlives a sign-out. */
export async function clearLastScreens(): Promise<void> {
  stop?.();
  if (typeof caches !== 'undefined') await caches.delete(LAST_SCREEN_CACHE);
}
