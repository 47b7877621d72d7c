// Parses /remotes.json and the per-session preview overrides. Pure functions: no MF runtime here.
import { RELEASE_NAME, REMOTE_NAMES, type ReleaseEntry, type ReleasePointer, type RemoteName } from '@mojud/contracts';

export const PREVIEW_STORAGE_KEY = 'mojud-remote-previews';
const PREVIEW_PARAM_PREFIX = 'remote.';

export interface ConfigProblem {
  /** The remotes.json entry at fault, or null when the whole file is unusable. */
  entry: string | null;
  message: string;
}

export interface RemotesConfig {
  /** Absolute manifest URL per remote that is correctly configured. */
  entries: Partial<Record<RemoteName, string>>;
  /** The same entries with their release names, canary and earlier releases (docs/releases.md). */
  releases: Partial<Record<RemoteName, ReleaseEntry>>;
  previewOrigins: string[];
  problems: ConfigProblem[];
}

export function isRemoteName(name: string): name is RemoteName {
  return (REMOTE_NAMES as readonly string[]).includes(name);
}

function toManifestUrl(value: unknown, base: string): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const url = new URL(value, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!/\.(json|js)$/.test(url.pathname)) return null;
    return url.href;
  } catch {
    return null;
  }
}

function describe(value: unknown): string {
  return typeof value === 'string' ? `"${value}"` : (JSON.stringify(value) ?? String(value));
}

function toPointer(value: unknown, base: string): ReleasePointer | null {
  if (typeof value === 'string') {
    const url = toManifestUrl(value, base);
    return url ? { release: null, url } : null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { release, url } = value as { release?: unknown; url?: unknown };
  const resolved = toManifestUrl(url, base);
  if (!resolved) return null;
  return { release: typeof release === 'string' && RELEASE_NAME.test(release) ? release : null, url: resolved };
}

/** A plain manifest URL, or `{release, url, previous?, canary?}` as `npm run promote` writes it. */
function toReleaseEntry(value: unknown, base: string): ReleaseEntry | null {
  const main = toPointer(value, base);
  if (!main) return null;
  const raw = value as { previous?: unknown; canary?: { share?: unknown } };
  const previous = Array.isArray(raw.previous)
    ? raw.previous.map((item) => toPointer(item, base)).filter((item): item is ReleasePointer => !!item)
    : [];
  const canaryPointer = typeof value === 'object' ? toPointer(raw.canary, base) : null;
  const share = Number(raw.canary?.share);
  const canary =
    canaryPointer && Number.isFinite(share) && share > 0 && share < 100 ? { ...canaryPointer, share } : undefined;
  return { ...main, previous, ...(canary && { canary }) };
}

export function parseRemotesConfig(raw: unknown, base: string): RemotesConfig {
  const config: RemotesConfig = { entries: {}, releases: {}, previewOrigins: [], problems: [] };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    config.problems.push({
      entry: null,
      message: 'remotes.json must be a JSON object of remote names to manifest URLs',
    });
    return config;
  }
  const record = raw as Record<string, unknown>;
  for (const name of REMOTE_NAMES) {
    if (!(name in record)) {
      config.problems.push({ entry: name, message: `remotes.json has no entry for "${name}"` });
      continue;
    }
    const entry = toReleaseEntry(record[name], base);
    if (entry) {
      config.entries[name] = entry.url;
      config.releases[name] = entry;
    } else {
      config.problems.push({
        entry: name,
        message: `remotes.json entry "${name}" must be an http(s) URL of an mf-manifest.json or a release, got ${describe(record[name])}`,
      });
    }
  }
  const origins = record.previewOrigins;
  if (origins !== undefined) {
    if (Array.isArray(origins) && origins.every((origin) => typeof origin === 'string')) {
      config.previewOrigins = origins.map((origin) => origin.replace(/\/+$/, ''));
    } else {
      config.problems.push({
        entry: 'previewOrigins',
        message: `remotes.json entry "previewOrigins" must be a list of origins, got ${describe(origins)}`,
      });
    }
  }
  return config;
}

export interface PreviewOverride {
  name: RemoteName;
  url: string;
}

export interface PreviewRefusal {
  name: string;
  url: string;
  reason: string;
}

export interface PreviewState {
  active: PreviewOverride[];
  refused: PreviewRefusal[];
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Where a release of the store lives, next to the environment's own releases: a release name
 * in `?remote.inventory=inventory@1.2.0+abc` previews that release.
 */
export function releaseManifestUrl(release: string, entry: ReleaseEntry | undefined, origin: string): string {
  const [remote, id] = [release.slice(0, release.indexOf('@')), release.slice(release.indexOf('@') + 1)];
  const known = [entry, entry?.canary, ...(entry?.previous ?? [])].find((item) => item?.release === release);
  if (known) return known.url;
  const anyRelease = [entry, entry?.canary, ...(entry?.previous ?? [])].find((item) => item?.release);
  const base = anyRelease
    ? anyRelease.url.replace(/\/[^/]+\/[^/]+\/mf-manifest\.json$/, '')
    : `${origin}/releases`;
  return `${base}/${remote}/${encodeURIComponent(id).replace(/%2B/g, '+')}/mf-manifest.json`;
}

/**
 * Combines previews kept for this session with any `?remote.<name>=<url or release>` in the
 * address. A release name previews that release of the store; a URL only from an origin in
 * previewOrigins or the app's own (whose files the server already trusts). Others are
 * refused with a reason.
 */
export function resolvePreviews(
  search: string,
  stored: Record<string, string>,
  previewOrigins: string[],
  own?: { origin: string; releases: Partial<Record<RemoteName, ReleaseEntry>> },
): PreviewState & { toStore: Record<string, string> } {
  const requested: Record<string, string> = { ...stored };
  for (const [key, value] of new URLSearchParams(search)) {
    if (key.startsWith(PREVIEW_PARAM_PREFIX)) requested[key.slice(PREVIEW_PARAM_PREFIX.length)] = value;
  }
  const state: PreviewState & { toStore: Record<string, string> } = { active: [], refused: [], toStore: {} };
  for (const [name, requestedValue] of Object.entries(requested)) {
    if (!isRemoteName(name)) {
      state.refused.push({ name, url: requestedValue, reason: `"${name}" is not a remote of this app` });
      continue;
    }
    // A "+" typed into the address (inventory@1.2.0+abc) arrives as a space.
    let url = requestedValue.startsWith(`${name}@`) ? requestedValue.replace(/ /g, '+') : requestedValue;
    if (RELEASE_NAME.test(url)) {
      if (!url.startsWith(`${name}@`)) {
        state.refused.push({ name, url, reason: `${url} is not a release of ${name}` });
        continue;
      }
      if (own) url = releaseManifestUrl(url, own.releases[name], own.origin);
    }
    const origin = originOf(url);
    if (!origin || !/\.(json|js)$/.test(new URL(url).pathname)) {
      state.refused.push({ name, url, reason: 'not an absolute manifest URL' });
    } else if (!previewOrigins.includes(origin) && origin !== own?.origin) {
      state.refused.push({ name, url, reason: `${origin} is not an allowed preview origin` });
    } else {
      state.active.push({ name, url });
      state.toStore[name] = url;
    }
  }
  return state;
}

/** The query string without the preview parameters, so a reload does not re-apply a reset preview. */
export function stripPreviewParams(search: string): string {
  const params = new URLSearchParams(search);
  for (const key of [...params.keys()]) if (key.startsWith(PREVIEW_PARAM_PREFIX)) params.delete(key);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
