import { sql } from 'drizzle-orm';
import type { BanglaQr, PaymentDetails, PaymentRequest, PayToWallet } from '@mojud/contracts';
import { banglaQrRefusal, checkBanglaQr, dynamicBanglaQr, shopCode, toPoisha, toTaka } from '@mojud/domain';
import type { DbOrTx } from '../db/client';

// The store's payment details (DEALER.md rule 22): the wallets a shop can pay into (each wallet
// account with its number, set on the accounts page) and the store's Bangla QR; and a payment
// request made of them, with an amount and a reference, for a statement, a receipt or a message.
// Other areas read these (messages, sales); this one reads only the store's own rows.

type Row = Record<string, unknown>;

/** The stored payload as the answer describes it; null when there is none (or it no longer checks). */
function describeQr(payload: string | null): BanglaQr | null {
  if (!payload) return null;
  const checked = checkBanglaQr(payload);
  if (!checked.ok) return null;
  return { payload: checked.qr.payload, merchantName: checked.qr.merchantName, merchantCity: checked.qr.merchantCity };
}

/**
 * The store's wallets a shop can pay into, the default one first (the one a message names):
 * live wallet accounts that carry a number.
 */
export async function payToWallets(db: DbOrTx, storeId: string): Promise<PayToWallet[]> {
  const { rows } = await db.execute(sql`
    select id, provider, wallet_type, number from money_accounts
    where store_id = ${storeId}::uuid and kind = 'wallet' and archived_at is null and coalesce(number, '') <> ''
    order by is_default desc, created_at, id`);
  return (rows as Row[]).map((r) => ({
    accountId: String(r.id),
    provider: r.provider as PayToWallet['provider'],
    walletType: r.wallet_type as PayToWallet['walletType'],
    number: String(r.number),
  }));
}

/** `inbound`: the number forwarded wallet SMS go to (SMS_INBOUND_NUMBER), when the server receives them. */
export async function readPaymentDetails(db: DbOrTx, storeId: string, inbound: string | null = null): Promise<PaymentDetails> {
  const { rows } = await db.execute(sql`select bangla_qr from stores where id = ${storeId}::uuid`);
  return {
    banglaQr: describeQr(((rows[0] as Row | undefined)?.bangla_qr as string | null) ?? null),
    wallets: await payToWallets(db, storeId),
    inboundNumber: inbound,
  };
}

/**
 * Sets the store's Bangla QR after checking it (a damaged or foreign payload is refused with its
 * reason, 422, and nothing changes), or clears it (null).
 */
export async function saveBanglaQr(db: DbOrTx, storeId: string, payload: string | null) {
  let kept: string | null = null;
  if (payload !== null) {
    const checked = checkBanglaQr(payload);
    if (!checked.ok) throw banglaQrRefusal(checked);
    kept = checked.qr.payload;
  }
  await db.execute(sql`update stores set bangla_qr = ${kept} where id = ${storeId}::uuid`);
}

/**
 * A payment request for an amount (taka) with a reference: the wallets, and the store's QR
 * with the amount and reference written in. Null when nothing is owed.
 */
export function paymentRequest(details: Pick<PaymentDetails, 'banglaQr' | 'wallets'>, amount: number, reference: string): PaymentRequest | null {
  if (!(toPoisha(amount) > 0)) return null;
  return {
    amount: toTaka(toPoisha(amount)),
    reference,
    wallets: details.wallets,
    qrPayload: details.banglaQr ? dynamicBanglaQr(details.banglaQr.payload, { amount, reference }) : null,
  };
}

/** A shop of the store: its code (the reference it pays by) and what it owes now; undefined when not there. */
export async function shopDue(db: DbOrTx, storeId: string, shopId: string) {
  const { rows } = await db.execute(sql`
    select s.id, s.code_number,
      coalesce((select sum(l.due_delta) from ledger_entries l where l.store_id = s.store_id and l.shop_id = s.id), 0) as due
    from shops s where s.store_id = ${storeId}::uuid and s.id = ${shopId}::uuid and s.deleted_at is null`);
  const r = rows[0] as Row | undefined;
  return r ? { id: String(r.id), code: shopCode(Number(r.code_number)), due: Number(r.due) } : undefined;
}

/** What a shop is asked to pay: all it owes now, by its code. */
export async function shopPaymentRequest(db: DbOrTx, storeId: string, shop: { code: string; due: number }) {
  return paymentRequest(await readPaymentDetails(db, storeId), shop.due, shop.code);
}

/**
 * What a sale's receipt asks for: what is left due of it, by the sale's number. That is the
 * sale's due, or less when the shop has paid some of it since (never more than the shop owes
 * now); nothing for a voided sale, a walk-in, or a sale paid in full.
 */
export async function salePaymentRequest(
  db: DbOrTx,
  storeId: string,
  sale: { number: string; due: number; shopId: string | null; voided: boolean },
) {
  if (sale.voided || !sale.shopId || !(toPoisha(sale.due) > 0)) return null;
  const shop = await shopDue(db, storeId, sale.shopId);
  if (!shop) return null;
  const left = Math.min(toPoisha(sale.due), toPoisha(shop.due));
  return paymentRequest(await readPaymentDetails(db, storeId), toTaka(left), sale.number);
}
