// Run-time discovery of the remotes: reads /remotes.json, applies session previews, registers
// the remotes with the Module Federation runtime and loads their exposed modules on demand.
// The runtime itself (./runtime) is a chunk of its own, loaded the first time a page needs a
// remote: public pages and the shell's own pages never download it.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { api } from '@mojud/api-client';
import { useAuthStore } from '@mojud/auth';
import type { RemoteName } from '@mojud/contracts';
import { candidatesFor, type Candidate, type Requirements } from './releases';
import {
  parseRemotesConfig,
  PREVIEW_STORAGE_KEY,
  resolvePreviews,
  stripPreviewParams,
  type ConfigProblem,
  type PreviewState,
  type RemotesConfig,
} from './remotes-config';
import { remoteMounts } from './remote-routes';

/** A hanging remote should turn into an error with Retry quickly, not after 20 s. */
export const REMOTE_TIMEOUT_MS = 5000;

/** A remote that runs an earlier release because the chosen one needs a newer app. */
export interface ReleaseFallback {
  remote: RemoteName;
  wanted: string;
  running: string;
  unmet: string[];
}

export interface FederationState {
  status: 'loading' | 'ready';
  config: RemotesConfig;
  previews: PreviewState;
  /** The release each loaded remote runs on this page, e.g. inventory → inventory@1.2.0+abc. */
  running: Partial<Record<RemoteName, string>>;
  fallbacks: ReleaseFallback[];
}

const emptyConfig: RemotesConfig = { entries: {}, releases: {}, previewOrigins: [], problems: [] };
const initialState = (): FederationState => ({
  status: 'loading',
  config: emptyConfig,
  previews: { active: [], refused: [] },
  running: {},
  fallbacks: [],
});
let state: FederationState = initialState();
const listeners = new Set<() => void>();

function setState(next: FederationState) {
  state = next;
  listeners.forEach((listener) => listener());
}

export const federationStore = {
  get: () => state,
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: RemoteName,
    message: string,
  ) {
    super(message);
    this.name = 'RemoteUnavailableError';
  }
}

export const lastLoadErrors = new Map<string, unknown>();

export const shellRuntimePlugin: () => ModuleFederationRuntimePlugin = () => ({
  name: 'mojud-shell-remote-guard',
  createLink() {
    // Only watched: the route's chunks are being asked for (routeRemoteAskedFor).
    markAskedFor();
    return undefined;
  },
  createScript({ url }) {
    markAskedFor();
    // A remote entry from another origin loads with CORS, like the remote's own chunks
    // (crossorigin in its build): the service worker then caches an answer it can check, not an
    // opaque one. The timeout is shortened so a hanging remote fails fast.
    const script = document.createElement('script');
    if (new URL(url, location.href).origin !== location.origin) script.crossOrigin = 'anonymous';
    return { script, timeout: REMOTE_TIMEOUT_MS };
  },
  fetch(url, init) {
    // A manifest the shell already started fetching (see prefetchManifest) is not asked again.
    const early = prefetchedManifests.get(url);
    if (early) {
      prefetchedManifests.delete(url);
      return early.then((response) => response.clone());
    }
    return fetch(url, { ...init, signal: AbortSignal.timeout(REMOTE_TIMEOUT_MS) });
  },
  errorLoadRemote({ id, error }) {
    // Recorded for the error panel; returning nothing lets loadRemote reject so the
    // route's boundary can offer Retry.
    lastLoadErrors.set(String(id).split('/')[0], error);
    return undefined;
  },
});

function readStoredPreviews(): Record<string, string> {
  try {
    return JSON.parse(sessionStorage.getItem(PREVIEW_STORAGE_KEY) ?? '{}') ?? {};
  } catch {
    return {};
  }
}

let started: Promise<FederationState> | null = null;

async function fetchRemotesJson(): Promise<{ raw: unknown; problem?: ConfigProblem }> {
  try {
    // The default cache mode, so the <link rel="preload"> in index.html answers it; the server
    // sends remotes.json with no-cache, so a later load still asks the server.
    const response = await fetch('/remotes.json', {
      signal: AbortSignal.timeout(REMOTE_TIMEOUT_MS),
    });
    if (!response.ok)
      return {
        raw: null,
        problem: { entry: null, message: `remotes.json could not be loaded (HTTP ${response.status})` },
      };
    const text = await response.text();
    try {
      return { raw: JSON.parse(text) };
    } catch {
      return { raw: null, problem: { entry: null, message: 'remotes.json is not valid JSON' } };
    }
  } catch (error) {
    return {
      raw: null,
      problem: { entry: null, message: `remotes.json could not be loaded (${(error as Error).message})` },
    };
  }
}

/** The remote module mounted at this address, if any (e.g. /inventory/x → inventory/routes). */
export function mountAt(pathname: string): { remote: RemoteName; module: string } | null {
  const first = pathname.split('/')[1] ?? '';
  const mount = remoteMounts.find((item) => item.path.replace(/\/\*$/, '') === first);
  return mount ? { remote: mount.remote, module: mount.module } : null;
}

/** Manifests fetched before the runtime chunk arrived, by URL; the runtime's fetch takes them. */
const prefetchedManifests = new Map<string, Promise<Response>>();

/**
 * Starts fetching the route's remote manifest as soon as remotes.json names it, while the
 * runtime chunk is still downloading: otherwise the manifest is one more round trip after it.
 * A failed prefetch is dropped and the runtime fetches the manifest itself.
 */
function prefetchManifest(url: string) {
  const early = fetch(url, { signal: AbortSignal.timeout(REMOTE_TIMEOUT_MS) });
  prefetchedManifests.set(url, early);
  early.then(
    (response) => {
      if (!response.ok) prefetchedManifests.delete(url);
    },
    () => prefetchedManifests.delete(url),
  );
}

type Runtime = typeof import('./runtime');
let runtimeChunk: Promise<Runtime> | null = null;
let runtimeLoad: Promise<Runtime> | null = null;

/** Downloads the runtime chunk once; a failure is forgotten so the next call tries again. */
function runtimeModule(): Promise<Runtime> {
  runtimeChunk ??= import(/* webpackChunkName: "federation-runtime" */ './runtime').catch((error: unknown) => {
    runtimeChunk = null;
    throw error;
  });
  return runtimeChunk;
}
/** Remotes whose cached failure Retry asked to forget; re-registered before their next load. */
const forceRegister = new Set<RemoteName>();

/**
 * Loads the runtime chunk once and starts the page's federation instance with the shell's
 * shared modules; each remote is registered once its release is chosen (resolveRelease). A
 * failed chunk load is not cached, so Retry tries again.
 */
function federationRuntime(): Promise<Runtime> {
  runtimeLoad ??= runtimeModule().then(
    (runtime) => {
      runtime.startRuntime([shellRuntimePlugin()]);
      return runtime;
    },
    (error: unknown) => {
      runtimeLoad = null;
      throw error;
    },
  );
  return runtimeLoad;
}

/**
 * Starts fetching the remote this address shows (manifest, then its entry and the exposed
 * module's chunks) while the shell is still signing in, so the remote is not a second chain of
 * requests after the auth check. A failure here is silent: loadRemote reports it in the page.
 */
function preloadCurrentRoute(): Promise<void> {
  const mount = mountAt(window.location.pathname);
  if (!mount || !state.config.entries[mount.remote]) return Promise.resolve();
  const release = resolveRelease(mount.remote);
  // resolveRelease has just asked for the first candidate's manifest (prefetchManifest).
  for (const [url, manifest] of prefetchedManifests) preloadExposed(url, manifest, mount.module);
  return Promise.all([release, federationRuntime()])
    .then(([chosen, runtime]) => {
      register(runtime, mount.remote, chosen.url);
      return runtime.preloadRemote([{ nameOrAlias: mount.remote, exposes: [mount.module] }]);
    })
    .catch(() => undefined); // a preload is only a head start
}

/** Settled once the route's remote files are first added to the page (here or by the runtime). */
let askedFor!: Promise<void>;
let markAskedFor!: () => void;
const resetAskedFor = () => (askedFor = new Promise<void>((resolve) => (markAskedFor = () => setTimeout(resolve, 0))));
// The runtime adds a remote's links and entry script in one go: all are in once the microtasks
// after the first one have run.
resetAskedFor();

/** The parts of an mf-manifest.json that name an exposed module's files. */
interface ManifestFiles {
  metaData?: { publicPath?: string; remoteEntry?: { path?: string; name?: string } };
  exposes?: { name: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
}

/**
 * Asks for the remote's entry and the exposed module's own scripts and styles the moment the
 * prefetched manifest is in, while the federation runtime (which does the same once it has
 * started) may still be downloading: on a phone that is a wave sooner. Preload links only: the
 * runtime adds the real tags, which take these answers (same address, same CORS mode as the
 * remote's own chunk loader), and adds no second preload link for an address that has one.
 */
function preloadExposed(manifestUrl: string, manifest: Promise<Response>, expose: string) {
  manifest
    .then((response) => (response.ok ? (response.clone().json() as Promise<ManifestFiles>) : null))
    .then((found) => {
      const files = found?.exposes?.find((item) => item.name === expose)?.assets;
      const entry = found?.metaData?.remoteEntry;
      if (!files || !entry?.name) return;
      const publicPath = found.metaData?.publicPath;
      const base = new URL(publicPath && publicPath !== 'auto' ? publicPath : '.', new URL(manifestUrl, window.location.href));
      const link = (path: string, as: 'script' | 'style') => {
        const href = new URL(path, base).href;
        const element = document.createElement('link');
        element.setAttribute('rel', 'preload');
        element.setAttribute('as', as);
        element.setAttribute('href', href);
        if (new URL(href).origin !== window.location.origin) element.setAttribute('crossorigin', 'anonymous');
        document.head.appendChild(element);
      };
      link(`${entry.path ?? ''}${entry.name}`, 'script');
      for (const path of files.js?.sync ?? []) link(path, 'script');
      for (const path of files.css?.sync ?? []) link(path, 'style');
      markAskedFor();
    })
    .catch(() => undefined); // only a head start: the runtime reads the manifest itself
}

let routePreload: Promise<void> | null = null;
/**
 * Settles once the remote this address shows has been asked for (its entry and the exposed
 * module's chunks are downloading), or at once where there is none or discovery failed. The
 * app's first render waits for it, a little (bootstrap.tsx): that render holds the page's one
 * thread for a few hundred ms on a phone, and the manifest's answer would otherwise wait behind
 * it before the chunks could be asked for.
 */
export function routeRemoteAskedFor(): Promise<void> {
  return startFederation().then(() => (routePreload ? Promise.race([routePreload, askedFor]) : undefined));
}

/** What this shell provides to a remote: the shared modules' versions and the API version. */
declare const __MOJUD_SHARED__: Record<string, { version: string }>;
declare const __MOJUD_API_VERSION__: string;
export const providedVersions = (): Record<string, string> => ({
  ...Object.fromEntries(Object.entries(__MOJUD_SHARED__).map(([name, { version }]) => [name, version])),
  api: __MOJUD_API_VERSION__,
});

/**
 * A release's declaration of what it needs, next to its manifest. None (a build from before
 * declarations): no demands. A server that does not answer at all makes the release unusable.
 */
async function fetchRequirements(manifestUrl: string): Promise<{ declared: Requirements | null } | { unreachable: string }> {
  const url = new URL('mojud-requires.json', new URL(manifestUrl, window.location.href)).href;
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(REMOTE_TIMEOUT_MS) });
  } catch (error) {
    return { unreachable: `${manifestUrl} could not be reached (${(error as Error).message})` };
  }
  try {
    return { declared: response.ok ? ((await response.json()) as Requirements) : null };
  } catch {
    return { declared: null };
  }
}

interface ChosenRelease {
  url: string;
  /** The name reported to the API and in X-Mojud-Releases. */
  label: string;
}

const resolving = new Map<RemoteName, Promise<ChosenRelease>>();

const labelOf = (remote: RemoteName, candidate: Candidate) =>
  candidate.release ?? `${remote}@${candidate.via === 'preview' ? 'preview' : 'built-in'}`;

/**
 * Picks the release of a remote this page runs, once per page: a preview, else the canary
 * when this user's bucket falls in its share, else the environment's release; and the first
 * of those whose declared needs this shell meets, so a release built for a newer app is
 * replaced by the last one that runs here (with a notice), never loaded beside a second React.
 */
export function resolveRelease(remote: RemoteName): Promise<ChosenRelease> {
  let pending = resolving.get(remote);
  if (pending) return pending;
  pending = (async () => {
    const { config, previews } = state;
    const preview = previews.active.find((item) => item.name === remote)?.url ?? null;
    const entry = config.releases[remote] ?? { release: null, url: config.entries[remote]!, previous: [] };
    // The comparison build compiles the remotes in: there is nothing to choose between.
    if (process.env.MOJUD_BUNDLED === '1') return { url: entry.url, label: `${remote}@built-in` };
    const userId = useAuthStore.getState().user?.id ?? null;
    const candidates = candidatesFor(entry, remote, userId, preview);
    // The manifest and the declaration are fetched side by side, while the runtime chunk (which
    // holds the version checks) downloads: choosing a release adds no round trip.
    const declaration = (candidate: Candidate) => {
      if (candidate.url.endsWith('.json') && !prefetchedManifests.has(candidate.url)) prefetchManifest(candidate.url);
      return fetchRequirements(candidate.url);
    };
    const first = declaration(candidates[0]);
    const { unmetRequirements } = await runtimeModule().catch((error: unknown) => {
      throw new RemoteUnavailableError(remote, `The remote loader could not be loaded (${(error as Error).message})`);
    });
    const provided = providedVersions();
    let firstUnmet: string[] | null = null;
    let unreachable: string | null = null;
    for (const candidate of candidates) {
      const requirements = await (candidate === candidates[0] ? first : declaration(candidate));
      if ('unreachable' in requirements) {
        // A release whose server is down is skipped quietly; the next one may be elsewhere.
        prefetchedManifests.delete(candidate.url);
        unreachable ??= requirements.unreachable;
        continue;
      }
      const unmet = unmetRequirements(requirements.declared, provided);
      if (!unmet.length) {
        const label = labelOf(remote, candidate);
        if (firstUnmet) {
          setState({
            ...state,
            fallbacks: [...state.fallbacks, { remote, wanted: labelOf(remote, candidates[0]), running: label, unmet: firstUnmet }],
          });
        }
        running(remote, label);
        return { url: candidate.url, label };
      }
      prefetchedManifests.delete(candidate.url);
      firstUnmet ??= unmet;
    }
    throw new RemoteUnavailableError(
      remote,
      firstUnmet ? `Every release of ${remote} needs a newer app: ${firstUnmet.join(', ')}` : unreachable!,
    );
  })();
  pending.catch(() => resolving.delete(remote)); // Retry chooses again
  resolving.set(remote, pending);
  return pending;
}

/** Tells the API, on every request, which remote releases this page runs (X-Mojud-Releases). */
function running(remote: RemoteName, label: string) {
  setState({ ...state, running: { ...state.running, [remote]: label } });
  api.defaults.headers.common['X-Mojud-Releases'] = Object.values(state.running).join(', ');
}

const registered = new Map<RemoteName, string>();
function register(runtime: Runtime, remote: RemoteName, url: string) {
  const known = registered.get(remote);
  if (known === url && !forceRegister.delete(remote)) return;
  runtime.registerRemotes([{ name: remote, entry: url }], { force: known !== undefined });
  registered.set(remote, url);
}

const reportedLoads = new Set<RemoteName>();
/** Counts this user once per page for the release they loaded (the release statistics page). */
function reportLoad(remote: RemoteName, release: string) {
  if (reportedLoads.has(remote) || !useAuthStore.getState().accessToken) return;
  reportedLoads.add(remote);
  api.post('/remote-releases/loads', { remote, release }).catch(() => reportedLoads.delete(remote));
}

const reportedErrors = new Set<string>();
/** A remote's boundary reports what it caught, with the release, once per message and page. */
export function reportRemoteError(remote: RemoteName, error: unknown) {
  const release = state.running[remote] ?? `${remote}@built-in`;
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 500) || 'Unknown error';
  const key = `${release} ${message}`;
  if (reportedErrors.has(key) || !useAuthStore.getState().accessToken) return;
  reportedErrors.add(key);
  api.post('/remote-releases/errors', { remote, release, message }).catch(() => undefined);
}

/**
 * Reads remotes.json once per page and registers every usable remote. Never rejects. The
 * shell's entry calls it first thing, before React and the shared modules have loaded.
 */
export function startFederation(): Promise<FederationState> {
  started ??= (async () => {
    // On a remote's page the runtime chunk downloads beside remotes.json, not after it.
    if (mountAt(window.location.pathname)) runtimeModule().catch(() => undefined);
    const { raw, problem } = await fetchRemotesJson();
    const config = problem
      ? { ...emptyConfig, problems: [problem] }
      : parseRemotesConfig(raw, window.location.href);
    const previews = resolvePreviews(window.location.search, readStoredPreviews(), config.previewOrigins, {
      origin: window.location.origin,
      releases: config.releases,
    });
    sessionStorage.setItem(PREVIEW_STORAGE_KEY, JSON.stringify(previews.toStore));
    if (window.location.search !== stripPreviewParams(window.location.search)) {
      const { pathname, hash } = window.location;
      window.history.replaceState(
        window.history.state,
        '',
        pathname + stripPreviewParams(window.location.search) + hash,
      );
    }
    const entries = { ...config.entries };
    for (const preview of previews.active) entries[preview.name] = preview.url;
    const effective = { ...config, entries };
    const next: FederationState = {
      ...state,
      status: 'ready',
      config: effective,
      previews: { active: previews.active, refused: previews.refused },
    };
    setState(next);
    if (!effective.problems.some((problem) => problem.entry === null)) routePreload = preloadCurrentRoute();
    return next;
  })();
  return started;
}

/** Loads `<remote>/<module>` (e.g. inventory/routes); rejects with a readable reason. */
export async function loadRemoteModule<T>(remote: RemoteName, module: string): Promise<T> {
  const { config } = await startFederation();
  if (!config.entries[remote]) {
    const problem = config.problems.find((item) => item.entry === remote || item.entry === null);
    throw new RemoteUnavailableError(remote, problem?.message ?? `No manifest configured for "${remote}"`);
  }
  const runtimePromise = federationRuntime();
  const chosen = await resolveRelease(remote);
  let runtime: Runtime;
  try {
    runtime = await runtimePromise;
  } catch (error) {
    throw new RemoteUnavailableError(remote, `The remote loader could not be loaded (${(error as Error).message})`);
  }
  register(runtime, remote, chosen.url);
  const loaded = await runtime.loadRemote<T>(`${remote}/${module}`);
  if (!loaded) throw new RemoteUnavailableError(remote, `${remote}/${module} could not be loaded`);
  reportLoad(remote, chosen.label);
  return loaded;
}

/** Forgets everything cached for one remote so the next load fetches it afresh. */
export function resetRemote(remote: RemoteName): void {
  const entry = state.config.entries[remote];
  lastLoadErrors.delete(remote);
  if (entry && registered.has(remote)) forceRegister.add(remote);
}

export function resetPreview(remote: RemoteName): void {
  const stored = readStoredPreviews();
  delete stored[remote];
  sessionStorage.setItem(PREVIEW_STORAGE_KEY, JSON.stringify(stored));
  // A module already rendered cannot be swapped in place; a reload loads the default build.
  window.location.reload();
}

/** For tests only. */
export function resetFederationForTests(): void {
  started = null;
  routePreload = null;
  resetAskedFor();
  runtimeChunk = null;
  runtimeLoad = null;
  prefetchedManifests.clear();
  forceRegister.clear();
  lastLoadErrors.clear();
  resolving.clear();
  registered.clear();
  reportedLoads.clear();
  reportedErrors.clear();
  delete api.defaults.headers.common['X-Mojud-Releases'];
  setState(initialState());
}
