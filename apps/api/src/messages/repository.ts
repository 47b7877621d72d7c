import { sql } from 'drizzle-orm';
import type { MessageKind, MessageLanguage, MessageSettings, MessageValues, MessageRecord } from '@mojud/contracts';
import type { DbOrTx } from '../db/client';
import { TIME_ZONE } from '../ledger/repository';
import { saleNumber, shopCode } from '@mojud/domain';

// The messages area's queries: its settings, the message queue as the Messages page reads it, the
// month's use of the cap, and the figures messages are written from (a shop's contact and due,
// a sale's receipt, the day's summary). Composing and queueing messages is queue.ts.

/** What a store gets before its owner changes anything (the same as the table's defaults). */
export const DEFAULT_SETTINGS: MessageSettings = {
  saleReceipt: true,
  paymentReceipt: true,
  dueReminders: false,
  reminderDays: [6],
  reminderHour: 10,
  reminderMinDue: 1000,
  monthlyCap: 500,
  channel: 'sms',
  linkDays: 30,
  ownerAlerts: 'email',
  ownerPhone: null,
  ownerLanguage: 'bn',
  lowStockAlerts: true,
  dailySummary: false,
  summaryHour: 21,
  templates: {},
  paymentNumber: null,
};

type Row = Record<string, unknown>;
const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

export interface StoreMessaging {
  settings: MessageSettings;
  storeName: string;
}

/** The store's message settings (defaults where it has none) and its name. */
export async function readSettings(db: DbOrTx, storeId: string): Promise<StoreMessaging> {
  const { rows } = await db.execute(sql`
    select st.name as store_name, m.*
    from stores st left join message_settings m on m.store_id = st.id
    where st.id = ${storeId}::uuid`);
  const r = rows[0] as Row | undefined;
  if (!r) throw new Error(`store ${storeId} not found`);
  if (r.store_id === null || r.store_id === undefined)
    return { settings: DEFAULT_SETTINGS, storeName: String(r.store_name) };
  return {
    storeName: String(r.store_name),
    settings: {
      saleReceipt: Boolean(r.sale_receipt),
      paymentReceipt: Boolean(r.payment_receipt),
      dueReminders: Boolean(r.due_reminders),
      reminderDays: (r.reminder_days as number[]).map(Number),
      reminderHour: num(r.reminder_hour),
      reminderMinDue: num(r.reminder_min_due),
      monthlyCap: num(r.monthly_cap),
      channel: r.channel as MessageSettings['channel'],
      linkDays: num(r.link_days),
      ownerAlerts: r.owner_alerts as MessageSettings['ownerAlerts'],
      ownerPhone: (r.owner_phone as string) ?? null,
      ownerLanguage: r.owner_language as MessageLanguage,
      lowStockAlerts: Boolean(r.low_stock_alerts),
      dailySummary: Boolean(r.daily_summary),
      summaryHour: num(r.summary_hour),
      templates: (r.templates as MessageSettings['templates']) ?? {},
      paymentNumber: (r.payment_number as string) ?? null,
    },
  };
}

// ---------------------------------------------------------------- reading the message queue

export const messageColumns = sql`m.id, m.kind, m.channel, m.to_number, m.shop_id, s.name as shop_name, m.sale_id, m.language,
  m.text, m.segments, m.encoding, m.status, m.gateway, m.gateway_message_id, m.attempts, m.last_error, m.not_before,
  m.created_at, m.sent_at, m.delivered_at`;

export const toMessageRecord = (r: Row): MessageRecord => ({
  id: num(r.id),
  kind: r.kind as MessageKind,
  channel: r.channel as MessageRecord['channel'],
  to: String(r.to_number),
  shopId: (r.shop_id as string) ?? null,
  shopName: (r.shop_name as string) ?? null,
  saleId: (r.sale_id as string) ?? null,
  language: r.language as MessageLanguage,
  text: String(r.text),
  segments: num(r.segments),
  encoding: r.encoding as MessageRecord['encoding'],
  status: r.status as MessageRecord['status'],
  gateway: (r.gateway as string) ?? null,
  gatewayMessageId: (r.gateway_message_id as string) ?? null,
  attempts: num(r.attempts),
  lastError: (r.last_error as string) ?? null,
  notBefore: iso(r.not_before),
  createdAt: iso(r.created_at)!,
  sentAt: iso(r.sent_at),
  deliveredAt: iso(r.delivered_at),
});

export async function getMessages(db: DbOrTx, storeId: string, ids: number[]) {
  if (ids.length === 0) return [];
  const { rows } = await db.execute(sql`
    select ${messageColumns} from message_outbox m
    left join shops s on s.store_id = m.store_id and s.id = m.shop_id
    where m.store_id = ${storeId}::uuid and m.id = any(${`{${ids.join(',')}}`}::bigint[])
    order by m.id`);
  return (rows as Row[]).map(toMessageRecord);
}

export async function listMessages(
  db: DbOrTx,
  storeId: string,
  q: { status?: string; kind?: string; shopId?: string; saleId?: string; cursor?: number; limit: number },
) {
  const where = [sql`m.store_id = ${storeId}::uuid`];
  if (q.status) where.push(sql`m.status = ${q.status}`);
  if (q.kind) where.push(sql`m.kind = ${q.kind}`);
  if (q.shopId) where.push(sql`m.shop_id = ${q.shopId}::uuid`);
  if (q.saleId) where.push(sql`m.sale_id = ${q.saleId}::uuid`);
  if (q.cursor) where.push(sql`m.id < ${q.cursor}`);
  const { rows } = await db.execute(sql`
    select ${messageColumns} from message_outbox m
    left join shops s on s.store_id = m.store_id and s.id = m.shop_id
    where ${sql.join(where, sql` and `)}
    order by m.id desc limit ${q.limit + 1}`);
  const page = (rows as Row[]).slice(0, q.limit).map(toMessageRecord);
  return { messages: page, nextCursor: rows.length > q.limit ? page[page.length - 1].id : null };
}

/** This month's use of the cap, and how many were kept back. */
export async function monthUsage(db: DbOrTx, storeId: string, cap: number) {
  const { rows } = await db.execute(sql`
    select to_char(date_trunc('month', app_now() at time zone ${TIME_ZONE}), 'YYYY-MM') as month,
      coalesce((select used from message_counters c where c.store_id = ${storeId}::uuid
        and c.month = date_trunc('month', app_now() at time zone ${TIME_ZONE})::date), 0) as used,
      (select count(*) from message_outbox m where m.store_id = ${storeId}::uuid and m.status = 'capped'
        and m.created_at >= (date_trunc('month', app_now() at time zone ${TIME_ZONE}) at time zone ${TIME_ZONE})) as capped`);
  const r = rows[0] as Row;
  return { month: String(r.month), used: num(r.used), cap, capped: num(r.capped) };
}

export interface ShopContact {
  id: string;
  name: string;
  phone: string | null;
  language: MessageLanguage;
  due: number;
  /** The shop's code (C-0042), the reference it pays its due by. */
  code: string;
}

export async function shopContact(db: DbOrTx, storeId: string, shopId: string): Promise<ShopContact | undefined> {
  const { rows } = await db.execute(sql`
    select s.id, s.name, s.phone, s.language, s.code_number,
      coalesce((select sum(l.due_delta) from ledger_entries l where l.store_id = s.store_id and l.shop_id = s.id), 0) as due
    from shops s where s.store_id = ${storeId}::uuid and s.id = ${shopId}::uuid and s.deleted_at is null`);
  const r = rows[0] as Row | undefined;
  return r
    ? {
        id: String(r.id),
        name: String(r.name),
        phone: (r.phone as string) ?? null,
        language: r.language as MessageLanguage,
        due: num(r.due),
        code: shopCode(num(r.code_number)),
      }
    : undefined;
}

/** The values of a sale's receipt: the sale's own figures and the shop's balance right after it. */
export async function saleReceiptValues(db: DbOrTx, storeId: string, saleId: string) {
  const { rows } = await db.execute(sql`
    select s.number, s.total, s.paid, s.due, s.shop_balance_before, s.shop_id from sales s
    where s.store_id = ${storeId}::uuid and s.id = ${saleId}::uuid`);
  const r = rows[0] as Row | undefined;
  if (!r || !r.shop_id) return undefined;
  return {
    shopId: String(r.shop_id),
    due: num(r.due),
    values: {
      number: saleNumber(num(r.number)),
      total: num(r.total),
      paid: num(r.paid),
      amount: num(r.due),
      due: Math.round((num(r.shop_balance_before) + num(r.due)) * 100) / 100,
    } satisfies MessageValues,
  };
}

/** The store owner's account e-mail, where e-mail alerts go. */
export async function ownerEmail(db: DbOrTx, storeId: string) {
  const { rows } = await db.execute(sql`
    select u.email from memberships m join users u on u.id = m.user_id
    where m.store_id = ${storeId}::uuid and m.role = 'owner' limit 1`);
  return ((rows[0] as Row | undefined)?.email as string) ?? null;
}

/** The day's figures for the evening summary (Dhaka day). */
export async function daySummary(db: DbOrTx, storeId: string) {
  const { rows } = await db.execute(sql`
    with l as (
      select * from ledger_entries l
      where l.store_id = ${storeId}::uuid
        and l.created_at >= (date_trunc('day', app_now() at time zone ${TIME_ZONE}) at time zone ${TIME_ZONE})
    )
    select
      coalesce(sum(case when l.kind = 'sell' then l.total_amount when l.kind = 'sale_return' then -l.total_amount else 0 end), 0) as sales,
      coalesce(sum(case when l.unit_cost is null then 0
        when l.kind = 'sell' then l.total_amount - l.quantity * l.unit_cost
        when l.kind = 'sale_return' then -(l.total_amount - l.quantity * l.unit_cost) else 0 end), 0) as profit,
      coalesce(sum(case when l.payment_method = 'cash' and (l.kind in ('due_payment', 'sale_payment') or (l.kind = 'sell' and l.sale_id is null)) then l.total_amount
        when l.payment_method = 'cash' and l.kind in ('buy', 'vehicle_cost', 'salary_payment', 'sale_refund') then -l.total_amount
        else 0 end), 0) as cash,
      coalesce(sum(case when l.kind = 'due_payment' then l.total_amount else 0 end), 0) as collected,
      (select count(*) from cylinder_items c join store_brands sb on sb.store_id = c.store_id and sb.brand_id = c.brand_id and sb.is_active
        where c.store_id = ${storeId}::uuid and c.reorder_level is not null and c.full_count < c.reorder_level)
      + (select count(*) from accessory_items a
        where a.store_id = ${storeId}::uuid and a.reorder_level is not null and a.stock_count < a.reorder_level) as low
    from l`);
  const r = rows[0] as Row;
  return {
    sales: num(r.sales),
    profit: num(r.profit),
    cash: num(r.cash),
    collected: num(r.collected),
    low: num(r.low),
  };
}

/** Saves the store's texts and payment number (the first save makes its row). */
export async function saveTexts(
  db: DbOrTx,
  storeId: string,
  b: Pick<MessageSettings, 'templates' | 'paymentNumber'>,
) {
  await db.execute(sql`
    insert into message_settings (store_id, templates, payment_number, updated_at)
    values (${storeId}::uuid, ${JSON.stringify(b.templates)}::jsonb, ${b.paymentNumber}, app_now())
    on conflict (store_id) do update set templates = excluded.templates, payment_number = excluded.payment_number,
      updated_at = app_now()`);
}

/**
 * Saves the store's message settings (the first save makes its row); texts and the payment
 * number left out of `b` stay as they are.
 */
export async function saveSettings(
  db: DbOrTx,
  storeId: string,
  b: Omit<MessageSettings, 'templates' | 'paymentNumber'> & Partial<Pick<MessageSettings, 'templates' | 'paymentNumber'>>,
) {
  const current = b.templates === undefined || b.paymentNumber === undefined ? (await readSettings(db, storeId)).settings : null;
  const templates = b.templates ?? current!.templates;
  const paymentNumber = b.paymentNumber === undefined ? current!.paymentNumber : b.paymentNumber;
  await db.execute(sql`
    insert into message_settings (store_id, sale_receipt, payment_receipt, due_reminders, reminder_days, reminder_hour,
      reminder_min_due, monthly_cap, channel, link_days, owner_alerts, owner_phone, owner_language, low_stock_alerts,
      daily_summary, summary_hour, templates, payment_number, updated_at)
    values (${storeId}::uuid, ${b.saleReceipt}, ${b.paymentReceipt}, ${b.dueReminders},
      ${`{${b.reminderDays.join(',')}}`}::smallint[], ${b.reminderHour}, ${b.reminderMinDue.toFixed(2)}::numeric,
      ${b.monthlyCap}, ${b.channel}, ${b.linkDays}, ${b.ownerAlerts}, ${b.ownerPhone}, ${b.ownerLanguage},
      ${b.lowStockAlerts}, ${b.dailySummary}, ${b.summaryHour}, ${JSON.stringify(templates)}::jsonb, ${paymentNumber}, app_now())
    on conflict (store_id) do update set sale_receipt = excluded.sale_receipt, payment_receipt = excluded.payment_receipt,
      due_reminders = excluded.due_reminders, reminder_days = excluded.reminder_days, reminder_hour = excluded.reminder_hour,
      reminder_min_due = excluded.reminder_min_due, monthly_cap = excluded.monthly_cap, channel = excluded.channel,
      link_days = excluded.link_days, owner_alerts = excluded.owner_alerts, owner_phone = excluded.owner_phone,
      owner_language = excluded.owner_language, low_stock_alerts = excluded.low_stock_alerts,
      daily_summary = excluded.daily_summary, summary_hour = excluded.summary_hour, templates = excluded.templates,
      payment_number = excluded.payment_number, updated_at = app_now()`);
}

/** Counts one more message against this month's cap; false when the cap is reached. */
export async function countAgainstCap(tx: DbOrTx, storeId: string, cap: number) {
  const { rows } = await tx.execute(sql`
          insert into message_counters (store_id, month, used)
          select ${storeId}::uuid, date_trunc('month', app_now() at time zone 'Asia/Dhaka')::date, 1 where ${cap}::int > 0
          on conflict (store_id, month) do update set used = message_counters.used + 1 where message_counters.used < ${cap}::int
          returning used`);
  return rows.length > 0;
}

/** Puts a message back in the queue, as if new. */
export async function requeueMessage(tx: DbOrTx, storeId: string, id: number) {
  await tx.execute(sql`
          update message_outbox set status = 'queued', attempts = 0, last_error = null, not_before = null
          where store_id = ${storeId}::uuid and id = ${id}`);
}

/** A sale's figures for its receipt text. */
export async function saleForReceipt(db: DbOrTx, storeId: string, saleId: string) {
  const { rows } = await db.execute(sql`
          select s.shop_id, s.number, s.total, s.paid, s.due, s.shop_balance_before from sales s
          where s.store_id = ${storeId}::uuid and s.id = ${saleId}::uuid`);
  return rows[0] as Record<string, string | number | null> | undefined;
}

/** The shop's last due payment, and its balance right after it. */
export async function lastDuePayment(db: DbOrTx, storeId: string, shopId: string) {
  const { rows } = await db.execute(sql`
          select p.id, p.total_amount,
            (select sum(l.due_delta) from ledger_entries l where l.store_id = p.store_id and l.shop_id = p.shop_id and l.id <= p.id) as due
          from ledger_entries p
          where p.store_id = ${storeId}::uuid and p.shop_id = ${shopId}::uuid and p.kind = 'due_payment'
          order by p.id desc limit 1`);
  return rows[0] as { id: number; total_amount: string; due: string } | undefined;
}

/** The queued message ids of a due payment's receipts. */
export async function paymentReceiptIds(db: DbOrTx, storeId: string, ledgerEntryId: number) {
  const { rows } = await db.execute(sql`
          select id from message_outbox
          where store_id = ${storeId}::uuid and kind = 'payment_receipt' and ledger_entry_id = ${ledgerEntryId}`);
  return (rows as { id: number }[]).map((r) => Number(r.id));
}
