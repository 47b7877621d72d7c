// Byte budgets (a step of `npm test`, after the build): the JavaScript a phone downloads before
// /login paints and before a remote route paints, added up from the built files, compressed as
// the server sends them (brotli, the .br files scripts/compress-dist.mjs writes). Deterministic:
// no browser, no network; the same build always gives the same figures.
//
// What a page loads:
// - /login: the scripts index.html names. The shell is an ordinary build whose first chunks hold
//   React, the router, the chrome and the login page; every other page is a lazy chunk
//   (page-*), and so is the federation runtime (federation-runtime).
// - a shell page (/stores, /dashboard): the same, plus its page-* chunk group (the page's chunk
//   and the split chunks loaded with it), from dist/build/chunk-graph.json written by the build.
// - a remote route: the /login scripts, plus the federation-runtime chunk group, the remote's
//   remoteEntry.js and the synchronous JS of its exposed ./routes (from its mf-manifest.json).
//   Shared modules come from the shell's first chunks, already counted.
// - each remote on its own: remoteEntry.js plus each exposed module's synchronous JS.
// - in Bangla, the same page also loads the Bangla catalogues (texts.bn.ts) of the code it runs
//   before painting: each is an async chunk (marked `bangla` in the apps' chunk graphs), a child
//   of a chunk the page loads. English pages load none of them, which is checked too.
//
// `node scripts/check-budgets.mjs --json` prints the figures for the benchmarks.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const KiB = 1024;

/** Issue 8's goals. Not met yet (BENCHMARKS.md says what stands in the way); BUDGETS_STRICT=1 enforces them. */
export const GOALS = { login: 110 * KiB, remoteRoute: 170 * KiB };

/**
 * What `npm test` enforces until the goals are met: today's figures plus a little room, so any
 * growth fails the build. Lower these as the bundles shrink, never raise them without a reason
 * written in BENCHMARKS.md.
 */
export const BUDGETS = {
  ...(process.env.BUDGETS_STRICT === '1' ? GOALS : { login: 122.7 * KiB, remoteRoute: 187.5 * KiB }),
  /** remoteEntry.js plus the remote's exposed modules (their own code, not the shared libs). */
  remote: { inventory: 43 * KiB, fleet: 30 * KiB, customers: 34.5 * KiB, people: 30 * KiB },
  /** What a page loads in Bangla beyond the English page, before it paints (issue 15). */
  bangla: 19.6 * KiB,
};
const ROUTE_OF = { inventory: '/inventory', fleet: '/vehicles', customers: '/shops', people: '/staff' };
const REMOTES = Object.keys(BUDGETS.remote);

function brotliSize(file) {
  if (fs.existsSync(`${file}.br`)) return fs.statSync(`${file}.br`).size;
  return zlib.brotliCompressSync(fs.readFileSync(file), {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
  }).length;
}

function readJson(file, hint) {
  if (!fs.existsSync(file)) throw new Error(`${path.relative(root, file)} is missing: ${hint}`);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function shellGraph(shellDist) {
  return readJson(path.join(shellDist, 'build', 'chunk-graph.json'), 'build the shell (npm run build)');
}

const graphs = new Map();
/** An app's chunk graph (dist/build/chunk-graph.json, written by rsbuild.common.mjs). */
function chunkGraph(dist) {
  if (!graphs.has(dist)) graphs.set(dist, readJson(path.join(dist, 'build', 'chunk-graph.json'), 'rebuild the apps (npm run build)'));
  return graphs.get(dist);
}

/** The Bangla catalogue chunks a page loads with these files: the `bangla` children of their chunks. */
export function banglaFiles(dist, files) {
  const graph = chunkGraph(dist);
  const names = new Set(files.map((f) => path.relative(dist, f)));
  const loaded = Object.values(graph.chunks).filter((c) => c.files.some((f) => names.has(f)));
  const ids = new Set(loaded.flatMap((c) => c.children).filter((id) => graph.chunks[id]?.bangla));
  return [...ids].flatMap((id) => graph.chunks[id].files.filter((f) => f.endsWith('.js'))).map((f) => path.join(dist, f));
}

/** Files of these that hold a Bangla catalogue: an English page must load none. */
export function banglaAmong(dist, files) {
  const graph = chunkGraph(dist);
  const bangla = new Set(Object.values(graph.chunks).filter((c) => c.bangla).flatMap((c) => c.files));
  return files.filter((f) => bangla.has(path.relative(dist, f)));
}

/** The JS files index.html names: what the shell runs before any page renders. */
export function shellStartFiles(shellDist) {
  shellGraph(shellDist); // a clear message when the shell is not built
  const html = fs.readFileSync(path.join(shellDist, 'index.html'), 'utf8');
  return [...html.matchAll(/<script[^>]+src="\/?([^"]+)"/g)].map((m) => path.join(shellDist, m[1]));
}

/** The JS files of a named lazy chunk group of the shell (page-dashboard, federation-runtime). */
export function shellGroupFiles(shellDist, name) {
  const graph = shellGraph(shellDist);
  const ids = graph.namedChunkGroups?.[name];
  if (!ids) throw new Error(`the shell has no lazy chunk named ${name}: rebuild it (npm run build)`);
  return ids.flatMap((id) => graph.chunks[id].files.filter((f) => f.endsWith('.js'))).map((f) => path.join(shellDist, f));
}

export function remoteFiles(remoteDist) {
  const manifest = readJson(path.join(remoteDist, 'mf-manifest.json'), 'build the remotes (npm run build)');
  const entry = path.join(remoteDist, manifest.metaData.remoteEntry.path ?? '', manifest.metaData.remoteEntry.name);
  const exposes = Object.fromEntries(
    manifest.exposes.map((e) => [e.path, e.assets.js.sync.map((f) => path.join(remoteDist, f))]),
  );
  return { entry, exposes };
}

/** Shell pages measured beside the remote routes, with the lazy chunk each one loads. */
const SHELL_PAGES = { '/stores': 'page-stores', '/dashboard': 'page-dashboard' };

export function measure(appsDir = path.join(root, 'apps')) {
  const sum = (files) => files.reduce((total, f) => total + brotliSize(f), 0);
  const shellDist = path.join(appsDir, 'shell', 'dist');
  const start = shellStartFiles(shellDist);
  const runtime = shellGroupFiles(shellDist, 'federation-runtime');
  const startBangla = banglaFiles(shellDist, start);
  const figures = {
    login: { bytes: sum(start), files: start.length, bangla: sum(startBangla) },
    shellPages: {},
    federationRuntime: sum(runtime),
    remoteRoutes: {},
    remotes: {},
    // Bangla catalogue files found among what English pages load (must stay empty).
    banglaInEnglish: [...banglaAmong(shellDist, [...start, ...runtime])],
  };
  for (const [route, group] of Object.entries(SHELL_PAGES)) {
    const files = shellGroupFiles(shellDist, group);
    figures.shellPages[route] = {
      bytes: figures.login.bytes + sum(files),
      files: start.length + files.length,
      bangla: sum([...new Set([...startBangla, ...banglaFiles(shellDist, files)])]),
    };
    figures.banglaInEnglish.push(...banglaAmong(shellDist, files));
  }
  for (const name of REMOTES) {
    const dist = path.join(appsDir, name, 'dist');
    const { entry, exposes } = remoteFiles(dist);
    const routes = exposes['./routes'] ?? [];
    figures.remoteRoutes[name] = {
      bytes: figures.login.bytes + figures.federationRuntime + sum([entry, ...routes]),
      files: start.length + runtime.length + 1 + routes.length,
      bangla: figures.login.bangla + sum(banglaFiles(dist, [entry, ...routes])),
    };
    figures.banglaInEnglish.push(...banglaAmong(dist, [entry, ...Object.values(exposes).flat()]));
    figures.remotes[name] = {
      entry: brotliSize(entry),
      exposes: Object.fromEntries(Object.entries(exposes).map(([key, files]) => [key, sum(files)])),
    };
    figures.remotes[name].bytes = figures.remotes[name].entry + Object.values(figures.remotes[name].exposes).reduce((a, b) => a + b, 0);
  }
  return figures;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  let figures;
  try {
    figures = measure();
  } catch (error) {
    console.error(`byte budgets: ${error.message}`);
    process.exit(1);
  }
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(figures, null, 2));
    process.exit(0);
  }
  const k = (bytes) => `${(bytes / KiB).toFixed(1)} KiB`;
  const checks = [
    ['JS before /login paints', figures.login.bytes, BUDGETS.login],
    ...Object.entries(figures.shellPages).map(([route, page]) => [`JS before ${route} (shell page) paints`, page.bytes, BUDGETS.remoteRoute]),
    ...REMOTES.map((name) => [`JS before ${ROUTE_OF[name]} (${name} remote) paints`, figures.remoteRoutes[name].bytes, BUDGETS.remoteRoute]),
    ...REMOTES.map((name) => [`${name} remote: remoteEntry.js + exposed modules`, figures.remotes[name].bytes, BUDGETS.remote[name]]),
    ['Bangla texts before /login paints, beyond English', figures.login.bangla, BUDGETS.bangla],
    ...Object.entries(figures.shellPages).map(([route, page]) => [`Bangla texts before ${route} paints, beyond English`, page.bangla, BUDGETS.bangla]),
    ...REMOTES.map((name) => [`Bangla texts before ${ROUTE_OF[name]} paints, beyond English`, figures.remoteRoutes[name].bangla, BUDGETS.bangla]),
  ];
  let over = 0;
  for (const [label, bytes, budget] of checks) {
    const ok = bytes <= budget;
    if (!ok) over += 1;
    console.log(`${ok ? 'ok  ' : 'OVER'}  ${label}: ${k(bytes)} of ${k(budget)} (brotli)${ok ? '' : ` — ${k(bytes - budget)} too much`}`);
  }
  for (const [label, bytes, goal] of [
    ['/login', figures.login.bytes, GOALS.login],
    ...REMOTES.map((name) => [ROUTE_OF[name], figures.remoteRoutes[name].bytes, GOALS.remoteRoute]),
  ]) {
    if (bytes > goal) console.log(`goal  ${label}: ${k(bytes)}, issue 8's goal is ${k(goal)} (not enforced yet)`);
  }
  // English pages carry no Bangla: every catalogue is a chunk of its own, loaded only in Bangla.
  if (figures.banglaInEnglish.length) {
    over += 1;
    console.log(`OVER  English pages load Bangla catalogues: ${figures.banglaInEnglish.map((f) => path.relative(root, f)).join(', ')}`);
  } else {
    console.log('ok    English pages load no Bangla catalogue');
  }
  if (over) {
    console.error(
      `\n${over} byte budget(s) exceeded. See what the page loads with \`node scripts/check-budgets.mjs --json\`; BENCHMARKS.md says what the budgets are for.`,
    );
    process.exit(1);
  }
}
