// Configures zod before this module builds its schemas.
import './zod-config';
import { z } from 'zod';
import { ownerOnly } from './money-view';
import { LEDGER_KINDS } from './constants';
import { localeSchema } from './common';
export { LEDGER_KINDS } from './constants';
export type { LedgerKind } from './constants';


/** A day in Asia/Dhaka, YYYY-MM-DD. */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Use a date like 2026-01-31' })
  .refine(
    (d) => {
      const parsed = new Date(`${d}T00:00:00Z`);
      // Date rolls 2026-02-31 over to March; a real date survives the round trip.
      return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === d;
    },
    { message: 'Not a real date' },
  );

export const transactionsQuerySchema = z.object({
  kind: z.enum(LEDGER_KINDS).optional(),
  /** Dates are days in Asia/Dhaka, inclusive. */
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  itemId: z.uuid().optional(),
  shopId: z.uuid().optional(),
  vehicleId: z.uuid().optional(),
  staffId: z.uuid().optional(),
  userId: z.uuid().optional(),
  cursor: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type TransactionsQuery = z.infer<typeof transactionsQuerySchema>;

export const ledgerEntrySchema = z.object({
  id: z.number(),
  kind: z.string(),
  createdAt: z.string(),
  itemType: z.string().nullable(),
  itemId: z.string().nullable(),
  itemName: z.string().nullable(),
  tradeType: z.string().nullable(),
  quantity: z.number().nullable(),
  fullDelta: z.number(),
  emptyDelta: z.number(),
  problemDelta: z.number(),
  stockDelta: z.number(),
  /** Counts on the vehicle named by vehicleId (a load, a sale from it, a day close). */
  vehicleFullDelta: z.number(),
  vehicleEmptyDelta: z.number(),
  vehicleStockDelta: z.number(),
  /** How the empties the shop owes of this item changed. */
  emptiesOwedDelta: z.number(),
  unitPrice: z.number().nullable(),
  /** On sale lines and their returns: the item's average cost when sold; null = cost unknown. */
  unitCost: ownerOnly(z.number().nullable()),
  /** On sale lines: how much below the tier price (and the share of a whole-sale discount). */
  discount: z.number(),
  totalAmount: z.number(),
  paymentMethod: z.string().nullable(),
  dueDelta: z.number(),
  payableDelta: ownerOnly(z.number()),
  shopId: z.string().nullable(),
  shopName: z.string().nullable(),
  vehicleId: z.string().nullable(),
  vehicleName: z.string().nullable(),
  staffId: z.string().nullable(),
  staffName: z.string().nullable(),
  category: z.string().nullable(),
  ref: z.string().nullable(),
  note: z.string().nullable(),
  month: z.string().nullable(),
  userId: z.string(),
  username: z.string().nullable(),
  /** The sale this entry belongs to (lines, payments, returns, refunds), e.g. `S-000123`. */
  saleId: z.string().nullable(),
  saleNumber: z.string().nullable(),
  /** Buys: who sold to the store. The challan number is in `ref`. */
  supplier: z.string().nullable(),
  /** Money that came into the store with this entry (a cash sale, a due payment). */
  moneyIn: z.number(),
  /** Money that left the store (a purchase not on due, a cost, a salary). */
  moneyOut: z.number(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const transactionsResponseSchema = z.object({
  transactions: z.array(ledgerEntrySchema),
  nextCursor: z.number().nullable(),
  totals: z.object({ count: z.number(), moneyIn: z.number(), moneyOut: z.number(), sales: z.number() }),
});
export type TransactionsResponse = z.infer<typeof transactionsResponseSchema>;

/** GET /stores/:storeId/transactions.csv: the entries of the filter as CSV (UTF-8 with a byte-order mark). */
/**
 * The CSV's filter, and `lang`: the language of its header line and words (kinds, methods).
 * Numbers stay plain Latin digits whatever the language, so a spreadsheet can add them up.
 */
export const transactionsCsvQuerySchema = transactionsQuerySchema
  .omit({ cursor: true, limit: true })
  .extend({ lang: localeSchema.optional() });
export type TransactionsCsvQuery = z.infer<typeof transactionsCsvQuerySchema>;

export const transactionsCsvSchema = z
  .string()
  .describe('CSV, UTF-8 with a byte-order mark so spreadsheet programs read Bangla text; a header line, then one line per entry, newest first.');

export const summaryQuerySchema = z.object({ period: z.enum(['today', 'month']).default('month') });

export const summaryResponseSchema = z.object({
  period: z.enum(['today', 'month']),
  /** Staff: their own sales of the period; everyone else: the store's. */
  sales: z.number(),
  dues: ownerOnly(z.number()),
  expenses: ownerOnly(z.number()),
  balance: ownerOnly(z.number()),
  /**
   * Gross profit of the period: Σ over sale lines (line total − quantity × unit cost recorded on
   * the line), less returns. Lines whose cost is unknown are left out of it and counted below.
   */
  grossProfit: ownerOnly(z.number()),
  /** DEALER.md rule 18: gross profit − the period's expenses (`expenses` above). */
  netProfit: ownerOnly(z.number()),
  /** Empties customer shops owe now (DEALER.md rule 9), all items together. */
  emptiesOwed: z.number(),
  costUnknown: ownerOnly(
    z.object({
      /** Sale lines (net of returns) without a known cost. */
      lines: z.number(),
      /** Their sales amount, which `grossProfit` does not include. */
      sales: z.number(),
      /** Names of those items, e.g. `Omera 12 kg 22 mm`. */
      items: z.array(z.string()),
    }),
  ),
  /** Staff: their own sales per day. */
  series: z.array(z.object({ date: z.string(), sales: z.number(), expenses: ownerOnly(z.number()) })),
  /** Staff: the entries they made. */
  recent: z.array(ledgerEntrySchema),
  /** What a new store has done so far, for the first-day checklist. */
  setup: z.object({
    brands: z.boolean(),
    prices: z.boolean(),
    shops: z.boolean(),
    vehicles: z.boolean(),
    members: z.boolean(),
  }),
});
export type Summary = z.infer<typeof summaryResponseSchema>;
