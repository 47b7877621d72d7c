import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStore, createTestApp, logIn, newUserBody, randomIp, signUp, type TestContext } from '../tooling/test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const post = (url: string, payload?: object, headers: Record<string, string> = {}, remoteAddress = randomIp()) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers, remoteAddress });

describe('registration', () => {
  it('creates an account and never returns the password', async () => {
    const body = newUserBody();
    const res = await post('/auth/register', body);
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ username: body.username, email: body.email });
    expect(res.body).not.toContain(body.password);
  });

  it('treats usernames and e-mails as taken regardless of case', async () => {
    const body = newUserBody();
    await post('/auth/register', body);
    const sameName = await post('/auth/register', { ...newUserBody(), username: body.username.toUpperCase() });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().errors[0].field).toBe('username');
    const sameEmail = await post('/auth/register', { ...newUserBody(), email: body.email.toUpperCase() });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().errors[0].field).toBe('email');
  });

  it('names each invalid field', async () => {
    const res = await post('/auth/register', { username: 'a!', email: 'nope', password: 'short' });
    expect(res.statusCode).toBe(400);
    const fields = [...new Set(res.json().errors.map((e: { field: string }) => e.field))].sort();
    expect(fields).toEqual(['email', 'password', 'username']);
    expect(res.json()).toMatchObject({ status: 400 });
  });

  it('answers malformed JSON with a 400 in the usual shape', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, message: 'The request body is not valid JSON', code: 'request.invalidJson', errors: null });
  });
});

describe('login', () => {
  it('accepts the e-mail or the username, in any case', async () => {
    const body = newUserBody();
    await post('/auth/register', body);
    expect((await post('/auth/login', { loginIdentifier: body.email.toUpperCase(), password: body.password })).statusCode).toBe(200);
    const res = await post('/auth/login', { loginIdentifier: body.username, password: body.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().accessToken).toBeTruthy();
    const cookie = res.cookies.find((c) => c.name === 'mojud_rt')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Strict');
    expect(cookie.path).toBe('/api/v1/auth');
  });

  it('gives one message for an unknown user and a wrong password', async () => {
    const body = newUserBody();
    await post('/auth/register', body);
    const wrongPassword = await post('/auth/login', { loginIdentifier: body.username, password: 'wrong password' });
    const unknownUser = await post('/auth/login', { loginIdentifier: 'nobody_here', password: 'wrong password' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownUser.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownUser.json());
  });

  it('slows guessing on one account across many IPs, the same for unknown accounts', async () => {
    const body = newUserBody();
    await post('/auth/register', body);
    for (let i = 0; i < 5; i++) {
      expect((await post('/auth/login', { loginIdentifier: body.username, password: `guess${i}guess` })).statusCode).toBe(401);
      await post('/auth/login', { loginIdentifier: 'ghost_account', password: `guess${i}guess` });
    }
    const locked = await post('/auth/login', { loginIdentifier: body.username, password: body.password });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    const ghost = await post('/auth/login', { loginIdentifier: 'ghost_account', password: 'anything1' });
    expect(ghost.statusCode).toBe(429);
  });

  it('lets the owner in from a device that signed in before, even while strangers are locked out', async () => {
    const body = newUserBody();
    await post('/auth/register', body);
    const first = await post('/auth/login', { loginIdentifier: body.username, password: body.password });
    const device = first.cookies.find((c) => c.name === 'mojud_dev')!;
    for (let i = 0; i < 6; i++) await post('/auth/login', { loginIdentifier: body.username, password: `attacker${i}` });
    const stranger = await post('/auth/login', { loginIdentifier: body.username, password: body.password });
    expect(stranger.statusCode).toBe(429);
    const owner = await post('/auth/login', { loginIdentifier: body.username, password: body.password }, { cookie: `mojud_dev=${device.value}` });
    expect(owner.statusCode).toBe(200);
  });
});

describe('per-IP rate limit', () => {
  it('answers 429 with Retry-After once an address sends too many attempts', async () => {
    const limited = await createTestApp({ loginPerMinutePerIp: 3 });
    try {
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 4; i++) {
        last = await limited.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { loginIdentifier: `someone${i}`, password: 'whatever1' },
          remoteAddress: '10.9.9.9',
        });
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      expect(last!.headers['retry-after']).toBeDefined();
      expect(last!.json().status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

const refresh = (cookie: string, extra: Record<string, string> = {}) =>
  post('/auth/refresh', undefined, { cookie, ...extra });

describe('sessions', () => {
  const cookieOf = (res: Awaited<ReturnType<typeof post>>) => `mojud_rt=${res.cookies.find((c) => c.name === 'mojud_rt')!.value}`;

  it('rotates the refresh token and issues a working access token', async () => {
    const me = await signUp(ctx.app);
    const res = await refresh(me.cookie);
    expect(res.statusCode).toBe(200);
    expect(cookieOf(res)).not.toBe(me.cookie);
    const who = await ctx.app.inject({ url: '/api/v1/user/me', headers: { authorization: `Bearer ${res.json().accessToken}` } });
    expect(who.json().user.id).toBe(me.id);
  });

  it('answers login and refresh with the user and only their own stores, so the app needs no more calls to start', async () => {
    const me = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const mine = await createStore(ctx.app, me, 'Mine Gas');
    await createStore(ctx.app, other, 'Not Mine Gas');
    const res = await refresh(me.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ id: me.id, username: me.username });
    expect(body.user.passwordHash).toBeUndefined();
    expect(body.stores.map((s: { id: string }) => s.id)).toEqual([mine.id]);
    expect(body.stores[0]).toMatchObject({ name: 'Mine Gas', role: 'owner' });
    const login = await post('/auth/login', { loginIdentifier: me.username, password: me.password });
    expect(login.json().stores.map((s: { id: string }) => s.id)).toEqual([mine.id]);
    const stranger = await signUp(ctx.app);
    expect((await refresh(stranger.cookie)).json().stores).toEqual([]);
  });

  it('tolerates a retried refresh within the grace window (a lost response)', async () => {
    const me = await signUp(ctx.app);
    expect((await refresh(me.cookie)).statusCode).toBe(200);
    expect((await refresh(me.cookie)).statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token is replayed after the grace window', async () => {
    const me = await signUp(ctx.app);
    const next = await refresh(me.cookie);
    const nextCookie = cookieOf(next);
    // Age the rotation past the grace window.
    await ctx.pool.query(`update refresh_tokens set rotated_at = app_now() - interval '5 minutes' where rotated_at is not null and user_id = $1`, [me.id]);
    const replay = await refresh(me.cookie);
    expect(replay.statusCode).toBe(401);
    // The thief's replay also ends the legitimate holder's newer token.
    expect((await refresh(nextCookie)).statusCode).toBe(401);
  });

  it('refreshes and logs out for a page of this app, known by what the browser sends by itself', async () => {
    const me = await signUp(ctx.app);
    const ok = async (headers: Record<string, string>) => {
      const res = await refresh(me.cookie, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
    };
    // A page of this origin: Fetch Metadata, or (a browser without it) an Origin equal to the API's.
    await ok({ 'sec-fetch-site': 'same-origin', origin: 'http://localhost' });
    await ok({ 'sec-fetch-site': 'same-origin' });
    await ok({ host: 'localhost', origin: 'http://localhost' });
    // Typed or bookmarked: no page involved.
    await ok({ 'sec-fetch-site': 'none' });
    // An allowed app origin on the same site (the shell's dev server).
    await ok({ 'sec-fetch-site': 'same-site', origin: 'http://localhost:4200' });
    await ok({ origin: 'http://localhost:4200' });
    // No browser at all (a script or an app holding the cookie): it sends the cookie on purpose.
    await ok({});
    // An app may keep sending the header it used to need.
    await ok({ 'x-requested-with': 'mojud', 'sec-fetch-site': 'same-origin' });
    const out = await post('/auth/logout', undefined, { cookie: me.cookie, 'sec-fetch-site': 'same-origin' });
    expect(out.statusCode).toBe(204);
    expect((await refresh(me.cookie)).statusCode).toBe(401);
  });

  it('refuses refresh and logout from another site, and changes nothing', async () => {
    const me = await signUp(ctx.app);
    const attempts: Record<string, string>[] = [
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      // An allowed origin does not help a request the browser itself calls cross-site.
      { origin: 'http://localhost:4200', 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', origin: 'https://shop.evil.example' },
      { 'sec-fetch-site': 'same-site' },
      // Our old header proves nothing: any client can set it.
      { 'x-requested-with': 'mojud', origin: 'https://evil.example' },
    ];
    for (const headers of attempts) {
      for (const url of ['/auth/refresh', '/auth/logout']) {
        const res = await post(url, undefined, { cookie: me.cookie, ...headers });
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(403);
        expect(res.json()).toMatchObject({ status: 403, code: 'auth.crossSite' });
        expect(res.cookies.find((c) => c.name === 'mojud_rt')).toBeUndefined();
      }
    }
    expect((await refresh(me.cookie)).statusCode, 'the session survived').toBe(200);
  });

  it('logout revokes the session and clears the cookie', async () => {
    const me = await signUp(ctx.app);
    const out = await post('/auth/logout', undefined, { cookie: me.cookie });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === 'mojud_rt')?.value).toBe('');
    expect((await refresh(me.cookie)).statusCode).toBe(401);
  });

  it('stores refresh tokens only as hashes', async () => {
    const me = await signUp(ctx.app);
    const raw = me.cookie.split('=')[1];
    const { rows } = await ctx.pool.query('select token_hash from refresh_tokens where user_id = $1', [me.id]);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.token_hash)).not.toContain(raw);
  });

  it('rejects tampered, unsigned and wrong-audience access tokens', async () => {
    const me = await signUp(ctx.app);
    const [h, p] = me.token.split('.');
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${p}.`;
    for (const token of [`${h}.${p}.AAAA`, none, 'garbage']) {
      const res = await ctx.app.inject({ url: '/api/v1/user/me', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('profile', () => {
  it('"sign out of other devices" keeps this one, knowing it from the access token', async () => {
    const me = await signUp(ctx.app);
    const phone = await logIn(ctx.app, me.username, me.password);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/user/me/sessions/revoke-others', headers: me.auth });
    expect(res.statusCode).toBe(204);
    expect((await refresh(phone.cookie)).statusCode).toBe(401);
    expect((await refresh(me.cookie)).statusCode).toBe(200);
  });

  it('updates names, and refuses a username someone else has', async () => {
    const me = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const ok = await ctx.app.inject({ method: 'PATCH', url: '/api/v1/user/me', headers: me.auth, payload: { firstName: 'Karim', lastName: 'Mia' } });
    expect(ok.json().user).toMatchObject({ firstName: 'Karim', lastName: 'Mia' });
    const taken = await ctx.app.inject({ method: 'PATCH', url: '/api/v1/user/me', headers: me.auth, payload: { username: other.username.toUpperCase() } });
    expect(taken.statusCode).toBe(409);
  });

  it('changing the password signs out the other sessions and keeps this one', async () => {
    const me = await signUp(ctx.app);
    const elsewhere = await logIn(ctx.app, me.username, me.password);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/me/password',
      // The browser sends no refresh cookie here (it is scoped to /api/v1/auth): the access
      // token itself says which sign-in this is.
      headers: me.auth,
      payload: { currentPassword: me.password, newPassword: 'a brand new password' },
    });
    expect(res.statusCode).toBe(204);
    expect((await refresh(elsewhere.cookie)).statusCode).toBe(401);
    expect((await refresh(me.cookie)).statusCode).toBe(200);
    await expect(logIn(ctx.app, me.username, 'a brand new password')).resolves.toBeTruthy();
  });

  it('refuses a wrong current password', async () => {
    const me = await signUp(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/me/password',
      headers: me.auth,
      payload: { currentPassword: 'not it at all', newPassword: 'a brand new password' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('currentPassword');
  });
});
