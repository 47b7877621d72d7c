import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, redactUrl } from '../app';
import { startSmtpCapture } from '../mail/smtp-capture';
import { addMember, createStore, createTestApp, signUp, storeWithTeam, until, type SignedIn, type TestContext } from '../tooling/test/helpers';
import { nowMs } from '../clock';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ jobs: false });
  // Dropping the test database can kill a connection the pool is still closing.
  ctx.pool.on('error', () => {});
});
afterAll(() => ctx.close());

const invite = (storeId: string, by: SignedIn, email: string, role = 'staff', lifespan = '1d') =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/stores/${storeId}/invites`, headers: by.auth, payload: { email, role, lifespan } });
const myInvites = async (who: SignedIn) => (await ctx.app.inject({ url: '/api/v1/user/invites', headers: who.auth })).json().invites;
const accept = (who: SignedIn, id: string) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/v1/user/invites/${id}/accept`, headers: who.auth });
const byToken = (who: SignedIn, token: string) =>
  ctx.app.inject({ url: `/api/v1/user/invites/by-token?token=${encodeURIComponent(token)}`, headers: who.auth });

/** The token from the newest mail queue message to this address. */
async function tokenFromOutbox(email: string) {
  const { rows } = await ctx.pool.query('select link, body from outbox where to_address = $1 order by id desc limit 1', [email]);
  expect(rows[0].body).toContain(rows[0].link);
  return new URL(rows[0].link).searchParams.get('token')!;
}

describe('inviting a member', () => {
  it('an admin invites by e-mail; the invitee sees it, follows the link and joins with the role', async () => {
    const t = await storeWithTeam(ctx);
    const newcomer = await signUp(ctx.app, 'newcomer');
    const res = await invite(t.store.id, t.admin, newcomer.email.toUpperCase(), 'manager', '3d');
    expect(res.statusCode).toBe(201);
    const sent = res.json().invite;
    expect(sent.role).toBe('manager');
    const hours = (Date.parse(sent.expiresAt) - nowMs()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);

    // No SMTP configured: the link is kept in the mail queue, and only the token's hash is stored.
    const { rows } = await ctx.pool.query(
      `select link from outbox where lower(to_address) = lower($1) and link like '%/invitations?%'`,
      [newcomer.email],
    );
    expect(rows[0].link).toMatch(/^http:\/\/localhost:3000\/invitations\?token=[\w-]{40,}$/);
    // The inviter gets the same link to share (WhatsApp, SMS).
    expect(res.json().link).toBe(rows[0].link);
    const token = new URL(rows[0].link).searchParams.get('token')!;
    const stored = await ctx.pool.query('select token_hash from invites where id = $1', [sent.id]);
    expect(stored.rows[0].token_hash).not.toContain(token);

    expect(await myInvites(newcomer)).toEqual([
      { id: sent.id, token, role: 'manager', store: { id: t.store.id, name: t.store.name }, expiresAt: sent.expiresAt },
    ]);
    const resolved = await byToken(newcomer, token);
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json().invite).toMatchObject({ id: sent.id, status: 'pending' });

    const joined = await accept(newcomer, sent.id);
    expect(joined.statusCode).toBe(200);
    expect(joined.json().store).toMatchObject({ id: t.store.id, name: t.store.name, role: 'manager' });
    const stores = (await ctx.app.inject({ url: '/api/v1/stores', headers: newcomer.auth })).json().stores;
    expect(stores.map((s: { id: string }) => s.id)).toEqual([t.store.id]);
    expect(await myInvites(newcomer)).toEqual([]);

    // Accepting again (a double click, a retry) answers the same and changes nothing.
    const again = await accept(newcomer, sent.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().store.role).toBe('manager');
    expect((await byToken(newcomer, token)).json().invite.status).toBe('accepted');
  });

  it('managers and staff cannot invite', async () => {
    const t = await storeWithTeam(ctx);
    expect((await invite(t.store.id, t.manager, 'someone@example.com')).statusCode).toBe(403);
    expect((await invite(t.store.id, t.staff, 'someone@example.com')).statusCode).toBe(403);
    expect((await invite(t.store.id, t.outsider, 'someone@example.com')).statusCode).toBe(404);
  });

  it('validates e-mail, role and lifespan, naming the field', async () => {
    const t = await storeWithTeam(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/stores/${t.store.id}/invites`,
      headers: t.owner.auth,
      payload: { email: 'nope', role: 'owner', lifespan: '2w' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['email', 'lifespan', 'role']);
  });

  it('inviting someone who is already a member is a conflict', async () => {
    const t = await storeWithTeam(ctx);
    const res = await invite(t.store.id, t.owner, t.staff.email);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 409, errors: [{ field: 'email', message: 'This person is already a member of this store' }] });
  });

  it('a new invitation to the same e-mail replaces the pending one', async () => {
    const t = await storeWithTeam(ctx);
    const friend = await signUp(ctx.app, 'friend');
    const first = (await invite(t.store.id, t.owner, friend.email, 'staff')).json().invite;
    const oldToken = await tokenFromOutbox(friend.email);
    const second = (await invite(t.store.id, t.owner, friend.email, 'admin')).json().invite;
    expect(await myInvites(friend)).toMatchObject([{ id: second.id, role: 'admin' }]);
    const members = (await ctx.app.inject({ url: `/api/v1/stores/${t.store.id}/members`, headers: t.staff.auth })).json();
    expect(members.invites).toMatchObject([{ id: second.id, email: friend.email, role: 'admin' }]);

    expect((await accept(friend, first.id)).statusCode).toBe(410);
    expect((await byToken(friend, oldToken)).statusCode).toBe(410);
    expect((await accept(friend, second.id)).json().store.role).toBe('admin');
  });

  it('an admin copies a pending invitation\'s link again; sending again makes a fresh link and the old one stops working', async () => {
    const t = await storeWithTeam(ctx);
    const friend = await signUp(ctx.app, 'resent');
    const sent = await invite(t.store.id, t.admin, friend.email, 'manager', '3d');
    const { invite: first, link: firstLink } = sent.json();
    const linkOf = (who: SignedIn, id: string) =>
      ctx.app.inject({ url: `/api/v1/stores/${t.store.id}/invites/${id}/link`, headers: who.auth });
    const resend = (who: SignedIn, id: string) =>
      ctx.app.inject({ method: 'POST', url: `/api/v1/stores/${t.store.id}/invites/${id}/resend`, headers: who.auth });

    // The same link as when it was sent; only admins and up get it.
    expect((await linkOf(t.admin, first.id)).json()).toEqual({ link: firstLink });
    expect((await linkOf(t.manager, first.id)).statusCode).toBe(403);
    expect((await linkOf(t.outsider, first.id)).statusCode).toBe(404);

    const again = await resend(t.admin, first.id);
    expect(again.statusCode, again.body).toBe(201);
    const { invite: second, link: secondLink } = again.json();
    expect(second).toMatchObject({ email: friend.email, role: 'manager' });
    expect(second.id).not.toBe(first.id);
    expect(secondLink).not.toBe(firstLink);
    // Same lifespan as the first, counted from now; a new e-mail carries the new link.
    const hours = (Date.parse(second.expiresAt) - nowMs()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(await tokenFromOutbox(friend.email)).toBe(new URL(secondLink).searchParams.get('token'));
    const members = (await ctx.app.inject({ url: `/api/v1/stores/${t.store.id}/members`, headers: t.admin.auth })).json();
    expect(members.invites).toMatchObject([{ id: second.id }]);

    // The old link (and the old invitation) no longer work; the new one does.
    expect((await byToken(friend, new URL(firstLink).searchParams.get('token')!)).statusCode).toBe(410);
    expect((await linkOf(t.admin, first.id)).statusCode).toBe(404);
    expect((await resend(t.admin, first.id)).statusCode).toBe(404);
    expect((await byToken(friend, new URL(secondLink).searchParams.get('token')!)).json().invite).toMatchObject({ id: second.id });
  });

  it('sending an invitation again is limited per store and address: 429 with Retry-After', async () => {
    const t = await storeWithTeam(ctx);
    let id = (await invite(t.store.id, t.owner, 'often@example.com')).json().invite.id;
    const resend = () => ctx.app.inject({ method: 'POST', url: `/api/v1/stores/${t.store.id}/invites/${id}/resend`, headers: t.owner.auth });
    for (let i = 0; i < 3; i += 1) {
      const res = await resend();
      expect(res.statusCode).toBe(201);
      id = res.json().invite.id;
    }
    const refused = await resend();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The invitation stands, with the last link.
    expect((await ctx.app.inject({ url: `/api/v1/stores/${t.store.id}/invites/${id}/link`, headers: t.owner.auth })).statusCode).toBe(200);
  });

  it('an expired invitation cannot be accepted (410) and is no longer listed', async () => {
    const t = await storeWithTeam(ctx);
    const late = await signUp(ctx.app, 'late');
    const sent = (await invite(t.store.id, t.owner, late.email, 'staff', '1h')).json().invite;
    await ctx.pool.query(`update invites set expires_at = app_now() - interval '1 minute' where id = $1`, [sent.id]);
    expect(await myInvites(late)).toEqual([]);
    const res = await accept(late, sent.id);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe('This invitation has expired');
    expect((await byToken(late, await tokenFromOutbox(late.email))).statusCode).toBe(410);
    const stores = (await ctx.app.inject({ url: '/api/v1/stores', headers: late.auth })).json().stores;
    expect(stores).toEqual([]);
  });

  it("without the link, someone else's invitation is not found", async () => {
    const t = await storeWithTeam(ctx);
    const invited = await signUp(ctx.app, 'invited');
    const sent = (await invite(t.store.id, t.owner, invited.email)).json().invite;
    expect((await accept(t.outsider, sent.id)).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'PATCH', url: `/api/v1/user/invites/${sent.id}/decline`, headers: t.outsider.auth })).statusCode,
    ).toBe(404);
    expect((await accept(t.outsider, 'not-an-id')).statusCode).toBe(404);
    expect((await byToken(invited, 'made-up-token')).statusCode).toBe(404);
    expect(await myInvites(t.outsider)).toEqual([]);
  });

  it('a member holding another invitation to the same store gets 409 on accepting it', async () => {
    const t = await storeWithTeam(ctx);
    const twice = await signUp(ctx.app, 'twice');
    const sent = (await invite(t.store.id, t.owner, twice.email, 'admin')).json().invite;
    await addMember(ctx, t.store.id, twice, 'staff');
    const res = await accept(twice, sent.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You are already a member of this store');
  });

  it('declining removes it from the list; a declined or revoked invitation cannot be accepted', async () => {
    const t = await storeWithTeam(ctx);
    const a = await signUp(ctx.app, 'decliner');
    const b = await signUp(ctx.app, 'revoked');
    const ia = (await invite(t.store.id, t.owner, a.email)).json().invite;
    const ib = (await invite(t.store.id, t.admin, b.email)).json().invite;
    const decline = await ctx.app.inject({ method: 'PATCH', url: `/api/v1/user/invites/${ia.id}/decline`, headers: a.auth });
    expect(decline.statusCode).toBe(204);
    expect(await myInvites(a)).toEqual([]);
    expect((await accept(a, ia.id)).statusCode).toBe(410);

    const revoke = (who: SignedIn) =>
      ctx.app.inject({ method: 'DELETE', url: `/api/v1/stores/${t.store.id}/invites/${ib.id}`, headers: who.auth });
    expect((await revoke(t.manager)).statusCode).toBe(403);
    expect((await revoke(t.admin)).statusCode).toBe(204);
    expect((await revoke(t.admin)).statusCode).toBe(404);
    expect(await myInvites(b)).toEqual([]);
    expect((await accept(b, ib.id)).statusCode).toBe(410);
  });

  it("invitations of a deleted store disappear; another store cannot revoke this store's invitation", async () => {
    const t = await storeWithTeam(ctx);
    const x = await signUp(ctx.app, 'x');
    const sent = (await invite(t.store.id, t.owner, x.email)).json().invite;
    const foreign = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/stores/${t.otherStore.id}/invites/${sent.id}`,
      headers: t.outsider.auth,
    });
    expect(foreign.statusCode).toBe(404);
    await ctx.app.inject({ method: 'DELETE', url: `/api/v1/stores/${t.store.id}`, headers: t.owner.auth });
    expect(await myInvites(x)).toEqual([]);
    expect((await accept(x, sent.id)).statusCode).toBe(404);
  });
});


describe('taking someone else\'s invitation (an address is only a hint until verified)', () => {
  const patchMe = (who: SignedIn, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'PATCH', url: '/api/v1/user/me', headers: who.auth, payload });
  const decline = (who: SignedIn, idOrToken: string) =>
    ctx.app.inject({ method: 'PATCH', url: `/api/v1/user/invites/${encodeURIComponent(idOrToken)}/decline`, headers: who.auth });
  const storesOf = async (who: SignedIn) =>
    ((await ctx.app.inject({ url: '/api/v1/stores', headers: who.auth })).json().stores as { id: string }[]).map((s) => s.id);

  it('a stranger who sets their address to an invited one sees nothing and cannot accept by id', async () => {
    const t = await storeWithTeam(ctx);
    const address = 'new.manager@example.com';
    const sent = (await invite(t.store.id, t.owner, address, 'admin')).json().invite;
    const stranger = await signUp(ctx.app, 'stranger');

    // Without the password the address does not change at all.
    const bare = await patchMe(stranger, { email: address });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().errors).toMatchObject([{ field: 'currentPassword' }]);

    const changed = await patchMe(stranger, { email: address, currentPassword: stranger.password });
    expect(changed.statusCode).toBe(200);
    // The change waits for the new address's owner to open the link mailed there.
    expect(changed.json().user).toMatchObject({ email: stranger.email, pendingEmail: address, emailVerified: true });
    expect(await myInvites(stranger)).toEqual([]);
    expect((await accept(stranger, sent.id)).statusCode).toBe(404);
    expect((await decline(stranger, sent.id)).statusCode).toBe(404);
    expect(await storesOf(stranger)).toEqual([]);
    // The old address is told.
    const { rows } = await ctx.pool.query('select subject from outbox where to_address = $1 order by id desc limit 1', [stranger.email]);
    expect(rows[0].subject).toBe('Your Mojud e-mail address is being changed');
  });

  it('registering with an invited address shows nothing until the address is verified by its link', async () => {
    const t = await storeWithTeam(ctx);
    const fresh = await signUp(ctx.app, 'fresh', { verify: false });
    const sent = (await invite(t.store.id, t.owner, fresh.email, 'manager')).json().invite;
    expect(await myInvites(fresh)).toEqual([]);
    expect((await accept(fresh, sent.id)).statusCode).toBe(404);
    const me = (await ctx.app.inject({ url: '/api/v1/user/me', headers: fresh.auth })).json().user;
    expect(me.emailVerified).toBe(false);

    // The verification mail (the one before the invitation) proves the address.
    const { rows } = await ctx.pool.query(
      `select link from outbox where to_address = $1 and link like '%/verify-email?%' order by id desc limit 1`,
      [fresh.email],
    );
    const token = new URL(rows[0].link).searchParams.get('token')!;
    const verified = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/verify-email', payload: { token } });
    expect(verified.statusCode).toBe(204);
    expect(await myInvites(fresh)).toMatchObject([{ id: sent.id, role: 'manager', store: { name: t.store.name } }]);
    expect((await accept(fresh, sent.id)).statusCode).toBe(200);
    // A verification link works once.
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/verify-email', payload: { token } })).statusCode).toBe(410);
  });

  it('whoever holds the link joins with it, signed in as any account, once', async () => {
    const t = await storeWithTeam(ctx);
    const res = await invite(t.store.id, t.owner, 'someone.else@example.com', 'manager');
    const token = new URL(res.json().link).searchParams.get('token')!;
    const holder = await signUp(ctx.app, 'holder', { verify: false });
    const seen = await byToken(holder, token);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().invite).toMatchObject({ role: 'manager', store: { name: t.store.name }, status: 'pending' });

    const joined = await accept(holder, token);
    expect(joined.statusCode).toBe(200);
    expect(joined.json().store).toMatchObject({ id: t.store.id, role: 'manager' });
    expect(await storesOf(holder)).toEqual([t.store.id]);
    // Again: the same answer (idempotent); anyone else with the same link: gone.
    expect((await accept(holder, token)).statusCode).toBe(200);
    const late = await signUp(ctx.app, 'late');
    expect((await accept(late, token)).statusCode).toBe(410);
    expect(await storesOf(late)).toEqual([]);
  });

  it('declines by token; a made-up token is not found', async () => {
    const t = await storeWithTeam(ctx);
    const res = await invite(t.store.id, t.owner, 'not.me@example.com');
    const token = new URL(res.json().link).searchParams.get('token')!;
    const holder = await signUp(ctx.app, 'decliner');
    expect((await decline(holder, token)).statusCode).toBe(204);
    expect((await accept(holder, token)).statusCode).toBe(410);
    expect((await accept(holder, `${token}x`)).statusCode).toBe(404);
  });

  it('an address with an account answers like a free one, and its owner hears that someone tried', async () => {
    const t = await storeWithTeam(ctx);
    const prober = await signUp(ctx.app, 'prober');
    const taken = await patchMe(prober, { email: t.staff.email, currentPassword: prober.password });
    const free = await patchMe(prober, { email: 'free.address@example.com', currentPassword: prober.password });
    expect(taken.statusCode).toBe(200);
    expect(free.statusCode).toBe(200);
    expect(Object.keys(taken.json().user)).toEqual(Object.keys(free.json().user));
    const { rows } = await ctx.pool.query('select subject, link from outbox where to_address = $1 order by id desc limit 1', [t.staff.email]);
    expect(rows[0]).toEqual({ subject: 'Someone tried to use your e-mail address on Mojud', link: null });
    // The staff member's account is untouched.
    const staff = (await ctx.app.inject({ url: '/api/v1/user/me', headers: t.staff.auth })).json().user;
    expect(staff).toMatchObject({ email: t.staff.email, emailVerified: true });
  });

  it('answering invitations is limited per account: 429 with Retry-After', async () => {
    const guesser = await signUp(ctx.app, 'guesser');
    const answers = [];
    for (let i = 0; i < 31; i += 1) answers.push((await accept(guesser, `guess-${i}-${'x'.repeat(40)}`)).statusCode);
    expect(answers.slice(0, 30).every((code) => code === 404)).toBe(true);
    const refused = await accept(guesser, 'guess-last');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ status: 429, code: 'rateLimited' });
  });

  it('a token answered by path never reaches a log line; an id does', () => {
    const id = '0b9a4f4e-1234-4abc-8def-0123456789ab';
    expect(redactUrl('/api/v1/user/invites/Zm9vYmFy_secret-Token/accept')).toBe('/api/v1/user/invites/***/accept');
    expect(redactUrl(`/api/v1/user/invites/${id}/decline`)).toBe(`/api/v1/user/invites/${id}/decline`);
    expect(redactUrl('/api/v1/user/invites/by-token?token=secret')).toBe('/api/v1/user/invites/by-token?token=***');
    expect(redactUrl('/invitations?token=secret')).toBe('/invitations?token=***');
  });

  it('profile changes are limited per account', async () => {
    const busy = await signUp(ctx.app, 'busy');
    const codes = [];
    for (let i = 0; i < 31; i += 1) codes.push((await patchMe(busy, { firstName: `Name ${i}` })).statusCode);
    expect(codes.slice(0, 30).every((code) => code === 200)).toBe(true);
    expect(codes[30]).toBe(429);
  });
});

// The file's own app runs no jobs: each SMTP case below has the only worker on this database.
describe('invitation e-mail through SMTP', () => {
  it('sends the link to the invitee through the job queue and marks the mail queue row sent', async () => {
    const smtp = await startSmtpCapture();
    const app = await buildApp({
      pool: ctx.pool,
      jwtSecret: 'test-secret-that-is-long-enough-for-hs256',
      smtpUrl: smtp.url,
      publicUrl: 'https://mojud.example/',
    });
    try {
      const owner = await signUp(ctx.app, 'smtpowner');
      const store = await createStore(ctx.app, owner, 'Mail Gas');
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1/stores/${store.id}/invites`,
        headers: owner.auth,
        payload: { email: 'driver@example.com', role: 'staff', lifespan: '7d' },
      });
      expect(res.statusCode).toBe(201);
      await until(10_000, () => smtp.messages.length > 0);
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0].to).toEqual(['driver@example.com']);
      // Undo quoted-printable soft breaks and escapes before reading the body.
      const body = smtp.messages[0].data.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
      expect(body).toContain('Subject: You are invited to Mail Gas on Mojud');
      expect(body).toMatch(/https:\/\/mojud\.example\/invitations\?token=[\w-]{40,}/);
      // Marked sent when the delivery's transaction commits, just after the server took it.
      const sent = async () =>
        (await ctx.pool.query('select 1 from outbox where to_address = $1 and sent_at is not null', ['driver@example.com'])).rows.length === 1;
      expect(await until(10_000, sent)).toBe(true);
    } finally {
      await app.close();
      await smtp.close();
    }
  });

  it('while the mail server is away the invitation stands, and the e-mail goes out once it is back', async () => {
    const down = await startSmtpCapture();
    await down.close();
    const app = await buildApp({
      pool: ctx.pool,
      jwtSecret: 'test-secret-that-is-long-enough-for-hs256',
      smtpUrl: down.url,
      jobs: { retryDelaySeconds: 1 },
    });
    let back: Awaited<ReturnType<typeof startSmtpCapture>> | undefined;
    try {
      const owner = await signUp(ctx.app, 'smtpdown');
      const store = await createStore(ctx.app, owner, 'Down Gas');
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1/stores/${store.id}/invites`,
        headers: owner.auth,
        payload: { email: 'nobody@example.com', role: 'staff', lifespan: '1h' },
      });
      expect(res.statusCode).toBe(201);
      const { rows } = await ctx.pool.query('select 1 from invites where store_id = $1', [store.id]);
      expect(rows).toHaveLength(1);
      back = await startSmtpCapture({ port: down.port });
      expect(await until(20_000, () => back!.messages.length > 0)).toBe(true);
      expect(back.messages[0].to).toEqual(['nobody@example.com']);
    } finally {
      await app.close();
      await back?.close();
    }
  });
});
