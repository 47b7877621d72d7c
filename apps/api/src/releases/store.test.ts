import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { environmentFile, promote, publishRelease, readHistory, ReleaseError, rollback } from './store';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mojud-release-store-'));
const root = path.join(work, 'releases');
afterAll(() => {
  fs.chmodSync(work, 0o755);
  fs.rmSync(work, { recursive: true, force: true });
});

function build(heading: string) {
  const dist = fs.mkdtempSync(path.join(work, 'dist-'));
  fs.writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify({ heading }));
  fs.writeFileSync(
    path.join(dist, 'mojud-requires.json'),
    JSON.stringify({ requires: { react: '^19.3.1', api: '^0.1.0' }, builtAgainst: { react: '19.3.1', api: '0.1.0' } }),
  );
  return dist;
}
const initial = () => ({ inventory: '/remotes/inventory/mf-manifest.json', fleet: '/remotes/fleet/mf-manifest.json' });
const env = { root, env: 'staging' as const, by: 'Nadia', initial };
const release = (version: string, heading = version) =>
  publishRelease({ root, remote: 'inventory', version, commit: 'abc1234', dirty: false, dist: build(heading), by: 'Nadia' });
const staging = () => JSON.parse(fs.readFileSync(environmentFile(root, 'staging'), 'utf8'));

describe('the release store', () => {
  it('publishes a build with its record and never replaces it', () => {
    const record = release('1.0.0', 'first');
    expect(record).toMatchObject({
      release: 'inventory@1.0.0+abc1234',
      commit: 'abc1234',
      createdBy: 'Nadia',
      builtAgainst: { react: '19.3.1', api: '0.1.0' },
      requires: { react: '^19.3.1', api: '^0.1.0' },
      apiVersion: '0.1.0',
    });
    expect(() => release('1.0.0', 'second')).toThrow(/already exists/);
    const manifest = path.join(root, 'inventory', '1.0.0+abc1234', 'mf-manifest.json');
    expect(JSON.parse(fs.readFileSync(manifest, 'utf8'))).toEqual({ heading: 'first' });
  });

  it('refuses a folder that is not a remote build', () => {
    const empty = fs.mkdtempSync(path.join(work, 'empty-'));
    expect(() => publishRelease({ root, remote: 'inventory', version: '9.0.0', commit: 'a', dirty: false, dist: empty, by: 'x' })).toThrow(
      ReleaseError,
    );
    expect(() => release('one')).toThrow(/not a version/);
  });

  it('promotes, splits a canary, rolls back, and keeps who did what', () => {
    release('2.0.0');
    release('3.0.0');
    promote({ ...env, ref: 'inventory@1.0.0' });
    promote({ ...env, ref: 'inventory@2.0.0+abc1234' });
    expect(staging().inventory).toEqual({
      release: 'inventory@2.0.0+abc1234',
      url: '/releases/inventory/2.0.0+abc1234/mf-manifest.json',
      previous: [
        { release: 'inventory@1.0.0+abc1234', url: '/releases/inventory/1.0.0+abc1234/mf-manifest.json' },
        { release: null, url: '/remotes/inventory/mf-manifest.json' },
      ],
    });
    expect(staging().fleet).toBe('/remotes/fleet/mf-manifest.json');

    promote({ ...env, ref: 'inventory@3.0.0', share: 10 });
    expect(staging().inventory.canary).toEqual({
      release: 'inventory@3.0.0+abc1234',
      url: '/releases/inventory/3.0.0+abc1234/mf-manifest.json',
      share: 10,
    });
    rollback({ ...env, remote: 'inventory' }); // ends the canary
    expect(staging().inventory.canary).toBeUndefined();
    expect(staging().inventory.release).toBe('inventory@2.0.0+abc1234');
    rollback({ ...env, remote: 'inventory' });
    expect(staging().inventory.release).toBe('inventory@1.0.0+abc1234');

    expect(readHistory(root, 'staging').map((h) => [h.action, h.from, h.to, h.by])).toEqual([
      ['promote', '/remotes/inventory/mf-manifest.json', 'inventory@1.0.0+abc1234', 'Nadia'],
      ['promote', 'inventory@1.0.0+abc1234', 'inventory@2.0.0+abc1234', 'Nadia'],
      ['canary', 'inventory@2.0.0+abc1234', 'inventory@3.0.0+abc1234', 'Nadia'],
      ['rollback', 'inventory@3.0.0+abc1234', 'inventory@2.0.0+abc1234', 'Nadia'],
      ['rollback', 'inventory@2.0.0+abc1234', 'inventory@1.0.0+abc1234', 'Nadia'],
    ]);
    expect(fs.existsSync(environmentFile(root, 'production'))).toBe(false);
  });

  it('says plainly what is wrong and changes nothing', () => {
    const before = fs.readFileSync(environmentFile(root, 'staging'), 'utf8');
    expect(() => promote({ ...env, ref: 'inventory@7.0.0' })).toThrow(/No release inventory@7.0.0/);
    expect(() => promote({ ...env, ref: 'inventory@3.0.0', share: 150 })).toThrow(/1 to 99/);
    expect(() => promote({ ...env, ref: 'inventory@1.0.0' })).toThrow(/already what staging runs/);
    expect(() => rollback({ ...env, remote: 'fleet' })).toThrow(/no earlier fleet release/);
    expect(() => rollback({ ...env, remote: 'billing' })).toThrow(/not a remote/);
    expect(fs.readFileSync(environmentFile(root, 'staging'), 'utf8')).toBe(before);
  });
});
