// Configures zod before this module builds its schemas.
import './zod-config';
import { z } from 'zod';
import { ACCESSORY_KINDS } from './constants';
import { roleSchema } from './common';
import { reorderItemSchema } from './messages';

// The owner's view of all his stores (issue 28): per store where the person is manager or up,
// and in total, the figures each store's own pages show. Staff-only stores are left out
// entirely, so no field here needs `ownerOnly`: a staff member never gets a store's row.

/** One period's trade (the dashboard's figures): sales, expenses and profit. */
export const overviewPeriodSchema = z.object({
  sales: z.number(),
  /** Rule 18: the period's expenses (lost in transit among them, as shortages). */
  expenses: z.number(),
  /** Sales less the cost recorded on each line; lines of unknown cost are left out (below). */
  grossProfit: z.number(),
  /** Gross profit − expenses. */
  netProfit: z.number(),
  /** Sales whose cost is unknown, which `grossProfit` does not include. */
  costUnknownSales: z.number(),
});
export type OverviewPeriod = z.infer<typeof overviewPeriodSchema>;

/** Money now, per account family (rule 15), and all together. */
export const overviewMoneySchema = z.object({
  cash: z.number(),
  mobile: z.number(),
  bank: z.number(),
  other: z.number(),
  total: z.number(),
});
export type OverviewMoney = z.infer<typeof overviewMoneySchema>;

/** One item's units: in the store, on the vans, and on the road between stores. */
export const overviewStockItemSchema = z.object({
  itemType: z.enum(['cylinder', ...ACCESSORY_KINDS]),
  name: z.string(),
  brandName: z.string().nullable(),
  /** Full cylinders in the store, or stoves/regulators in stock. */
  full: z.number(),
  /** Empty cylinders in the store; 0 for stoves and regulators. */
  empty: z.number(),
  /** On the store's vans now (full and empty cylinders, or stoves/regulators). */
  onVans: z.number(),
  /**
   * Sent and not yet received (rule 21): this store's outgoing transfers by its own item, and
   * incoming ones by the item they will arrive as.
   */
  inTransit: z.number(),
});
export type OverviewStockItem = z.infer<typeof overviewStockItemSchema>;

/** Rule 21: what arrived short this month, from the transfers this store sent. */
export const overviewLostSchema = z.object({
  units: z.number(),
  /** At the sending store's cost. */
  value: z.number(),
});

const figuresShape = {
  today: overviewPeriodSchema,
  month: overviewPeriodSchema,
  money: overviewMoneySchema,
  /** What shops owe the store (rule 19). */
  receivable: z.number(),
  /** What the store owes its suppliers (rule 19). */
  payable: z.number(),
  /** Empty cylinders shops owe (rule 9), all items together. */
  emptiesOwed: z.number(),
  /** Units lost in transit this month. */
  lostInTransit: overviewLostSchema,
};

export const overviewStoreSchema = z.object({
  storeId: z.string(),
  name: z.string(),
  location: z.string(),
  role: roleSchema,
  ...figuresShape,
  stock: z.array(overviewStockItemSchema),
  /** Items below their reorder level (the store's "to order" list). */
  low: z.array(reorderItemSchema),
});
export type OverviewStore = z.infer<typeof overviewStoreSchema>;

export const overviewTotalsSchema = z.object({
  ...figuresShape,
  /** Stock of all the stores, item by item (the same brand, size and valve, or the same name). */
  stock: z.array(overviewStockItemSchema),
  /** How many items are low, in all the stores together. */
  lowCount: z.number(),
});
export type OverviewTotals = z.infer<typeof overviewTotalsSchema>;

/** GET /overview: each store where the person is owner, admin or manager, and their total. */
export const overviewResponseSchema = z.object({
  stores: z.array(overviewStoreSchema),
  totals: overviewTotalsSchema,
});
export type Overview = z.infer<typeof overviewResponseSchema>;
