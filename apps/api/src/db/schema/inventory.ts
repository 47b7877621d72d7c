import { boolean, integer, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Mirrors migrations/0001_inventory.sql, 0009_dealer_money.sql and 0018_package_prices.sql (the SQL is the source of truth for constraints).

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
  /** The retail price. */
  price: numeric('price', { precision: 14, scale: 2 }).notNull().default('0'),
  wholesalePrice: numeric('wholesale_price', { precision: 14, scale: 2 }).notNull().default('0'),
  refillCost: numeric('refill_cost', { precision: 14, scale: 2 }),
  packageCost: numeric('package_cost', { precision: 14, scale: 2 }),
  /** The package's retail and wholesale prices (0018_package_prices); null: not set yet. */
  packagePrice: numeric('package_price', { precision: 14, scale: 2 }),
  packageWholesalePrice: numeric('package_wholesale_price', { precision: 14, scale: 2 }),
  fullCount: integer('full_count').notNull().default(0),
  emptyCount: integer('empty_count').notNull().default(0),
  problemCount: integer('problem_count').notNull().default(0),
  reorderLevel: integer('reorder_level'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Cylinder sizes a store added beyond 5, 12 and 20 kg (0026_vehicle_names_cylinder_sizes). */
export const storeCylinderSizes = pgTable(
  'store_cylinder_sizes',
  {
    storeId: uuid('store_id').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.size] })],
);

export const accessoryItems = pgTable('accessory_items', {
  id: uuid('id').primaryKey().defaultRandom(),
  storeId: uuid('store_id').notNull(),
  kind: text('kind', { enum: ['stove', 'regulator'] }).notNull(),
  name: text('name').notNull(),
  /** The retail price. */
  price: numeric('price', { precision: 14, scale: 2 }).notNull().default('0'),
  wholesalePrice: numeric('wholesale_price', { precision: 14, scale: 2 }).notNull().default('0'),
  cost: numeric('cost', { precision: 14, scale: 2 }),
  stockCount: integer('stock_count').notNull().default(0),
  problemCount: integer('problem_count').notNull().default(0),
  reorderLevel: integer('reorder_level'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// migrations/0009_dealer_money.sql
export const sales = pgTable(
  'sales',
  {
    storeId: uuid('store_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    number: integer('number').notNull(),
    shopId: uuid('shop_id'),
    tier: text('tier', { enum: ['retail', 'wholesale'] }).notNull(),
    subtotal: numeric('subtotal', { precision: 14, scale: 2 }).notNull(),
    discount: numeric('discount', { precision: 14, scale: 2 }).notNull().default('0'),
    total: numeric('total', { precision: 14, scale: 2 }).notNull(),
    paid: numeric('paid', { precision: 14, scale: 2 }).notNull(),
    due: numeric('due', { precision: 14, scale: 2 }).notNull(),
    shopBalanceBefore: numeric('shop_balance_before', { precision: 14, scale: 2 }),
    note: text('note'),
    userId: uuid('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedBy: uuid('voided_by'),
    /** Sold from this vehicle's stock (0011_empties_vehicles). */
    vehicleId: uuid('vehicle_id'),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.id] })],
);
