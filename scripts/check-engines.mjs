// Every installed package runs on the Node.js version the README promises: reads the version
// from the README ("Node.js 20.19 or newer") and fails when a package in package-lock.json
// (this project's own included) declares an `engines.node` that excludes it. npm only warns
// (EBADENGINE) at install time, so without this a dependency update could quietly drop it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The version the README names, as a full semver (`20.19` → `20.19.0`). */
export function readmeNodeVersion(readme) {
  const match = /Node\.js (\d+(?:\.\d+){0,2}) or newer/.exec(readme);
  if (!match) throw new Error('README.md names no "Node.js <version> or newer"');
  return semver.coerce(match[1]).version;
}

/** Packages of the lockfile whose `engines.node` does not accept `version`. */
export function excluding(lock, version) {
  const found = [];
  for (const [where, pkg] of Object.entries(lock.packages ?? {})) {
    const range = pkg.engines?.node;
    if (typeof range !== 'string') continue;
    if (!semver.satisfies(version, range, { includePrerelease: true })) {
      found.push({ name: where || '(this project)', version: pkg.version, range });
    }
  }
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const version = readmeNodeVersion(fs.readFileSync(path.join(root, 'README.md'), 'utf8'));
  const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const bad = excluding(lock, version);
  if (bad.length) {
    console.error(`These packages do not run on Node.js ${version}, the version README.md promises:`);
    for (const b of bad) console.error(`  ${b.name} ${b.version ?? ''} needs node ${b.range}`);
    console.error('Pick a version that accepts it (or an npm override in package.json), or change the README.');
    process.exit(1);
  }
  console.log(`every package in package-lock.json accepts Node.js ${version} (${Object.keys(lock.packages ?? {}).length} entries)`);
}
