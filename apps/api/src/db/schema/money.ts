import { numeric, boolean, date, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

// Mirrors migrations/0027_money_accounts.sql (the SQL holds the constraints).

/** DEALER.md rule 15: where a store's money sits. `family` is the spec's payment method it answers to. */
export const moneyAccounts = pgTable('money_accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  storeId: uuid('store_id').notNull(),
  kind: text('kind', { enum: ['cash', 'wallet', 'bank', 'other'] }).notNull(),
  family: text('family', { enum: ['cash', 'mobile', 'bank', 'other'] }).generatedAlwaysAs(
    sql`CASE kind WHEN 'wallet' THEN 'mobile' ELSE kind END`,
  ),
  provider: text('provider', { enum: ['bkash', 'nagad', 'rocket', 'upay'] }),
  walletType: text('wallet_type', { enum: ['personal', 'merchant'] }),
  number: text('number'),
  /** Null: called by its kind or provider in the reader's language. */
  name: text('name'),
  isDefault: boolean('is_default').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`app_now()`),
  archivedAt: timestamp('archived_at', { withTimezone: true }),
});

/** DEALER.md rule 19: whom the store buys from. */
export const suppliers = pgTable('suppliers', {
  id: uuid('id').primaryKey().defaultRandom(),
  storeId: uuid('store_id').notNull(),
  name: text('name').notNull(),
  phone: text('phone'),
  address: text('address'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`app_now()`),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

/** DEALER.md rule 17: a day's drawer counted against what it should hold. */
export const drawerCloses = pgTable('drawer_closes', {
  id: uuid('id').primaryKey().defaultRandom(),
  storeId: uuid('store_id').notNull(),
  accountId: uuid('account_id').notNull(),
  day: date('day').notNull(),
  opening: numeric('opening', { precision: 14, scale: 2 }).notNull(),
  cashIn: numeric('cash_in', { precision: 14, scale: 2 }).notNull(),
  cashOut: numeric('cash_out', { precision: 14, scale: 2 }).notNull(),
  expected: numeric('expected', { precision: 14, scale: 2 }).notNull(),
  counted: numeric('counted', { precision: 14, scale: 2 }).notNull(),
  difference: numeric('difference', { precision: 14, scale: 2 }).notNull(),
  note: text('note'),
  userId: uuid('user_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`app_now()`),
});
