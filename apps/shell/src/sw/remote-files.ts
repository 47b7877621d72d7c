// Pure helpers of the service worker (sw.ts): which remotes remotes.json names, and which
// files a remote's mf-manifest.json says it is made of.

/**
 * The manifest URLs remotes.json names as the default: a plain URL, or a release entry's `url`
 * and its `canary.url`. Previews (`previewOrigins`, `?remote.<name>=`) are not among them.
 */
export function remoteManifestUrls(remotes: unknown): string[] {
  if (typeof remotes !== 'object' || remotes === null) return [];
  const urls: string[] = [];
  for (const [name, value] of Object.entries(remotes as Record<string, unknown>)) {
    if (name === 'previewOrigins') continue;
    if (typeof value === 'string') urls.push(value);
    else if (typeof value === 'object' && value !== null) {
      const entry = value as { url?: unknown; canary?: { url?: unknown } };
      if (typeof entry.url === 'string') urls.push(entry.url);
      if (typeof entry.canary?.url === 'string') urls.push(entry.canary.url);
    }
  }
  return urls;
}

interface Assets {
  js?: { sync?: string[]; async?: string[] };
  css?: { sync?: string[]; async?: string[] };
}
interface Manifest {
  metaData?: { publicPath?: string; remoteEntry?: { path?: string; name?: string } };
  shared?: { assets?: Assets }[];
  exposes?: { assets?: Assets }[];
}

/** Absolute URLs of every file a remote's manifest names: its entry, exposes and shared chunks. */
export function manifestFiles(manifest: unknown, manifestUrl: string): string[] {
  const m = (manifest ?? {}) as Manifest;
  const base = manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);
  const publicPath = !m.metaData?.publicPath || m.metaData.publicPath === 'auto' ? base : new URL(m.metaData.publicPath, base).href;
  const files = new Set<string>();
  const add = (file: string | undefined) => file && files.add(new URL(file, publicPath).href);
  const entry = m.metaData?.remoteEntry;
  if (entry?.name) add(`${entry.path ? `${entry.path.replace(/\/$/, '')}/` : ''}${entry.name}`);
  add('mojud-requires.json');
  for (const item of [...(m.exposes ?? []), ...(m.shared ?? [])]) {
    for (const kind of ['js', 'css'] as const) {
      for (const file of [...(item.assets?.[kind]?.sync ?? []), ...(item.assets?.[kind]?.async ?? [])]) add(file);
    }
  }
  return [...files];
}
