// Run-time discovery of the remotes: reads /remotes.json, applies session previews, registers
// the remotes with the Module Federation runtime and loads their exposed modules on demand.
// The runtime itself (./runtime) is a chunk of its own, loaded the first time a page needs a
// remote: public pages and the shell's own pages never download it.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import {
  parseRemotesConfig,
  PREVIEW_STORAGE_KEY,
  resolvePreviews,
  stripPreviewParams,
  type ConfigProblem,
  type PreviewState,
  type RemoteName,
  type RemotesConfig,
} from './remotes-config';
import { remoteMounts } from './remote-routes';

/** A hanging remote should turn into an error with Retry quickly, not after 20 s. */
export const REMOTE_TIMEOUT_MS = 5000;

export interface FederationState {
  status: 'loading' | 'ready';
  config: RemotesConfig;
  previews: PreviewState;
}

const emptyConfig: RemotesConfig = { entries: {}, previewOrigins: [], problems: [] };
let state: FederationState = {
  status: 'loading',
  config: emptyConfig,
  previews: { active: [], refused: [] },
};
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
  createScript() {
    // Keep MF's own script element; only shorten its timeout.
    return { timeout: REMOTE_TIMEOUT_MS };
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
    const response = await fetch('/remotes.json', {
      cache: 'no-store',
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
 * Loads the runtime chunk once, starts the page's federation instance with the shell's shared
 * modules and registers every usable remote. A failed chunk load is not cached, so Retry tries
 * again.
 */
function federationRuntime(entries: Partial<Record<RemoteName, string>>): Promise<Runtime> {
  runtimeLoad ??= runtimeModule().then(
    (runtime) => {
      runtime.startRuntime([shellRuntimePlugin()]);
      runtime.registerRemotes(Object.entries(entries).map(([name, entry]) => ({ name, entry: entry! })));
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
function preloadCurrentRoute(entries: Partial<Record<RemoteName, string>>) {
  const mount = mountAt(window.location.pathname);
  if (!mount || !entries[mount.remote]) return;
  const bundled = process.env.MOJUD_BUNDLED === '1'; // the comparison build (rsbuild.common.mjs)
  if (!bundled && entries[mount.remote]!.endsWith('.json')) prefetchManifest(entries[mount.remote]!);
  federationRuntime(entries)
    .then((runtime) => runtime.preloadRemote([{ nameOrAlias: mount.remote, exposes: [mount.module] }]))
    .catch(() => undefined); // a preload is only a head start
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
    const previews = resolvePreviews(window.location.search, readStoredPreviews(), config.previewOrigins);
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
    if (!effective.problems.some((problem) => problem.entry === null)) preloadCurrentRoute(entries);
    const next: FederationState = {
      status: 'ready',
      config: effective,
      previews: { active: previews.active, refused: previews.refused },
    };
    setState(next);
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
  let runtime: Runtime;
  try {
    runtime = await federationRuntime(config.entries);
  } catch (error) {
    throw new RemoteUnavailableError(remote, `The remote loader could not be loaded (${(error as Error).message})`);
  }
  if (forceRegister.delete(remote)) {
    runtime.registerRemotes([{ name: remote, entry: config.entries[remote]! }], { force: true });
  }
  const loaded = await runtime.loadRemote<T>(`${remote}/${module}`);
  if (!loaded) throw new RemoteUnavailableError(remote, `${remote}/${module} could not be loaded`);
  return loaded;
}

/** Forgets everything cached for one remote so the next load fetches it afresh. */
export function resetRemote(remote: RemoteName): void {
  const entry = state.config.entries[remote];
  lastLoadErrors.delete(remote);
  if (entry) forceRegister.add(remote);
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
  runtimeChunk = null;
  runtimeLoad = null;
  prefetchedManifests.clear();
  forceRegister.clear();
  lastLoadErrors.clear();
  setState({ status: 'loading', config: emptyConfig, previews: { active: [], refused: [] } });
}
