import crypto from 'node:crypto';
import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { loginFailures, refreshTokens, users } from '../db/schema';
import { announce } from '../plugins/invalidation';
import { now, nowMs } from '../clock';

export const REFRESH_TOKEN_DAYS = 30;
/** A rotated token may be presented again this long after rotation (a lost response). */
export const REUSE_GRACE_SECONDS = 30;

export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
const newToken = () => crypto.randomBytes(32).toString('base64url');

export type UserRow = typeof users.$inferSelect;

export const toUser = (u: UserRow) => ({
  id: u.id,
  email: u.email,
  username: u.username,
  firstName: u.firstName,
  lastName: u.lastName,
  locale: u.locale ?? null,
  latinDigits: u.latinDigits,
  emailVerified: u.emailVerifiedAt !== null,
  pendingEmail: u.pendingEmail,
});

/** A new account. */
export async function insertUser(
  db: DbOrTx,
  user: { username: string; email: string; passwordHash: string; locale: 'en' | 'bn' | null },
) {
  const [row] = await db.insert(users).values(user).returning();
  return row;
}

/** Changes the given fields of a user and answers the user as now. */
export async function updateUser(db: DbOrTx, id: string, changes: Partial<typeof users.$inferInsert>) {
  const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
  return row;
}

export async function findUserByIdentifier(db: DbOrTx, identifier: string) {
  const id = identifier.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.email}) = ${id}`, sql`lower(${users.username}) = ${id}`))
    .limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Which of these are already taken by someone other than `exceptUserId`. */
export async function takenFields(
  db: DbOrTx,
  fields: { username?: string; email?: string },
  exceptUserId?: string,
) {
  const taken: { field: string; message: string; code: string }[] = [];
  const others = exceptUserId ? ne(users.id, exceptUserId) : undefined;
  if (fields.username) {
    const [u] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.username}) = ${fields.username.toLowerCase()}`, others))
      .limit(1);
    if (u) taken.push({ field: 'username', message: 'This username is already taken', code: 'auth.usernameTaken' });
  }
  if (fields.email) {
    const [u] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${fields.email.toLowerCase()}`, others))
      .limit(1);
    if (u) taken.push({ field: 'email', message: 'An account with this email already exists', code: 'auth.emailTaken' });
  }
  return taken;
}

/** Starts a new session family and returns its first refresh token (the raw value). */
export async function createSession(db: DbOrTx, userId: string, familyId: string = crypto.randomUUID()) {
  const token = newToken();
  await db.insert(refreshTokens).values({
    familyId,
    userId,
    tokenHash: sha256(token),
    expiresAt: new Date(nowMs() + REFRESH_TOKEN_DAYS * 86_400_000),
  });
  return { token, familyId };
}

export type RotateResult =
  | { ok: true; token: string; userId: string; familyId: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

/**
 * Exchanges a refresh token for a new one in the same family. Presenting a token that was
 * already rotated means it was copied: the whole family is revoked, unless it happens within
 * a short grace window (the browser never got the previous answer).
 */
export async function rotateRefreshToken(db: DbOrTx, token: string): Promise<RotateResult> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(token)))
    .for('update')
    .limit(1);
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revokedAt) return { ok: false, reason: 'revoked' };
  if (row.expiresAt.getTime() < nowMs()) return { ok: false, reason: 'expired' };
  if (row.rotatedAt) {
    const age = (nowMs() - row.rotatedAt.getTime()) / 1000;
    if (age > REUSE_GRACE_SECONDS) {
      await revokeFamily(db, row.familyId);
      return { ok: false, reason: 'reused' };
    }
  } else {
    await db.update(refreshTokens).set({ rotatedAt: now() }).where(eq(refreshTokens.id, row.id));
  }
  const next = await createSession(db, row.userId, row.familyId);
  return { ok: true, token: next.token, userId: row.userId, familyId: row.familyId };
}

/** Ends a sign-in; pass the route's transaction (every process drops its access tokens on commit). */
export async function revokeFamily(db: DbOrTx, familyId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  await announce(db, { session: familyId });
}

export async function familyOfToken(db: DbOrTx, token: string) {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId, userId: refreshTokens.userId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(token)))
    .limit(1);
  return row;
}

/** Ends every session of the user except the family `keepFamilyId` (the caller's own). */
export async function revokeOtherSessions(db: DbOrTx, userId: string, keepFamilyId?: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now() })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keepFamilyId ? ne(refreshTokens.familyId, keepFamilyId) : undefined,
      ),
    );
  await announce(db, { user: userId });
}

export async function recentFailures(db: DbOrTx, identifier: string, windowSeconds: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, oldest: sql<Date | null>`min(${loginFailures.at})` })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.identifier, identifier),
        gt(loginFailures.at, new Date(nowMs() - windowSeconds * 1000)),
      ),
    );
  return { count: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

export async function recordFailure(db: DbOrTx, identifier: string, ip: string) {
  await db.insert(loginFailures).values({ identifier, ip });
}

export async function clearFailures(db: DbOrTx, identifier: string) {
  await db.delete(loginFailures).where(eq(loginFailures.identifier, identifier));
}
