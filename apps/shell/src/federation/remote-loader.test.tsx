import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseRemotesConfig, resolvePreviews, stripPreviewParams } from './remotes-config';

// Vitest cannot resolve federated imports: the MF runtime is replaced at its boundary.
const runtime = vi.hoisted(() => ({
  init: vi.fn(),
  loadRemote: vi.fn(),
  registerRemotes: vi.fn(),
  registerPlugins: vi.fn(),
  preloadRemote: vi.fn(),
}));
vi.mock('@module-federation/enhanced/runtime', () => runtime);

const { loadRemoteModule, mountAt, resetFederationForTests, routeRemoteAskedFor, shellRuntimePlugin, startFederation, federationStore } =
  await import('./remote-loader');
const { RemoteRoute } = await import('./remote-route');
const { PreviewBanner } = await import('./preview-banner');
await import('../texts');
const { bucketOf } = await import('./releases');
const { useAuthStore } = await import('@mojud/auth');
const { api } = await import('@mojud/api-client');

const base = 'http://localhost:3000/stores';
const good = {
  inventory: '/remotes/inventory/mf-manifest.json',
  fleet: '/remotes/fleet/mf-manifest.json',
  customers: 'https://cdn.example.com/customers/mf-manifest.json',
  people: '/remotes/people/mf-manifest.json',
  previewOrigins: ['http://localhost:4311'],
};

function serveRemotesJson(body: string, status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status, headers: { 'Content-Type': 'application/json' } })),
  );
}

beforeEach(() => {
  resetFederationForTests();
  Object.values(runtime).forEach((fn) => fn.mockReset());
  window.history.replaceState(null, '', '/inventory');
});
afterEach(() => vi.unstubAllGlobals());

describe('remotes.json parsing', () => {
  it('resolves every entry against the page and keeps the preview origins', () => {
    const config = parseRemotesConfig(good, base);
    expect(config.problems).toEqual([]);
    expect(config.entries.inventory).toBe('http://localhost:3000/remotes/inventory/mf-manifest.json');
    expect(config.entries.customers).toBe('https://cdn.example.com/customers/mf-manifest.json');
    expect(config.previewOrigins).toEqual(['http://localhost:4311']);
  });

  it('names the entry at fault and keeps the good ones', () => {
    const config = parseRemotesConfig(
      { ...good, fleet: 42, people: 'javascript:alert(1)', customers: undefined },
      base,
    );
    expect(Object.keys(config.entries)).toEqual(['inventory']);
    expect(config.problems.map((p) => p.entry)).toEqual(['fleet', 'customers', 'people']);
    expect(config.problems[0].message).toBe(
      'remotes.json entry "fleet" must be an http(s) URL of an mf-manifest.json or a release, got 42',
    );
  });

  it('rejects a file that is not an object', () => {
    expect(parseRemotesConfig(['x'], base).problems).toEqual([
      { entry: null, message: 'remotes.json must be a JSON object of remote names to manifest URLs' },
    ]);
  });
});

describe('previews', () => {
  it('honours allowed origins only, with a reason for each refusal', () => {
    const search =
      '?remote.inventory=http://localhost:4311/mf-manifest.json&remote.fleet=https://evil.example/mf-manifest.json&tab=1';
    const state = resolvePreviews(search, {}, ['http://localhost:4311']);
    expect(state.active).toEqual([{ name: 'inventory', url: 'http://localhost:4311/mf-manifest.json' }]);
    expect(state.refused).toEqual([
      {
        name: 'fleet',
        url: 'https://evil.example/mf-manifest.json',
        reason: 'https://evil.example is not an allowed preview origin',
      },
    ]);
    expect(state.toStore).toEqual({ inventory: 'http://localhost:4311/mf-manifest.json' });
    expect(stripPreviewParams(search)).toBe('?tab=1');
  });

  it('keeps a stored preview for the session and refuses unknown remotes', () => {
    const state = resolvePreviews(
      '',
      { people: 'http://localhost:4311/mf-manifest.json', billing: 'http://localhost:4311/x.json' },
      ['http://localhost:4311'],
    );
    expect(state.active.map((p) => p.name)).toEqual(['people']);
    expect(state.refused[0].reason).toBe('"billing" is not a remote of this app');
  });
});

describe('startFederation', () => {
  it('registers the configured remotes, with a preview swapped in and the address cleaned', async () => {
    window.history.replaceState(
      null,
      '',
      '/inventory?remote.inventory=http://localhost:4311/mf-manifest.json',
    );
    serveRemotesJson(JSON.stringify(good));
    const state = await startFederation();
    // On a remote's page the runtime chunk loads at once, and the route's remote starts
    // downloading before the sign-in check is done.
    await vi.waitFor(() =>
      expect(runtime.preloadRemote).toHaveBeenCalledWith([{ nameOrAlias: 'inventory', exposes: ['routes'] }]),
    );
    expect(runtime.init).toHaveBeenCalledWith(expect.objectContaining({ name: 'shell', shareStrategy: 'loaded-first' }));
    // Only the remote this page shows is registered, once its release is chosen: the preview.
    expect(runtime.registerRemotes).toHaveBeenCalledWith(
      [{ name: 'inventory', entry: 'http://localhost:4311/mf-manifest.json' }],
      { force: false },
    );
    expect(state.previews.active).toHaveLength(1);
    expect(window.location.search).toBe('');
    expect(JSON.parse(sessionStorage.getItem('mojud-remote-previews')!)).toEqual({
      inventory: 'http://localhost:4311/mf-manifest.json',
    });
    render(<PreviewBanner />);
    expect(
      screen.getByText('Previewing inventory from http://localhost:4311/mf-manifest.json'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset' })).toBeInTheDocument();
  });

  it("fetches the route's manifest beside the runtime chunk and hands it to the runtime", async () => {
    serveRemotesJson(JSON.stringify(good));
    await startFederation();
    const manifest = 'http://localhost:3000/remotes/inventory/mf-manifest.json';
    const fetchMock = vi.mocked(fetch);
    expect(fetchMock).toHaveBeenCalledWith(manifest, expect.anything());
    const calls = fetchMock.mock.calls.length;
    const plugin = shellRuntimePlugin() as { fetch: (url: string, init: RequestInit) => Promise<Response> };
    expect((await plugin.fetch(manifest, {})).ok).toBe(true);
    expect(fetchMock.mock.calls.length).toBe(calls); // no second request
    await plugin.fetch(manifest, {});
    expect(fetchMock.mock.calls.length).toBe(calls + 1); // taken once; later loads fetch afresh
  });

  it("asks for the route's entry and its own files as soon as the manifest is in, from the remote's origin", async () => {
    window.history.replaceState(null, '', '/shops');
    const manifest = {
      metaData: { publicPath: 'auto', remoteEntry: { path: '', name: 'remoteEntry.js' } },
      exposes: [
        { name: 'routes', assets: { js: { sync: ['static/js/async/a.js', 'static/js/async/routes.js'] }, css: { sync: ['static/css/routes.css'] } } },
        { name: 'other', assets: { js: { sync: ['static/js/async/other.js'] }, css: { sync: [] } } },
      ],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/remotes.json')
          ? Response.json(good)
          : url.endsWith('/mf-manifest.json')
            ? Response.json(manifest)
            : new Response('', { status: 404 }),
      ),
    );
    try {
      await startFederation();
      await routeRemoteAskedFor();
      const preloads = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')];
      expect(preloads.map((link) => [link.href, link.getAttribute('as'), link.getAttribute('crossorigin')])).toEqual([
        ['https://cdn.example.com/customers/remoteEntry.js', 'script', 'anonymous'],
        ['https://cdn.example.com/customers/static/js/async/a.js', 'script', 'anonymous'],
        ['https://cdn.example.com/customers/static/js/async/routes.js', 'script', 'anonymous'],
        ['https://cdn.example.com/customers/static/css/routes.css', 'style', 'anonymous'],
      ]);
    } finally {
      document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
    }
  });

  it('loads no federation runtime on pages that show no remote', async () => {
    window.history.replaceState(null, '', '/login');
    serveRemotesJson(JSON.stringify(good));
    await startFederation();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(runtime.init).not.toHaveBeenCalled();
    expect(runtime.registerRemotes).not.toHaveBeenCalled();
    expect(runtime.preloadRemote).not.toHaveBeenCalled();
    expect(mountAt('/shops/area/1')).toEqual({ remote: 'customers', module: 'routes' });
    expect(mountAt('/selectBrands')).toEqual({ remote: 'inventory', module: 'select-brands' });
    expect(mountAt('/stores')).toBeNull();
  });

  it('shows a refused preview and which remotes.json entry is wrong', async () => {
    window.history.replaceState(null, '', '/?remote.inventory=https://evil.example/mf-manifest.json');
    serveRemotesJson(JSON.stringify({ ...good, fleet: 'not a url' }));
    await startFederation();
    render(<PreviewBanner />);
    expect(
      screen.getByText(
        'Preview of inventory from https://evil.example/mf-manifest.json refused: https://evil.example is not an allowed preview origin',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/remotes.json entry "fleet" must be an http\(s\) URL/)).toBeInTheDocument();
    await expect(loadRemoteModule('fleet', 'routes')).rejects.toThrow('remotes.json entry "fleet"');
  });

  it('survives a remotes.json that is not JSON', async () => {
    serveRemotesJson('{ oops');
    const state = await startFederation();
    expect(state.config.problems).toEqual([{ entry: null, message: 'remotes.json is not valid JSON' }]);
    expect(federationStore.get().status).toBe('ready');
    await expect(loadRemoteModule('inventory', 'routes')).rejects.toThrow('remotes.json is not valid JSON');
  });
});

describe('RemoteRoute', () => {
  it('shows "<Area> is unavailable right now" and recovers on Retry', async () => {
    serveRemotesJson(JSON.stringify(good));
    runtime.loadRemote.mockRejectedValueOnce(new Error('RUNTIME-008: failed to load remoteEntry'));
    runtime.loadRemote.mockResolvedValueOnce({ default: () => <h2>Vehicle List</h2> });
    const u = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<RemoteRoute remote="fleet" module="routes" areaKey="chrome.vehicles" />);
    expect(
      await screen.findByRole('heading', { name: 'Vehicles is unavailable right now' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/RUNTIME-008/)).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Vehicle List' })).toBeInTheDocument();
    // Retry forgets the cached failure before loading again.
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'fleet', entry: 'http://localhost:3000/remotes/fleet/mf-manifest.json' }],
      { force: true },
    );
    expect(runtime.loadRemote).toHaveBeenCalledWith('fleet/routes');
  });

  it('contains a remote that throws while rendering', async () => {
    serveRemotesJson(JSON.stringify(good));
    runtime.loadRemote.mockResolvedValue({
      default: () => {
        throw new Error('boom');
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <>
        <RemoteRoute remote="inventory" module="routes" areaKey="chrome.inventory" />
        <p>the rest of the shell</p>
      </>,
    );
    expect(
      await screen.findByRole('heading', { name: 'Inventory is unavailable right now' }),
    ).toBeInTheDocument();
    expect(screen.getByText('the rest of the shell')).toBeInTheDocument();
  });
});

describe('releases', () => {
  const release = (id: string) => ({ release: `inventory@${id}`, url: `/releases/inventory/${id}/mf-manifest.json` });

  /** remotes.json as promote writes it, and each release's mojud-requires.json. */
  function serveReleases(inventory: unknown, requires: Record<string, Record<string, string>>) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url.endsWith('/remotes.json')) return new Response(JSON.stringify({ ...good, inventory }));
        const id = /\/releases\/inventory\/([^/]+)\/mojud-requires\.json$/.exec(url)?.[1];
        if (id) return requires[id] ? new Response(JSON.stringify({ requires: requires[id] })) : new Response('', { status: 404 });
        return new Response('{}');
      }),
    );
  }
  /** A user id whose bucket for inventory is below (or not below) the share. */
  function userInBucket(inCanary: boolean, share: number) {
    for (let i = 0; ; i += 1) {
      const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
      if (bucketOf(id, 'inventory') < share === inCanary) return id;
    }
  }
  const signIn = (id: string) =>
    useAuthStore.getState().setUser({ id, email: 'a@example.com', username: 'a', firstName: null, lastName: null });

  afterEach(() => useAuthStore.getState().clearUser());

  it('loads the last release this app can run, says so, and tells the API what runs', async () => {
    window.history.replaceState(null, '', '/dashboard');
    serveReleases({ ...release('2.0.0+b'), previous: [release('1.0.0+a')] }, { '2.0.0+b': { react: '^20.0.0' }, '1.0.0+a': { react: '^19.0.0' } });
    runtime.loadRemote.mockResolvedValue({ default: () => <h2>Inventory</h2> });
    render(
      <>
        <PreviewBanner />
        <RemoteRoute remote="inventory" module="routes" areaKey="chrome.inventory" />
      </>,
    );
    expect(await screen.findByRole('heading', { name: 'Inventory' })).toBeInTheDocument();
    expect(screen.getByText('Inventory was updated for a newer app; showing the previous version')).toBeInTheDocument();
    expect(runtime.registerRemotes).toHaveBeenCalledWith(
      [{ name: 'inventory', entry: 'http://localhost:3000/releases/inventory/1.0.0+a/mf-manifest.json' }],
      { force: false },
    );
    expect(federationStore.get().running).toEqual({ inventory: 'inventory@1.0.0+a' });
    expect(api.defaults.headers.common['X-Mojud-Releases']).toBe('inventory@1.0.0+a');
  });

  it('shows an error with Retry, never a blank page, when no release can run here', async () => {
    window.history.replaceState(null, '', '/dashboard');
    serveReleases(release('2.0.0+b'), { '2.0.0+b': { api: '^9.0.0' } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<RemoteRoute remote="inventory" module="routes" areaKey="chrome.inventory" />);
    expect(await screen.findByRole('heading', { name: 'Inventory is unavailable right now' })).toBeInTheDocument();
    expect(screen.getByText(/needs a newer app: api \^9.0.0/)).toBeInTheDocument();
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  it.each([true, false])('gives a user in the canary share the canary, sticky by user id (%s)', async (inCanary) => {
    window.history.replaceState(null, '', '/dashboard');
    serveReleases({ ...release('1.0.0+a'), previous: [], canary: { ...release('2.0.0+b'), share: 50 } }, {});
    signIn(userInBucket(inCanary, 50));
    runtime.loadRemote.mockResolvedValue({ default: () => <h2>Inventory</h2> });
    await startFederation();
    await loadRemoteModule('inventory', 'routes');
    expect(federationStore.get().running.inventory).toBe(inCanary ? 'inventory@2.0.0+b' : 'inventory@1.0.0+a');
  });

  it('previews any release by its name, overriding the canary', async () => {
    window.history.replaceState(null, '', '/dashboard?remote.inventory=inventory@0.9.0+z');
    serveReleases({ ...release('1.0.0+a'), previous: [], canary: { ...release('2.0.0+b'), share: 99 } }, {});
    signIn(userInBucket(true, 99));
    runtime.loadRemote.mockResolvedValue({ default: () => <h2>Inventory</h2> });
    const state = await startFederation();
    expect(state.previews.active).toEqual([
      { name: 'inventory', url: 'http://localhost:3000/releases/inventory/0.9.0+z/mf-manifest.json' },
    ]);
    await loadRemoteModule('inventory', 'routes');
    expect(runtime.registerRemotes).toHaveBeenCalledWith(
      [{ name: 'inventory', entry: 'http://localhost:3000/releases/inventory/0.9.0+z/mf-manifest.json' }],
      { force: false },
    );
    expect(federationStore.get().running.inventory).toBe('inventory@preview');
  });
});

describe('error reports', () => {
  it('reports what a remote throws once, with the release it runs, when signed in', async () => {
    window.history.replaceState(null, '', '/dashboard');
    serveRemotesJson(
      JSON.stringify({ ...good, fleet: { release: 'fleet@1.2.0+abc', url: '/releases/fleet/1.2.0+abc/mf-manifest.json' } }),
    );
    useAuthStore.getState().setAccessToken('token');
    const post = vi.spyOn(api, 'post').mockResolvedValue({ data: null });
    runtime.loadRemote.mockResolvedValue({
      default: () => {
        throw new Error('Vehicles crashed while rendering');
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<RemoteRoute remote="fleet" module="routes" areaKey="chrome.vehicles" />);
    expect(await screen.findByRole('heading', { name: 'Vehicles is unavailable right now' })).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/remote-releases/loads', { remote: 'fleet', release: 'fleet@1.2.0+abc' });
    const reports = post.mock.calls.filter(([url]) => url === '/remote-releases/errors');
    expect(reports).toEqual([
      ['/remote-releases/errors', { remote: 'fleet', release: 'fleet@1.2.0+abc', message: 'Vehicles crashed while rendering' }],
    ]);
    useAuthStore.getState().clearUser();
  });
});
