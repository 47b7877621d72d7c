import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPeerApp, createStore, createTestApp, randomIp, signUp, addMember, type TestContext } from '../../tooling/test/helpers';
import type { App } from '../../app';

/**
 * Two API instances on one database, as two processes behind a load balancer: each has its
 * own caches and listener, and they share only PostgreSQL (and Redis, when configured).
 */
let ctx: TestContext;
let a: App;
let b: App;
let peer: Awaited<ReturnType<typeof createPeerApp>>;

beforeAll(async () => {
  ctx = await createTestApp();
  peer = await createPeerApp(ctx);
  a = ctx.app;
  b = peer.app;
});
afterAll(async () => {
  await peer.close();
  await ctx.close();
});

/** Polls `fn` until it returns true; the elapsed milliseconds, or Infinity past `limitMs`. */
async function within(limitMs: number, fn: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (performance.now() - started <= limitMs) {
    if (await fn()) return performance.now() - started;
    await new Promise((r) => setTimeout(r, 10));
  }
  return Infinity;
}

const readStock = (app: App, storeId: string, auth: { authorization: string }) =>
  app.inject({ method: 'GET', url: `/api/v1/stores/${storeId}/members`, headers: auth });

describe('a change made through one process', () => {
  it('a removed member is refused through either process within 300 ms', async () => {
    const owner = await signUp(a, 'owner');
    const store = await createStore(a, owner);
    const member = await signUp(a, 'member');
    await addMember(ctx, store.id, member, 'staff');
    // Both processes have seen the member recently (their caches hold the membership).
    expect((await readStock(a, store.id, member.auth)).statusCode).toBe(200);
    expect((await readStock(b, store.id, member.auth)).statusCode).toBe(200);

    const removed = await a.inject({ method: 'DELETE', url: `/api/v1/stores/${store.id}/members/${member.id}`, headers: owner.auth });
    expect(removed.statusCode).toBe(204);
    const throughB = await within(300, async () => (await readStock(b, store.id, member.auth)).statusCode === 404);
    expect(throughB).toBeLessThanOrEqual(300);
    expect((await readStock(a, store.id, member.auth)).statusCode).toBe(404);
  });

  it('a role change through B holds in A at once: a demoted admin cannot manage members there', async () => {
    const owner = await signUp(a, 'owner');
    const store = await createStore(a, owner);
    const admin = await signUp(a, 'admin');
    const staff = await signUp(a, 'staff');
    await addMember(ctx, store.id, admin, 'admin');
    await addMember(ctx, store.id, staff, 'staff');
    const promote = () =>
      a.inject({ method: 'PATCH', url: `/api/v1/stores/${store.id}/members/${staff.id}`, headers: admin.auth, payload: { role: 'manager' } });
    expect((await promote()).statusCode).toBe(200);

    const demoted = await b.inject({ method: 'PATCH', url: `/api/v1/stores/${store.id}/members/${admin.id}`, headers: owner.auth, payload: { role: 'staff' } });
    expect(demoted.statusCode).toBe(200);
    expect(await within(300, async () => (await promote()).statusCode === 403)).toBeLessThanOrEqual(300);
  });

  it('a sign-out through A ends that access token in B too', async () => {
    const me = await signUp(a, 'leaver');
    const store = await createStore(a, me);
    expect((await readStock(b, store.id, me.auth)).statusCode).toBe(200);
    const out = await a.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { cookie: me.cookie, 'x-requested-with': 'mojud' },
    });
    expect(out.statusCode).toBe(204);
    expect(await within(300, async () => (await readStock(b, store.id, me.auth)).statusCode === 401)).toBeLessThanOrEqual(300);
  });

  it('a deleted store is closed through the other process too', async () => {
    const owner = await signUp(a, 'owner');
    const store = await createStore(a, owner);
    expect((await readStock(b, store.id, owner.auth)).statusCode).toBe(200);
    expect((await a.inject({ method: 'DELETE', url: `/api/v1/stores/${store.id}`, headers: owner.auth })).statusCode).toBe(204);
    expect(await within(300, async () => (await readStock(b, store.id, owner.auth)).statusCode === 404)).toBeLessThanOrEqual(300);
  });
});

describe('while a process cannot hear the others', () => {
  it('it trusts nothing it remembered, and trusts its memory again once reconnected', async () => {
    const owner = await signUp(a, 'owner');
    const store = await createStore(a, owner);
    const member = await signUp(a, 'member');
    await addMember(ctx, store.id, member, 'staff');
    expect((await readStock(b, store.id, member.auth)).statusCode).toBe(200);

    const listener = b.forgetListener!;
    const connects = listener.connects;
    // The listener's connection dies (a network cut, a PostgreSQL restart)…
    await ctx.pool.query('select pg_terminate_backend($1)', [listener.backendPid]);
    expect(await within(2_000, async () => !listener.trusted)).toBeLessThan(Infinity);
    // …and meanwhile a change is made that nobody announces (as if the notice were lost).
    await ctx.pool.query('delete from memberships where store_id = $1 and user_id = $2', [store.id, member.id]);
    // B does not answer from memory: the member is refused at once.
    expect((await readStock(b, store.id, member.auth)).statusCode).toBe(404);

    expect(await within(5_000, async () => listener.trusted && listener.connects > connects)).toBeLessThan(Infinity);
    expect((await readStock(b, store.id, owner.auth)).statusCode).toBe(200);
  });
});

describe('sign-in limits across processes', () => {
  it('failed sign-ins from one address, spread over both processes, reach the per-IP limit', async () => {
    const limitedA = await createPeerApp(ctx, { loginPerMinutePerIp: 6 });
    const limitedB = await createPeerApp(ctx, { loginPerMinutePerIp: 6 });
    try {
      const ip = randomIp();
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const app = i % 2 ? limitedB.app : limitedA.app;
        const res = await app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { loginIdentifier: `nobody${i}@example.com`, password: 'wrong password' },
          remoteAddress: ip,
        });
        statuses.push(res.statusCode);
      }
      // Each process alone saw 4 attempts, under its limit of 6; together they saw 8.
      expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
      expect(statuses.slice(6)).toEqual([429, 429]);
    } finally {
      await limitedA.close();
      await limitedB.close();
    }
  });

  it('failed attempts on one account, spread over both processes, lock it', async () => {
    const victim = await signUp(a, 'victim');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await (i % 2 ? b : a).inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { loginIdentifier: victim.username, password: 'wrong password' },
        remoteAddress: randomIp(),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

/** True when a Redis server answers at `url` (CI machines may have none). */
async function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379), timeout: 500 });
    socket.once('connect', () => {
      socket.write('PING\r\n');
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
    });
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(false));
  });
}

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await redisAnswers(REDIS_URL);
if (!redisUp) console.warn(`No Redis answers at ${REDIS_URL}: the Redis-backed sign-in limit is not tested here`);

describe.skipIf(!redisUp)('sign-in limits in Redis (REDIS_URL)', () => {
  it('failed sign-ins spread over both processes reach the per-IP limit', async () => {
    const limitedA = await createPeerApp(ctx, { loginPerMinutePerIp: 4, redisUrl: REDIS_URL });
    const limitedB = await createPeerApp(ctx, { loginPerMinutePerIp: 4, redisUrl: REDIS_URL });
    try {
      const ip = randomIp();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await (i % 2 ? limitedB.app : limitedA.app).inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { loginIdentifier: `nobody${i}@example.com`, password: 'wrong password' },
          remoteAddress: ip,
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    } finally {
      await limitedA.close();
      await limitedB.close();
    }
  });
});
