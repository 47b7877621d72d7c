import { and, asc, eq, isNull } from 'drizzle-orm';
import type { CreateStoreBody, Locale, Role, SellingLimitSettings, UpdateStoreBody } from '@mojud/contracts';
import type { DbOrTx, Tx } from '../db/client';
import { divisions, memberships, stores, users } from '../db/schema';
import { text } from '../i18n/text';
import { announce } from '../plugins/invalidation';
import { now } from '../clock';
import { copySource, copyStoreSetup } from './copy';

const storeColumns = {
  id: stores.id,
  name: stores.name,
  location: stores.location,
  phone: stores.phone,
  image: stores.image,
  role: memberships.role,
};

export async function listStoresOf(db: DbOrTx, userId: string) {
  return db
    .select(storeColumns)
    .from(stores)
    .innerJoin(memberships, eq(memberships.storeId, stores.id))
    .where(and(eq(memberships.userId, userId), isNull(stores.deletedAt)))
    .orderBy(asc(memberships.createdAt), asc(stores.name));
}

export async function getStoreFor(db: DbOrTx, storeId: string, userId: string) {
  const [row] = await db
    .select(storeColumns)
    .from(stores)
    .innerJoin(memberships, eq(memberships.storeId, stores.id))
    .where(and(eq(stores.id, storeId), eq(memberships.userId, userId), isNull(stores.deletedAt)))
    .limit(1);
  return row;
}

/** The language the user reads, in which a store they create names its first things. */
export async function localeOf(db: DbOrTx, userId: string): Promise<Locale> {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.locale ?? 'en';
}

/**
 * A new store: the creator is its owner, and it starts with the delivery area "Main" (named in
 * the creator's language: "প্রধান এলাকা" for someone who reads Bangla), or, started from
 * another of their stores (`copyFrom`), with that store's setup and areas (stores/copy.ts).
 */
export async function createStore(tx: Tx, userId: string, body: CreateStoreBody, locale: Locale = 'en') {
  const { copyFrom, ...fields } = body;
  // Checked before anything is written: a refusal leaves no half-made store.
  const source = copyFrom ? await copySource(tx, userId, copyFrom.storeId) : null;
  const [store] = await tx
    .insert(stores)
    .values({ ...fields, createdBy: userId, ...(source && { officialPricePolicy: source.officialPricePolicy }) })
    .returning();
  await tx.insert(memberships).values({ storeId: store.id, userId, role: 'owner' });
  const copiedAreas =
    source && copyFrom
      ? await copyStoreSetup(tx, { from: source.storeId, to: store.id, shops: copyFrom.shops, sameOwner: source.role === 'owner' })
      : 0;
  if (copiedAreas === 0) await tx.insert(divisions).values({ storeId: store.id, name: text(locale, 'firstArea') });
  return { ...pick(store), role: 'owner' as Role };
}

/** Changes the given fields; a body with none answers the store as it is (a PATCH of nothing is no error). */
export async function updateStore(db: DbOrTx, storeId: string, body: UpdateStoreBody) {
  const changes = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
  const [store] =
    Object.keys(changes).length === 0
      ? await db.select().from(stores).where(eq(stores.id, storeId)).limit(1)
      : await db.update(stores).set(changes).where(eq(stores.id, storeId)).returning();
  return pick(store);
}

/** How far below the tier price the store's staff may sell (rule 14). */
export async function readSellingLimit(db: DbOrTx, storeId: string) {
  const [row] = await db.select({ staffBelowTierPercent: stores.staffBelowTierPercent }).from(stores).where(eq(stores.id, storeId)).limit(1);
  return { staffBelowTierPercent: row?.staffBelowTierPercent ?? 0 };
}

export async function writeSellingLimit(db: DbOrTx, storeId: string, limit: SellingLimitSettings) {
  await db.update(stores).set({ staffBelowTierPercent: limit.staffBelowTierPercent }).where(eq(stores.id, storeId));
  return readSellingLimit(db, storeId);
}

/** Stores are soft-deleted: the ledger is the business's history and is kept. */
/** Pass the route's transaction: every process forgets the store's memberships when it commits. */
export async function deleteStore(db: DbOrTx, storeId: string) {
  await db.update(stores).set({ deletedAt: now() }).where(eq(stores.id, storeId));
  await announce(db, { store: storeId });
}

const pick = (s: typeof stores.$inferSelect) => ({
  id: s.id,
  name: s.name,
  location: s.location,
  phone: s.phone,
  image: s.image,
});
