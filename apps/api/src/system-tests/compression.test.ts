import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStore, createTestApp, signUp, type TestContext } from '../tooling/test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('compressed answers', () => {
  it('compresses a large answer for a client that accepts it, and the JSON is unchanged', async () => {
    const me = await signUp(ctx.app);
    const store = await createStore(ctx.app, me);
    const url = `/api/v1/stores/${store.id}/brands/a`;
    const plain = await ctx.app.inject({ url, headers: me.auth });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await ctx.app.inject({ url, headers: { ...me.auth, 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await ctx.app.inject({ url, headers: { ...me.auth, 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('never compresses an answer that carries a token', async () => {
    const me = await signUp(ctx.app);
    for (let i = 0; i < 8; i += 1) await createStore(ctx.app, me, `Store number ${i} with a long enough name`);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: { cookie: me.cookie, 'x-requested-with': 'mojud', 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeGreaterThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().accessToken).toEqual(expect.any(String));
  });
});
