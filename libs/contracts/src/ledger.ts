// Configures zod before this module builds its schemas.
import './zod-config';
import { z } from 'zod';
import { LEDGER_KINDS } from './constants';
export { LEDGER_KINDS } from './constants';


const isoDate = z
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
  from: isoDate.optional(),
  to: isoDate.optional(),
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
  unitPrice: z.number().nullable(),
  totalAmount: z.number(),
  paymentMethod: z.string().nullable(),
  dueDelta: z.number(),
  payableDelta: z.number(),
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

export const summaryQuerySchema = z.object({ period: z.enum(['today', 'month']).default('month') });

export const summaryResponseSchema = z.object({
  period: z.enum(['today', 'month']),
  sales: z.number(),
  dues: z.number(),
  expenses: z.number(),
  balance: z.number(),
  series: z.array(z.object({ date: z.string(), sales: z.number(), expenses: z.number() })),
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
