import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { IncomingPayment } from '@mojud/contracts';
import {
  dhakaDateTimeInstant,
  matchPayment,
  readPaymentReference,
  toPoisha,
  toTaka,
  walletNumber,
  type PaymentMatch,
  type WalletSmsPayment,
} from '@mojud/domain';
import type { DbOrTx, Tx } from '../db/client';
import { afterDuePayment, nothingOutgoing, type DuePaymentMade, type Outgoing } from '../plugins/outgoing';
import { lockShopDue, recordDuePayment } from '../shops/repository';

// Money that arrived in one of the store's wallets (DEALER.md rule 22), from any source: a
// pasted or forwarded "money received" SMS, or a merchant API's notification. Kept once per
// (store, provider, transaction id), matched to a shop, and recorded as that shop's due payment
// into the wallet's account; what matches nothing waits in the Unmatched list.

export type IncomingSource = 'pasted' | 'forwarded' | 'api';
export type WalletProviderName = IncomingPayment['provider'];

export interface IncomingPaymentInput {
  storeId: string;
  /** The wallet account it landed in (of this store; the caller chose it). */
  accountId: string;
  provider: WalletProviderName;
  /** The provider's transaction id: what makes it once. */
  trxId: string;
  source: IncomingSource;
  /** Taka. */
  amount: number;
  /** The payer's wallet number, in any usual form (normalised to 01XXXXXXXXX here). */
  sender: string | null;
  /** What the payer typed as the reference. */
  reference: string | null;
  /** When the provider says the money arrived. */
  paidAt: Date | null;
  /** The message or the provider's answer, as received. */
  raw: string;
  /** Who pasted it; null for a forwarded SMS or a notification. */
  userId: string | null;
}

export interface RecordedIncoming {
  payment: IncomingPayment;
  /** This transaction id was already in: nothing was recorded, `payment` is the one kept. */
  duplicate: boolean;
  /** The shop's payment receipt, for deliverAfterCommit once the caller's transaction commits. */
  outgoing: Outgoing;
}

type Row = Record<string, unknown>;

/** A wallet SMS as read (libs/domain `readWalletSms`) as the fields of an incoming payment. */
export const fromWalletSms = (p: WalletSmsPayment, raw: string, source: IncomingSource) => ({
  provider: p.provider,
  trxId: p.trxId,
  source,
  amount: toTaka(p.amount),
  sender: p.sender,
  reference: p.reference,
  paidAt: p.paidAt ? dhakaDateTimeInstant(p.paidAt) : null,
  raw,
});

/** The key a wallet payment's ledger entry carries: one per provider's transaction. */
export const incomingIdempotencyKey = (provider: string, trxId: string) => `${provider}:${trxId}`;

/**
 * Keeps a payment that arrived and, when it matches exactly one shop, records it as that shop's
 * due payment into its wallet account (an amount above the due becomes an advance: the money is
 * already in, so it is never refused) and queues the shop's receipt. Otherwise it waits as
 * unmatched (`noMatch`, `twoShops`). The same transaction id again (pasted twice, forwarded and
 * pasted, delivered twice, even at the same moment) changes nothing and answers the payment kept,
 * `duplicate: true`. Runs in the caller's transaction, scoped to the store.
 */
export async function recordIncomingPayment(
  app: FastifyInstance,
  tx: Tx,
  input: IncomingPaymentInput,
): Promise<RecordedIncoming> {
  return keepIncomingPayment(tx, input, (t, made) => afterDuePayment(app, t, made));
}

/** What a recorded payment writes after it: the shop's receipt (the messages area's hook). */
export type AfterDuePayment = (tx: Tx, made: DuePaymentMade) => Promise<Outgoing>;

/** `recordIncomingPayment` with the receipt's writer given (the demo seed writes none). */
export async function keepIncomingPayment(tx: Tx, input: IncomingPaymentInput, after: AfterDuePayment): Promise<RecordedIncoming> {
  const sender = walletNumber(input.sender) ?? input.sender;
  // A racing insert of the same transaction waits here for the first to commit, then finds it.
  const { rows } = await tx.execute(sql`
    insert into incoming_payments
      (store_id, provider, trx_id, source, amount, sender, reference, paid_at, raw, account_id, status, reason, created_by)
    values (${input.storeId}::uuid, ${input.provider}, ${input.trxId}, ${input.source}, ${input.amount.toFixed(2)}::numeric,
      ${sender}, ${input.reference}, ${input.paidAt?.toISOString() ?? null}::timestamptz, ${input.raw},
      ${input.accountId}::uuid, 'unmatched', 'noMatch', ${input.userId}::uuid)
    on conflict (store_id, provider, trx_id) do nothing
    returning id`);
  if (rows.length === 0) {
    const { rows: existing } = await tx.execute(sql`
      select id from incoming_payments
      where store_id = ${input.storeId}::uuid and provider = ${input.provider} and trx_id = ${input.trxId}`);
    const id = String((existing[0] as Row).id);
    return { payment: await readIncomingPayment(tx, input.storeId, id), duplicate: true, outgoing: nothingOutgoing() };
  }
  const id = String((rows[0] as Row).id);
  const match = await shopsForPayment(tx, input.storeId, input.reference, walletNumber(input.sender));
  let outgoing = nothingOutgoing();
  if (match.status === 'matched') {
    outgoing = await recordShopPayment(
      tx,
      { storeId: input.storeId, paymentId: id, shopId: match.shopId, matchedBy: match.matchedBy, userId: input.userId },
      after,
    );
  } else {
    await tx.execute(sql`
      update incoming_payments set reason = ${match.reason}, candidate_shop_ids = ${`{${match.candidates.join(',')}}`}::uuid[]
      where store_id = ${input.storeId}::uuid and id = ${id}::uuid`);
  }
  return { payment: await readIncomingPayment(tx, input.storeId, id), duplicate: false, outgoing };
}

/** The shops a payment could be: by its reference, else by the sender's number (domain's matchPayment). */
export async function shopsForPayment(db: DbOrTx, storeId: string, reference: string | null, sender: string | null): Promise<PaymentMatch> {
  const named = readPaymentReference(reference);
  let byReference: string[] = [];
  if (named?.kind === 'shop') {
    const { rows } = await db.execute(sql`
      select id from shops where store_id = ${storeId}::uuid and code_number = ${named.number} and deleted_at is null`);
    byReference = rows.map((r) => String((r as Row).id));
  } else if (named?.kind === 'sale') {
    const { rows } = await db.execute(sql`
      select s.id from sales x join shops s on s.id = x.shop_id and s.store_id = x.store_id and s.deleted_at is null
      where x.store_id = ${storeId}::uuid and x.number = ${named.number} and x.voided_at is null`);
    byReference = rows.map((r) => String((r as Row).id));
  }
  let byPhone: string[] = [];
  if (byReference.length === 0 && sender) {
    // Shops' mobiles are kept as +8801XXXXXXXXX; an older one written otherwise still ends in the 11 digits.
    const { rows } = await db.execute(sql`
      select id from shops
      where store_id = ${storeId}::uuid and deleted_at is null and phone is not null
        and right(regexp_replace(phone, '[^0-9]', '', 'g'), 11) = ${sender}
      order by created_at, id`);
    byPhone = rows.map((r) => String((r as Row).id));
  }
  return matchPayment({ byReference, byPhone });
}

/**
 * Who a payment nobody entered is written by: the ledger names a person for every entry, and a
 * forwarded SMS or a provider's notification has none, so it is the store's owner.
 */
async function ownerOf(tx: Tx, storeId: string): Promise<string> {
  const { rows } = await tx.execute(sql`
    select coalesce(
      (select user_id from memberships where store_id = ${storeId}::uuid and role = 'owner' order by created_at, user_id limit 1),
      (select created_by from stores where id = ${storeId}::uuid)) as id`);
  return String((rows[0] as Row).id);
}

/**
 * Records a kept payment as the shop's due payment into its wallet account, and marks it
 * recorded. The caller has checked it is not recorded yet (a new row, or an unmatched one locked
 * for update).
 */
export async function recordForShop(app: FastifyInstance, tx: Tx, p: ShopPayment): Promise<Outgoing> {
  return recordShopPayment(tx, p, (t, made) => afterDuePayment(app, t, made));
}

interface ShopPayment {
  storeId: string;
  paymentId: string;
  shopId: string;
  matchedBy: 'reference' | 'phone' | 'hand';
  userId: string | null;
}

async function recordShopPayment(tx: Tx, p: ShopPayment, after: AfterDuePayment): Promise<Outgoing> {
  const { rows } = await tx.execute(sql`
    select provider, trx_id, amount, account_id from incoming_payments
    where store_id = ${p.storeId}::uuid and id = ${p.paymentId}::uuid`);
  const payment = rows[0] as Row;
  const shop = await lockShopDue(tx, p.storeId, p.shopId);
  if (!shop) throw new Error(`shop ${p.shopId} is not a live shop of the store`);
  const amount = Number(payment.amount);
  const userId = p.userId ?? (await ownerOf(tx, p.storeId));
  const trxId = String(payment.trx_id);
  const entryId = await recordDuePayment(tx, {
    storeId: p.storeId,
    shopId: shop.id,
    userId,
    amount,
    paymentMethod: 'mobile',
    accountId: String(payment.account_id),
    // The shop's history names the wallet's account and this: where the money came from.
    ref: trxId,
    advance: toPoisha(amount) > toPoisha(shop.due),
    idempotencyKey: incomingIdempotencyKey(String(payment.provider), trxId),
  });
  await tx.execute(sql`
    update incoming_payments
       set status = 'recorded', reason = null, shop_id = ${shop.id}::uuid, ledger_entry_id = ${entryId},
           matched_by = ${p.matchedBy}, settled_by = ${p.userId}::uuid, settled_at = app_now()
     where store_id = ${p.storeId}::uuid and id = ${p.paymentId}::uuid`);
  return after(tx, { storeId: p.storeId, shopId: shop.id, ledgerEntryId: entryId, amount, userId });
}

const PROVIDER_NAMES: Record<WalletProviderName, string> = { bkash: 'bKash', nagad: 'Nagad', rocket: 'Rocket', upay: 'Upay' };

/** Payments as the contract gives them: the account's and shops' names joined in. */
const SELECT_PAYMENTS = sql`
  select p.*, a.name as account_name,
    s.name as shop_name,
    coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name) order by c.name, c.id)
              from shops c where c.store_id = p.store_id and c.id = any(p.candidate_shop_ids)), '[]'::json) as candidates
  from incoming_payments p
  join money_accounts a on a.store_id = p.store_id and a.id = p.account_id
  left join shops s on s.store_id = p.store_id and s.id = p.shop_id`;

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

function toIncomingPayment(r: Row): IncomingPayment {
  const provider = r.provider as WalletProviderName;
  return {
    id: String(r.id),
    provider,
    trxId: String(r.trx_id),
    source: r.source as IncomingSource,
    amount: Number(r.amount),
    sender: (r.sender as string | null) ?? null,
    reference: (r.reference as string | null) ?? null,
    paidAt: iso(r.paid_at),
    accountId: String(r.account_id),
    accountName: (r.account_name as string | null) ?? PROVIDER_NAMES[provider],
    status: r.status as IncomingPayment['status'],
    reason: (r.reason as string | null) ?? null,
    candidates: (r.candidates as { id: string; name: string }[]) ?? [],
    shop: r.shop_id ? { id: String(r.shop_id), name: String(r.shop_name) } : null,
    matchedBy: (r.matched_by as IncomingPayment['matchedBy']) ?? null,
    raw: String(r.raw),
    createdAt: iso(r.created_at)!,
    settledAt: iso(r.settled_at),
    settledBy: (r.settled_by as string | null) ?? null,
  };
}

export async function readIncomingPayment(db: DbOrTx, storeId: string, id: string): Promise<IncomingPayment> {
  const { rows } = await db.execute(sql`${SELECT_PAYMENTS} where p.store_id = ${storeId}::uuid and p.id = ${id}::uuid`);
  return toIncomingPayment(rows[0] as Row);
}

/** The store's payments, newest first (at most 200), of one status or all. */
export async function listIncomingPayments(db: DbOrTx, storeId: string, status?: IncomingPayment['status']): Promise<IncomingPayment[]> {
  const { rows } = await db.execute(sql`${SELECT_PAYMENTS}
    where p.store_id = ${storeId}::uuid ${status ? sql`and p.status = ${status}` : sql``}
    order by p.created_at desc, p.id desc limit 200`);
  return rows.map((r) => toIncomingPayment(r as Row));
}
