// The release store: immutable remote builds and, per environment, the remotes file that
// points at them, with a history of every change. Plain folders, laid out so the same files
// can be copied to any static host or CDN:
//
//   <RELEASES_DIR>/<remote>/<version>+<commit>/   the build (mf-manifest.json, static/…) and release.json
//   <RELEASES_DIR>/environments/<env>/remotes.json  what that environment's shell loads
//   <RELEASES_DIR>/environments/<env>/history.jsonl  who changed what, when, from what to what
import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES, type ReleaseEntry, type RemoteName } from '@mojud/contracts';

export const ENVIRONMENTS = ['staging', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export class ReleaseError extends Error {}

export interface ReleaseRecord {
  release: string;
  remote: RemoteName;
  version: string;
  commit: string;
  /** The working tree had changes not in the commit when the release was built. */
  dirty: boolean;
  createdAt: string;
  createdBy: string;
  /** The shared-module versions (and the API version) the build was made against. */
  builtAgainst: Record<string, string>;
  /** What the build needs of the page: version ranges of shared singletons and `api`. */
  requires: Record<string, string>;
  apiVersion: string;
}

export interface HistoryEntry {
  at: string;
  by: string;
  env: Environment;
  remote: RemoteName;
  action: 'promote' | 'canary' | 'rollback';
  from: string | null;
  to: string | null;
  share?: number;
}

const KEEP_PREVIOUS = 10;
const VERSION = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;

export function isRemote(name: string): name is RemoteName {
  return (REMOTE_NAMES as readonly string[]).includes(name);
}

export function assertEnvironment(env: string | undefined): Environment {
  if (!env || !(ENVIRONMENTS as readonly string[]).includes(env)) {
    throw new ReleaseError(`--env must be one of ${ENVIRONMENTS.join(', ')}${env ? `, not "${env}"` : ''}`);
  }
  return env as Environment;
}

export const releaseFolder = (root: string, remote: RemoteName, id: string) => path.join(root, remote, id);

/** Where browsers fetch a release's manifest: RELEASES_BASE_URL (a CDN) or the API's /releases/. */
export const releaseUrl = (remote: RemoteName, id: string, baseUrl = '/releases') =>
  `${baseUrl.replace(/\/+$/, '')}/${remote}/${id}/mf-manifest.json`;

function copyTree(from: string, to: string) {
  fs.mkdirSync(to, { recursive: true });
  for (const item of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, item.name);
    const target = path.join(to, item.name);
    if (item.isDirectory()) copyTree(source, target);
    else fs.copyFileSync(source, target);
  }
}

function makeReadOnly(dir: string) {
  for (const item of fs.readdirSync(dir, { withFileTypes: true })) {
    const target = path.join(dir, item.name);
    if (item.isDirectory()) makeReadOnly(target);
    else fs.chmodSync(target, 0o444);
  }
}

/**
 * Publishes a built remote as `<remote>@<version>+<commit>`. Refuses to replace an existing
 * release: a name always means the same files, so a cached copy anywhere is never wrong.
 */
export function publishRelease(opts: {
  root: string;
  remote: string;
  version: string;
  commit: string;
  dirty: boolean;
  dist: string;
  by: string;
  now?: Date;
}): ReleaseRecord {
  if (!isRemote(opts.remote)) throw new ReleaseError(`"${opts.remote}" is not a remote (${REMOTE_NAMES.join(', ')})`);
  if (!VERSION.test(opts.version)) throw new ReleaseError(`"${opts.version}" is not a version like 1.4.0`);
  const remote = opts.remote;
  const requiresFile = path.join(opts.dist, 'mojud-requires.json');
  if (!fs.existsSync(path.join(opts.dist, 'mf-manifest.json'))) {
    throw new ReleaseError(`${opts.dist} has no mf-manifest.json: build ${remote} first`);
  }
  if (!fs.existsSync(requiresFile)) {
    throw new ReleaseError(`${opts.dist} has no mojud-requires.json: it was built before releases declared what they need`);
  }
  const id = `${opts.version}+${opts.commit}${opts.dirty ? '.dirty' : ''}`;
  const release = `${remote}@${id}`;
  const target = releaseFolder(opts.root, remote, id);
  if (fs.existsSync(target)) {
    throw new ReleaseError(`${release} already exists; a release never changes. Give the new build a new version.`);
  }
  const declared = JSON.parse(fs.readFileSync(requiresFile, 'utf8')) as {
    requires: Record<string, string>;
    builtAgainst: Record<string, string>;
  };
  const record: ReleaseRecord = {
    release,
    remote,
    version: opts.version,
    commit: opts.commit,
    dirty: opts.dirty,
    createdAt: (opts.now ?? new Date()).toISOString(),
    createdBy: opts.by,
    builtAgainst: declared.builtAgainst,
    requires: declared.requires,
    apiVersion: declared.builtAgainst.api,
  };
  // Copied beside the target and renamed into place, so a half-copied release is never visible.
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const staging = fs.mkdtempSync(path.join(path.dirname(target), '.incoming-'));
  try {
    copyTree(opts.dist, staging);
    fs.writeFileSync(path.join(staging, 'release.json'), JSON.stringify(record, null, 2));
    makeReadOnly(staging);
    fs.renameSync(staging, target);
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  return record;
}

export function listReleases(root: string, remote: RemoteName): ReleaseRecord[] {
  const dir = path.join(root, remote);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((id) => !id.startsWith('.') && fs.existsSync(path.join(dir, id, 'release.json')))
    .map((id) => JSON.parse(fs.readFileSync(path.join(dir, id, 'release.json'), 'utf8')) as ReleaseRecord)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** `inventory@1.2.0+abc123` exactly, or `inventory@1.2.0` when one build has that version. */
export function findRelease(root: string, ref: string): ReleaseRecord {
  const match = /^([a-z]+)@(.+)$/.exec(ref);
  if (!match) throw new ReleaseError(`"${ref}" is not a release name like inventory@1.2.0+abc1234`);
  const [, remote, id] = match;
  if (!isRemote(remote)) throw new ReleaseError(`"${remote}" is not a remote (${REMOTE_NAMES.join(', ')})`);
  const releases = listReleases(root, remote);
  const exact = releases.find((item) => item.release === ref);
  if (exact) return exact;
  const byVersion = releases.filter((item) => item.version === id);
  if (byVersion.length === 1) return byVersion[0];
  if (byVersion.length > 1) {
    throw new ReleaseError(`${ref} names ${byVersion.length} builds; say which: ${byVersion.map((r) => r.release).join(', ')}`);
  }
  throw new ReleaseError(`No release ${ref} in ${root}; run "npm run release -- ${remote}" first`);
}

export const environmentFile = (root: string, env: Environment) => path.join(root, 'environments', env, 'remotes.json');
const historyFile = (root: string, env: Environment) => path.join(root, 'environments', env, 'history.jsonl');

type RemotesFile = Record<string, unknown> & { previewOrigins?: string[] };

function readRemotesFile(file: string, initial: () => RemotesFile): RemotesFile {
  if (!fs.existsSync(file)) return initial();
  return JSON.parse(fs.readFileSync(file, 'utf8')) as RemotesFile;
}

/** Written beside and renamed over, so the API never serves half a file. */
function writeAtomically(file: string, text: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, text);
  fs.renameSync(temporary, file);
}

/** An environment's entry for one remote. A plain string is a build that is not a release. */
export function toEntry(value: unknown): ReleaseEntry | null {
  if (typeof value === 'string') return { release: null, url: value, previous: [] };
  if (typeof value === 'object' && value !== null && typeof (value as ReleaseEntry).url === 'string') {
    const entry = value as ReleaseEntry;
    return { ...entry, release: entry.release ?? null, previous: entry.previous ?? [] };
  }
  return null;
}

export function readHistory(root: string, env: Environment): HistoryEntry[] {
  const file = historyFile(root, env);
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as HistoryEntry);
}

interface ChangeOptions {
  root: string;
  env: Environment;
  by: string;
  /** The remotes file to start from when the environment has none yet (the shell's default). */
  initial: () => RemotesFile;
  /** Where the environment's file lives; by default inside the release store. */
  file?: string;
  baseUrl?: string;
  now?: Date;
}

function change(
  opts: ChangeOptions,
  remote: RemoteName,
  update: (entry: ReleaseEntry) => { entry: ReleaseEntry; history: Omit<HistoryEntry, 'at' | 'by' | 'env' | 'remote'> },
): HistoryEntry {
  const file = opts.file ?? environmentFile(opts.root, opts.env);
  const remotes = readRemotesFile(file, opts.initial);
  const current = toEntry(remotes[remote]);
  if (!current) throw new ReleaseError(`${file} has no usable entry for ${remote}`);
  const { entry, history } = update(current);
  remotes[remote] = entry;
  writeAtomically(file, `${JSON.stringify(remotes, null, 2)}\n`);
  const record: HistoryEntry = {
    at: (opts.now ?? new Date()).toISOString(),
    by: opts.by,
    env: opts.env,
    remote,
    ...history,
  };
  fs.appendFileSync(historyFile(opts.root, opts.env), `${JSON.stringify(record)}\n`);
  return record;
}

/**
 * Points the environment at a release. With `share` (1–99) the release becomes a canary for
 * that share of users, beside the current one; without it, it replaces the current one, which
 * is kept as the first rollback target.
 */
export function promote(opts: ChangeOptions & { ref: string; share?: number }): HistoryEntry {
  const record = findRelease(opts.root, opts.ref);
  const url = releaseUrl(record.remote, record.release.slice(record.remote.length + 1), opts.baseUrl);
  if (opts.share !== undefined && !(Number.isInteger(opts.share) && opts.share >= 1 && opts.share <= 99)) {
    throw new ReleaseError('--share must be a whole percentage from 1 to 99');
  }
  return change(opts, record.remote, (current) => {
    if (opts.share !== undefined) {
      if (current.release === record.release) throw new ReleaseError(`${record.release} is already what ${opts.env} runs`);
      return {
        entry: { ...current, canary: { release: record.release, url, share: opts.share } },
        history: { action: 'canary', from: current.release ?? current.url, to: record.release, share: opts.share },
      };
    }
    if (current.release === record.release && !current.canary) {
      throw new ReleaseError(`${record.release} is already what ${opts.env} runs`);
    }
    const previous =
      current.release === record.release
        ? current.previous
        : [{ release: current.release, url: current.url }, ...current.previous.filter((p) => p.release !== record.release)];
    return {
      entry: { release: record.release, url, previous: previous.slice(0, KEEP_PREVIOUS) },
      history: { action: 'promote', from: current.release ?? current.url, to: record.release },
    };
  });
}

/** Ends a canary, or else goes back to the release promoted before the current one. */
export function rollback(opts: ChangeOptions & { remote: string }): HistoryEntry {
  if (!isRemote(opts.remote)) throw new ReleaseError(`"${opts.remote}" is not a remote (${REMOTE_NAMES.join(', ')})`);
  return change(opts, opts.remote, (current) => {
    if (current.canary) {
      const { canary, ...rest } = current;
      return { entry: rest, history: { action: 'rollback', from: canary.release, to: current.release ?? current.url } };
    }
    const [back, ...older] = current.previous;
    if (!back) throw new ReleaseError(`${opts.env} has no earlier ${opts.remote} release to go back to`);
    return {
      entry: { release: back.release, url: back.url, previous: older },
      history: { action: 'rollback', from: current.release ?? current.url, to: back.release ?? back.url },
    };
  });
}
