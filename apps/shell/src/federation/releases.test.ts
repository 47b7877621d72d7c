import { describe, expect, it } from 'vitest';
import { bucketOf, candidatesFor, satisfies, unmetRequirements } from './releases';

describe('version ranges', () => {
  it.each([
    ['19.3.1', '^19.3.1', true],
    ['19.4.0', '^19.3.1', true],
    ['20.0.0', '^19.3.1', false],
    ['19.2.9', '^19.3.1', false],
    ['0.1.5', '^0.1.0', true],
    ['0.2.0', '^0.1.0', false],
    ['5.108.0', '~5.108.0', true],
    ['5.109.0', '~5.108.0', false],
    ['19.3.1', '>=18 <20', true],
    ['19.3.1', '^18.0.0 || ^19.0.0', true],
    ['19.3.1', '19.x', true],
    ['19.3.1', '*', true],
    ['19.3.1', '20.0.0', false],
    ['19.0.0-rc.1', '^19.0.0', false],
  ])('%s satisfies %s: %s', (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });

  it('names what a release needs that this app does not have', () => {
    const provided = { react: '19.3.1', api: '0.1.0' };
    expect(unmetRequirements({ requires: { react: '^19.0.0', api: '^0.1.0' } }, provided)).toEqual([]);
    expect(unmetRequirements({ requires: { react: '^20.0.0', '@mojud/charts': '^1.0.0' } }, provided)).toEqual([
      'react ^20.0.0 (this app has 19.3.1)',
      '@mojud/charts ^1.0.0 (this app has none)',
    ]);
    expect(unmetRequirements(null, provided)).toEqual([]); // a build from before declarations
  });
});

describe('choosing a release', () => {
  const entry = {
    release: 'inventory@1.0.0+a',
    url: '/r/1',
    previous: [{ release: 'inventory@0.9.0+z', url: '/r/0' }],
    canary: { release: 'inventory@2.0.0+b', url: '/r/2', share: 30 },
  };

  it('gives a user the same bucket every time, spread over the range', () => {
    const ids = Array.from({ length: 2000 }, (_, i) => `user-${i}`);
    expect(ids.map((id) => bucketOf(id, 'inventory'))).toEqual(ids.map((id) => bucketOf(id, 'inventory')));
    const inShare = ids.filter((id) => bucketOf(id, 'inventory') < 30).length / ids.length;
    expect(inShare).toBeGreaterThan(0.25);
    expect(inShare).toBeLessThan(0.35);
  });

  it('tries the canary, then the stable release, then earlier ones; a preview comes first', () => {
    const user = Array.from({ length: 100 }, (_, i) => `u${i}`).find((id) => bucketOf(id, 'inventory') < 30)!;
    expect(candidatesFor(entry, 'inventory', user, null).map((c) => [c.url, c.via])).toEqual([
      ['/r/2', 'canary'],
      ['/r/1', 'fallback'],
      ['/r/0', 'fallback'],
    ]);
    expect(candidatesFor(entry, 'inventory', null, null).map((c) => c.via)).toEqual(['stable', 'fallback']);
    expect(candidatesFor(entry, 'inventory', user, '/p').map((c) => [c.url, c.via])).toEqual([
      ['/p', 'preview'],
      ['/r/1', 'fallback'],
      ['/r/0', 'fallback'],
    ]);
  });
});
