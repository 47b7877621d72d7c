import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import {
  emailLinkBodySchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  loginResponseSchema,
  noBodySchema,
  refreshResponseSchema,
  registerBodySchema,
  resetPasswordBodySchema,
  userResponseSchema,
} from '@mojud/contracts';
import { queueMails } from '../mail/mailer';
import { listStoresOf } from '../stores/repository';
import { conflict, forbidden, gone, HttpError, unauthorized } from '../errors';
import { findUserByEmail, mailResetLink, mailVerificationLink, useLink } from './email-links';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';
import {
  clearFailures,
  createSession,
  familyOfToken,
  findUserById,
  findUserByIdentifier,
  insertUser,
  recentFailures,
  recordFailure,
  REFRESH_TOKEN_DAYS,
  revokeFamily,
  revokeOtherSessions,
  rotateRefreshToken,
  takenFields,
  toUser,
  updateUser,
} from './repository';
import { now, nowMs } from '../clock';

export const REFRESH_COOKIE = 'mojud_rt';
const sessionEnded = { message: 'Your session has ended. Please log in again.', code: 'auth.sessionEnded' };
/** Marks a browser that has signed in to an account before (OWASP "device cookie"). */
const DEVICE_COOKIE = 'mojud_dev';
const COOKIE_PATH = '/api/v1/auth';
const FAILURE_WINDOW_SECONDS = 15 * 60;
const MAX_FAILURES = 5;

export interface AuthRouteOptions {
  jwtSecret: string;
  /** Origins whose pages may refresh and log out (APP_ORIGINS and CORS_ORIGINS). */
  allowedOrigins: string[];
  secureCookies: boolean;
  loginPerMinutePerIp: number;
  /** Where the web app is served, without a trailing slash; e-mailed links point there. */
  publicUrl: string;
}

/** Per address: sign-ups and reset mails to one address (no mail bombing, no guessing at scale). */
const MAILS_PER_ADDRESS = 5;
const linkGone = { message: 'This link has expired or was already used', code: 'auth.linkExpired' };

const authRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, opts) => {
  const { publicUrl } = opts;
  const deviceKey = new TextEncoder().encode(`${opts.jwtSecret}:device`);
  const cookieBase = {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: opts.secureCookies,
  };

  const setRefreshCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(REFRESH_COOKIE, token, { ...cookieBase, maxAge: REFRESH_TOKEN_DAYS * 86_400 });

  /**
   * Refresh and logout act on a cookie the browser attaches by itself, so a hostile page must
   * not be able to make the browser call them. Decided only from what the browser sends on its
   * own and no script can set (DECISIONS §1: a client built to the spec sends no header of ours):
   * - `Sec-Fetch-Site: same-origin` (a page of this origin) or `none` (typed, a bookmark): yes;
   * - otherwise an `Origin` of this API or an allowed origin, unless the browser says cross-site
   *   (SameSite=Strict keeps the cookie off such a request anyway);
   * - neither header: not a browser (every browser that could carry the cookie across sites
   *   sends `Origin` on a POST; current ones send `Sec-Fetch-Site` too). A script, an app or a
   *   test that sends the cookie sends it on purpose: no ambient credential to abuse, so yes.
   */
  const assertFromOwnPage = (request: FastifyRequest) => {
    const site = request.headers['sec-fetch-site'];
    if (site === 'same-origin' || site === 'none') return;
    const origin = request.headers.origin;
    if (site === undefined && origin === undefined) return;
    const allowed = origin !== undefined && (origin === `${request.protocol}://${request.host}` || opts.allowedOrigins.includes(origin));
    if (site !== 'cross-site' && allowed) return;
    throw forbidden({ message: 'Cross-site requests are not allowed', code: 'auth.crossSite' });
  };

  const deviceTrusts = async (request: FastifyRequest, userId: string) => {
    const value = request.cookies[DEVICE_COOKIE];
    if (!value) return false;
    try {
      const { payload } = await jwtVerify(value, deviceKey, { algorithms: ['HS256'] });
      return payload.sub === userId;
    } catch {
      return false;
    }
  };

  app.post(
    '/auth/register',
    {
      config: { access: 'public', rateLimit: { max: opts.loginPerMinutePerIp, timeWindow: '1 minute' } },
      schema: { body: registerBodySchema, response: { 201: userResponseSchema } },
    },
    async (request, reply) => {
      const { username, email, password, locale } = request.body;
      await app.limitAttempts('register', [{ key: `address:${email}`, max: MAILS_PER_ADDRESS }]);
      const taken = await takenFields(app.db, { username, email });
      if (taken.length) throw conflict(taken[0], taken);
      const passwordHash = await hashPassword(password);
      try {
        // The address is unverified until its owner opens the link mailed here: the app works
        // meanwhile, but no invitation to that address shows.
        const { user, mailId } = await app.db.transaction(async (tx) => {
          const user = await insertUser(tx, { username, email, passwordHash, locale: locale ?? null });
          return { user, mailId: await mailVerificationLink(tx, user, email, publicUrl) };
        });
        await queueMails(request, [mailId]);
        return reply.status(201).send({ user: toUser(user) });
      } catch (e) {
        // Two sign-ups racing for one name: the unique index decides.
        if ((e as { code?: string }).code === '23505') {
          throw conflict({ message: 'This username or email is already taken', code: 'auth.taken' });
        }
        throw e;
      }
    },
  );

  app.post(
    '/auth/login',
    {
      config: { access: 'public', rateLimit: { max: opts.loginPerMinutePerIp, timeWindow: '1 minute' } },
      schema: { body: loginBodySchema, response: { 200: loginResponseSchema } },
    },
    async (request, reply) => {
      const identifier = request.body.loginIdentifier.trim().toLowerCase();
      const user = await findUserByIdentifier(app.db, identifier);
      const trusted = user ? await deviceTrusts(request, user.id) : false;
      if (!trusted) {
        const { count, oldest } = await recentFailures(app.db, identifier, FAILURE_WINDOW_SECONDS);
        if (count >= MAX_FAILURES && oldest) {
          const retryAfter = Math.max(1, Math.ceil((oldest.getTime() + FAILURE_WINDOW_SECONDS * 1000 - nowMs()) / 1000));
          const minutes = Math.ceil(retryAfter / 60);
          throw new HttpError(
            429,
            { message: `Too many failed attempts. Try again in ${minutes} minutes.`, code: 'auth.tooManyFailures', params: { minutes } },
            null,
            { 'retry-after': String(retryAfter) },
          );
        }
      }
      const ok = user ? await verifyPassword(user.passwordHash, request.body.password) : (await burnPasswordCheck(request.body.password), false);
      if (!user || !ok) {
        await recordFailure(app.db, identifier, request.ip);
        // One message for a wrong identifier and a wrong password: no account enumeration.
        throw unauthorized({ message: 'Invalid email or password', code: 'auth.invalidCredentials' });
      }
      await clearFailures(app.db, identifier);
      const { token, familyId } = await createSession(app.db, user.id);
      setRefreshCookie(reply, token);
      const device = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setExpirationTime('180d')
        .sign(deviceKey);
      reply.setCookie(DEVICE_COOKIE, device, { ...cookieBase, maxAge: 180 * 86_400 });
      // The stores are read as this user, as GET /stores would (row-level security).
      request.dbContext.userId = user.id;
      return {
        accessToken: await app.signAccessToken(user.id, familyId),
        user: toUser(user),
        stores: await listStoresOf(app.db, user.id),
      };
    },
  );

  /** Opening the link mailed to an address proves it is the account's; a pending new address then replaces the old. */
  app.post(
    '/auth/verify-email',
    {
      config: { access: 'public', rateLimit: { max: opts.loginPerMinutePerIp, timeWindow: '1 minute' } },
      schema: { body: emailLinkBodySchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await app.db.transaction(async (tx) => {
        const link = await useLink(tx, request.body.token, 'verify_email');
        const user = link && (await findUserById(tx, link.userId));
        if (!link || !user) throw gone(linkGone);
        const address = link.email.toLowerCase();
        if (address === user.email.toLowerCase()) {
          if (!user.emailVerifiedAt) await updateUser(tx, user.id, { emailVerifiedAt: now() });
          return;
        }
        // A link to an address the account no longer waits for (changed again since).
        if (address !== user.pendingEmail?.toLowerCase()) throw gone(linkGone);
        const holder = await findUserByEmail(tx, address);
        if (holder && holder.id !== user.id) {
          throw conflict({ message: 'An account with this email already exists', code: 'auth.emailTaken' });
        }
        await updateUser(tx, user.id, { email: link.email, pendingEmail: null, emailVerifiedAt: now() });
      });
      return reply.status(204).send(null);
    },
  );

  /**
   * "Forgot password": a single-use reset link to the account's address. The answer is the same
   * whether or not an account has this address.
   */
  app.post(
    '/auth/password/forgot',
    {
      config: { access: 'public', rateLimit: { max: opts.loginPerMinutePerIp, timeWindow: '1 minute' } },
      schema: { body: forgotPasswordBodySchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const { email } = request.body;
      await app.limitAttempts('forgot', [{ key: `address:${email}`, max: MAILS_PER_ADDRESS }]);
      const mailId = await app.db.transaction(async (tx) => {
        const user = await findUserByEmail(tx, email);
        return user ? mailResetLink(tx, user, publicUrl) : null;
      });
      if (mailId !== null) await queueMails(request, [mailId]);
      return reply.status(204).send(null);
    },
  );

  /** Sets a new password by a reset link, once; every session of the account ends. */
  app.post(
    '/auth/password/reset',
    {
      config: { access: 'public', rateLimit: { max: opts.loginPerMinutePerIp, timeWindow: '1 minute' } },
      schema: { body: resetPasswordBodySchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const passwordHash = await hashPassword(request.body.newPassword);
      const user = await app.db.transaction(async (tx) => {
        const link = await useLink(tx, request.body.token, 'reset_password');
        const user = link && (await findUserById(tx, link.userId));
        if (!link || !user) throw gone(linkGone);
        // The link reached the account's address: that proves the address as well.
        const proved = !user.emailVerifiedAt && link.email.toLowerCase() === user.email.toLowerCase();
        await updateUser(tx, user.id, { passwordHash, ...(proved && { emailVerifiedAt: now() }) });
        // Whoever held a session (perhaps the reason for the reset) is signed out.
        await revokeOtherSessions(tx, user.id);
        return user;
      });
      app.forget({ user: user.id });
      await clearFailures(app.db, user.email.toLowerCase());
      await clearFailures(app.db, user.username.toLowerCase());
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/refresh',
    {
      config: { access: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { body: noBodySchema, response: { 200: refreshResponseSchema } },
    },
    async (request, reply) => {
      assertFromOwnPage(request);
      const token = request.cookies[REFRESH_COOKIE];
      if (!token) throw unauthorized({ message: 'Please log in to continue', code: 'auth.required' });
      const result = await app.db.transaction((tx) => rotateRefreshToken(tx, token));
      if (!result.ok) {
        reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
        throw unauthorized(sessionEnded);
      }
      setRefreshCookie(reply, result.token);
      request.dbContext.userId = result.userId;
      const [user, stores] = await Promise.all([
        findUserById(app.db, result.userId),
        listStoresOf(app.db, result.userId),
      ]);
      if (!user) throw unauthorized(sessionEnded);
      return {
        accessToken: await app.signAccessToken(result.userId, result.familyId),
        user: toUser(user),
        stores,
      };
    },
  );

  app.post(
    '/auth/logout',
    { config: { access: 'public' }, schema: { body: noBodySchema, response: { 204: z.null() } } },
    async (request, reply) => {
      assertFromOwnPage(request);
      const token = request.cookies[REFRESH_COOKIE];
      if (token) {
        const session = await app.db.transaction(async (tx) => {
          const found = await familyOfToken(tx, token);
          if (found) await revokeFamily(tx, found.familyId);
          return found;
        });
        if (session) app.forget({ session: session.familyId });
      }
      reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
      return reply.status(204).send(null);
    },
  );
};

export default authRoutes;
