import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
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

// Mirrors migrations/0000_core.sql (the SQL is the source of truth for constraints).

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  username: text('username').notNull(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  /** The interface language the person chose (en, bn); null until they choose one. */
  locale: text('locale').$type<'en' | 'bn'>(),
  /** Keep Latin digits (0-9) in Bangla instead of Bengali ones. */
  latinDigits: boolean('latin_digits').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** When the owner opened a link sent to `email`; null until then (no invitations are shown). */
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  /** A new address waiting for its owner to open the link sent to it. */
  pendingEmail: text('pending_email'),
});

/** One-time links sent by e-mail (migration 0016): only the token's hash is kept. */
export const emailTokens = pgTable('email_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  purpose: text('purpose', { enum: ['verify_email', 'reset_password'] }).notNull(),
  email: text('email').notNull(),
  tokenHash: text('token_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const refreshTokens = pgTable('refresh_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  familyId: uuid('family_id').notNull(),
  userId: uuid('user_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

export const loginFailures = pgTable('login_failures', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  identifier: text('identifier').notNull(),
  ip: text('ip').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const stores = pgTable('stores', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  location: text('location').notNull(),
  phone: text('phone').notNull(),
  image: text('image'),
  /** DEALER.md rule 14: how far below the tier price staff may sell, in whole percent (0: not at all). */
  staffBelowTierPercent: smallint('staff_below_tier_percent').notNull().default(0),
  /** DEALER.md rule 13 (0019_official_prices): a walk-in refill above the official price warns (a reason is required) or is refused. */
  officialPricePolicy: text('official_price_policy', { enum: ['warn', 'refuse'] }).notNull().default('warn'),
  /** DEALER.md rule 22 (0030_getting_paid): the store's Bangla QR, its merchant payload as checked; null: none. */
  banglaQr: text('bangla_qr'),
  createdBy: uuid('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

export const memberships = pgTable(
  'memberships',
  {
    storeId: uuid('store_id').notNull(),
    userId: uuid('user_id').notNull(),
    role: text('role', { enum: ['owner', 'admin', 'manager', 'staff'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.userId] })],
);

export const divisions = pgTable('divisions', {
  id: uuid('id').primaryKey().defaultRandom(),
  storeId: uuid('store_id').notNull(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

export const shops = pgTable('shops', {
  id: uuid('id').primaryKey().defaultRandom(),
  storeId: uuid('store_id').notNull(),
  divisionId: uuid('division_id').notNull(),
  name: text('name').notNull(),
  contactName: text('contact_name'),
  phone: text('phone'),
  address: text('address'),
  image: text('image'),
  priceTier: text('price_tier', { enum: ['retail', 'wholesale'] }).notNull().default('wholesale'),
  /** The language of its messages (0012_messages.sql). */
  language: text('language', { enum: ['bn', 'en'] }).notNull().default('bn'),
  /** The store's count of its shops, its code C-0042 (0030_getting_paid.sql); a trigger numbers a new shop. */
  codeNumber: integer('code_number'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

export const vehicles = pgTable('vehicles', {
  id: uuid('id').primaryKey().defaultRandom(),
  storeId: uuid('store_id').notNull(),
  /** What the store calls it; brand, model and registration may be '' (0026_vehicle_names). */
  name: text('name').notNull(),
  regNumber: text('reg_number').notNull(),
  vehicleBrand: text('vehicle_brand').notNull(),
  vehicleModel: text('vehicle_model').notNull(),
  /** The member who drives it: may load it and close its day (0011_empties_vehicles). */
  assignedUserId: uuid('assigned_user_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

export const staff = pgTable('staff', {
  id: uuid('id').primaryKey().defaultRandom(),
  storeId: uuid('store_id').notNull(),
  name: text('name').notNull(),
  role: text('role'),
  phone: text('phone'),
  salary: numeric('salary', { precision: 14, scale: 2 }).notNull().default('15000'),
  image: text('image'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

// Kinds include `opening` (0020_opening_balances.sql): a shop's opening due and empties owed, an
// item's opening stock with its unit cost; found by the partial index ledger_entries_opening.
export const ledgerEntries = pgTable('ledger_entries', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  storeId: uuid('store_id').notNull(),
  kind: text('kind').notNull(),
  itemType: text('item_type', { enum: ['cylinder', 'stove', 'regulator'] }),
  itemId: uuid('item_id'),
  tradeType: text('trade_type', { enum: ['refill', 'package'] }),
  quantity: integer('quantity'),
  fullDelta: integer('full_delta').notNull().default(0),
  emptyDelta: integer('empty_delta').notNull().default(0),
  problemDelta: integer('problem_delta').notNull().default(0),
  stockDelta: integer('stock_delta').notNull().default(0),
  unitPrice: numeric('unit_price', { precision: 14, scale: 2 }),
  totalAmount: numeric('total_amount', { precision: 14, scale: 2 }).notNull().default('0'),
  paymentMethod: text('payment_method', { enum: ['cash', 'bank', 'mobile', 'due', 'other'] }),
  dueDelta: numeric('due_delta', { precision: 14, scale: 2 }).notNull().default('0'),
  payableDelta: numeric('payable_delta', { precision: 14, scale: 2 }).notNull().default('0'),
  shopId: uuid('shop_id'),
  vehicleId: uuid('vehicle_id'),
  staffId: uuid('staff_id'),
  category: text('category'),
  ref: text('ref'),
  note: text('note'),
  month: text('month'),
  userId: uuid('user_id').notNull(),
  idempotencyKey: text('idempotency_key'),
  unitCost: numeric('unit_cost', { precision: 14, scale: 2 }),
  discount: numeric('discount', { precision: 14, scale: 2 }).notNull().default('0'),
  saleId: uuid('sale_id'),
  lineNo: integer('line_no'),
  reversesId: bigint('reverses_id', { mode: 'number' }),
  supplier: text('supplier'),
  // 0011_empties_vehicles: counts on the vehicle named by vehicleId, and empties a shop owes.
  vehicleFullDelta: integer('vehicle_full_delta').notNull().default(0),
  vehicleEmptyDelta: integer('vehicle_empty_delta').notNull().default(0),
  vehicleStockDelta: integer('vehicle_stock_delta').notNull().default(0),
  emptiesOwedDelta: integer('empties_owed_delta').notNull().default(0),
  // 0019_official_prices: a walk-in refill line's official price in force when sold, and the reason it was above.
  officialPrice: numeric('official_price', { precision: 12, scale: 2 }),
  aboveOfficialReason: text('above_official_reason'),
  // 0027_money_accounts: the account the money moved in (+) or out of (−); a writer that names
  // neither gets its method's default account and the rule's amount from the database.
  accountId: uuid('account_id'),
  moneyDelta: numeric('money_delta', { precision: 14, scale: 2 }).notNull().default('0'),
  supplierId: uuid('supplier_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`app_now()`),
});

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    storeId: uuid('store_id').notNull(),
    userId: uuid('user_id').notNull(),
    key: text('key').notNull(),
    route: text('route').notNull(),
    /** What the key was first used for (see plugins/idempotency.ts); null on rows older than it. */
    requestHash: text('request_hash'),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.userId, t.key] })],
);
