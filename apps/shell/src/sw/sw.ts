/// <reference lib="webworker" />
// The service worker (built by @serwist/webpack-plugin's InjectManifest, rsbuild.common.mjs).
// It lets the app open offline after one online visit (docs/frontend.md, "Working offline"):
// - the shell's own build is precached (Serwist), and any address opens it offline;
// - /remotes.json is network-first, so a repointed remote takes effect on the next online load;
// - every remote that remotes.json names is read from its mf-manifest.json and its files are
//   cached, wherever it is served (another origin needs CORS); a preview (?remote.<name>=) is
//   never written over them, since only remotes.json's own entries are warmed;
// - API calls are never cached here (reads are kept by the app itself, writes by its outbox).
import { Serwist, type PrecacheEntry } from 'serwist';
import { manifestFiles, remoteManifestUrls } from './remote-files';
import { LAST_SCREEN_CACHE, lastScreenKey, pageWithLastScreen, type LastScreen } from '../offline/last-screen-page';

declare const self: ServiceWorkerGlobalScope & { __SW_MANIFEST: (PrecacheEntry | string)[] | undefined };

const REMOTES_CACHE = 'mojud-remotes';
const REMOTES_JSON = '/remotes.json';
const NETWORK_TIMEOUT_MS = 4_000;

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  // A new release waits until the person taps "New version ready" (or every tab is closed):
  // a half-filled sale form is never swapped under them.
  skipWaiting: false,
  clientsClaim: true,
  navigationPreload: false,
});

/** Base URLs of the remotes remotes.json names: requests under them are answered from the cache. */
let remoteBases = new Set<string>();

function fetchWithTimeout(request: Request | string, ms = NETWORK_TIMEOUT_MS): Promise<Response> {
  return fetch(request, { signal: AbortSignal.timeout(ms) });
}

function basesOf(remotes: unknown): Set<string> {
  return new Set(
    remoteManifestUrls(remotes).map((url) => {
      const href = new URL(url, self.location.origin).href;
      return href.slice(0, href.lastIndexOf('/') + 1);
    }),
  );
}

/** How long a file being cached in the background may take: nobody waits on it, and a busy phone
 *  network (or server) can take far longer than a person should wait for a page. */
const WARM_TIMEOUT_MS = 30_000;
/** Files fetched at once while warming: a remote has dozens, and four remotes at once would
 *  crowd out the page's own requests on a slow line. */
const WARM_AT_ONCE = 6;

async function cacheFile(cache: Cache, file: string): Promise<boolean> {
  // Content-hashed files never change; the rest (remoteEntry.js…) are fetched again.
  if (/\/static\//.test(file) && (await cache.match(file))) return true;
  const response = await fetchWithTimeout(file, WARM_TIMEOUT_MS).catch(() => null);
  if (!response?.ok) return false;
  await cache.put(file, response);
  return true;
}

/** Caches every file of each remote remotes.json names (its manifest lists them all). */
async function warmRemotes(remotes: unknown): Promise<void> {
  remoteBases = basesOf(remotes);
  const cache = await caches.open(REMOTES_CACHE);
  const files: string[] = [];
  for (const url of remoteManifestUrls(remotes)) {
    const manifestUrl = new URL(url, self.location.origin).href;
    const response = await fetchWithTimeout(manifestUrl, WARM_TIMEOUT_MS).catch(() => null);
    if (!response?.ok) continue;
    await cache.put(manifestUrl, response.clone());
    files.push(...manifestFiles(await response.json(), manifestUrl));
  }
  // A few at a time; a file that failed gets one more try, since a remote missing one chunk
  // fails offline on the screen that needs it.
  const queue = [...files, ...files];
  const done = new Set<string>();
  await Promise.all(
    Array.from({ length: WARM_AT_ONCE }, async () => {
      for (let file = queue.shift(); file; file = queue.shift()) {
        if (done.has(file)) continue;
        if (await cacheFile(cache, file)) done.add(file);
      }
    }),
  );
}

async function cachedRemotesJson(): Promise<unknown> {
  const cached = await caches.open(REMOTES_CACHE).then((cache) => cache.match(REMOTES_JSON));
  return cached ? cached.json().catch(() => null) : null;
}

/** Network first; offline, the last remotes.json seen. A fresh one warms the remotes it names. */
async function remotesJson(event: FetchEvent): Promise<Response> {
  try {
    const response = await fetchWithTimeout(event.request);
    if (response.ok) {
      const copy = response.clone();
      event.waitUntil(
        (async () => {
          const remotes = await copy.clone().json().catch(() => null);
          await (await caches.open(REMOTES_CACHE)).put(REMOTES_JSON, copy);
          if (remotes) await warmRemotes(remotes);
        })().catch(() => {}),
      );
    }
    return response;
  } catch (error) {
    const cached = await caches.open(REMOTES_CACHE).then((cache) => cache.match(REMOTES_JSON));
    if (cached) return cached;
    throw error;
  }
}

/** A remote's file: hashed files from the cache first; manifests and entries from the network first. */
async function remoteFile(request: Request): Promise<Response> {
  const cache = await caches.open(REMOTES_CACHE);
  const url = request.url.split('?')[0];
  if (/\/static\//.test(url)) {
    const hit = await cache.match(url);
    if (hit) return hit;
    const response = await fetch(request);
    if (response.ok) await cache.put(url, response.clone());
    return response;
  }
  try {
    const response = await fetchWithTimeout(request);
    if (response.ok) await cache.put(url, response.clone());
    return response;
  } catch (error) {
    const hit = await cache.match(url);
    if (hit) return hit;
    throw error;
  }
}

/** Any address of the app: the network's page, or offline the precached shell (deep links too). */
async function navigation(request: Request): Promise<Response> {
  let page: Response;
  let offline = false;
  try {
    page = await fetchWithTimeout(request);
  } catch (error) {
    const shell = await serwist.matchPrecache('/index.html');
    if (!shell) throw error;
    page = shell;
    offline = true;
  }
  return withLastScreen(request, page, offline).catch(() => page);
}

/**
 * The page with the last screen the person saw at this address in front of the app's root
 * (offline/last-screen-page.ts): their figures paint from the HTML, before the app's code has
 * downloaded and run, and the app swaps in its live page once that is on screen.
 */
async function withLastScreen(request: Request, page: Response, offline: boolean): Promise<Response> {
  if (!page.ok || !page.headers.get('Content-Type')?.includes('text/html')) return page;
  const saved = await (await caches.open(LAST_SCREEN_CACHE)).match(lastScreenKey(new URL(request.url).pathname));
  if (!saved) return page;
  const html = pageWithLastScreen(await page.clone().text(), (await saved.json()) as LastScreen, { now: Date.now(), offline });
  if (html === null) return page;
  const headers = new Headers(page.headers);
  headers.delete('Content-Length');
  headers.delete('Content-Encoding');
  // Private figures: never kept by a shared or the browser's HTTP cache.
  headers.set('Cache-Control', 'no-store');
  return new Response(html, { status: page.status, statusText: page.statusText, headers });
}

const ready = cachedRemotesJson().then((remotes) => {
  if (remotes && remoteBases.size === 0) remoteBases = basesOf(remotes);
});

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const response = await fetchWithTimeout(REMOTES_JSON).catch(() => null);
      if (!response?.ok) return;
      const remotes = await response.clone().json().catch(() => null);
      await (await caches.open(REMOTES_CACHE)).put(REMOTES_JSON, response);
      if (remotes) await warmRemotes(remotes);
    })().catch(() => {}),
  );
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Before Serwist's own listener: the first respondWith wins.
self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  const sameOrigin = url.origin === self.location.origin;
  if (sameOrigin && url.pathname.startsWith('/api/')) return;
  if (sameOrigin && url.pathname === REMOTES_JSON) return event.respondWith(remotesJson(event));
  if (request.mode === 'navigate' && sameOrigin) return event.respondWith(navigation(request));
  const href = url.href;
  const underRemote = (bases: Set<string>) => [...bases].some((base) => href.startsWith(base));
  if (underRemote(remoteBases)) return event.respondWith(remoteFile(request));
  if (!sameOrigin && remoteBases.size === 0) {
    event.respondWith(ready.then(() => (underRemote(remoteBases) ? remoteFile(request) : fetch(request))));
  }
});

serwist.addEventListeners();
