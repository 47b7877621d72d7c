import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

// A store's bKash merchant API (table payment_gateways, migration 0030): its base URL, its
// wallet account and its credentials, sealed (routes.ts seals and opens them).

type Row = Record<string, unknown>;

export interface GatewayRow {
  storeId: string;
  accountId: string;
  baseUrl: string;
  /** Sealed JSON: the credentials and the notification token. */
  credentials: string;
  updatedAt: string;
}

/** The notification address's token: 24 random bytes; only its hash finds the store. */
export const newNotifyToken = () => randomBytes(24).toString('base64url');
export const hashNotifyToken = (token: string) => createHash('sha256').update(`bkash-notify:${token}`).digest('hex');

const toGateway = (r: Row): GatewayRow => ({
  storeId: String(r.store_id),
  accountId: String(r.account_id),
  baseUrl: String(r.base_url),
  credentials: String(r.credentials),
  updatedAt: new Date(r.updated_at as string).toISOString(),
});

export async function getGateway(db: DbOrTx, storeId: string): Promise<GatewayRow | undefined> {
  const { rows } = await db.execute(sql`
    select * from payment_gateways where store_id = ${storeId}::uuid and provider = 'bkash'`);
  const row = rows[0] as Row | undefined;
  return row ? toGateway(row) : undefined;
}

/** Whether the store takes bKash checkout payments (a statement page offers "Pay with bKash"). */
export async function hasBkashGateway(db: DbOrTx, storeId: string): Promise<boolean> {
  return (await getGateway(db, storeId)) !== undefined;
}

export async function saveGateway(
  db: DbOrTx,
  input: { storeId: string; accountId: string; baseUrl: string; credentials: string; notifyTokenHash: string; userId: string },
): Promise<GatewayRow> {
  const { rows } = await db.execute(sql`
    insert into payment_gateways (store_id, provider, account_id, base_url, credentials, notify_token_hash, updated_by, updated_at)
    values (${input.storeId}::uuid, 'bkash', ${input.accountId}::uuid, ${input.baseUrl}, ${input.credentials},
      ${input.notifyTokenHash}, ${input.userId}::uuid, app_now())
    on conflict (store_id, provider) do update set
      account_id = excluded.account_id, base_url = excluded.base_url, credentials = excluded.credentials,
      notify_token_hash = excluded.notify_token_hash, updated_by = excluded.updated_by, updated_at = excluded.updated_at
    returning *`);
  return toGateway(rows[0] as Row);
}

/** Removes the store's gateway; false when it had none. */
export async function deleteGateway(db: DbOrTx, storeId: string): Promise<boolean> {
  const { rows } = await db.execute(sql`
    delete from payment_gateways where store_id = ${storeId}::uuid and provider = 'bkash' returning store_id`);
  return rows.length > 0;
}

/**
 * The store a notification address belongs to, for a request that names no store yet: through
 * the function that may read every store's gateways by the token's hash alone (migration 0030).
 */
export async function findGatewayStore(db: DbOrTx, token: string): Promise<string | undefined> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return undefined;
  const { rows } = await db.execute(sql`select * from find_payment_gateway(${hashNotifyToken(token)})`);
  const row = rows.find((r) => (r as Row).provider === 'bkash') as Row | undefined;
  return row ? String(row.store_id) : undefined;
}

/** A live account of the store, with what kind it is. */
export async function accountOf(db: DbOrTx, storeId: string, accountId: string) {
  const { rows } = await db.execute(sql`
    select id, kind, provider, archived_at from money_accounts
    where store_id = ${storeId}::uuid and id = ${accountId}::uuid`);
  const row = rows[0] as Row | undefined;
  return row
    ? { id: String(row.id), kind: String(row.kind), provider: (row.provider as string | null) ?? null, archived: row.archived_at !== null }
    : undefined;
}

/** The shop a statement link shows: its code number and what it owes now (taka). */
export async function shopDue(db: DbOrTx, storeId: string, shopId: string) {
  const { rows } = await db.execute(sql`
    select s.code_number,
      coalesce((select sum(l.due_delta) from ledger_entries l where l.store_id = s.store_id and l.shop_id = s.id), 0) as due
    from shops s
    where s.store_id = ${storeId}::uuid and s.id = ${shopId}::uuid and s.deleted_at is null`);
  const row = rows[0] as Row | undefined;
  return row ? { codeNumber: Number(row.code_number), due: Number(row.due) } : undefined;
}

/** Whether this bKash transaction is already kept for the store. */
export async function hasIncoming(db: DbOrTx, storeId: string, trxId: string): Promise<boolean> {
  const { rows } = await db.execute(sql`
    select 1 from incoming_payments where store_id = ${storeId}::uuid and provider = 'bkash' and trx_id = ${trxId}`);
  return rows.length > 0;
}
