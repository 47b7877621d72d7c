import { bigserial, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Mirrors migrations/0003_people.sql (the SQL is the source of truth for constraints).

export const invites = pgTable('invites', {
  id: uuid('id').primaryKey().defaultRandom(),
  storeId: uuid('store_id').notNull(),
  email: text('email').notNull(),
  role: text('role', { enum: ['admin', 'manager', 'staff'] }).notNull(),
  tokenHash: text('token_hash').notNull(),
  status: text('status', { enum: ['pending', 'accepted', 'declined', 'revoked', 'replaced'] })
    .notNull()
    .default('pending'),
  invitedBy: uuid('invited_by').notNull(),
  acceptedBy: uuid('accepted_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  respondedAt: timestamp('responded_at', { withTimezone: true }),
});

// E-mails waiting to be sent (the table keeps its first name, outbox).
export const mailQueue = pgTable('outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  link: text('link'),
  /** The language the message is written in, sent as its Content-Language. */
  locale: text('locale').$type<'en' | 'bn'>().notNull().default('en'),
  /** Set by the delivery job (jobs/queue.ts) once the message has gone out. */
  sentAt: timestamp('sent_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
