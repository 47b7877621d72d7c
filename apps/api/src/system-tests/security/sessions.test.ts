import { SignJWT } from 'jose';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, logIn, randomIp, signUp, type SignedIn } from '../../tooling/test/helpers';

/**
 * Sessions under attack, beyond auth.test.ts: a stolen refresh token, logout across tabs, an
 * access token that expires mid-form. The refresh token is an httpOnly cookie; a "tab" here is
 * whoever holds the browser's current cookie.
 */
const ctx = await createTestApp();
ctx.pool.on('error', () => {});
afterAll(() => ctx.close());

const SECRET = 'test-secret-that-is-long-enough-for-hs256';
/** What a browser sends by itself from a page of the app. */
const APP = { 'sec-fetch-site': 'same-origin' };

async function refresh(cookie: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/refresh',
    headers: { ...APP, cookie },
    remoteAddress: randomIp(),
  });
  const rt = res.cookies.find((c) => c.name === 'mojud_rt');
  return {
    status: res.statusCode,
    cookie: rt?.value ? `mojud_rt=${rt.value}` : '',
    token: res.statusCode === 200 ? (res.json().accessToken as string) : '',
  };
}
const me = (token: string) =>
  ctx.app.inject({ url: '/api/v1/user/me', headers: { authorization: `Bearer ${token}` } });
/** Moves every rotation of the user's tokens back past the 30-second grace window. */
const pastGrace = (who: SignedIn) =>
  ctx.pool.query(
    `update refresh_tokens set rotated_at = rotated_at - interval '31 seconds' where user_id = $1 and rotated_at is not null`,
    [who.id],
  );

describe('a stolen refresh token', () => {
  it('replayed by a thief after the owner rotated it: the whole family ends and the owner must sign in again', async () => {
    const victim = await signUp(ctx.app, 'victim');
    const stolen = victim.cookie;
    const next = await refresh(stolen);
    expect(next.status).toBe(200);
    await pastGrace(victim);

    const thief = await refresh(stolen);
    expect(thief.status).toBe(401);
    expect(thief.cookie, 'the thief’s cookie is cleared').toBe('');
    // The owner's current token belonged to the same family: it is revoked too.
    expect((await refresh(next.cookie)).status).toBe(401);
    const { rows } = await ctx.pool.query(
      'select count(*)::int as live from refresh_tokens where user_id = $1 and revoked_at is null',
      [victim.id],
    );
    expect(rows[0].live).toBe(0);
    // Signing in again starts a fresh family that works.
    const again = await logIn(ctx.app, victim.username, victim.password);
    expect((await refresh(again.cookie)).status).toBe(200);
  });

  it('used by the thief first: the owner’s next refresh (the old token) ends the thief’s session too', async () => {
    const victim = await signUp(ctx.app, 'victim');
    const thief = await refresh(victim.cookie);
    expect(thief.status).toBe(200);
    await pastGrace(victim);
    expect((await refresh(victim.cookie)).status).toBe(401);
    expect((await refresh(thief.cookie)).status, 'the thief is out as well').toBe(401);
  });

  it('replayed within the grace window is honoured once per retry, and only in the same family', async () => {
    const user = await signUp(ctx.app, 'flaky');
    const first = await refresh(user.cookie);
    const retry = await refresh(user.cookie);
    expect([first.status, retry.status]).toEqual([200, 200]);
    const { rows } = await ctx.pool.query(
      'select count(distinct family_id)::int as families from refresh_tokens where user_id = $1',
      [user.id],
    );
    expect(rows[0].families).toBe(1);
  });

  it('a made-up or tampered cookie is refused', async () => {
    const user = await signUp(ctx.app, 'tamper');
    expect((await refresh('mojud_rt=not-a-token')).status).toBe(401);
    expect((await refresh(`${user.cookie}x`)).status).toBe(401);
    expect((await refresh(user.cookie)).status, 'the real one still works').toBe(200);
  });
});

describe('logout in one tab', () => {
  it('ends every tab of that browser (one family), not the user’s other devices', async () => {
    const tabOne = await signUp(ctx.app, 'tabs');
    const phone = await logIn(ctx.app, tabOne.username, tabOne.password);
    // Tab two refreshed a moment ago: the browser's cookie is now the rotated one.
    const tabTwo = await refresh(tabOne.cookie);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { ...APP, cookie: tabTwo.cookie },
    });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === 'mojud_rt')?.value).toBe('');
    expect((await refresh(tabTwo.cookie)).status).toBe(401);
    expect((await refresh(tabOne.cookie)).status).toBe(401);
    // Another device signed in separately keeps its session.
    expect((await refresh(phone.cookie)).status).toBe(200);
  });

  it('cannot be forced from another site', async () => {
    const user = await signUp(ctx.app, 'csrf');
    for (const headers of [
      { cookie: user.cookie, origin: 'https://evil.example' },
      { cookie: user.cookie, 'x-requested-with': 'mojud', origin: 'https://evil.example' },
      { cookie: user.cookie, 'sec-fetch-site': 'cross-site' },
      { cookie: user.cookie, 'sec-fetch-site': 'same-site', origin: 'https://shop.evil.example' },
    ]) {
      for (const url of ['/api/v1/auth/logout', '/api/v1/auth/refresh']) {
        const res = await ctx.app.inject({ method: 'POST', url, headers });
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
    expect((await refresh(user.cookie)).status, 'the session survived').toBe(200);
  });
});

describe('an access token that expires mid-form', () => {
  it('answers 401 (not 403), and one refresh gives a token that completes the request', async () => {
    const user = await signUp(ctx.app, 'slowtyper');
    const key = new TextEncoder().encode(SECRET);
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setAudience('mojud-api')
      .setIssuer('mojud')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key);
    const payload = { name: 'Typed Slowly Gas', location: 'Khulna', phone: '01911000000' };
    const first = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/stores',
      headers: { authorization: `Bearer ${expired}` },
      payload,
    });
    expect(first.statusCode).toBe(401);
    expect(first.json()).toMatchObject({
      status: 401,
      message: 'Your session has expired. Please log in again.',
    });
    const { rows: none } = await ctx.pool.query('select 1 from stores where name = $1', [payload.name]);
    expect(none).toHaveLength(0);

    const renewed = await refresh(user.cookie);
    expect(renewed.status).toBe(200);
    const retry = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/stores',
      headers: { authorization: `Bearer ${renewed.token}` },
      payload,
    });
    expect(retry.statusCode).toBe(201);
    expect(retry.json().store).toMatchObject(payload);
    expect((await me(renewed.token)).statusCode).toBe(200);
  });

  it('a token that worked is refused once it expires (verified tokens are remembered only until then)', async () => {
    const user = await signUp(ctx.app, 'expiring');
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setAudience('mojud-api')
      .setIssuer('mojud')
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(new TextEncoder().encode(SECRET));
    const ask = () => ctx.app.inject({ url: '/api/v1/user/me', headers: { authorization: `Bearer ${token}` } });
    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime((now + 61) * 1000);
      expect((await ask()).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a token without an expiry is refused, even when signed with the secret', async () => {
    const user = await signUp(ctx.app, 'noexpiry');
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setAudience('mojud-api')
      .setIssuer('mojud')
      .setIssuedAt()
      .sign(new TextEncoder().encode(SECRET));
    expect((await ctx.app.inject({ url: '/api/v1/user/me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
  });

  it('a token for a user that does not exist, or with a malformed subject, is refused', async () => {
    const key = new TextEncoder().encode(SECRET);
    for (const sub of ['00000000-0000-4000-8000-000000000000', "x' or '1'='1", '']) {
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setAudience('mojud-api')
        .setIssuer('mojud')
        .setExpirationTime('5m')
        .sign(key);
      const res = await me(token);
      expect(res.statusCode, sub).toBe(401);
      const stores = await ctx.app.inject({
        url: '/api/v1/stores',
        headers: { authorization: `Bearer ${token}` },
      });
      expect([401, 200], sub).toContain(stores.statusCode);
      if (stores.statusCode === 200) expect(stores.json().stores).toEqual([]);
    }
  });
});
