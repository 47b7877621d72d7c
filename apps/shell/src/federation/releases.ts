// Which release of a remote this page runs, and whether a release can run on this shell.
// Pure functions: the remote loader fetches, these decide.
import type { ReleaseEntry, ReleasePointer, RemoteName } from './remotes-config';

export interface Candidate extends ReleasePointer {
  /** How this page came to run it: a preview, the canary share, or the environment's release. */
  via: 'preview' | 'canary' | 'stable' | 'fallback';
}

/**
 * A user's bucket (0–99) for one remote: FNV-1a of the user id and the remote's name, so the
 * same user always lands in the same bucket on every device and reload, and the buckets of
 * two remotes are independent.
 */
export function bucketOf(userId: string, remote: RemoteName): number {
  let hash = 0x811c9dc5;
  for (const char of `${userId}:${remote}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 100;
}

/** Whether this user gets the canary: without a known user, the environment's release. */
export function inCanary(entry: ReleaseEntry, remote: RemoteName, userId: string | null): boolean {
  return !!entry.canary && !!userId && bucketOf(userId, remote) < entry.canary.share;
}

/** What to try, in order: the chosen release first, then every earlier one as a fallback. */
export function candidatesFor(
  entry: ReleaseEntry,
  remote: RemoteName,
  userId: string | null,
  preview: string | null,
): Candidate[] {
  const list: Candidate[] = [];
  if (preview) {
    // A preview of one of the environment's releases is counted under that release's name.
    const known = [entry, entry.canary, ...entry.previous].find((item) => item?.release && item.url === preview);
    list.push({ release: known?.release ?? null, url: preview, via: 'preview' });
  }
  if (!preview && entry.canary && inCanary(entry, remote, userId)) {
    list.push({ release: entry.canary.release, url: entry.canary.url, via: 'canary' });
  }
  list.push({ release: entry.release, url: entry.url, via: list.length ? 'fallback' : 'stable' });
  for (const earlier of entry.previous) list.push({ ...earlier, via: 'fallback' });
  const seen = new Set<string>();
  return list.filter((item) => !seen.has(item.url) && seen.add(item.url));
}

// --- version ranges: the subset of npm's semver that package.json ranges use here ---

type Version = [number, number, number, string];

function parseVersion(text: string): Version | null {
  const match = /^v?(\d+)(?:\.(\d+|x|\*))?(?:\.(\d+|x|\*))?(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/.exec(text.trim());
  if (!match) return null;
  const part = (value: string | undefined) => (value === undefined || value === 'x' || value === '*' ? -1 : Number(value));
  return [Number(match[1]), part(match[2]), part(match[3]), match[4] ?? ''];
}

function compare(a: Version, b: Version): number {
  for (let i = 0; i < 3; i += 1) {
    const x = Math.max(a[i] as number, 0);
    const y = Math.max(b[i] as number, 0);
    if (x !== y) return x - y;
  }
  if (a[3] === b[3]) return 0;
  if (!a[3]) return 1; // a release is newer than its pre-releases
  if (!b[3]) return -1;
  return a[3] < b[3] ? -1 : 1;
}

function satisfiesComparator(version: Version, comparator: string): boolean {
  if (comparator === '' || comparator === '*' || comparator === 'x') return true;
  const match = /^(\^|~|>=|<=|>|<|=)?\s*(.+)$/.exec(comparator);
  if (!match) return false;
  const [, op = '=', rest] = match;
  const bound = parseVersion(rest);
  if (!bound) return false;
  const [major, minor, patch] = bound;
  const upper = (next: Version) => compare(version, next) < 0;
  const floor: Version = [major, Math.max(minor, 0), Math.max(patch, 0), bound[3]];
  switch (op) {
    case '^':
      if (compare(version, floor) < 0) return false;
      if (major > 0 || minor < 0) return upper([major + 1, 0, 0, '']);
      if (minor > 0 || patch < 0) return upper([0, minor + 1, 0, '']);
      return upper([0, 0, patch + 1, '']);
    case '~':
      if (compare(version, floor) < 0) return false;
      return minor < 0 ? upper([major + 1, 0, 0, '']) : upper([major, minor + 1, 0, '']);
    case '>=':
      return compare(version, floor) >= 0;
    case '>':
      return compare(version, floor) > 0;
    case '<=':
      return compare(version, floor) <= 0;
    case '<':
      return compare(version, floor) < 0;
    default:
      if (minor < 0) return version[0] === major;
      if (patch < 0) return version[0] === major && version[1] === minor;
      return compare(version, floor) === 0;
  }
}

/** `satisfies('19.3.1', '^19.0.0 || ^20')`: ranges joined by ||, comparators by spaces. */
export function satisfies(versionText: string, range: string): boolean {
  const version = parseVersion(versionText);
  if (!version) return false;
  return range.split('||').some((alternative) =>
    alternative
      .trim()
      .replace(/(\^|~|>=|<=|>|<|=)\s+/g, '$1')
      .split(/\s+/)
      .every((comparator) => satisfiesComparator(version, comparator)),
  );
}

export interface Requirements {
  requires?: Record<string, string>;
}

/** What a release needs that this shell does not provide, in words; empty when it can run. */
export function unmetRequirements(declared: Requirements | null, provided: Record<string, string>): string[] {
  if (!declared?.requires) return [];
  return Object.entries(declared.requires)
    .filter(([name, range]) => !(name in provided) || !satisfies(provided[name], range))
    .map(([name, range]) => `${name} ${range} (this app has ${provided[name] ?? 'none'})`);
}
