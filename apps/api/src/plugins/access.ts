import fp from 'fastify-plugin';
import { and, eq, isNull } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { Role } from '@mojud/contracts';
import { isUuid } from '@mojud/contracts';
import { memberships, refreshTokens, stores } from '../db/schema';
import { forbidden, notFound, unauthorized } from '../errors';
import { ForgetListener, type ForgetSubject } from './invalidation';
import { MembershipCache } from './membership-cache';

/**
 * Who may call a route, declared on the route itself (`config.access`):
 * - 'public': anyone;
 * - 'user': any signed-in user;
 * - a role: a member of the store named by the route's store parameter with at least that role.
 * Every /api/v1 route must declare one; the app refuses to start otherwise, so a new route
 * can never ship without a rule (and the permission tests enumerate these declarations).
 */
export type Access = 'public' | 'user' | Role;

export interface RouteRule {
  method: string;
  url: string;
  access: Access;
  storeParam: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Which path parameter names the store; default `storeId`. */
    storeParam?: string;
  }
  interface FastifyRequest {
    /** The signed-in user and the sign-in (refresh-token family) the access token came from. */
    user: { id: string; sessionId: string | null } | null;
    /** The store the route acts on and the caller's role in it (store-scoped routes only). */
    store: { id: string; role: Role } | null;
  }
  interface FastifyInstance {
    routeRules: RouteRule[];
    signAccessToken(userId: string, sessionId: string): Promise<string>;
    /**
     * Recently checked memberships. A route that changes a membership or deletes a store calls
     * `memberships.forgetStore(storeId)` after its transaction has committed.
     */
    memberships: MembershipCache;
    /**
     * Hears what other processes announce (plugins/invalidation.ts). While it is not
     * `trusted`, the caches here are bypassed: every request is checked against the database.
     */
    forgetListener: ForgetListener | null;
    /**
     * Forgets in this process at once what a committed change announced; the announcement
     * reaches the other processes (and this one again) through the listener.
     */
    forget(subject: ForgetSubject): void;
  }
}

export const ROLE_RANK: Record<Role, number> = { staff: 1, manager: 2, admin: 3, owner: 4 };
export const roleAtLeast = (role: Role, min: Role) => ROLE_RANK[role] >= ROLE_RANK[min];

const AUDIENCE = 'mojud-api';
const ISSUER = 'mojud';
export const ACCESS_TOKEN_SECONDS = 15 * 60;
const storeNotFound = { message: 'Store not found', code: 'store.notFound' };
/** The backstop: how long a membership is trusted even if its change were never heard of. */
export const MEMBERSHIP_CACHE_MS = 5_000;

export default fp(
  async (app, opts: { jwtSecret: string; membershipCacheMs?: number; listen?: boolean }) => {
    const key = new TextEncoder().encode(opts.jwtSecret);
    const cache = new MembershipCache(opts.membershipCacheMs ?? MEMBERSHIP_CACHE_MS);
    app.decorate('memberships', cache);
    app.decorateRequest('user', null);
    app.decorateRequest('store', null);
    app.decorate('routeRules', [] as RouteRule[]);

    app.decorate('signAccessToken', async (userId: string, sessionId: string) =>
      // `sid` names the sign-in, so "sign out my other devices" knows which one is this one
      // (the refresh cookie only travels to /api/v1/auth).
      new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setAudience(AUDIENCE)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
        .sign(key),
    );

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/v1') || route.method === 'HEAD') return;
      const access = route.config?.access;
      if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        app.routeRules.push({
          method,
          url: route.url,
          access,
          storeParam: route.config?.storeParam ?? 'storeId',
        });
      }
    });

    // Access tokens already verified (signature, expiry and a live session), by their exact
    // text, until they expire. Verifying an HS256 token through WebCrypto was about a seventh of
    // the API's CPU per request; a token seen before (every request of a signed-in screen) is
    // the same bytes, so the same answer, as long as its expiry is checked again on each use and
    // its sign-in has not ended: an ended sign-in is announced to every process
    // (plugins/invalidation.ts), which then drops its tokens here.
    const verified = new Map<string, { id: string; sessionId: string | null; expiresAt: number }>();
    const VERIFIED_MAX = 10_000;
    // Bumped by every drop: a check that began before it must not store what it read.
    let tokenGeneration = 0;
    const dropTokens = (match: (entry: { id: string; sessionId: string | null }) => boolean) => {
      tokenGeneration += 1;
      for (const [token, entry] of verified) if (match(entry)) verified.delete(token);
    };

    const handlers = {
      store: (id: string) => cache.forgetStore(id),
      session: (id: string) => dropTokens((e) => e.sessionId === id),
      user: (id: string) => dropTokens((e) => e.id === id),
      all: () => {
        cache.clear();
        tokenGeneration += 1;
        verified.clear();
      },
    };
    app.decorate('forget', (subject: ForgetSubject) => {
      if ('store' in subject) handlers.store(subject.store);
      else if ('session' in subject) handlers.session(subject.session);
      else handlers.user(subject.user);
    });
    const listener =
      opts.listen === false
        ? null
        : new ForgetListener({
            connectionString: (app.pool as unknown as { options: { connectionString: string } }).options.connectionString,
            log: app.log,
            handlers,
          });
    app.decorate('forgetListener', listener);
    if (listener) {
      app.addHook('onReady', () => listener.start());
      app.addHook('onClose', () => listener.stop());
    }
    /** Memory may be used only while every announced change is being heard. */
    const trustMemory = () => !listener || listener.trusted;

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config?.access;
      if (!access || access === 'public') return;

      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
      if (!token) throw unauthorized({ message: 'Please log in to continue', code: 'auth.required' });
      const known = trustMemory() ? verified.get(token) : undefined;
      if (known && known.expiresAt > Date.now()) {
        request.user = { id: known.id, sessionId: known.sessionId };
      } else {
        if (known) verified.delete(token);
        let claims: { id: string; sessionId: string | null; expiresAt: number };
        try {
          // The algorithm is pinned: a token signed any other way (or "none") is refused.
          const { payload } = await jwtVerify(token, key, {
            algorithms: ['HS256'],
            audience: AUDIENCE,
            issuer: ISSUER,
          });
          if (!payload.sub || !isUuid(payload.sub)) throw new Error('no subject');
          if (typeof payload.exp !== 'number') throw new Error('no expiry');
          claims = {
            id: payload.sub,
            sessionId: typeof payload.sid === 'string' && isUuid(payload.sid) ? payload.sid : null,
            expiresAt: payload.exp * 1000,
          };
        } catch {
          throw unauthorized({ message: 'Your session has expired. Please log in again.', code: 'auth.sessionExpired' });
        }
        request.dbContext.userId = claims.id;
        const generation = tokenGeneration;
        // A signed-out sign-in (logout, password change, "sign out other devices") ends its
        // access tokens too, not only its refresh token. Checked once per token per process
        // while the listener is up; on every request while it is down.
        if (claims.sessionId) {
          const [live] = await app.db
            .select({ id: refreshTokens.id })
            .from(refreshTokens)
            .where(and(eq(refreshTokens.familyId, claims.sessionId), eq(refreshTokens.userId, claims.id), isNull(refreshTokens.revokedAt)))
            .limit(1);
          if (!live) throw unauthorized({ message: 'Your session has ended. Please log in again.', code: 'auth.sessionEnded' });
        }
        request.user = { id: claims.id, sessionId: claims.sessionId };
        if (trustMemory() && generation === tokenGeneration) {
          // Bounded memory: past the limit start again rather than track ages.
          if (verified.size >= VERIFIED_MAX) verified.clear();
          verified.set(token, claims);
        }
      }
      request.dbContext.userId = request.user.id;
      if (access === 'user') return;

      const storeParam = request.routeOptions.config?.storeParam ?? 'storeId';
      const storeId = (request.params as Record<string, string | undefined>)[storeParam];
      // Not a member, no such store, or a malformed id: all look the same from outside.
      if (!storeId || !isUuid(storeId)) throw notFound(storeNotFound);
      // The membership check already runs in the store's database context: its own filter
      // names the store and the user, and the connection then serves the handler unchanged.
      request.dbContext.storeId = storeId;
      let role = trustMemory() ? cache.get(storeId, request.user.id) : undefined;
      if (!role) {
        const generation = cache.generation;
        const [row] = await app.db
          .select({ role: memberships.role })
          .from(memberships)
          .innerJoin(stores, eq(stores.id, memberships.storeId))
          .where(
            and(
              eq(memberships.storeId, storeId),
              eq(memberships.userId, request.user.id),
              isNull(stores.deletedAt),
            ),
          )
          .limit(1);
        if (row && trustMemory()) cache.set(storeId, request.user.id, row.role, generation);
        role = row?.role;
      }
      if (!role || !roleAtLeast(role, access)) {
        request.dbContext.storeId = null;
        if (!role) throw notFound(storeNotFound);
        throw forbidden({ message: `Only a ${access} or above can do this; your role is ${role}`, code: 'access.role', params: { required: access, role } });
      }
      // From here on, PostgreSQL itself keeps this request's queries to this store.
      request.store = { id: storeId, role };
    });
  },
  { name: 'access', dependencies: ['db'] },
);
