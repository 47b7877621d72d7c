// Parses /remotes.json and the per-session preview overrides. Pure functions: no MF runtime here.

export const REMOTE_NAMES = ['inventory', 'fleet', 'customers', 'people'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

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

export function parseRemotesConfig(raw: unknown, base: string): RemotesConfig {
  const config: RemotesConfig = { entries: {}, previewOrigins: [], problems: [] };
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
    const url = toManifestUrl(record[name], base);
    if (url) config.entries[name] = url;
    else {
      config.problems.push({
        entry: name,
        message: `remotes.json entry "${name}" must be an http(s) URL of an mf-manifest.json, got ${describe(record[name])}`,
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
 * Combines previews kept for this session with any `?remote.<name>=<url>` in the address.
 * Only origins listed in previewOrigins are honoured; the rest are refused with a reason.
 */
export function resolvePreviews(
  search: string,
  stored: Record<string, string>,
  previewOrigins: string[],
): PreviewState & { toStore: Record<string, string> } {
  const requested: Record<string, string> = { ...stored };
  for (const [key, value] of new URLSearchParams(search)) {
    if (key.startsWith(PREVIEW_PARAM_PREFIX)) requested[key.slice(PREVIEW_PARAM_PREFIX.length)] = value;
  }
  const state: PreviewState & { toStore: Record<string, string> } = { active: [], refused: [], toStore: {} };
  for (const [name, url] of Object.entries(requested)) {
    if (!isRemoteName(name)) {
      state.refused.push({ name, url, reason: `"${name}" is not a remote of this app` });
      continue;
    }
    const origin = originOf(url);
    if (!origin || !/\.(json|js)$/.test(new URL(url).pathname)) {
      state.refused.push({ name, url, reason: 'not an absolute manifest URL' });
    } else if (!previewOrigins.includes(origin)) {
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
