import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { isUuid, type InviteLifespan, type Role } from '@mojud/contracts';
import type { DbOrTx } from '../db/client';
import { invites, memberships, stores, users } from '../db/schema';
import { now, nowMs } from '../clock';

export const LIFESPAN_MS: Record<InviteLifespan, number> = {
  '1h': 3_600_000,
  '6h': 6 * 3_600_000,
  '12h': 12 * 3_600_000,
  '1d': 24 * 3_600_000,
  '3d': 3 * 24 * 3_600_000,
  '7d': 7 * 24 * 3_600_000,
};

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/**
 * An invitation's secret: 256 bits derived from the server's secret and the invitation's
 * random id. Only its hash is stored; deriving it again lets the invited person's list carry
 * it (the spec's `token` field) without keeping the secret itself in the database.
 */
export const inviteToken = (secret: string, inviteId: string) =>
  crypto.createHmac('sha256', `${secret}:invite-tokens`).update(inviteId).digest('base64url');

export type InviteRow = typeof invites.$inferSelect;

export const toStoreInvite = (i: InviteRow) => ({
  id: i.id,
  email: i.email,
  role: i.role,
  expiresAt: i.expiresAt.toISOString(),
  createdAt: i.createdAt.toISOString(),
});

/** Whether a user with this e-mail already belongs to the store. */
export async function isMemberByEmail(db: DbOrTx, storeId: string, email: string) {
  const [row] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.storeId, storeId), sql`lower(${users.email}) = ${email.toLowerCase()}`))
    .limit(1);
  return Boolean(row);
}

/** The language chosen by the account with this e-mail, if there is one and it chose. */
export async function localeOfEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ locale: users.locale })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row?.locale ?? undefined;
}

/** A new pending invitation; an earlier pending one to the same e-mail is marked replaced. */
export async function createInvite(
  tx: DbOrTx,
  input: { storeId: string; email: string; role: 'admin' | 'manager' | 'staff'; lifespan: InviteLifespan; invitedBy: string },
  secret: string,
) {
  await tx
    .update(invites)
    .set({ status: 'replaced', respondedAt: now() })
    .where(
      and(
        eq(invites.storeId, input.storeId),
        eq(invites.status, 'pending'),
        sql`lower(${invites.email}) = ${input.email.toLowerCase()}`,
      ),
    );
  const id = crypto.randomUUID();
  const token = inviteToken(secret, id);
  const [invite] = await tx
    .insert(invites)
    .values({
      id,
      storeId: input.storeId,
      email: input.email,
      role: input.role,
      tokenHash: hashToken(token),
      invitedBy: input.invitedBy,
      expiresAt: new Date(nowMs() + LIFESPAN_MS[input.lifespan]),
    })
    .returning();
  return { invite, token };
}

export async function pendingInvitesOfStore(db: DbOrTx, storeId: string) {
  const rows = await db
    .select()
    .from(invites)
    .where(and(eq(invites.storeId, storeId), eq(invites.status, 'pending'), gt(invites.expiresAt, sql`app_now()`)))
    .orderBy(desc(invites.createdAt));
  return rows.map(toStoreInvite);
}

/** A pending, unexpired invitation of the store; undefined for anything else (or not an id). */
export async function pendingInviteOfStore(db: DbOrTx, storeId: string, inviteId: string) {
  if (!isUuid(inviteId)) return undefined;
  const [row] = await db
    .select()
    .from(invites)
    .where(
      and(eq(invites.id, inviteId), eq(invites.storeId, storeId), eq(invites.status, 'pending'), gt(invites.expiresAt, sql`app_now()`)),
    );
  return row;
}

/** The lifespan an invitation was given (the nearest of the choices: its times differ by milliseconds). */
export function lifespanOf(invite: Pick<InviteRow, 'createdAt' | 'expiresAt'>): InviteLifespan {
  const span = invite.expiresAt.getTime() - invite.createdAt.getTime();
  const choices = Object.entries(LIFESPAN_MS) as [InviteLifespan, number][];
  return choices.reduce((best, next) => (Math.abs(next[1] - span) < Math.abs(best[1] - span) ? next : best))[0];
}

export async function revokeInvite(db: DbOrTx, storeId: string, inviteId: string) {
  const rows = await db
    .update(invites)
    .set({ status: 'revoked', respondedAt: now() })
    .where(and(eq(invites.id, inviteId), eq(invites.storeId, storeId), eq(invites.status, 'pending')))
    .returning({ id: invites.id });
  return rows.length > 0;
}

/** The invitations to a (verified) address, each with its token. */
export async function pendingInvitesForEmail(db: DbOrTx, email: string, secret: string) {
  const rows = await db
    .select({ invite: invites, storeName: stores.name })
    .from(invites)
    .innerJoin(stores, eq(stores.id, invites.storeId))
    .where(
      and(
        sql`lower(${invites.email}) = ${email.toLowerCase()}`,
        eq(invites.status, 'pending'),
        gt(invites.expiresAt, sql`app_now()`),
        isNull(stores.deletedAt),
      ),
    )
    .orderBy(desc(invites.createdAt));
  return rows.map(({ invite, storeName }) => toUserInvite(invite, storeName, secret));
}

export const toUserInvite = (i: InviteRow, storeName: string, secret: string) => ({
  id: i.id,
  token: inviteToken(secret, i.id),
  role: i.role,
  store: { id: i.storeId, name: storeName },
  expiresAt: i.expiresAt.toISOString(),
});

/** The invitation with its (live) store; `forUpdate` locks the invitation row. */
export async function findInvite(db: DbOrTx, where: { id: string } | { tokenHash: string }, forUpdate = false) {
  const q = db
    .select({ invite: invites, store: stores })
    .from(invites)
    .innerJoin(stores, eq(stores.id, invites.storeId))
    .where(
      and('id' in where ? eq(invites.id, where.id) : eq(invites.tokenHash, where.tokenHash), isNull(stores.deletedAt)),
    )
    .limit(1);
  const [row] = forUpdate ? await q.for('update', { of: invites }) : await q;
  return row;
}

export async function membershipRole(db: DbOrTx, storeId: string, userId: string): Promise<Role | undefined> {
  const [row] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.storeId, storeId), eq(memberships.userId, userId)))
    .limit(1);
  return row?.role;
}

/** The store's name, for the invitation e-mail. */
export async function storeName(db: DbOrTx, storeId: string) {
  const [{ name }] = await db.select({ name: stores.name }).from(stores).where(eq(stores.id, storeId));
  return name;
}

/** The invitee joins the store with the invitation's role; the invitation is accepted. */
export async function acceptInvite(db: DbOrTx, invite: InviteRow, storeId: string, userId: string) {
  await db.insert(memberships).values({ storeId, userId, role: invite.role });
  await db.update(invites).set({ status: 'accepted', acceptedBy: userId, respondedAt: now() }).where(eq(invites.id, invite.id));
}

/** Declines an invitation still pending (one accepted meanwhile stays accepted). */
export async function declineInvite(db: DbOrTx, inviteId: string) {
  await db
    .update(invites)
    .set({ status: 'declined', respondedAt: now() })
    .where(and(eq(invites.id, inviteId), eq(invites.status, 'pending')));
}
