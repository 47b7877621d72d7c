import { and, asc, eq, sql } from 'drizzle-orm';
import type { Role } from '@mojud/contracts';
import type { DbOrTx } from '../db/client';
import { memberships, stores, users } from '../db/schema';
import { announce } from '../plugins/invalidation';

const memberColumns = {
  userId: memberships.userId,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: memberships.role,
  since: memberships.createdAt,
};

type MemberRow = { userId: string; username: string; email: string; firstName: string | null; lastName: string | null; role: Role; since: Date };

export const toMember = (m: MemberRow) => ({
  userId: m.userId,
  username: m.username,
  email: m.email,
  name: [m.firstName, m.lastName].filter(Boolean).join(' ') || null,
  role: m.role,
  since: m.since.toISOString(),
});

const ROLE_ORDER = sql`case ${memberships.role} when 'owner' then 0 when 'admin' then 1 when 'manager' then 2 else 3 end`;

export async function listMembers(db: DbOrTx, storeId: string) {
  const rows = await db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.storeId, storeId))
    .orderBy(ROLE_ORDER, asc(memberships.createdAt));
  return rows.map(toMember);
}

/** The member row, locked for the rest of the transaction when `forUpdate`. */
export async function findMember(db: DbOrTx, storeId: string, userId: string, forUpdate = false) {
  const q = db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.storeId, storeId), eq(memberships.userId, userId)))
    .limit(1);
  const [row] = forUpdate ? await q.for('update', { of: memberships }) : await q;
  return row;
}

/** Pass the route's transaction: every process forgets the store's memberships when it commits. */
export async function setRole(db: DbOrTx, storeId: string, userId: string, role: Role) {
  await db.update(memberships).set({ role }).where(and(eq(memberships.storeId, storeId), eq(memberships.userId, userId)));
  await announce(db, { store: storeId });
}

/** Pass the route's transaction: every process forgets the store's memberships when it commits. */
export async function removeMember(db: DbOrTx, storeId: string, userId: string) {
  await db.delete(memberships).where(and(eq(memberships.storeId, storeId), eq(memberships.userId, userId)));
  await announce(db, { store: storeId });
}

/** The store as its new owner's answer shows it. */
export async function findStore(db: DbOrTx, storeId: string) {
  const [store] = await db.select().from(stores).where(eq(stores.id, storeId));
  return store;
}
