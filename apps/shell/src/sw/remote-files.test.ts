import { describe, expect, it } from 'vitest';
import { manifestFiles, remoteManifestUrls } from './remote-files';

describe('what the service worker caches of the remotes', () => {
  it('takes the remotes remotes.json names (a URL, a release and its canary), never the preview origins', () => {
    expect(
      remoteManifestUrls({
        inventory: '/remotes/inventory/mf-manifest.json',
        fleet: { url: 'https://cdn.example/fleet/1.4.0/mf-manifest.json', canary: { url: 'https://cdn.example/fleet/1.5.0/mf-manifest.json', share: 0.1 }, previous: [{ url: 'https://cdn.example/fleet/1.3.0/mf-manifest.json' }] },
        previewOrigins: ['https://preview-7.example.org'],
      }),
    ).toEqual(['/remotes/inventory/mf-manifest.json', 'https://cdn.example/fleet/1.4.0/mf-manifest.json', 'https://cdn.example/fleet/1.5.0/mf-manifest.json']);
    expect(remoteManifestUrls(null)).toEqual([]);
  });

  it("lists every file a remote's manifest names, beside the manifest ('auto' public path) or under its own", () => {
    const manifest = {
      metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
      shared: [{ assets: { js: { sync: ['static/js/async/98.js'], async: [] }, css: { sync: [], async: [] } } }],
      exposes: [{ assets: { js: { sync: ['static/js/async/routes.js'], async: ['static/js/async/outbox.js', 'static/js/async/98.js'] }, css: { sync: ['static/css/async/routes.css'], async: [] } } }],
    };
    expect(manifestFiles(manifest, 'https://cdn.example/fleet/1.4.0/mf-manifest.json').sort()).toEqual(
      [
        'https://cdn.example/fleet/1.4.0/remoteEntry.js',
        'https://cdn.example/fleet/1.4.0/mojud-requires.json',
        'https://cdn.example/fleet/1.4.0/static/js/async/98.js',
        'https://cdn.example/fleet/1.4.0/static/js/async/routes.js',
        'https://cdn.example/fleet/1.4.0/static/js/async/outbox.js',
        'https://cdn.example/fleet/1.4.0/static/css/async/routes.css',
      ].sort(),
    );
    expect(manifestFiles({ ...manifest, metaData: { ...manifest.metaData, publicPath: '/assets/fleet/' } }, 'http://localhost:3000/remotes/fleet/mf-manifest.json')).toContain(
      'http://localhost:3000/assets/fleet/remoteEntry.js',
    );
  });
});
