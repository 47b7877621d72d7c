import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logIn, randomIp, signUp, type SignedIn, type TestContext } from '../tooling/test/helpers';
import { promote, publishRelease } from './store';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mojud-release-routes-'));
const releasesDir = path.join(work, 'releases');
const appsRoot = path.join(work, 'apps');
let ctx: TestContext;
let operator: SignedIn;
let shopOwner: SignedIn;

beforeAll(async () => {
  // A built shell and one remote build, enough for the API to serve the app and a release.
  fs.mkdirSync(path.join(appsRoot, 'shell', 'dist'), { recursive: true });
  fs.writeFileSync(path.join(appsRoot, 'shell', 'dist', 'index.html'), '<!doctype html><title>Mojud</title>');
  const dist = path.join(work, 'inventory-dist');
  fs.mkdirSync(path.join(dist, 'static'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'mf-manifest.json'), '{"name":"inventory"}');
  fs.writeFileSync(path.join(dist, 'static', 'a.js'), 'export {}');
  fs.writeFileSync(
    path.join(dist, 'mojud-requires.json'),
    JSON.stringify({ remote: 'inventory', requires: { react: '^19.0.0' }, builtAgainst: { react: '19.3.1', api: '0.1.0' } }),
  );
  publishRelease({ root: releasesDir, remote: 'inventory', version: '1.0.0', commit: 'abc1234', dirty: false, dist, by: 'ci' });

  ctx = await createTestApp({ operators: ['ReleaseOp'], appsRoot, releasesDir });
  const body = { username: 'releaseop', email: 'releaseop@example.com', password: 'correct horse battery' };
  await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: body, remoteAddress: randomIp() });
  operator = await logIn(ctx.app, body.username, body.password);
  shopOwner = await signUp(ctx.app, 'owner');
});

afterAll(async () => {
  await ctx?.close();
  fs.rmSync(work, { recursive: true, force: true, maxRetries: 2 });
});

const report = (who: SignedIn, kind: 'loads' | 'errors', payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/remote-releases/${kind}`, headers: who.auth, payload });

describe('serving releases', () => {
  it('serves a release\'s files under /releases/ for good, the manifest included', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/releases/inventory/1.0.0+abc1234/mf-manifest.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'inventory' });
    expect(res.headers['cache-control']).toContain('immutable');
    const record = await ctx.app.inject({ method: 'GET', url: '/releases/inventory/1.0.0+abc1234/release.json' });
    expect(record.json()).toMatchObject({ release: 'inventory@1.0.0+abc1234', commit: 'abc1234', createdBy: 'ci' });
  });

  it('never serves the environments\' files or another folder of the store', async () => {
    promote({ root: releasesDir, env: 'staging', by: 'ci', ref: 'inventory@1.0.0', initial: () => ({ inventory: '/remotes/inventory/mf-manifest.json' }) });
    const res = await ctx.app.inject({ method: 'GET', url: '/releases/environments/staging/history.jsonl' });
    expect(res.statusCode).toBe(404);
    const escape = await ctx.app.inject({ method: 'GET', url: '/releases/inventory/..%2F..%2Fapps%2Fshell%2Fdist%2Findex.html' });
    expect(escape.statusCode).toBe(404);
  });
});

describe('release statistics', () => {
  it('counts users and loads per release, and errors with the last message', async () => {
    for (const who of [shopOwner, shopOwner, operator]) {
      expect((await report(who, 'loads', { remote: 'inventory', release: 'inventory@1.0.0+abc1234' })).statusCode).toBe(204);
    }
    await report(shopOwner, 'loads', { remote: 'inventory', release: 'inventory@2.0.0+def5678' });
    const error = await report(shopOwner, 'errors', {
      remote: 'inventory',
      release: 'inventory@2.0.0+def5678',
      message: 'Cannot read properties of undefined',
    });
    expect(error.statusCode).toBe(204);

    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/remote-releases', headers: operator.auth });
    expect(res.statusCode).toBe(200);
    const byRelease = Object.fromEntries(res.json().releases.map((r: { release: string }) => [r.release, r]));
    expect(byRelease['inventory@1.0.0+abc1234']).toMatchObject({ users: 2, loads: 3, errors: 0, lastError: null });
    expect(byRelease['inventory@2.0.0+def5678']).toMatchObject({
      users: 1,
      loads: 1,
      errors: 1,
      lastError: 'Cannot read properties of undefined',
    });
  });

  it('is not there for a user who does not release the app', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/remote-releases', headers: shopOwner.auth });
    expect(res.statusCode).toBe(404);
  });

  it('refuses a report that names no real remote or release, and changes nothing', async () => {
    const before = (await ctx.app.inject({ method: 'GET', url: '/api/v1/remote-releases', headers: operator.auth })).json();
    const bad = await report(shopOwner, 'errors', { remote: 'billing', release: 'x y', message: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTruthy();
    const after = (await ctx.app.inject({ method: 'GET', url: '/api/v1/remote-releases', headers: operator.auth })).json();
    expect(after).toEqual(before);
  });

  it('limits error reports, so a release failing on every render cannot flood the API', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i += 1) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/remote-releases/errors',
        headers: shopOwner.auth,
        remoteAddress: '10.9.9.9',
        payload: { remote: 'fleet', release: 'fleet@1.0.0+aaa', message: `boom ${i}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 204)).toHaveLength(30);
    expect(statuses.at(-1)).toBe(429);
  });

  it('asks for a sign-in', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/remote-releases/loads',
      payload: { remote: 'inventory', release: 'inventory@1.0.0+abc1234' },
    });
    expect(res.statusCode).toBe(401);
  });
});
