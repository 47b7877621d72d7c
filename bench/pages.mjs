// Page loads and interactions as a mid-range phone on a slow network sees them, for the
// federated build and for the same source bundled into one app (MOJUD_BUNDLED=1), side by
// side in the same run. System Chromium, driven by playwright-core over the DevTools protocol.
//
// BENCH_RUNS (5) loads per route, build and cache state; BENCH_SKIP_BUILD=1 uses the builds
// already in apps/*/dist and apps/shell/bundled/dist.
import { chromium } from 'playwright-core';
import { kib, median, stat, table, writeSection } from './lib.mjs';
import {
  authStorageScript,
  buildBundled,
  buildFederated,
  chains,
  CHROMIUM,
  CHROMIUM_ARGS,
  CPU_SLOWDOWN,
  NETWORK,
  PHONE,
  readLcp,
  recordNetwork,
  seed,
  shortUrl,
  signIn,
  startBundledServer,
  startFederatedServer,
} from './pages-lib.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const FEDERATED_PORT = Number(process.env.BENCH_PAGES_PORT ?? 3230);
const BUNDLED_PORT = FEDERATED_PORT + 1;

/** Each route and the element that says its content is on screen. */
const ALL_ROUTES = [
  { path: '/login', signedIn: false, ready: 'h1' },
  { path: '/stores', signedIn: true, ready: 'h1' },
  { path: '/dashboard', signedIn: true, ready: '.shell-app__content :is(h2, h3)' },
  { path: '/inventory', signedIn: true, ready: '.shell-app__content h2', remote: true },
  { path: '/shops', signedIn: true, ready: '.shell-app__content h2', remote: true },
];
// BENCH_ROUTES=/inventory,/login measures only those (while iterating); BENCH_INTERACT=0 skips
// the interaction part; BENCH_LOADS=0 skips the page loads (and the bundled build) and prints
// the interaction table instead of replacing bench/results, for iterating on /inventory.
const LOADS = process.env.BENCH_LOADS !== '0';
const ROUTES = process.env.BENCH_ROUTES ? ALL_ROUTES.filter((r) => process.env.BENCH_ROUTES.split(',').includes(r.path)) : ALL_ROUTES;

if (process.env.BENCH_SKIP_BUILD !== '1') {
  console.log('building the federated apps and the bundled shell');
  buildFederated();
  if (LOADS) buildBundled();
}

const federated = await startFederatedServer(FEDERATED_PORT);
const servers = [federated];
let browser;
try {
  const bundled = LOADS ? await startBundledServer(BUNDLED_PORT, federated.databaseUrl, federated.origin) : null;
  if (bundled) servers.push(bundled);
  console.log('seeding 1,000 and 10,000 items');
  const data = await seed(federated.origin, federated.databaseUrl);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });

  const builds = { federated: { origin: federated.origin }, ...(bundled && { bundled: { origin: bundled.origin } }) };
  // One signed-in session per build, handed from context to context: the app rotates the
  // refresh cookie on every start, so each context continues where the last one ended.
  for (const build of Object.values(builds)) {
    const context = await browser.newContext();
    build.cookies = await signIn(context, build.origin, data.who);
    await context.close();
  }

  /** One context: a cold load, then a warm load of the same route. */
  async function measure(buildName, route, store = data.small) {
    const build = builds[buildName];
    const context = await browser.newContext(PHONE);
    if (route.signedIn) {
      await context.addCookies(build.cookies);
      await context.addInitScript(authStorageScript(data.user, store, data.stores));
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const out = {};
    for (const cache of ['cold', 'warm']) {
      if (cache === 'warm') await page.goto('about:blank');
      const requests = recordNetwork(cdp);
      await page.goto(build.origin + route.path, { waitUntil: 'commit', timeout: 60_000 });
      try {
        await page.locator(route.ready).first().waitFor({ state: 'visible', timeout: 60_000 });
      } catch (error) {
        const shot = `/tmp/mojud-bench-${buildName}-${route.path.slice(1)}.png`;
        await page.screenshot({ path: shot }).catch(() => {});
        throw new Error(`${buildName} ${route.path}: ${route.ready} never showed (screenshot ${shot})`, { cause: error });
      }
      // A lost session would show /login's heading instead: measure only the route asked for.
      if (new URL(page.url()).pathname !== route.path) throw new Error(`${buildName} ${route.path} ended at ${page.url()}`);
      await page.waitForTimeout(300);
      const lcp = await page.evaluate(readLcp);
      cdp.removeAllListeners();
      const list = [...requests.values()].filter((r) => !r.url.startsWith('data:'));
      const doc = list.find((r) => r.type === 'Document') ?? list[0];
      const paintAt = doc.start + lcp / 1000;
      const before = chains(list.filter((r) => r.start <= paintAt));
      const scripts = before.filter((r) => r.type === 'Script');
      out[cache] = {
        lcp,
        jsBytes: scripts.reduce((sum, r) => sum + r.bytes, 0),
        requests: before.length,
        chain: Math.max(...before.map((r) => r.depth)),
        order: before.map((r) => ({
          at: Math.round((r.start - doc.start) * 1000),
          took: r.end ? Math.round((r.end - r.start) * 1000) : null,
          url: shortUrl(r.url, build.origin),
          type: r.type,
          depth: r.depth,
          bytes: r.bytes,
        })),
      };
    }
    if (route.signedIn) build.cookies = await context.cookies();
    await context.close();
    return out;
  }

  // Page loads: runs interleave builds and routes so a busy moment on the machine hits all.
  const loads = {};
  for (let run = 0; run < (LOADS ? RUNS : 0); run++) {
    for (const route of ROUTES) {
      for (const buildName of Object.keys(builds)) {
        const key = `${buildName} ${route.path}`;
        const result = await measure(buildName, route);
        (loads[key] ??= []).push(result);
        console.log(`run ${run + 1}/${RUNS} ${key}: LCP cold ${result.cold.lcp.toFixed(0)} ms, warm ${result.warm.lcp.toFixed(0)} ms, JS ${kib(result.cold.jsBytes)} KiB, chain ${result.cold.chain}`);
      }
    }
  }

  // Interactions on /inventory: input to next paint from the Event Timing API.
  const interactions = {};
  for (const [label, store] of process.env.BENCH_INTERACT === '0' ? [] : [['1,000', data.small], ['10,000', data.big]]) {
    for (let run = 0; run < RUNS; run++) {
      let result;
      try {
        result = await interact(browser, builds.federated, data, store);
      } catch (error) {
        console.log(`run ${run + 1}/${RUNS} inventory ${label} items failed: ${error.message.split('\n')[0]}`);
        continue;
      }
      for (const [name, value] of Object.entries(result)) (interactions[`${name}|${label}`] ??= []).push(value);
      console.log(`run ${run + 1}/${RUNS} inventory ${label} items:`, JSON.stringify(result));
    }
  }

  if (LOADS) writeSection('20-pages', report(loads, interactions));
  else console.log(interactionTable(interactions));
  console.log('pages benchmark done');
} finally {
  await browser?.close();
  for (const server of servers.reverse()) await server.stop();
}

/**
 * INP's way: Event Timing entries (durationThreshold 16 ms) grouped by interactionId, an
 * interaction's latency being its longest entry (input delay + handlers + next paint). For each
 * kind the worst interaction of the run counts, as INP takes the worst.
 */
async function interact(browser, build, data, store) {
  const context = await browser.newContext(PHONE);
  await context.addCookies(build.cookies);
  await context.addInitScript(authStorageScript(data.user, store, data.stores));
  await context.addInitScript(() => {
    // Each interaction: when its input came and its longest entry. An entry is reported with the
    // frame that shows its change, which may come after the next step has begun.
    window.__interactions = new Map();
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (!e.interactionId) continue;
        const seen = window.__interactions.get(e.interactionId);
        window.__interactions.set(e.interactionId, {
          start: Math.min(seen?.start ?? Infinity, e.startTime),
          duration: Math.max(seen?.duration ?? 0, e.duration),
        });
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto(build.origin + '/inventory', { timeout: 60_000 });
  // Three rows of the list: a phone renders only the few cards around its box.
  const listShown = () => page.locator('.inv-table tbody tr[data-index]').nth(2).waitFor({ timeout: 60_000 });
  try {
    await listShown();
  } catch (error) {
    // Name where the page ended: a lost session shows /login, not a slow list.
    throw new Error(`the list never showed; the page is at ${new URL(page.url()).pathname}`, { cause: error });
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.waitForTimeout(500);

  const content = page.locator('.shell-app__content');
  const now = () => page.evaluate(() => performance.now());
  /**
   * One step, its control first brought to the middle of the screen as a person would. Headless
   * Chromium presents no frame for a change only in the bottom 80 px or so of the viewport, where
   * the sort controls sit on this phone: their entries then waited for a later step's paint and
   * were counted there (the sort direction's 392–616 ms of 2026-11-28 was the keyboard sort
   * before it, waiting for the tap's paint).
   */
  async function timed(control, action) {
    await control.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
    const from = await now();
    await action();
    // Let the next frame paint and the observer report.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 100))));
    await page.waitForTimeout(200);
    return { from, to: await now() };
  }
  const steps = {};
  const stoves = content.getByRole('tab', { name: 'Stoves' });
  const cylinders = content.getByRole('tab', { name: 'Cylinders' });
  steps['switch tab (Stoves → Cylinders)'] = [await timed(stoves, () => stoves.click()), await timed(cylinders, () => cylinders.click())];
  await listShown();
  const five = content.getByRole('button', { name: '5', exact: true });
  steps['change size (12 → 5 kg)'] = [await timed(five, () => five.click())];
  await listShown();
  const sortBy = content.getByLabel('Sort by');
  steps['sort (by Full, keyboard)'] = [
    await timed(sortBy, async () => {
      await sortBy.focus();
      await page.keyboard.press('ArrowDown');
    }),
  ];
  const direction = content.getByRole('button', { name: /^(Ascending|Descending|Asc|Desc)/i }).first();
  steps['sort direction (asc ↔ desc)'] = [await timed(direction, () => direction.click())];
  const search = content.getByRole('searchbox').first();
  steps['type in search (per key, worst of 6)'] = [
    await timed(search, async () => {
      await search.focus();
      await page.keyboard.type('omera1', { delay: 120 });
    }),
  ];
  // Each interaction counts for the step its input came in, whenever its entry was reported.
  await page.waitForTimeout(500);
  const interactions = await page.evaluate(() => [...window.__interactions.values()]);
  const result = {};
  for (const [name, windows] of Object.entries(steps)) {
    const values = interactions.filter((i) => windows.some((w) => i.start >= w.from && i.start < w.to)).map((i) => i.duration);
    result[name] = values.length ? Math.max(...values) : 16; // under the threshold
  }
  // The app rotated the refresh cookie on start: the next run must present the new one. An old
  // one presented again after the API's 30 s grace counts as stolen, revokes the whole session,
  // and every later run lands on /login (this is what kept the 10,000-item list from showing).
  build.cookies = await context.cookies();
  await context.close();
  return result;
}

function interactionTable(interactions) {
  const rows = Object.entries(interactions).filter(([, values]) => values.length).map(([key, values]) => {
    const [name, items] = key.split('|');
    return [name, items, stat(values, ' ms')];
  });
  return table(['interaction', 'items', 'input to next paint'], rows);
}

function report(loads, interactions) {
  const routes = ROUTES.map((r) => r.path);
  const rows = [];
  for (const path of routes) {
    for (const build of ['federated', 'bundled']) {
      const results = loads[`${build} ${path}`];
      for (const cache of ['cold', 'warm']) {
        const v = results.map((r) => r[cache]);
        rows.push([
          path,
          build,
          cache,
          stat(v.map((x) => x.lcp), ' ms'),
          stat(v.map((x) => x.jsBytes / 1024), '', 1),
          stat(v.map((x) => x.requests)),
          stat(v.map((x) => x.chain)),
        ]);
      }
    }
  }
  const ratioRows = routes.map((path) => {
    const f = loads[`federated ${path}`];
    const b = loads[`bundled ${path}`];
    const ratio = (pick) => (median(f.map(pick)) / median(b.map(pick))).toFixed(2);
    return [
      path,
      `${ratio((r) => r.cold.lcp)}×`,
      `${ratio((r) => r.warm.lcp)}×`,
      `${ratio((r) => r.cold.jsBytes)}×`,
      `${ratio((r) => r.cold.requests)}×`,
    ];
  });
  const orderOf = (key) => {
    // The run whose cold LCP is the median, so the order shown is a typical one.
    const results = loads[key];
    const sorted = [...results].sort((a, b) => a.cold.lcp - b.cold.lcp);
    const pick = sorted[Math.floor(sorted.length / 2)].cold;
    return table(
      ['#', 'starts at', 'took', 'request', 'type', 'wave', 'bytes'],
      pick.order.map((o, i) => [i + 1, `${o.at} ms`, o.took === null ? '–' : `${o.took} ms`, `\`${o.url}\``, o.type, o.depth, o.bytes]),
    );
  };
  return `## Page loads on a slow phone
System Chromium over the DevTools protocol with the Lighthouse mobile profile as DevTools
throttling: ${NETWORK.latency} ms round trip, ${(NETWORK.downloadThroughput * 8) / 1e6} Mbit/s down,
${(NETWORK.uploadThroughput * 8) / 1e3} kbit/s up, ${CPU_SLOWDOWN}× CPU slowdown, a 360×740 phone viewport.
${RUNS} runs; median (min–max). Each run opens a new browser context (empty cache) for a **cold**
load, then loads the same route again in that context for a **warm** one. Signed-in routes start
as a returning user does: the refresh cookie of an earlier sign-in and the persisted current
store, so the measured load is the real start-up path (refresh → me + stores → route → its data).
/inventory shows 1,000 cylinder rows (one store with 1,000 brands); /shops has 8 shops in 2 areas.

- **LCP**: the last \`largest-contentful-paint\` entry, read once the route's heading is visible.
- **JS KiB**: transferred bytes of scripts started before LCP (\`encodedDataLength\` from
  \`Network.loadingFinished\`: brotli body plus headers; 0 when served from cache).
- **requests**: requests started before LCP (any type, cache hits included).
- **chain**: the longest chain of requests that had to happen one after another before LCP.
  Each request is linked to the request that finished last before it started (the earliest
  response that could have let it begin); the document is wave 1. Requests sent together share
  a wave, so this counts round-trip waves, whatever the initiator.

| route | build | cache | LCP | JS KiB | requests | chain |
|---|---|---|---|---|---|---|
${rows.map((r) => `| ${r.join(' | ')} |`).join('\n')}

### The price of federation: federated ÷ bundled (medians)

${table(['route', 'LCP cold', 'LCP warm', 'JS bytes cold', 'requests cold'], ratioRows)}

### Request order before a remote route paints (federated /inventory, cold, median run)
"wave" is the request's place in the chain described above.

${orderOf('federated /inventory')}

The same route from the bundled build:

${orderOf('bundled /inventory')}

## Interaction: input to next paint on /inventory
Event Timing API (\`event\` entries, durationThreshold 16 ms) grouped by interactionId, as INP
does; the worst interaction of each kind in a run. ${CPU_SLOWDOWN}× CPU slowdown, federated build,
${RUNS} runs; median (min–max). Values at 16 ms mean no entry passed the threshold.

${interactionTable(interactions)}`;
}
