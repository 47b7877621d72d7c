import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logIn, mailedToken, randomIp, signUp, type SignedIn, type TestContext } from '../tooling/test/helpers';
import { nowMs, resetClock, setClock } from '../clock';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ jobs: false });
  ctx.pool.on('error', () => {});
});
afterAll(() => ctx.close());
afterEach(() => resetClock());

const post = (url: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress: randomIp() });
const me = async (who: SignedIn) => ctx.app.inject({ url: '/api/v1/user/me', headers: who.auth });
const refresh = (who: SignedIn) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: { cookie: who.cookie, 'x-requested-with': 'mojud' } });
const mailsTo = async (email: string) =>
  (await ctx.pool.query('select subject, link from outbox where lower(to_address) = lower($1) order by id', [email])).rows as {
    subject: string;
    link: string | null;
  }[];

describe('forgot password', () => {
  it('answers an unknown address exactly as a known one, and mails only the account', async () => {
    const known = await signUp(ctx.app, 'forgetful');
    const a = await post('/auth/password/forgot', { email: known.email });
    const b = await post('/auth/password/forgot', { email: 'nobody.here@example.com' });
    expect([a.statusCode, b.statusCode]).toEqual([204, 204]);
    expect(a.body).toBe(b.body);
    expect(await mailsTo('nobody.here@example.com')).toEqual([]);
    const last = (await mailsTo(known.email)).at(-1)!;
    expect(last.subject).toBe('Reset your Mojud password');
    expect(last.link).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=[\w-]{40,}$/);
  });

  it('a reset link sets the password once and signs out every session', async () => {
    const user = await signUp(ctx.app, 'resetter');
    const other = await logIn(ctx.app, user.username, user.password);
    await post('/auth/password/forgot', { email: user.email });
    const token = await mailedToken(ctx.app, user.email);
    const stored = await ctx.pool.query('select token_hash from email_tokens where user_id = $1', [user.id]);
    expect(stored.rows.map((r: { token_hash: string }) => r.token_hash)).not.toContain(token);

    const reset = await post('/auth/password/reset', { token, newPassword: 'a brand new secret' });
    expect(reset.statusCode).toBe(204);
    expect((await refresh(user)).statusCode).toBe(401);
    expect((await refresh(other)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    await expect(logIn(ctx.app, user.username, user.password)).rejects.toThrow();
    await logIn(ctx.app, user.username, 'a brand new secret');

    const again = await post('/auth/password/reset', { token, newPassword: 'yet another secret' });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ code: 'auth.linkExpired' });
  });

  it('a reset link expires after 30 minutes', async () => {
    const user = await signUp(ctx.app, 'slow');
    await post('/auth/password/forgot', { email: user.email });
    const token = await mailedToken(ctx.app, user.email);
    setClock(new Date(nowMs() + 31 * 60_000));
    expect((await post('/auth/password/reset', { token, newPassword: 'too late now' })).statusCode).toBe(410);
    resetClock();
    await logIn(ctx.app, user.username, user.password);
  });

  it('is limited per address: 429 after five mails', async () => {
    const user = await signUp(ctx.app, 'bombed');
    const codes = [];
    for (let i = 0; i < 6; i += 1) codes.push((await post('/auth/password/forgot', { email: user.email })).statusCode);
    expect(codes).toEqual([204, 204, 204, 204, 204, 429]);
    expect((await mailsTo(user.email)).filter((m) => m.subject === 'Reset your Mojud password')).toHaveLength(5);
  });
});

describe('changing the address', () => {
  it('needs the right current password', async () => {
    const user = await signUp(ctx.app, 'mover');
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/user/me',
      headers: user.auth,
      payload: { email: 'moved@example.com', currentPassword: 'not my password' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'auth.currentPasswordWrong', errors: [{ field: 'currentPassword' }] });
    expect((await me(user)).json().user).toMatchObject({ email: user.email, pendingEmail: null });
  });

  it('takes effect when the new address opens its link; a resend replaces the earlier link', async () => {
    const user = await signUp(ctx.app, 'changer');
    const target = `${user.username}.new@example.com`;
    const patch = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/user/me',
      headers: user.auth,
      payload: { email: target, currentPassword: user.password },
    });
    expect(patch.json().user).toMatchObject({ email: user.email, pendingEmail: target });
    const first = await mailedToken(ctx.app, target);
    const resend = await ctx.app.inject({ method: 'POST', url: '/api/v1/user/me/email/verify', headers: user.auth });
    expect(resend.statusCode).toBe(204);
    const second = await mailedToken(ctx.app, target);
    expect(second).not.toBe(first);
    expect((await post('/auth/verify-email', { token: first })).statusCode).toBe(410);
    expect((await post('/auth/verify-email', { token: second })).statusCode).toBe(204);
    expect((await me(user)).json().user).toMatchObject({ email: target, pendingEmail: null, emailVerified: true });
    await logIn(ctx.app, target, user.password);
  });
});
