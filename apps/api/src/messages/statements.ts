import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  STATEMENT_PATH,
  type PublicStatement,
  type StatementLink,
} from '@mojud/contracts';
import type { DbOrTx, Tx } from '../db/client';
import { TIME_ZONE } from '../ledger/repository';
import { now } from '../clock';
import { statementLines } from '../shops/statement-lines';
import { shopDue, shopPaymentRequest } from '../payment-requests/details';

// A customer's statement by link: a random token in the address, only its hash in the database.

/** 9 random bytes: 72 bits, 12 base64url characters, short enough for a one-part Bangla SMS. */
export const newStatementToken = () => randomBytes(9).toString('base64url');
export const hashStatementToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const statementUrl = (base: string, token: string) =>
  `${base.replace(/\/$/, '')}${STATEMENT_PATH}${token}`;

/** Entries shown: the last 60 days. */
export const STATEMENT_DAYS = 60;

type Row = Record<string, unknown>;
const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

const toLink = (r: Row): StatementLink => ({
  id: String(r.id),
  shopId: String(r.shop_id),
  createdAt: iso(r.created_at)!,
  expiresAt: iso(r.expires_at)!,
  revokedAt: iso(r.revoked_at),
  lastOpenedAt: iso(r.last_opened_at),
  openCount: num(r.open_count),
  createdBy: (r.created_by_name as string) ?? null,
});

const linkColumns = sql`l.id, l.shop_id, l.created_at, l.expires_at, l.revoked_at, l.last_opened_at, l.open_count,
  coalesce(nullif(btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.username) as created_by_name`;

/** Makes a link for a shop of the store; the token is returned once and never stored. */
export async function createStatementLink(
  tx: DbOrTx,
  input: { storeId: string; shopId: string; days: number; userId: string | null; base: string },
) {
  const token = newStatementToken();
  const { rows } = await tx.execute(sql`
    with made as (
      insert into statement_links (store_id, shop_id, token_hash, expires_at, created_by)
      values (${input.storeId}::uuid, ${input.shopId}::uuid, ${hashStatementToken(token)},
        app_now() + make_interval(days => ${input.days}::int), ${input.userId}::uuid)
      returning *
    )
    select ${linkColumns} from made l left join users u on u.id = l.created_by`);
  return { link: toLink(rows[0] as Row), token, url: statementUrl(input.base, token) };
}

/** A shop's links, newest first (revoked and expired ones too, so the owner sees what was shared). */
export async function listStatementLinks(db: DbOrTx, storeId: string, shopId: string) {
  const { rows } = await db.execute(sql`
    select ${linkColumns} from statement_links l left join users u on u.id = l.created_by
    where l.store_id = ${storeId}::uuid and l.shop_id = ${shopId}::uuid
    order by l.created_at desc, l.id limit 50`);
  return (rows as Row[]).map(toLink);
}

/** Revokes a link of the store (again is fine); undefined when the store has no such link. */
export async function revokeStatementLink(tx: Tx, storeId: string, linkId: string, userId: string) {
  const { rows } = await tx.execute(sql`
    with changed as (
      update statement_links set revoked_at = coalesce(revoked_at, app_now()), revoked_by = coalesce(revoked_by, ${userId}::uuid)
      where store_id = ${storeId}::uuid and id = ${linkId}::uuid
      returning *
    )
    select ${linkColumns} from changed l left join users u on u.id = l.created_by`);
  const row = rows[0] as Row | undefined;
  return row ? toLink(row) : undefined;
}

/**
 * Opens a link: its store, shop and expiry when it is live (and counts the opening), else
 * undefined. Runs through a function that may read every store's links by hash alone, since the
 * request names no store yet (migration 0012).
 */
export async function openStatementLink(db: DbOrTx, token: string) {
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(token)) return undefined;
  const { rows } = await db.execute(sql`select * from open_statement_link(${hashStatementToken(token)})`);
  const row = rows[0] as Row | undefined;
  return row
    ? {
        storeId: String(row.store_id),
        linkId: String(row.link_id),
        shopId: String(row.shop_id),
        expiresAt: iso(row.expires_at)!,
      }
    : undefined;
}

/**
 * What the customer sees: the shop's balance now and its last 60 days as khata lines (the shop
 * page's very lines), each with the balance after it. Only the shop's own entries that moved its
 * due or the empties it owes: nothing of other shops and nothing of the store's stock.
 * Undefined when the shop is gone.
 */
export async function publicStatement(
  db: DbOrTx,
  link: { storeId: string; shopId: string; expiresAt: string },
): Promise<PublicStatement | undefined> {
  const { rows: heads } = await db.execute(sql`
    select st.name as store_name, st.phone as store_phone, st.location as store_location, s.name as shop_name, s.language,
      to_char((app_now() at time zone ${TIME_ZONE})::date - ${STATEMENT_DAYS - 1}::int, 'YYYY-MM-DD') as from_day,
      to_char((app_now() at time zone ${TIME_ZONE})::date, 'YYYY-MM-DD') as to_day,
      coalesce((select sum(l.due_delta) from ledger_entries l
        where l.store_id = s.store_id and l.shop_id = s.id), 0) as balance
    from shops s join stores st on st.id = s.store_id
    where s.store_id = ${link.storeId}::uuid and s.id = ${link.shopId}::uuid and s.deleted_at is null and st.deleted_at is null`);
  const head = heads[0] as Row | undefined;
  if (!head) return undefined;
  const khata = await statementLines(db, link.storeId, link.shopId, { from: String(head.from_day) });
  const shop = await shopDue(db, link.storeId, link.shopId);
  return {
    store: {
      name: String(head.store_name),
      phone: (head.store_phone as string) || null,
      location: (head.store_location as string) || null,
    },
    shop: { name: String(head.shop_name) },
    language: head.language === 'en' ? 'en' : 'bn',
    asOf: now().toISOString(),
    expiresAt: link.expiresAt,
    balance: num(head.balance),
    entries: {
      from: String(head.from_day),
      to: String(head.to_day),
      openingBalance: khata.openingBalance,
      openingEmpties: khata.openingEmpties,
      items: khata.lines,
    },
    payment: shop ? await shopPaymentRequest(db, link.storeId, shop) : null,
  };
}
