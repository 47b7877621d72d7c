import { boolean, integer, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Mirrors migrations/0001_inventory.sql (the SQL is the source of truth for constraints).

export const brands = pgTable('brands', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  logoColor: text('logo_color').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const storeBrands = pgTable(
  'store_brands',
  {
    storeId: uuid('store_id').notNull(),
    brandId: uuid('brand_id').notNull(),
    isActive: boolean('is_active').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.brandId] })],
);

export const cylinderItems = pgTable('cylinder_items', {
  id: uuid('id').primaryKey().defaultRandom(),
  storeId: uuid('store_id').notNull(),
  brandId: uuid('brand_id').notNull(),
  size: integer('size').notNull(),
  regulatorType: integer('regulator_type').notNull(),
  price: numeric('price', { precision: 14, scale: 2 }).notNull().default('0'),
  fullCount: integer('full_count').notNull().default(0),
  emptyCount: integer('empty_count').notNull().default(0),
  problemCount: integer('problem_count').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const accessoryItems = pgTable('accessory_items', {
  id: uuid('id').primaryKey().defaultRandom(),
  storeId: uuid('store_id').notNull(),
  kind: text('kind', { enum: ['stove', 'regulator'] }).notNull(),
  name: text('name').notNull(),
  price: numeric('price', { precision: 14, scale: 2 }).notNull().default('0'),
  stockCount: integer('stock_count').notNull().default(0),
  problemCount: integer('problem_count').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
