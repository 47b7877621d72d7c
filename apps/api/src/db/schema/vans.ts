import { bigint, date, integer, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Mirrors migrations/0011_empties_vehicles.sql (the SQL is the source of truth for constraints).

/** What each vehicle carries now; changed only together with a ledger entry. */
export const vehicleStock = pgTable(
  'vehicle_stock',
  {
    storeId: uuid('store_id').notNull(),
    vehicleId: uuid('vehicle_id').notNull(),
    itemType: text('item_type', { enum: ['cylinder', 'stove', 'regulator'] }).notNull(),
    itemId: uuid('item_id').notNull(),
    fullCount: integer('full_count').notNull().default(0),
    emptyCount: integer('empty_count').notNull().default(0),
    stockCount: integer('stock_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.vehicleId, t.itemId] })],
);

/** A vehicle's day close: the round of its ledger entries after_entry_id < id <= last_entry_id. */
export const vehicleCloses = pgTable(
  'vehicle_closes',
  {
    storeId: uuid('store_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    vehicleId: uuid('vehicle_id').notNull(),
    afterEntryId: bigint('after_entry_id', { mode: 'number' }).notNull(),
    lastEntryId: bigint('last_entry_id', { mode: 'number' }).notNull(),
    day: date('day').notNull(),
    cashExpected: numeric('cash_expected', { precision: 14, scale: 2 }).notNull(),
    cashHanded: numeric('cash_handed', { precision: 14, scale: 2 }).notNull(),
    difference: numeric('difference', { precision: 14, scale: 2 }).notNull(),
    note: text('note'),
    userId: uuid('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.id] })],
);
