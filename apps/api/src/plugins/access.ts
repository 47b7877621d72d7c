import fp from 'fastify-plugin';
import { and, eq, isNull } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { Role } from '@mojud/contracts';
import { memberships, stores } from '../db/schema';
import { forbidden, notFound, unauthorized } from '../errors';
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
  }
}

export const ROLE_RANK: Record<Role, number> = { staff: 1, manager: 2, admin: 3, owner: 4 };
export const roleAtLeast = (role: Role, min: Role) => ROLE_RANK[role] >= ROLE_RANK[min];

const AUDIENCE = 'mojud-api';
const ISSUER = 'mojud';
export const ACCESS_TOKEN_SECONDS = 15 * 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** How long another instance's membership change can go unnoticed here (docs/decisions.md). */
export const MEMBERSHIP_CACHE_MS = 5_000;

export default fp(
  async (app, opts: { jwtSecret: string; membershipCacheMs?: number }) => {
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

    // Access tokens already verified, by their exact text, until they expire. Verifying an
    // HS256 token through WebCrypto was about a seventh of the API's CPU per request; a token
    // seen before (every request of a signed-in screen) is the same bytes, so the same answer,
    // as long as its expiry is checked again on each use. Nothing revokes an access token
    // before its expiry, so remembering one changes no outcome.
    const verified = new Map<string, { id: string; sessionId: string | null; expiresAt: number }>();
    const VERIFIED_MAX = 10_000;

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config?.access;
      if (!access || access === 'public') return;

      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
      if (!token) throw unauthorized('Please log in to continue');
      const known = verified.get(token);
      if (known && known.expiresAt > Date.now()) {
        request.user = { id: known.id, sessionId: known.sessionId };
      } else {
        if (known) verified.delete(token);
        try {
          // The algorithm is pinned: a token signed any other way (or "none") is refused.
          const { payload } = await jwtVerify(token, key, {
            algorithms: ['HS256'],
            audience: AUDIENCE,
            issuer: ISSUER,
          });
          if (!payload.sub || !UUID.test(payload.sub)) throw new Error('no subject');
          if (typeof payload.exp !== 'number') throw new Error('no expiry');
          request.user = { id: payload.sub, sessionId: typeof payload.sid === 'string' ? payload.sid : null };
          // Bounded memory: past the limit start again rather than track ages.
          if (verified.size >= VERIFIED_MAX) verified.clear();
          verified.set(token, { ...request.user, expiresAt: payload.exp * 1000 });
        } catch {
          throw unauthorized('Your session has expired. Please log in again.');
        }
      }
      request.dbContext.userId = request.user.id;
      if (access === 'user') return;

      const storeParam = request.routeOptions.config?.storeParam ?? 'storeId';
      const storeId = (request.params as Record<string, string | undefined>)[storeParam];
      // Not a member, no such store, or a malformed id: all look the same from outside.
      if (!storeId || !UUID.test(storeId)) throw notFound('Store not found');
      // The membership check already runs in the store's database context: its own filter
      // names the store and the user, and the connection then serves the handler unchanged.
      request.dbContext.storeId = storeId;
      let role = cache.get(storeId, request.user.id);
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
        if (row) cache.set(storeId, request.user.id, row.role, generation);
        role = row?.role;
      }
      if (!role || !roleAtLeast(role, access)) {
        request.dbContext.storeId = null;
        if (!role) throw notFound('Store not found');
        throw forbidden(`Only a ${access} or above can do this; your role is ${role}`);
      }
      // From here on, PostgreSQL itself keeps this request's queries to this store.
      request.store = { id: storeId, role };
    });
  },
  { name: 'access', dependencies: ['db'] },
);
