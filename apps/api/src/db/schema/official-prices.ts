import { bigint, integer, numeric, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';

// Mirrors migrations/0019_official_prices.sql (the SQL is the source of truth for constraints).

/** An entry of the official BERC price book: never changed; in force from startsAt. */
export const officialPrices = pgTable(
  'official_prices',
  {
    storeId: uuid('store_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    perKg: numeric('per_kg', { precision: 12, scale: 2 }).notNull(),
    twelveKg: numeric('twelve_kg', { precision: 12, scale: 2 }).notNull(),
    userId: uuid('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.id] })],
);

/** Each size's official price in an entry. */
export const officialPriceSizes = pgTable(
  'official_price_sizes',
  {
    storeId: uuid('store_id').notNull(),
    officialPriceId: uuid('official_price_id').notNull(),
    size: integer('size').notNull(),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.officialPriceId, t.size] })],
);
