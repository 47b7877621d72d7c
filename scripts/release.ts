// `npm run release -- <remote> [--version 1.2.0] [--dist <folder>]`
// `npm run promote -- <remote>@<version>[+<commit>] --env staging|production [--share 10]`
// `npm run rollback -- <remote> --env staging|production`
// `npm run releases -- <remote> [--env …]`: the releases, what each environment runs, its history
// The release store is RELEASES_DIR (default ./.releases); see docs/releases.md.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { REMOTE_NAMES } from '@mojud/contracts';
import { repoRoot } from '../apps/api/src/config';
import {
  assertEnvironment,
  ENVIRONMENTS,
  environmentFile,
  isRemote,
  listReleases,
  promote,
  publishRelease,
  readHistory,
  ReleaseError,
  rollback,
  toEntry,
} from '../apps/api/src/releases/store';

const root = path.resolve(process.env.RELEASES_DIR ?? path.join(repoRoot, '.releases'));
const baseUrl = process.env.RELEASES_BASE_URL ?? '/releases';
const shellDefault = () => JSON.parse(fs.readFileSync(path.join(repoRoot, 'apps/shell/public/remotes.json'), 'utf8'));

const git = (...args: string[]) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();

function who(explicit?: string) {
  if (explicit) return explicit;
  if (process.env.RELEASE_BY) return process.env.RELEASE_BY;
  try {
    const name = git('config', 'user.name');
    if (name) return name;
  } catch {
    /* no git identity: fall back to the account */
  }
  return os.userInfo().username;
}

const [command, ...rest] = process.argv.slice(2);
const { values, positionals } = parseArgs({
  args: rest,
  allowPositionals: true,
  options: {
    env: { type: 'string' },
    share: { type: 'string' },
    version: { type: 'string' },
    dist: { type: 'string' },
    by: { type: 'string' },
  },
});

function release(remote: string | undefined) {
  if (!remote || !isRemote(remote)) throw new ReleaseError(`Name the remote to release: ${REMOTE_NAMES.join(', ')}`);
  let dist = values.dist ? path.resolve(values.dist) : path.join(repoRoot, 'apps', remote, 'dist');
  if (!values.dist) {
    // Nx replays the build from its cache when nothing it depends on changed.
    execFileSync('npx', ['nx', 'run', `${remote}:build`, '--outputStyle=static'], { cwd: repoRoot, stdio: 'inherit' });
    dist = path.join(repoRoot, 'apps', remote, 'dist');
  }
  const version = values.version ?? JSON.parse(fs.readFileSync(path.join(repoRoot, 'apps', remote, 'package.json'), 'utf8')).version;
  const record = publishRelease({
    root,
    remote,
    version,
    commit: git('rev-parse', '--short=10', 'HEAD'),
    dirty: git('status', '--porcelain', '--', `apps/${remote}`, 'libs', 'federation.shared.mjs', 'rsbuild.common.mjs', 'package-lock.json') !== '',
    dist,
    by: who(values.by),
  });
  console.log(`Released ${record.release}`);
  console.log(`  ${path.join(root, remote, record.release.slice(remote.length + 1))}`);
  console.log(`  needs ${Object.entries(record.requires).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  console.log(`Promote it with: npm run promote -- ${record.release} --env staging`);
}

function show(remote: string | undefined) {
  const remotes = remote ? [remote] : [...REMOTE_NAMES];
  for (const name of remotes) {
    if (!isRemote(name)) throw new ReleaseError(`"${name}" is not a remote`);
    console.log(`${name}:`);
    for (const record of listReleases(root, name)) console.log(`  ${record.release}  ${record.createdAt}  by ${record.createdBy}`);
  }
  for (const env of values.env ? [assertEnvironment(values.env)] : ENVIRONMENTS) {
    const file = environmentFile(root, env);
    if (!fs.existsSync(file)) continue;
    const remotesFile = JSON.parse(fs.readFileSync(file, 'utf8'));
    console.log(`${env}:`);
    for (const name of remotes) {
      const entry = toEntry(remotesFile[name]);
      if (!entry) continue;
      const canary = entry.canary ? `, canary ${entry.canary.release} for ${entry.canary.share} %` : '';
      console.log(`  ${name}: ${entry.release ?? entry.url}${canary}`);
    }
    for (const item of readHistory(root, env).filter((h) => remotes.includes(h.remote)).slice(-10)) {
      console.log(`  ${item.at} ${item.by}: ${item.action} ${item.remote} ${item.from} → ${item.to}${item.share ? ` (${item.share} %)` : ''}`);
    }
  }
}

try {
  if (command === 'release') release(positionals[0]);
  else if (command === 'promote') {
    if (!positionals[0]) throw new ReleaseError('Name the release to promote, e.g. inventory@1.2.0+abc1234');
    const entry = promote({
      root,
      env: assertEnvironment(values.env),
      by: who(values.by),
      initial: shellDefault,
      baseUrl,
      ref: positionals[0],
      share: values.share === undefined ? undefined : Number(values.share),
    });
    const share = entry.share ? ` for ${entry.share} % of users` : '';
    console.log(`${entry.env}: ${entry.remote} ${entry.from} → ${entry.to}${share}; browsers load it on their next page load.`);
  } else if (command === 'rollback') {
    const entry = rollback({ root, env: assertEnvironment(values.env), by: who(values.by), initial: shellDefault, baseUrl, remote: positionals[0] ?? '' });
    console.log(`${entry.env}: ${entry.remote} rolled back ${entry.from} → ${entry.to}; browsers load it on their next page load.`);
  } else if (command === 'show') show(positionals[0]);
  else throw new ReleaseError('Usage: release <remote> | promote <remote>@<version> --env <env> | rollback <remote> --env <env> | show [remote]');
} catch (error) {
  if (!(error instanceof ReleaseError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
