import crypto from 'node:crypto';
import { and, desc, isNotNull, sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import type { Role } from '@mojud/contracts';
import { buildApp, type App, type AppOptions } from '../../app';
import { createDb, createPool, type Db } from '../../db/client';
import { mailQueue, memberships } from '../../db/schema';

export interface TestContext {
  app: App;
  db: Db;
  pool: pg.Pool;
  /** The file's database, for a second API process on it (`createPeerApp`). */
  url: string;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database (cloned from the run's template) and an app on it.
 * One per test file: files run in parallel without seeing each other's rows.
 */
export async function createTestApp(opts: Partial<AppOptions> = {}): Promise<TestContext> {
  const adminUrl = inject('pgAdminUrl');
  const template = inject('pgTemplate');
  const name = `mojud_t_${process.ppid}_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}" template "${template}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = createPool(url.toString(), 60);
  const app = await buildTestApi(pool, opts);
  return {
    app,
    db: createDb(pool),
    pool,
    url: url.toString(),
    close: async () => {
      await app.close();
      await pool.end();
      await admin.query(`drop database if exists "${name}" with (force)`).catch(() => {});
      await admin.end();
    },
  };
}

/** The API as every test builds it: a fixed secret, the dev origin, a per-address limit no test trips by accident. */
async function buildTestApi(pool: ReturnType<typeof createPool>, opts: Partial<AppOptions>) {
  const app = await buildApp({
    pool,
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256',
    appOrigins: ['http://localhost:4200'],
    loginPerMinutePerIp: 10_000,
    ...opts,
  });
  await app.ready();
  return app;
}

/**
 * Another API instance on the same database, as a second process behind a load balancer would
 * be: its own pool, caches, listener and in-memory state. Close it before `ctx.close()`.
 * `url`: reach the database another way (through a proxy a test can cut).
 */
export async function createPeerApp(ctx: TestContext, opts: Partial<AppOptions> = {}, url = ctx.url) {
  const pool = createPool(url, 20);
  const app = await buildTestApi(pool, opts);
  return {
    app,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}

let counter = 0;
/** A unique, valid sign-up body. */
export function newUserBody(prefix = 'user') {
  counter += 1;
  const tag = `${prefix}${counter}_${crypto.randomBytes(3).toString('hex')}`;
  return { username: tag, email: `${tag}@example.com`, password: 'correct horse battery' };
}

/** A random client address, so tests don't share the per-IP login limit. */
export const randomIp = () => `10.${crypto.randomInt(255)}.${crypto.randomInt(255)}.${crypto.randomInt(1, 255)}`;

export interface SignedIn {
  id: string;
  username: string;
  email: string;
  password: string;
  token: string;
  /** Headers for authenticated calls. */
  auth: { authorization: string };
  /** The refresh cookie header value. */
  cookie: string;
}

/**
 * A new account whose address is verified the way a person does it: by opening the link the
 * sign-up mailed (read from the mail queue). `{ verify: false }` leaves the address unverified.
 */
export async function signUp(app: App, prefix?: string, { verify = true } = {}): Promise<SignedIn> {
  const body = newUserBody(prefix);
  const reg = await app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: body, remoteAddress: randomIp() });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.body}`);
  if (verify) await openMailedLink(app, body.email, '/api/v1/auth/verify-email');
  return logIn(app, body.username, body.password, body.email);
}

/** The token of the newest mail in the mail queue to `email` that carries a link. */
export async function mailedToken(app: App, email: string) {
  const [row] = await app.db
    .select({ link: mailQueue.link })
    .from(mailQueue)
    .where(and(sql`lower(${mailQueue.toAddress}) = ${email.toLowerCase()}`, isNotNull(mailQueue.link)))
    .orderBy(desc(mailQueue.id))
    .limit(1);
  if (!row?.link) throw new Error(`no link mailed to ${email}`);
  return new URL(row.link).searchParams.get('token')!;
}

/** Opens the newest link mailed to `email` as its page does: POSTs its token to `url`. */
export async function openMailedLink(app: App, email: string, url: string, extra: Record<string, string> = {}) {
  const token = await mailedToken(app, email);
  const res = await app.inject({ method: 'POST', url, payload: { token, ...extra }, remoteAddress: randomIp() });
  if (res.statusCode !== 204) throw new Error(`${url} failed: ${res.body}`);
  return res;
}

export async function logIn(app: App, identifier: string, password: string, email = ''): Promise<SignedIn> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { loginIdentifier: identifier, password },
    remoteAddress: randomIp(),
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  const { accessToken, user } = res.json();
  const rt = res.cookies.find((c) => c.name === 'mojud_rt');
  return {
    id: user.id,
    username: user.username,
    email: email || user.email,
    password,
    token: accessToken,
    auth: { authorization: `Bearer ${accessToken}` },
    cookie: `mojud_rt=${rt?.value}`,
  };
}

export async function createStore(app: App, who: SignedIn, name = 'Test Gas House') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/stores',
    headers: who.auth,
    payload: { name, location: 'Dhaka', phone: '01711000000' },
  });
  if (res.statusCode !== 201) throw new Error(`create store failed: ${res.body}`);
  return res.json().store as { id: string; name: string };
}

/** Adds `who` to a store with a role, as an accepted invitation would. */
export async function addMember(ctx: TestContext, storeId: string, who: SignedIn, role: Role) {
  await ctx.db.insert(memberships).values({ storeId, userId: who.id, role });
}

/** An owner with a store, plus one member of every other role and an outsider with a store of their own. */
export async function storeWithTeam(ctx: TestContext) {
  const owner = await signUp(ctx.app, 'owner');
  const store = await createStore(ctx.app, owner);
  const admin = await signUp(ctx.app, 'admin');
  const manager = await signUp(ctx.app, 'manager');
  const staff = await signUp(ctx.app, 'staff');
  const outsider = await signUp(ctx.app, 'outsider');
  const otherStore = await createStore(ctx.app, outsider, 'Other Store');
  await addMember(ctx, store.id, admin, 'admin');
  await addMember(ctx, store.id, manager, 'manager');
  await addMember(ctx, store.id, staff, 'staff');
  return { store, owner, admin, manager, staff, outsider, otherStore };
}

/** Polls `fn` every 50 ms until it holds or `limitMs` passes; says whether it held. */
export async function until(limitMs: number, fn: () => boolean | Promise<boolean>) {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (await fn()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/** A logger for job runners started by a test: quiet. */
export const silentLog = { info: () => {}, warn: () => {}, error: () => {} };
