import { describe, expect, it } from 'vitest';
import { REMOTE_NAMES } from '@mojud/contracts';
import remotesFile from '../../public/remotes.json';

// The remotes are named once, REMOTE_NAMES in @mojud/contracts: the shell, the API and the release
// scripts import it. Plain JavaScript (the build configs and scripts) cannot import TypeScript, so
// its lists are checked here: a remote added to REMOTE_NAMES and not to one of them fails this.
const remoteFolders = Object.keys(import.meta.glob('/apps/*/exposes.mjs')).map((file) => file.split('/')[2]);
const configs = import.meta.glob<string>(
  [
    '/scripts/*.mjs',
    '/bench/*.mjs',
    '/federation.shared.mjs',
    '/rsbuild.common.mjs',
    '/eslint.config.js',
    '/vitest.config.ts',
    '/package.json',
  ],
  { query: '?raw', import: 'default', eager: true },
);

describe('the names of the remotes', () => {
  it('are the apps that expose modules', () => {
    expect([...remoteFolders].sort()).toEqual([...REMOTE_NAMES].sort());
  });

  it('are the entries of the production remotes file', () => {
    expect(Object.keys(remotesFile).filter((key) => key !== 'previewOrigins')).toEqual([...REMOTE_NAMES]);
  });

  it('are all there in every list of them in the build configs and scripts', () => {
    // The dev servers' ports (read as text: the module reads files at import, as the build does).
    const ports = /export const remotePorts = \{([^}]*)\}/.exec(configs['/federation.shared.mjs'])?.[1] ?? '';
    expect([...ports.matchAll(/(\w+):/g)].map((m) => m[1])).toEqual([...REMOTE_NAMES]);
    // A line naming two remotes or more is a list of them (`--projects=shell,inventory,…`): it names all.
    const partial: string[] = [];
    for (const [file, text] of Object.entries(configs)) {
      text.split('\n').forEach((line, i) => {
        const named = REMOTE_NAMES.filter((name) => new RegExp(`\\b${name}\\b`).test(line));
        if (named.length >= 2 && named.length < REMOTE_NAMES.length) partial.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(Object.keys(configs).length).toBeGreaterThan(5);
    expect(partial, 'lists of remotes that leave one out').toEqual([]);
  });
});
