// Helpers for bench/pages.mjs: servers, data, and one measured page load over the DevTools
// protocol. Kept apart so the benchmark itself reads as the list of what it measures.
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { root } from './lib.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Lighthouse's mobile profile as DevTools throttling: 150 ms round trip, 1.6 Mbit/s down,
 * 750 kbit/s up (decimal megabits, in bytes per second), 4× CPU slowdown, a 360×740 phone.
 */
export const NETWORK = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
export const CPU_SLOWDOWN = 4;
export const PHONE = {
  viewport: { width: 360, height: 740 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
};

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function waitFor(url, tries = 600) {
  for (let i = 0; i < tries; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await sleep(200);
  }
  throw new Error(`${url} did not come up`);
}

/** Starts a child in its own process group, so stopping it stops npx, tsx and node below it. */
function startGroup(args, env) {
  const child = spawn('npx', args, { cwd: root, detached: true, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } });
  return {
    child,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      await Promise.race([exited, sleep(10_000)]);
    },
  };
}

const APPS = ['shell', 'inventory', 'fleet', 'customers', 'people'];

/**
 * A private copy of the builds to serve (APPS_ROOT), so a rebuild of the apps by someone
 * else during the run cannot change what is measured. The bundled copy's shell is the build in
 * apps/shell/bundled/dist.
 */
export function snapshotApps(kind) {
  const appsRoot = fs.mkdtempSync(path.join(os.tmpdir(), `mojud-bench-${kind}-apps-`));
  for (const app of APPS) {
    const from = kind === 'bundled' && app === 'shell' ? path.join(root, 'apps', 'shell', 'bundled', 'dist') : path.join(root, 'apps', app, 'dist');
    if (!fs.existsSync(path.join(from, app === 'shell' ? 'index.html' : 'mf-manifest.json'))) {
      throw new Error(`${from} is not a complete build: build the apps first`);
    }
    // A build running elsewhere can delete files mid-copy: try again a few times.
    for (let attempt = 1; ; attempt++) {
      try {
        fs.rmSync(path.join(appsRoot, app), { recursive: true, force: true });
        fs.cpSync(from, path.join(appsRoot, app, 'dist'), { recursive: true });
        break;
      } catch (error) {
        if (attempt === 10) throw error;
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 3000);
      }
    }
  }
  return appsRoot;
}

/** The federated app as scripts/e2e-server.ts serves it for Playwright: fresh embedded DB. */
export async function startFederatedServer(port) {
  const appsRoot = snapshotApps('federated');
  const server = startGroup(['tsx', 'scripts/e2e-server.ts'], { E2E_PORT: String(port), SEED_DEMO: '0', APPS_ROOT: appsRoot });
  await waitFor(`http://127.0.0.1:${port}/api/v1/health`);
  const info = JSON.parse(fs.readFileSync(path.join(os.tmpdir(), `mojud-e2e-server-${port}.json`), 'utf8'));
  return {
    ...server,
    databaseUrl: info.databaseUrl,
    origin: `http://localhost:${port}`,
    stop: async () => {
      await server.stop();
      fs.rmSync(appsRoot, { recursive: true, force: true });
    },
  };
}

/** The bundled build served by a second API process on the same database. */
export async function startBundledServer(port, databaseUrl, otherOrigin) {
  const appsRoot = snapshotApps('bundled');
  const origin = `http://localhost:${port}`;
  const server = startGroup(['tsx', 'apps/api/src/main.ts'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    APPS_ROOT: appsRoot,
    PUBLIC_URL: origin,
    APP_ORIGINS: `${origin},${otherOrigin}`,
    LOG_LEVEL: 'warn',
    SEED_DEMO: '0',
  });
  await waitFor(`http://127.0.0.1:${port}/api/v1/health`);
  return {
    ...server,
    origin,
    stop: async () => {
      await server.stop();
      fs.rmSync(appsRoot, { recursive: true, force: true });
    },
  };
}

/** The federated apps, as `npm run build` makes them (once more on failure: a build running elsewhere in the tree at the same time can clash). */
export function buildFederated() {
  const build = () =>
    execSync('npx nx run-many -t build --projects=shell,inventory,fleet,customers,people --outputStyle=static', {
      cwd: root,
      env: { ...process.env, NX_DAEMON: 'false' },
      stdio: 'pipe',
    });
  try {
    build();
  } catch {
    build();
  }
}

/** The bundled comparison build: the same shell source with the remotes compiled in. */
export function buildBundled() {
  const env = { ...process.env, MOJUD_BUNDLED: '1' };
  execSync('npx rsbuild build', { cwd: path.join(root, 'apps', 'shell'), env, stdio: 'pipe' });
  execSync('node scripts/compress-dist.mjs apps/shell/bundled/dist', { cwd: root, stdio: 'pipe' });
}

async function api(origin, method, url, body, token) {
  const res = await fetch(origin + '/api/v1' + url, {
    method,
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'mojud',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

const BRAND_NAMES = ['Bashundhara', 'Omera', 'Jamuna', 'Beximco', 'TotalGaz', 'Petromax', 'Navana', 'Fresh', 'G-Gas', 'Unigas', 'Laugfs', 'Aygaz', 'Sena', 'Delta', 'Universal', 'Promita'];

/**
 * A dealer with two stores: "Bench Gas" with 1,000 active brands (1,000 rows in each size and
 * regulator view of /inventory) and "Bench Gas Big" with 10,000; a few areas and shops.
 * Brands and items are inserted with SQL (the API activates brands one by one); everything a
 * user does goes through the API.
 */
export async function seed(origin, databaseUrl) {
  const who = { username: 'benchdealer', email: 'bench.dealer@example.com', password: 'bench-password-1' };
  await api(origin, 'POST', '/auth/register', who);
  const { accessToken, user } = await api(origin, 'POST', '/auth/login', { loginIdentifier: who.username, password: who.password });
  const small = (await api(origin, 'POST', '/stores', { name: 'Bench Gas', location: 'Mirpur, Dhaka', phone: '01711000000' }, accessToken)).store;
  const big = (await api(origin, 'POST', '/stores', { name: 'Bench Gas Big', location: 'Uttara, Dhaka', phone: '01711000001' }, accessToken)).store;

  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query('begin');
    const { rows: brands } = await db.query(
      `insert into brands (name, logo_color)
       select ($1::text[])[1 + (n % $2)] || ' ' || lpad(n::text, 5, '0'), '#' || lpad(to_hex((n * 2654435761) % 16777216), 6, '0')
       from generate_series(1, 10000) n returning id`,
      [BRAND_NAMES, BRAND_NAMES.length],
    );
    for (const [store, count] of [[small, 1000], [big, 10000]]) {
      const ids = brands.slice(0, count).map((b) => b.id);
      await db.query(
        `insert into store_brands (store_id, brand_id, is_active) select $1, unnest($2::uuid[]), true`,
        [store.id, ids],
      );
      await db.query(
        `insert into cylinder_items (store_id, brand_id, size, regulator_type, price, full_count, empty_count, problem_count)
         select $1, b, s, r, 900 + (random() * 600)::int, (random() * 80)::int, (random() * 40)::int, (random() * 3)::int
         from unnest($2::uuid[]) b, unnest(array[5, 12, 20]) s, unnest(array[20, 22]) r`,
        [store.id, ids],
      );
    }
    await db.query('commit');
  } finally {
    await db.end();
  }

  for (const area of ['Mirpur', 'Pallabi']) {
    const { division } = await api(origin, 'POST', `/workspace/${small.id}/divisions`, { name: area }, accessToken);
    for (let i = 1; i <= 4; i++) {
      await api(
        origin,
        'POST',
        `/workspace/${small.id}/divisions/${division.id}/stores`,
        { name: `${area} Store ${i}`, contactName: `Owner ${i}`, phone: `0171200000${i}`, address: `Road ${i}, ${area}` },
        accessToken,
      );
    }
  }
  const { stores } = await api(origin, 'GET', '/stores', undefined, accessToken);
  return {
    who,
    user,
    small: stores.find((s) => s.id === small.id),
    big: stores.find((s) => s.id === big.id),
    stores,
    token: accessToken,
  };
}

/** Signs a browser context in the way the app does (the refresh cookie); returns its cookies. */
export async function signIn(context, origin, who) {
  const res = await context.request.post(`${origin}/api/v1/auth/login`, {
    data: { loginIdentifier: who.username, password: who.password },
    headers: { 'x-requested-with': 'mojud' },
  });
  if (!res.ok()) throw new Error(`login → ${res.status()} ${await res.text()}`);
  return context.cookies();
}

/** The persisted part of the auth store, so the app opens the store as a returning user would. */
export function authStorageScript(user, store, stores) {
  const value = JSON.stringify({ state: { user, currentStore: store, allStores: stores }, version: 1 });
  return `try { localStorage.setItem('auth-storage', ${JSON.stringify(value)}); } catch {}`;
}

/** LCP as the page saw it (the last candidate before now), in ms from navigation start. */
export const readLcp = () =>
  new Promise((resolve) => {
    let last = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) last = Math.max(last, entry.renderTime || entry.startTime);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    setTimeout(() => resolve(last), 50);
  });

/**
 * Records every request of one navigation from the DevTools protocol: start and end
 * (monotonic seconds), type, transferred bytes (encodedDataLength: compressed body plus
 * headers; 0 when served from the memory or disk cache), whether the service worker answered,
 * and the initiator.
 */
export function recordNetwork(cdp) {
  const requests = new Map();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (requests.has(e.requestId)) return; // a redirect keeps its id
    requests.set(e.requestId, {
      id: e.requestId,
      url: e.request.url,
      type: e.type,
      start: e.timestamp,
      end: null,
      bytes: 0,
      fromCache: false,
      fromServiceWorker: false,
      initiator: e.initiator?.type,
    });
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.fromCache = true;
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = requests.get(e.requestId);
    if (r) {
      r.type = e.type ?? r.type;
      if (e.response.fromDiskCache || e.response.fromPrefetchCache) r.fromCache = true;
      if (e.response.fromServiceWorker) r.fromServiceWorker = true;
    }
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) {
      r.end = e.timestamp;
      r.bytes = e.encodedDataLength;
    }
  });
  cdp.on('Network.loadingFailed', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.end = e.timestamp;
  });
  return requests;
}

/**
 * The longest chain of requests that had to happen one after another before paint. Each request
 * is linked to the request that finished last before it started (the response that, at the
 * earliest, let it begin); its depth is one more than that request's, the document being 1. A
 * request started while nothing had finished yet is a root. So the depth counts the
 * round-trip waves before a request could start: requests sent in parallel share a depth.
 */
export function chains(list) {
  const sorted = [...list].sort((a, b) => a.start - b.start);
  for (const r of sorted) {
    let parent = null;
    for (const p of sorted) {
      if (p === r || p.end === null || p.end > r.start) continue;
      if (!parent || p.end > parent.end) parent = p;
    }
    r.parent = parent;
    r.depth = parent ? parent.depth + 1 : 1;
  }
  return sorted;
}

export function shortUrl(url, origin) {
  const u = url.startsWith(origin) ? url.slice(origin.length) : url;
  return u.replace(/\.[0-9a-f]{8,}\./, '.').replace(/^\/api\/v1/, 'api').replace(/\/stores\/[0-9a-f-]{36}/, '/stores/:id');
}
