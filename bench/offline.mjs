// Issue 16's start-up figures with the service worker, on the same throttled phone as
// bench/pages.mjs, for the federated build and the bundled build side by side: a repeat visit
// online (the worker answers the app's files) and a start with no network at all (the worker
// answers everything; the data comes from the read cache in IndexedDB).
//
// BENCH_RUNS (5) runs per build; BENCH_SKIP_BUILD=1 uses the builds already in apps/*/dist and
// apps/shell/bundled/dist. The sync time of 50 queued sales was measured by hand and is kept
// below as it was (SYNC_BY_HAND).
import os from 'node:os';
import { chromium } from 'playwright-core';
import { median, stat, table, writeSection } from './lib.mjs';
import {
  authStorageScript,
  buildBundled,
  buildFederated,
  CHROMIUM,
  CHROMIUM_ARGS,
  CPU_SLOWDOWN,
  NETWORK,
  PHONE,
  readLcp,
  recordNetwork,
  seed,
  signIn,
  startBundledServer,
  startFederatedServer,
} from './pages-lib.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const FEDERATED_PORT = Number(process.env.BENCH_OFFLINE_PORT ?? 3240);
const BUNDLED_PORT = FEDERATED_PORT + 1;
const GOAL_MS = 1000;

const SYNC_BY_HAND = `### Network back → outbox empty
Measured by hand on 2026-11-24, branch i16 after commit eb10cda, with the production build served by
\`scripts/e2e-server.ts\` on this machine; not part of \`npm run bench\`.

| what | median of 3 | runs | how |
|---|---|---|---|
| network back → outbox empty, 50 queued one-item sales | 1.37 s | 1.35–1.37 s | Chromium at 1280×800, no throttling: a dealer's store (\`e2e/support/dealer-store.ts\`), /inventory visited online until the service worker was ready, then offline; 50 sale entries put in the signed-in user's outbox (as the trade modal would), \`context.setOffline(false)\`, time until "Waiting to sync" is gone; 50 sales on the server each time |

Sent one at a time, in order (about 27 ms each here, one round trip and one transaction per
sale); a phone on a slow link pays its round-trip time 50 times.`;

/** Each route, the element that says its content is on screen, and what proves it is offline. */
// `reads`: a word of the query key the first visit waits for in the read cache, so the offline
// start has the figures to show.
const ALL_ROUTES = [
  { path: '/inventory', signedIn: true, ready: '.inv-table tbody tr', offlineSign: '[data-testid="offline-banner"]', reads: 'cylinders' },
  { path: '/login', signedIn: false, ready: 'h1' },
  { path: '/dashboard', signedIn: true, ready: '.dash-figures dd', offlineSign: '[data-testid="offline-banner"]', reads: 'summary' },
  { path: '/sales/new', signedIn: true, ready: '#sale-title', offlineSign: '[data-testid="offline-banner"]', reads: 'cylinders' },
];
// BENCH_ROUTES=/dashboard,/login measures only those (while iterating).
// BENCH_WATERFALL=1 prints each measured start's requests before LCP and its long tasks, and writes
// its trace to /tmp/mojud-trace-*.json; BENCH_PROFILE=1 writes a CPU profile to /tmp/mojud-profile-*.json.
const ROUTES = process.env.BENCH_ROUTES ? ALL_ROUTES.filter((r) => process.env.BENCH_ROUTES.split(',').includes(r.path)) : ALL_ROUTES;
const STARTS = ['repeat visit', 'offline start'];

if (process.env.BENCH_SKIP_BUILD !== '1') {
  console.log('building the federated apps and the bundled shell');
  buildFederated();
  buildBundled();
}

const loadBefore = os.loadavg();
const federated = await startFederatedServer(FEDERATED_PORT);
const servers = [federated];
let browser;
try {
  const bundled = await startBundledServer(BUNDLED_PORT, federated.databaseUrl, federated.origin);
  servers.push(bundled);
  console.log('seeding 1,000 and 10,000 items');
  const data = await seed(federated.origin, federated.databaseUrl);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });

  const builds = { federated: { origin: federated.origin }, bundled: { origin: bundled.origin } };
  // One signed-in session per build, handed from context to context (the app rotates the
  // refresh cookie on every start; see bench/pages.mjs).
  for (const build of Object.values(builds)) {
    const context = await browser.newContext();
    build.cookies = await signIn(context, build.origin, data.who);
    await context.close();
  }

  /**
   * One context with the service worker allowed: a first visit (not measured, not throttled)
   * until the worker controls the page, its install (the precache, and for the federated build
   * every remote remotes.json names) is done and the route's data is in the read cache; then a
   * repeat visit and an offline start, each a new page under the phone profile.
   */
  async function measure(buildName, route) {
    const build = builds[buildName];
    const context = await browser.newContext({ ...PHONE, serviceWorkers: 'allow' });
    if (route.signedIn) {
      await context.addCookies(build.cookies);
      await context.addInitScript(authStorageScript(data.user, data.small, data.stores));
    }
    const first = await context.newPage();
    await first.goto(build.origin + route.path, { timeout: 60_000 });
    try {
      await first.locator(route.ready).first().waitFor({ state: 'visible', timeout: 60_000 });
    } catch (error) {
      const shot = `/tmp/mojud-bench-offline-${buildName}-${route.path.slice(1)}-first.png`;
      await first.screenshot({ path: shot }).catch(() => {});
      throw new Error(`${buildName} ${route.path} first visit: the content never showed; the page is at ${first.url()} (screenshot ${shot})`, { cause: error });
    }
    // clientsClaim: the worker takes this page once it is active, and it is active only after
    // its install event (precache and remotes) has finished.
    await first.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 120_000 });
    const cached = await first.evaluate(async () => {
      await navigator.serviceWorker.ready;
      let files = 0;
      for (const name of await caches.keys()) files += (await (await caches.open(name)).keys()).length;
      return files;
    });
    if (route.reads) await waitForSavedReads(first, route.reads);
    if (route.signedIn) await waitForLastScreen(first, route.path);
    await first.close();

    const out = { cached };
    for (const start of STARTS) {
      const offline = start === 'offline start';
      if (offline) await context.setOffline(true);
      out[start] = await load(context, build, buildName, route, offline);
      if (offline) await context.setOffline(false);
    }
    if (route.signedIn) build.cookies = await context.cookies();
    await context.close();
    return out;
  }

  const results = {};
  // Runs interleave builds and routes so a busy moment on the machine hits all of them.
  for (let run = 0; run < RUNS; run++) {
    for (const route of ROUTES) {
      for (const buildName of Object.keys(builds)) {
        const key = `${buildName} ${route.path}`;
        const result = await measure(buildName, route);
        (results[key] ??= []).push(result);
        console.log(
          `run ${run + 1}/${RUNS} ${key}: ${result.cached} files cached; ` +
            STARTS.map((s) => `${s} LCP ${result[s].lcp.toFixed(0)} ms (page ${result[s].doc} ms, ${result[s].network} of ${result[s].requests} over the network${result[s].live === null ? '' : `, live page at ${result[s].live} ms`})`).join(', '),
        );
      }
    }
  }
  const loadAfter = os.loadavg();
  writeSection('50-offline', report(results, loadBefore, loadAfter));
  console.log('offline benchmark done');
} finally {
  await browser?.close();
  for (const server of servers.reverse()) await server.stop();
}

/** Waits until the app's read cache (IndexedDB, TanStack Query's persister) holds a query whose key names `part`. */
async function waitForSavedReads(page, part) {
  for (let i = 0; i < 120; i++) {
    const keys = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const open = indexedDB.open('mojud-reads');
          open.onerror = () => resolve([]);
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('queries')) return resolve([]);
            const all = db.transaction('queries').objectStore('queries').getAll();
            all.onsuccess = () => resolve(all.result.map((q) => JSON.stringify(q.queryKey)));
            all.onerror = () => resolve([]);
          };
        }),
    );
    if (keys.some((key) => key.includes(`"${part}"`))) return;
    await page.waitForTimeout(500);
  }
  throw new Error(`the read cache never held "${part}"`);
}

/** Waits until the screen at `path` is saved for the worker to paint on the next start. */
async function waitForLastScreen(page, path) {
  for (let i = 0; i < 120; i++) {
    const saved = await page.evaluate(async (key) => !!(await (await caches.open('mojud-last-screen')).match(key)), `/__last-screen${path}`);
    if (saved) return;
    await page.waitForTimeout(500);
  }
  throw new Error(`the last screen of ${path} was never saved`);
}

/** In the page, from its start: when the live page took the place of the worker's last screen. */
function watchLastScreen() {
  document.addEventListener('DOMContentLoaded', () => {
    const screen = document.getElementById('last-screen');
    if (!screen) return;
    window.__lastScreenShown = true;
    new MutationObserver((_, observer) => {
      if (screen.isConnected) return;
      window.__livePageAt = performance.now();
      observer.disconnect();
    }).observe(screen.parentNode, { childList: true });
  });
}

/** One measured start in a new page of the context: phone throttling, LCP once the content shows. */
async function load(context, build, buildName, route, offline) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  // The page's own emulation would otherwise lift context.setOffline for this page.
  await cdp.send('Network.emulateNetworkConditions', { ...NETWORK, offline });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const requests = recordNetwork(cdp);
  await page.addInitScript(watchLastScreen);
  if (process.env.BENCH_WATERFALL === '1') {
    await page.addInitScript(watchLongTasks);
    await browser.startTracing(page, { categories: ['devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading'] });
  }
  // A CPU profile turns V8's code cache off: compile times in it are not the page's.
  if (process.env.BENCH_PROFILE === '1') {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  await page.goto(build.origin + route.path, { waitUntil: 'commit', timeout: 60_000 });
  try {
    await page.locator(route.ready).first().waitFor({ state: 'visible', timeout: 60_000 });
    if (offline && route.offlineSign) await page.locator(route.offlineSign).waitFor({ state: 'visible', timeout: 10_000 });
  } catch (error) {
    const shot = `/tmp/mojud-bench-offline-${buildName}-${route.path.slice(1)}-${offline ? 'offline' : 'online'}.png`;
    await page.screenshot({ path: shot }).catch(() => {});
    throw new Error(`${buildName} ${route.path} ${offline ? 'offline' : 'online'}: the content never showed (screenshot ${shot})`, { cause: error });
  }
  if (new URL(page.url()).pathname !== route.path) throw new Error(`${buildName} ${route.path} ended at ${page.url()}`);
  // The live page, not only the last screen in front of it: what it paints larger counts too.
  await page.locator('#last-screen').waitFor({ state: 'detached', timeout: 60_000 });
  await page.waitForTimeout(300);
  const lcp = await page.evaluate(readLcp);
  // What painted last as the largest element, so the table says what the LCP waited for.
  const element = await page.evaluate(
    () =>
      new Promise((resolve) => {
        let last = null;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) last = e.element;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(last ? `${last.tagName.toLowerCase()} "${(last.textContent ?? '').trim().slice(0, 20)}"` : '–'), 50);
      }),
  );
  cdp.removeAllListeners();
  const list = [...requests.values()].filter((r) => !r.url.startsWith('data:'));
  const doc = list.find((r) => r.type === 'Document') ?? list[0];
  const before = list.filter((r) => r.start <= doc.start + lcp / 1000);
  if (process.env.BENCH_PROFILE === '1') (await import('node:fs')).writeFileSync(`/tmp/mojud-profile-${buildName}-${route.path.slice(1).replace(/\//g, '-')}-${offline ? 'offline' : 'online'}.json`, JSON.stringify((await cdp.send('Profiler.stop')).profile));
  if (process.env.BENCH_WATERFALL === '1') (await import('node:fs')).writeFileSync(`/tmp/mojud-trace-${buildName}-${route.path.slice(1).replace(/\//g, '-')}-${offline ? 'offline' : 'online'}.json`, await browser.stopTracing());
  if (process.env.BENCH_WATERFALL === '1')
    console.log(
      '   LCP candidates:',
      await page.evaluate(
        () =>
          new Promise((resolve) => {
            new PerformanceObserver((list) =>
              resolve(list.getEntries().map((e) => `${Math.round(e.startTime)} ${e.element?.tagName.toLowerCase()} "${(e.element?.textContent ?? '').trim().slice(0, 24)}" ${e.size}`).join('; ')),
            ).observe({ type: 'largest-contentful-paint', buffered: true });
          }),
      ),
    );
  if (process.env.BENCH_WATERFALL === '1') printWaterfall(`${buildName} ${route.path} ${offline ? 'offline' : 'online'}`, lcp, doc, before, await page.evaluate(() => window.__longTasks ?? []));
  const live = await page.evaluate(() => (window.__lastScreenShown ? Math.round(window.__livePageAt ?? -1) : null));
  await page.close();
  return {
    lcp,
    element,
    doc: doc.end ? Math.round((doc.end - doc.start) * 1000) : null,
    // When the live page replaced the last screen the worker painted (null: there was none).
    live,
    requests: before.length,
    // Requests before LCP that the worker did not answer (offline they fail).
    network: before.filter((r) => !r.fromServiceWorker && !r.fromCache).length,
  };
}

function report(results, loadBefore, loadAfter) {
  const rows = [];
  for (const route of ROUTES) {
    for (const buildName of ['federated', 'bundled']) {
      const runs = results[`${buildName} ${route.path}`];
      for (const start of STARTS) {
        const v = runs.map((r) => r[start]);
        const m = median(v.map((x) => x.lcp));
        rows.push([
          route.path,
          buildName,
          start,
          stat(v.map((x) => x.lcp), ' ms'),
          m <= GOAL_MS ? 'yes' : 'no',
          stat(v.map((x) => x.requests)),
          stat(v.map((x) => x.network)),
          stat(runs.map((r) => r.cached)),
          v.some((x) => x.live !== null) ? stat(v.map((x) => x.live ?? 0), ' ms') : '–',
          mostOften(v.map((x) => x.element)),
        ]);
      }
    }
  }
  const ratioRows = ROUTES.map((route) => {
    const f = results[`federated ${route.path}`];
    const b = results[`bundled ${route.path}`];
    return [route.path, ...STARTS.map((s) => `${(median(f.map((r) => r[s].lcp)) / median(b.map((r) => r[s].lcp))).toFixed(2)}×`)];
  });
  const load = (l) => l.map((x) => x.toFixed(1)).join(', ');
  const met = rows.filter((r) => r[4] === 'yes').map((r) => `${r[0]} ${r[1]} ${r[2]}`);
  return `## Working offline (issue 16)

### Start-up with the service worker on a slow phone
\`bench/offline.mjs\`: the phone of "Page loads on a slow phone" (${NETWORK.latency} ms round trip,
${(NETWORK.downloadThroughput * 8) / 1e6} Mbit/s down, ${(NETWORK.uploadThroughput * 8) / 1e3} kbit/s up, ${CPU_SLOWDOWN}× CPU slowdown, 360×740), federated
and bundled builds side by side (both register the same Serwist worker; the bundled one precaches
its compiled-in remotes with the shell). ${RUNS} runs; median (min–max). Load average (1, 5,
15 min) ${load(loadBefore)} before the runs and ${load(loadAfter)} after, on 2 cores shared with
other work: compare the ratios, not the absolute figures.

Each run opens a new browser context with service workers allowed and visits the route once,
unthrottled and not measured, until the worker controls the page (so its install, the precache
and, for the federated build, every remote remotes.json names, is done) and, on a signed-in route,
its data is in the read cache (/inventory and the sale screen /sales/new: the 1,000-row list;
/dashboard: the summary). Then, each in a new page under the phone profile:

- **repeat visit**: the route opened again online; the worker answers the app's files, the API
  calls (refresh, the list) go over the network;
- **offline start**: \`context.setOffline(true)\` (which also cuts the worker's own fetches),
  the route opened: the worker answers the page and every file, the list comes from the read
  cache, and the "Offline — figures from…" banner must show.

On a signed-in route the worker paints the last screen the person saw there from the page's HTML
(docs/decisions.md, "The last screen before the code"), and the app swaps in its live page once
that is on screen: "live page at" is that moment. LCP is read after the swap, so a larger
element the live page paints still counts. LCP is read once the content is on screen (/inventory: the list's first row; /dashboard: the
summary's figures; /sales/new: the sale screen's heading; /login: the heading). /login is opened signed out. "network" counts requests before LCP that the worker did
not answer. The throttling is the page's DevTools emulation: the worker's own fetch of the page
(network first, online) and its CPU are not throttled, so the repeat visit is somewhat
flattered.

| route | build | start | LCP | ≤ ${(GOAL_MS / 1000).toFixed(1)} s? | requests | network | files cached | live page at | LCP element (most runs) |
|---|---|---|---|---|---|---|---|---|---|
${rows.map((r) => `| ${r.join(' | ')} |`).join('\n')}

Issue 16's goal, repeat visit and offline start ≤ ${(GOAL_MS / 1000).toFixed(1)} s (median): ${met.length ? `met by ${met.join(', ')}; not by the other ${rows.length - met.length} of ${rows.length}` : `met by none of the ${rows.length}`}.

Federated ÷ bundled, medians:

${table(['route', ...STARTS.map((s) => `LCP ${s}`)], ratioRows)}

${SYNC_BY_HAND}`;
}

function mostOften(values) {
  const counts = new Map();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0][0].replaceAll('|', '\\|');
}

/** In the page, from its start: the main thread's long tasks (BENCH_WATERFALL=1). */
function watchLongTasks() {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)]);
  }).observe({ type: 'longtask', buffered: true });
}

/** BENCH_WATERFALL=1: each request before LCP (start–end from the page's request, who answered) and the long tasks, to see where a start's time goes. */
function printWaterfall(label, lcp, doc, requests, longTasks) {
  const ms = (t) => (t === null ? '…' : Math.round((t - doc.start) * 1000));
  console.log(`-- ${label}: LCP ${Math.round(lcp)} ms; long tasks ${longTasks.map(([s, d]) => `${s}+${d}`).join(' ') || 'none'}`);
  for (const r of requests.sort((a, b) => a.start - b.start)) {
    const who = r.fromServiceWorker ? 'worker' : r.fromCache ? 'cache' : 'network';
    console.log(`   ${String(ms(r.start)).padStart(5)}–${String(ms(r.end)).padEnd(5)} ${who.padEnd(7)} ${r.url.replace(/^https?:\/\/[^/]+/, '')}`);
  }
}

