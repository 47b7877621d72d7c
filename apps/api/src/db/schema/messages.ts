import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

// Mirrors migrations/0012_messages.sql (the SQL is the source of truth for constraints,
// triggers and the functions that open statement links and apply delivery reports).

export const messageSettings = pgTable('message_settings', {
  storeId: uuid('store_id').primaryKey(),
  saleReceipt: boolean('sale_receipt').notNull().default(true),
  paymentReceipt: boolean('payment_receipt').notNull().default(true),
  dueReminders: boolean('due_reminders').notNull().default(false),
  reminderDays: smallint('reminder_days')
    .array()
    .notNull()
    .default(sql`'{6}'`),
  reminderHour: smallint('reminder_hour').notNull().default(10),
  reminderMinDue: numeric('reminder_min_due', { precision: 14, scale: 2 }).notNull().default('1000'),
  monthlyCap: integer('monthly_cap').notNull().default(500),
  channel: text('channel', { enum: ['sms', 'whatsapp'] })
    .notNull()
    .default('sms'),
  linkDays: smallint('link_days').notNull().default(30),
  ownerAlerts: text('owner_alerts', { enum: ['off', 'sms', 'email'] })
    .notNull()
    .default('email'),
  ownerPhone: text('owner_phone'),
  ownerLanguage: text('owner_language', { enum: ['bn', 'en'] })
    .notNull()
    .default('bn'),
  lowStockAlerts: boolean('low_stock_alerts').notNull().default(true),
  dailySummary: boolean('daily_summary').notNull().default(false),
  summaryHour: smallint('summary_hour').notNull().default(21),
  templates: jsonb('templates').notNull().default({}),
  paymentNumber: text('payment_number'),
  lastReminderOn: date('last_reminder_on'),
  lastSummaryOn: date('last_summary_on'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const messageCounters = pgTable(
  'message_counters',
  {
    storeId: uuid('store_id').notNull(),
    month: date('month').notNull(),
    used: integer('used').notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.month] })],
);

export const queuedMessages = pgTable(
  'message_outbox',
  {
    storeId: uuid('store_id').notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    channel: text('channel', { enum: ['sms', 'whatsapp'] }).notNull(),
    toNumber: text('to_number').notNull(),
    shopId: uuid('shop_id'),
    saleId: uuid('sale_id'),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }),
    language: text('language', { enum: ['bn', 'en'] }).notNull(),
    text: text('text').notNull(),
    templateValues: jsonb('template_values').notNull().default({}),
    segments: smallint('segments').notNull(),
    encoding: text('encoding', { enum: ['gsm7', 'ucs2'] }).notNull(),
    status: text('status', { enum: ['queued', 'unsent', 'sent', 'delivered', 'failed', 'capped'] })
      .notNull()
      .default('queued'),
    gateway: text('gateway'),
    gatewayMessageId: text('gateway_message_id'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    notBefore: timestamp('not_before', { withTimezone: true }),
    dedupeKey: text('dedupe_key'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.id] })],
);

export const messageCapture = pgTable('message_capture', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  reference: text('reference').notNull(),
  channel: text('channel').notNull(),
  toNumber: text('to_number').notNull(),
  text: text('text').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export const statementLinks = pgTable(
  'statement_links',
  {
    storeId: uuid('store_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    shopId: uuid('shop_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
    openCount: integer('open_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.id] })],
);

export const stockAlerts = pgTable(
  'stock_alerts',
  {
    storeId: uuid('store_id').notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    itemType: text('item_type', { enum: ['cylinder', 'stove', 'regulator'] }).notNull(),
    itemId: uuid('item_id').notNull(),
    day: date('day').notNull(),
    count: integer('count').notNull(),
    level: integer('level').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.id] })],
);
