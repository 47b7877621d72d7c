import { sql } from 'drizzle-orm';
import {
  countSms,
  formatMessageAmount,
  formatMessageCount,
  messageTemplate,
  normalizeBdMobile,
  payPhrase,
  renderMessage,
  templateWantsLink,
  type MessageKind,
  type MessageLanguage,
  type MessageSettings,
  type MessageValues,
  type MessageRecord,
} from '@mojud/contracts';
import { itemLabel, saleNumberLabel, shopCode } from '@mojud/domain';
import type { DbOrTx, Tx } from '../db/client';
import { payToWallets } from '../payment-requests/details';
import { TIME_ZONE } from '../ledger/repository';
import { recordMail } from '../mail/mailer';
import { createStatementLink } from './statements';
import { daySummary, ownerEmail, saleReceiptValues, shopContact, type ShopContact, type StoreMessaging } from './repository';
import { dhakaDay, dhakaTime, now } from '../clock';

// The message queue: every message is written here, in the transaction that makes it
// necessary, and sent afterwards by the job queue (jobs/queue.ts, messages/deliver.ts).

/** A message written to the message queue; the caller queues its delivery once committed. */
export interface QueuedRef {
  storeId: string;
  id: number;
  /** Not to be sent before this (ISO), e.g. a night-time reminder waiting for 8:00. */
  notBefore: string | null;
  status: MessageRecord['status'];
}

type Row = Record<string, unknown>;
const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

/**
 * BTRC: no commercial message between 00:00 and 08:00 Asia/Dhaka. A reminder made then waits
 * until 8:00 that morning; receipts and the owner's own alerts are transactional and go at once.
 */
export function notBeforeFor(kind: MessageKind, at: Date = now()): Date | null {
  if (kind !== 'due_reminder') return null;
  const eight = dhakaTime(dhakaDay(at), '08:00');
  return at < eight ? eight : null;
}

export interface NewMessage {
  storeId: string;
  kind: MessageKind;
  /** Any way of writing the number; one that is not a Bangladeshi mobile makes no message. */
  to: string;
  language: MessageLanguage;
  values: MessageValues;
  channel: 'sms' | 'whatsapp';
  shopId?: string | null;
  saleId?: string | null;
  ledgerEntryId?: number | null;
  /** One message per key and store (a sale's receipt, a shop's reminder on a day). */
  dedupeKey?: string | null;
  userId?: string | null;
  /**
   * The reference a payment of it is made by (the shop's code, a sale's number): a message to a
   * shop that may ask for payment; its template's `{{pay}}` then names the wallet and reference.
   */
  payRef?: string;
}

export interface MessagingContext extends StoreMessaging {
  /** Where statement links point (`<linkBase>/s/<token>`). */
  linkBase: string;
}

/**
 * Writes one message: renders it from the store's template (making a statement link first if
 * the template asks for one), counts its parts, and takes one from the month's cap. Beyond the
 * cap it is kept with status `capped` ("not sent: monthly limit reached"), never dropped
 * silently. Undefined when the number is not a mobile or the key was already used.
 */
export async function queueMessage(
  tx: Tx,
  ctx: MessagingContext,
  input: NewMessage,
): Promise<QueuedRef | undefined> {
  const to = normalizeBdMobile(input.to);
  if (!to) return undefined;
  if (input.dedupeKey) {
    const { rows } = await tx.execute(sql`
      select 1 from message_outbox where store_id = ${input.storeId}::uuid and dedupe_key = ${input.dedupeKey}`);
    if (rows.length > 0) return undefined;
  }
  const template = messageTemplate(input.kind, input.language, ctx.settings.templates);
  const values: MessageValues = { ...storeValues(ctx), ...input.values };
  if (input.payRef !== undefined && ASKS_PAYMENT.test(template)) {
    Object.assign(values, await payValues(tx, input.storeId, ctx.settings, input.payRef));
  }
  if (templateWantsLink(template) && input.shopId && values.link === undefined) {
    const { url } = await createStatementLink(tx, {
      storeId: input.storeId,
      shopId: input.shopId,
      days: ctx.settings.linkDays,
      userId: null,
      base: ctx.linkBase,
    });
    values.link = url;
  }
  const text = renderMessage(template, values, input.language);
  const count = countSms(text);
  const notBefore = notBeforeFor(input.kind);
  const { rows } = await tx.execute(sql`
    insert into message_outbox (store_id, kind, channel, to_number, shop_id, sale_id, ledger_entry_id, language, text,
      template_values, segments, encoding, not_before, dedupe_key, created_by)
    values (${input.storeId}::uuid, ${input.kind}, ${input.channel}, ${to}, ${input.shopId ?? null}::uuid, ${input.saleId ?? null}::uuid,
      ${input.ledgerEntryId ?? null}::bigint, ${input.language}, ${text}, ${JSON.stringify(formattedValues(values, input.language))}::jsonb,
      ${Math.max(1, count.segments)}::smallint, ${count.encoding}, ${notBefore?.toISOString() ?? null}::timestamptz,
      ${input.dedupeKey ?? null}::text, ${input.userId ?? null}::uuid)
    on conflict (store_id, dedupe_key) where dedupe_key is not null do nothing
    returning id, not_before`);
  const row = rows[0] as Row | undefined;
  if (!row) return undefined;
  const id = num(row.id);
  // The cap: one conditional upsert on the month's counter row (no row back: the cap is reached).
  const cap = ctx.settings.monthlyCap;
  const { rows: counted } = await tx.execute(sql`
    insert into message_counters (store_id, month, used)
    select ${input.storeId}::uuid, date_trunc('month', app_now() at time zone ${TIME_ZONE})::date, 1
    where ${cap}::int > 0
    on conflict (store_id, month) do update set used = message_counters.used + 1
      where message_counters.used < ${cap}::int
    returning used`);
  if (counted.length === 0) {
    await tx.execute(sql`
      update message_outbox set status = 'capped', last_error = ${`Monthly limit of ${cap} messages reached`}
      where store_id = ${input.storeId}::uuid and id = ${id}`);
    return { storeId: input.storeId, id, notBefore: iso(row.not_before), status: 'capped' };
  }
  return { storeId: input.storeId, id, notBefore: iso(row.not_before), status: 'queued' };
}

/** A template that says how to pay (the store's wallets are read only for these). */
const ASKS_PAYMENT = /\{\{\s*(pay|payNumber|ref)\s*\}\}/;

/**
 * How a shop pays, for `{{pay}}` (DEALER.md rule 22): the number the owner set for messages
 * (with its wallet, when it is one of the store's wallet accounts), else the store's default
 * wallet that has a number; and the reference to write.
 */
export async function payValues(db: DbOrTx, storeId: string, settings: MessageSettings, ref: string): Promise<MessageValues> {
  const wallets = await payToWallets(db, storeId);
  const chosen = settings.paymentNumber;
  const wallet = chosen
    ? wallets.find((w) => normalizeBdMobile(w.number) === normalizeBdMobile(chosen))
    : wallets.find((w) => normalizeBdMobile(w.number));
  const payNumber = chosen ?? wallet?.number;
  return { ...(payNumber ? { payNumber } : {}), ...(wallet ? { wallet: wallet.provider } : {}), ref };
}

/** What every message of the store may name: its name and its payment number (bKash, Nagad…). */
export const storeValues = ({ storeName, settings }: StoreMessaging): MessageValues => ({
  store: storeName,
  ...(settings.paymentNumber ? { payNumber: settings.paymentNumber } : {}),
});

/** The values as the text shows them (a WhatsApp template gets the same words as the SMS). */
function formattedValues(values: MessageValues, language: MessageLanguage) {
  const out: Record<string, string> = {};
  // A message that may ask for payment: `{{pay}}` as its text says it.
  if (values.ref !== undefined) out.pay = payPhrase(values, language);
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null || name === 'wallet') continue;
    out[name] =
      name === 'payNumber'
        ? renderMessage('{{payNumber}}', { payNumber: value }, language)
        : name === 'number'
        ? saleNumberLabel(String(value), language)
        : typeof value === 'number'
        ? ['count', 'level', 'low'].includes(name)
          ? formatMessageCount(value, language)
          : formatMessageAmount(value, language)
        : String(value);
  }
  return out;
}

/**
 * A receipt after a sale that leaves a due on the shop (all on due, or part paid), if the store
 * sends them and the shop has a mobile. Written in the sale's own transaction.
 */
export async function queueSaleReceipt(
  tx: Tx,
  ctx: MessagingContext,
  storeId: string,
  saleId: string,
  userId: string,
) {
  if (!ctx.settings.saleReceipt) return undefined;
  const sale = await saleReceiptValues(tx, storeId, saleId);
  if (!sale || sale.due <= 0) return undefined;
  const shop = await shopContact(tx, storeId, sale.shopId);
  if (!shop?.phone) return undefined;
  return queueMessage(tx, ctx, {
    storeId,
    kind: 'sale_receipt',
    to: shop.phone,
    language: shop.language,
    values: { shop: shop.name, ...sale.values },
    channel: ctx.settings.channel,
    shopId: shop.id,
    saleId,
    payRef: sale.values.number,
    dedupeKey: `sale:${saleId}`,
    userId,
  });
}

/** A receipt for a due payment, with the shop's balance after it. */
export async function queuePaymentReceipt(
  tx: Tx,
  ctx: MessagingContext,
  input: { storeId: string; shopId: string; ledgerEntryId: number; amount: number; userId: string },
) {
  if (!ctx.settings.paymentReceipt) return undefined;
  const shop = await shopContact(tx, input.storeId, input.shopId);
  if (!shop?.phone) return undefined;
  return queueMessage(tx, ctx, {
    storeId: input.storeId,
    kind: 'payment_receipt',
    to: shop.phone,
    language: shop.language,
    values: { shop: shop.name, amount: input.amount, due: shop.due },
    channel: ctx.settings.channel,
    shopId: shop.id,
    ledgerEntryId: input.ledgerEntryId,
    dedupeKey: `payment:${input.ledgerEntryId}`,
    userId: input.userId,
  });
}

/** A due reminder to one shop; `day` makes it the scheduled one of that day (at most one). */
export async function queueReminder(
  tx: Tx,
  ctx: MessagingContext,
  input: { storeId: string; shop: ShopContact; day?: string; userId: string | null },
) {
  if (!input.shop.phone) return undefined;
  return queueMessage(tx, ctx, {
    storeId: input.storeId,
    kind: 'due_reminder',
    to: input.shop.phone,
    language: input.shop.language,
    values: { shop: input.shop.name, due: input.shop.due },
    channel: ctx.settings.channel,
    shopId: input.shop.id,
    payRef: input.shop.code,
    dedupeKey: input.day ? `reminder:${input.shop.id}:${input.day}` : null,
    userId: input.userId,
  });
}

/**
 * A reminder run: every shop of the store owing more than `minDue` gets one reminder (once per
 * day when `day` is given, as the schedule does). Shops without a mobile are counted, not sent.
 */
export async function runReminders(
  tx: Tx,
  ctx: MessagingContext,
  input: { storeId: string; minDue: number; day?: string; userId: string | null },
) {
  const { rows } = await tx.execute(sql`
    select s.id, s.name, s.phone, s.language, s.code_number, d.due
    from shops s
    join (select l.shop_id, sum(l.due_delta) as due from ledger_entries l
          where l.store_id = ${input.storeId}::uuid and l.shop_id is not null group by l.shop_id) d on d.shop_id = s.id
    where s.store_id = ${input.storeId}::uuid and s.deleted_at is null and d.due > ${input.minDue}::numeric
    order by d.due desc, s.id`);
  const queued: QueuedRef[] = [];
  let withoutMobile = 0;
  for (const r of rows as Row[]) {
    const shop: ShopContact = {
      id: String(r.id),
      name: String(r.name),
      phone: (r.phone as string) ?? null,
      language: r.language as MessageLanguage,
      due: num(r.due),
      code: shopCode(num(r.code_number)),
    };
    if (!shop.phone || !normalizeBdMobile(shop.phone)) {
      withoutMobile += 1;
      continue;
    }
    const ref = await queueReminder(tx, ctx, {
      storeId: input.storeId,
      shop,
      day: input.day,
      userId: input.userId,
    });
    if (ref) queued.push(ref);
  }
  return { queued, withoutMobile };
}

// ---------------------------------------------------------------- the owner's alerts

/** An alert to the owner: an SMS (kept in the message queue, counted against the cap) or an e-mail. */
async function alertOwner(
  tx: Tx,
  ctx: MessagingContext,
  input: {
    storeId: string;
    kind: 'low_stock' | 'daily_summary';
    values: MessageValues;
    subject: string;
    dedupeKey: string;
  },
): Promise<{ message?: QueuedRef; mail?: number }> {
  const { settings } = ctx;
  if (settings.ownerAlerts === 'sms' && settings.ownerPhone) {
    const message = await queueMessage(tx, ctx, {
      storeId: input.storeId,
      kind: input.kind,
      to: settings.ownerPhone,
      language: settings.ownerLanguage,
      values: input.values,
      channel: 'sms',
      dedupeKey: input.dedupeKey,
    });
    return { message };
  }
  if (settings.ownerAlerts === 'email') {
    const email = await ownerEmail(tx, input.storeId);
    if (!email) return {};
    const text = renderMessage(
      messageTemplate(input.kind, settings.ownerLanguage, settings.templates),
      { store: ctx.storeName, ...input.values },
      settings.ownerLanguage,
    );
    return { mail: await recordMail(tx, { to: email, subject: input.subject, text }) };
  }
  return {};
}

/**
 * Turns the store's new stock alerts (items that went below their reorder level; one per item
 * and day, written by the triggers of migration 0012) into the owner's alerts, and marks them
 * handled. Rows another transaction is handling are skipped, so two callers never alert twice.
 */
export async function handleStockAlerts(tx: Tx, ctx: MessagingContext, storeId: string) {
  const { rows } = await tx.execute(sql`
    select a.id, a.item_type, a.item_id, a.count, a.level, a.day,
      coalesce(b.name || ' ' || ci.size || ' kg ' || ci.regulator_type || ' mm', ai.name) as item
    from stock_alerts a
    left join cylinder_items ci on a.item_type = 'cylinder' and ci.store_id = a.store_id and ci.id = a.item_id
    left join brands b on b.id = ci.brand_id
    left join accessory_items ai on a.item_type <> 'cylinder' and ai.store_id = a.store_id and ai.id = a.item_id
    where a.store_id = ${storeId}::uuid and a.handled_at is null
    order by a.id
    for update of a skip locked`);
  const messages: QueuedRef[] = [];
  const mails: number[] = [];
  for (const r of rows as Row[]) {
    if (ctx.settings.lowStockAlerts) {
      const sent = await alertOwner(tx, ctx, {
        storeId,
        kind: 'low_stock',
        // The item as the owner reads it: "বসুন্ধরা ১২ কেজি ২২ মিমি" in a Bangla alert.
        values: { item: itemLabel(String(r.item), ctx.settings.ownerLanguage), count: num(r.count), level: num(r.level) },
        subject: `${ctx.storeName}: ${String(r.item)} is low (${num(r.count)} left)`,
        dedupeKey: `low:${r.item_type}:${r.item_id}:${new Date(r.day as string).toISOString().slice(0, 10)}`,
      });
      if (sent.message) messages.push(sent.message);
      if (sent.mail) mails.push(sent.mail);
    }
    await tx.execute(
      sql`update stock_alerts set handled_at = app_now() where store_id = ${storeId}::uuid and id = ${num(r.id)}`,
    );
  }
  return { messages, mails };
}

/** The evening summary to the owner, once per Dhaka day. */
export async function queueDailySummary(tx: Tx, ctx: MessagingContext, storeId: string, day: string) {
  const figures = await daySummary(tx, storeId);
  return alertOwner(tx, ctx, {
    storeId,
    kind: 'daily_summary',
    values: figures,
    subject: `${ctx.storeName}: today's summary`,
    dedupeKey: `summary:${day}`,
  });
}
