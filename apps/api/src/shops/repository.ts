import { and, asc, count, desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { DivisionBody, ShopBody } from '@mojud/contracts';
import { searchKey, searchWords, shopCode, takaNumeric } from '@mojud/domain';
import { isUuid } from '@mojud/contracts';
import type { DbOrTx, Tx } from '../db/client';
import { divisions, ledgerEntries, shops } from '../db/schema';
import { emptiesOwedByShop } from '../empties/owed';
import { openingStands } from '../opening/repository';
import { appendLedgerEntry } from '../ledger/ledger';
import { paymentColumns } from '../accounts/repository';
import { now } from '../clock';
import { statementLines } from './statement-lines';

/** A malformed id names nothing: callers answer it like any unknown id (404). */
export const isId = (id: string | undefined): id is string => !!id && isUuid(id);

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// ---- Areas -------------------------------------------------------------------------------

export async function listDivisions(db: DbOrTx, storeId: string) {
  const live = db
    .select({ divisionId: shops.divisionId, n: count().as('n') })
    .from(shops)
    .where(and(eq(shops.storeId, storeId), isNull(shops.deletedAt)))
    .groupBy(shops.divisionId)
    .as('live');
  const rows = await db
    .select({ id: divisions.id, name: divisions.name, shopCount: sql<number>`coalesce(${live.n}, 0)::int` })
    .from(divisions)
    .leftJoin(live, eq(live.divisionId, divisions.id))
    .where(and(eq(divisions.storeId, storeId), isNull(divisions.deletedAt)))
    .orderBy(asc(divisions.createdAt), asc(divisions.name));
  return rows;
}

export async function findDivision(db: DbOrTx, storeId: string, divisionId: string) {
  if (!isId(divisionId)) return undefined;
  const [row] = await db
    .select({ id: divisions.id, name: divisions.name })
    .from(divisions)
    .where(and(eq(divisions.id, divisionId), eq(divisions.storeId, storeId), isNull(divisions.deletedAt)));
  return row;
}

export async function createDivision(db: DbOrTx, storeId: string, body: { name: string }) {
  const [row] = await db.insert(divisions).values({ storeId, name: body.name }).returning();
  return { id: row.id, name: row.name, shopCount: 0 };
}

export async function renameDivision(db: DbOrTx, storeId: string, divisionId: string, body: DivisionBody) {
  if (!isId(divisionId)) return undefined;
  const [row] = await db
    .update(divisions)
    .set({ name: body.name })
    .where(and(eq(divisions.id, divisionId), eq(divisions.storeId, storeId), isNull(divisions.deletedAt)))
    .returning({ id: divisions.id });
  if (!row) return undefined;
  return (await listDivisions(db, storeId)).find((d) => d.id === row.id);
}

export async function countLiveDivisions(db: DbOrTx, storeId: string) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(divisions)
    .where(and(eq(divisions.storeId, storeId), isNull(divisions.deletedAt)));
  return n;
}

export async function countShopsIn(db: DbOrTx, storeId: string, divisionId: string) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(shops)
    .where(and(eq(shops.storeId, storeId), eq(shops.divisionId, divisionId), isNull(shops.deletedAt)));
  return n;
}

export async function softDeleteDivision(db: DbOrTx, storeId: string, divisionId: string) {
  await db
    .update(divisions)
    .set({ deletedAt: now() })
    .where(and(eq(divisions.id, divisionId), eq(divisions.storeId, storeId)));
}

// ---- Shops ---------------------------------------------------------------------------------

/**
 * Each shop's due: the sum of its ledger due deltas (never stored, so it cannot drift), read per
 * shop through the ledger's shop index. A join to the store's dues grouped by shop was planned
 * as a nested loop over the whole group for each shop while a freshly imported store's
 * statistics still said "no shops" (5,000 imported shops listed in 40 s instead of well under 1).
 */
const dueOfShop = sql<string>`coalesce((select sum(l.due_delta) from ledger_entries l
  where l.shop_id = ${shops.id} and l.store_id = ${shops.storeId}), 0)`;

// A column folded as libs/domain's `searchKey` folds what is typed: lower case, Bengali digits
// as Latin ones, joiners dropped, punctuation and spaces as one space.
const folded = (column: typeof shops.name | typeof shops.phone) =>
  sql`regexp_replace(regexp_replace(translate(lower(${column}), '০১২৩৪৫৬৭৮৯', '0123456789'), '[\u200b-\u200d\ufeff]', '', 'g'), '[\\s\\-_.,/()]+', ' ', 'g')`;

function searchFilter(search: string | undefined) {
  // Every word typed, in either script and either digits ("করিম ০১৭১১"), is in the name or phone.
  const words = searchWords(search);
  if (words.length === 0) return undefined;
  const digits = searchKey(search).replace(/\D/g, '');
  return or(
    and(...words.map((word) => or(sql`${folded(shops.name)} like ${likePattern(word)}`, sql`${folded(shops.phone)} like ${likePattern(word)}`))),
    // "01711 000000" finds "01711-000000".
    digits.length >= 3
      ? sql`regexp_replace(${shops.phone}, '\\D', '', 'g') like ${likePattern(digits)}`
      : undefined,
  );
}

export async function listShops(
  db: DbOrTx,
  storeId: string,
  opts: { divisionId?: string; search?: string; sort?: 'name' | 'due'; shopId?: string; limit?: number },
) {
  const due = dueOfShop;
  const rows = await db
    .select({
      id: shops.id,
      name: shops.name,
      contactName: shops.contactName,
      phone: shops.phone,
      address: shops.address,
      image: shops.image,
      divisionId: shops.divisionId,
      divisionName: divisions.name,
      priceTier: shops.priceTier,
      language: shops.language,
      codeNumber: shops.codeNumber,
      due,
      hasOpening: openingStands(sql`${shops.storeId}`, sql`${shops.id}`),
    })
    .from(shops)
    .innerJoin(divisions, and(eq(divisions.storeId, shops.storeId), eq(divisions.id, shops.divisionId)))
    .where(
      and(
        eq(shops.storeId, storeId),
        isNull(shops.deletedAt),
        opts.divisionId ? eq(shops.divisionId, opts.divisionId) : undefined,
        opts.shopId ? eq(shops.id, opts.shopId) : undefined,
        searchFilter(opts.search),
      ),
    )
    // Highest due first: who to collect from today.
    .orderBy(
      ...(opts.sort === 'due'
        ? [desc(due), asc(sql`lower(${shops.name})`)]
        : [asc(sql`lower(${shops.name})`)]),
      asc(shops.id),
    )
    .limit(opts.limit ?? 5000);
  const owed = await emptiesOwedByShop(db, storeId, opts.shopId ? [opts.shopId] : null);
  return rows.map(({ codeNumber, ...r }) => ({ ...r, code: shopCode(codeNumber ?? 0), due: Number(r.due), emptiesOwed: owed.get(r.id) ?? [] }));
}

/** DEALER.md rule 19: what all the store's shops owe it (taka). */
export async function totalReceivable(db: DbOrTx, storeId: string): Promise<number> {
  const { rows } = await db.execute(sql`
    select coalesce(sum(l.due_delta), 0) as total from ledger_entries l
    join shops s on s.store_id = l.store_id and s.id = l.shop_id
    where l.store_id = ${storeId}::uuid and s.deleted_at is null`);
  return Number((rows[0] as { total: string }).total);
}

export async function findShop(db: DbOrTx, storeId: string, shopId: string, divisionId?: string) {
  if (!isId(shopId)) return undefined;
  const [row] = await listShops(db, storeId, { shopId, divisionId });
  return row;
}

export async function createShop(db: DbOrTx, storeId: string, divisionId: string, body: ShopBody) {
  const [row] = await db
    .insert(shops)
    .values({
      storeId,
      divisionId,
      name: body.name,
      contactName: body.contactName ?? null,
      phone: body.phone ?? null,
      address: body.address ?? null,
      priceTier: body.priceTier ?? 'wholesale',
      language: body.language ?? 'bn',
    })
    .returning({ id: shops.id });
  return (await findShop(db, storeId, row.id))!;
}

export async function updateShop(
  db: DbOrTx,
  storeId: string,
  shopId: string,
  divisionId: string,
  body: ShopBody & { divisionId: string },
) {
  if (!isId(shopId)) return undefined;
  const [row] = await db
    .update(shops)
    .set({
      name: body.name,
      contactName: body.contactName ?? null,
      phone: body.phone ?? null,
      address: body.address ?? null,
      divisionId: body.divisionId,
      ...(body.priceTier ? { priceTier: body.priceTier } : {}),
      ...(body.language ? { language: body.language } : {}),
    })
    .where(
      and(
        eq(shops.id, shopId),
        eq(shops.storeId, storeId),
        eq(shops.divisionId, divisionId),
        isNull(shops.deletedAt),
      ),
    )
    .returning({ id: shops.id });
  return row ? findShop(db, storeId, row.id) : undefined;
}

/** Soft delete: the shop's sells, dues and payments stay in the ledger. */
export async function softDeleteShop(db: DbOrTx, storeId: string, shopId: string, divisionId?: string) {
  if (!isId(shopId)) return false;
  const rows = await db
    .update(shops)
    .set({ deletedAt: now() })
    .where(
      and(
        eq(shops.id, shopId),
        eq(shops.storeId, storeId),
        divisionId ? eq(shops.divisionId, divisionId) : undefined,
        isNull(shops.deletedAt),
      ),
    )
    .returning({ id: shops.id });
  return rows.length > 0;
}

// ---- Dues ----------------------------------------------------------------------------------

/**
 * Locks the shop row for the rest of the transaction so two payments taken at once can't
 * both pass the "not more than the due" check; then reads the due.
 */
export async function lockShopDue(tx: Tx, storeId: string, shopId: string, divisionId?: string) {
  if (!isId(shopId)) return undefined;
  const [shop] = await tx
    .select({ id: shops.id, name: shops.name })
    .from(shops)
    .where(
      and(
        eq(shops.id, shopId),
        eq(shops.storeId, storeId),
        divisionId ? eq(shops.divisionId, divisionId) : undefined,
        isNull(shops.deletedAt),
      ),
    )
    .for('update');
  if (!shop) return undefined;
  return { ...shop, due: await dueOf(tx, storeId, shopId) };
}

export async function dueOf(db: DbOrTx, storeId: string, shopId: string) {
  const [{ due }] = await db
    .select({ due: sql<string>`coalesce(sum(${ledgerEntries.dueDelta}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.storeId, storeId), eq(ledgerEntries.shopId, shopId)));
  return Number(due);
}

export async function recordDuePayment(
  tx: Tx,
  e: {
    storeId: string;
    shopId: string;
    userId: string;
    amount: number;
    paymentMethod: 'cash' | 'bank' | 'mobile' | 'other';
    /** The account it is paid into (rule 15); absent: the method's default. */
    accountId?: string;
    ref: string | null;
    advance: boolean;
    idempotencyKey?: string;
  },
) {
  const money = await paymentColumns(tx, e.storeId, { kind: 'due_payment', method: e.paymentMethod, accountId: e.accountId, amount: e.amount });
  const row = await appendLedgerEntry(tx, {
    ...money,
    storeId: e.storeId,
    kind: 'due_payment',
    shopId: e.shopId,
    totalAmount: takaNumeric(e.amount),
    dueDelta: takaNumeric(-e.amount),
    paymentMethod: e.paymentMethod,
    ref: e.ref,
    note: e.advance ? 'advance' : null,
    userId: e.userId,
    idempotencyKey: e.idempotencyKey ?? null,
  });
  return row.id;
}

/**
 * Every entry that moved the shop's due or the empties it owes, newest first, each with the due
 * right after it.
 */
export async function shopHistory(db: DbOrTx, storeId: string, shopId: string, limit = 1000) {
  const inner = db
    .select({
      id: ledgerEntries.id,
      kind: ledgerEntries.kind,
      amount: ledgerEntries.totalAmount,
      dueDelta: ledgerEntries.dueDelta,
      emptiesDelta: ledgerEntries.emptiesOwedDelta,
      itemName: sql<string | null>`(select b.name || ' ' || ci.size || ' kg ' || ci.regulator_type || ' mm'
        from cylinder_items ci join brands b on b.id = ci.brand_id
        where ${ledgerEntries.emptiesOwedDelta} <> 0 and ci.store_id = ${ledgerEntries.storeId} and ci.id = ${ledgerEntries.itemId})`.as('item_name'),
      balance: sql<string>`sum(${ledgerEntries.dueDelta}) over (order by ${ledgerEntries.id})`.as('balance'),
      paymentMethod: ledgerEntries.paymentMethod,
      accountId: ledgerEntries.accountId,
      ref: ledgerEntries.ref,
      note: ledgerEntries.note,
      quantity: ledgerEntries.quantity,
      createdAt: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.storeId, storeId),
        eq(ledgerEntries.shopId, shopId),
        or(ne(ledgerEntries.dueDelta, '0'), ne(ledgerEntries.emptiesOwedDelta, 0)),
      ),
    )
    .as('h');
  const rows = await db.select().from(inner).orderBy(desc(inner.id)).limit(limit);
  return rows.map(toTransaction);
}

/**
 * What the shop page reads: the due and empties owed now, the entries, and the same events as
 * khata lines (the public statement's lines).
 */
export async function historyBody<E>(
  db: DbOrTx,
  storeId: string,
  shop: { id: string; name: string; due: number; emptiesOwed: E[] },
) {
  return {
    name: shop.name,
    due: shop.due,
    emptiesOwed: shop.emptiesOwed,
    transactions: await shopHistory(db, storeId, shop.id),
    khata: await statementLines(db, storeId, shop.id, { withAccounts: true }),
  };
}

/** The entry just written in this transaction: the shop's newest. */
export async function latestShopTransaction(db: DbOrTx, storeId: string, shopId: string) {
  const [t] = await shopHistory(db, storeId, shopId, 1);
  return t;
}

type HistoryRow = {
  id: number;
  kind: string;
  amount: string;
  dueDelta: string;
  emptiesDelta: number;
  itemName: string | null;
  balance: string;
  paymentMethod: 'cash' | 'bank' | 'mobile' | 'due' | 'other' | null;
  accountId: string | null;
  ref: string | null;
  note: string | null;
  quantity: number | null;
  createdAt: Date | string;
};
const toTransaction = (r: HistoryRow) => ({
  ...r,
  amount: Number(r.amount),
  dueDelta: Number(r.dueDelta),
  balance: Number(r.balance),
  createdAt: new Date(r.createdAt).toISOString(),
});
