// Configures zod before this module builds its schemas.
import './zod-config';
import { z } from 'zod';
import { amountSchema, localeSchema } from './common';
import { isoDateSchema } from './ledger';
import { monthSchema } from './people';

// The official BERC price book (DEALER.md rule 13): its entries, the store's choice on refills
// above it, and the monthly report of sales above it.

const positiveAmount = amountSchema.refine((v) => v > 0, { message: 'Must be more than 0' });

/**
 * A new entry of the price book (managers and up): BERC's two figures, each size's official price
 * (filled from them and corrected where need be), in force from a date and time in Dhaka (6 pm
 * unless said), ahead or in the past. Entries are never changed; a later one replaces an earlier
 * from its own start.
 */
export const officialPriceBodySchema = z.object({
  /** The day it comes into force, in Dhaka. */
  date: isoDateSchema,
  /** HH:MM in Dhaka; default 18:00. */
  time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'Use a time like 18:00' })
    .default('18:00'),
  /** BERC's price per kg, taka. */
  perKg: positiveAmount,
  /** BERC's price of the 12 kg cylinder, taka. */
  twelveKg: positiveAmount,
  /** Each size's official price, taka. */
  prices: z
    .array(z.object({ size: z.number().int().min(1).max(100), price: positiveAmount }))
    .min(1, { message: 'Enter the price of at least one size' })
    .max(30)
    .refine((ps) => new Set(ps.map((p) => p.size)).size === ps.length, { message: 'Each size once' }),
});
export type OfficialPriceBody = z.input<typeof officialPriceBodySchema>;

export const officialPriceEntrySchema = z.object({
  id: z.string(),
  /** ISO instant. */
  startsAt: z.string(),
  /** Date and time in Dhaka, `2026-11-27 18:00`. */
  localStart: z.string(),
  perKg: z.number(),
  twelveKg: z.number(),
  prices: z.array(z.object({ size: z.number(), price: z.number() })),
  enteredBy: z.string(),
  createdAt: z.string(),
});
export type OfficialPriceEntry = z.infer<typeof officialPriceEntrySchema>;

export const OFFICIAL_PRICE_POLICIES = ['warn', 'refuse'] as const;
export const officialPricePolicySchema = z.enum(OFFICIAL_PRICE_POLICIES, { message: 'Must be warn or refuse' });
export type OfficialPricePolicy = z.infer<typeof officialPricePolicySchema>;

/** The price book: every entry (newest start first), the one in force now and the next, the store's choice, its sizes. */
export const officialPricesResponseSchema = z.object({
  entries: z.array(officialPriceEntrySchema),
  current: officialPriceEntrySchema.nullable(),
  next: officialPriceEntrySchema.nullable(),
  policy: officialPricePolicySchema,
  /** The store's cylinder sizes, kg, ascending. */
  sizes: z.array(z.number()),
});
export type OfficialPrices = z.infer<typeof officialPricesResponseSchema>;
export const officialPriceResponseSchema = z.object({ entry: officialPriceEntrySchema });

export const officialPricePolicyBodySchema = z.object({ policy: officialPricePolicySchema }).strict();
export type OfficialPricePolicyBody = z.infer<typeof officialPricePolicyBodySchema>;
export const officialPricePolicyResponseSchema = officialPricePolicyBodySchema;

export const aboveOfficialQuerySchema = z.object({ month: monthSchema });
export const aboveOfficialCsvQuerySchema = aboveOfficialQuerySchema.extend({ lang: localeSchema.optional() });

export const aboveOfficialRowSchema = z.object({
  saleId: z.string(),
  number: z.string(),
  createdAt: z.string(),
  /** Date and time in Dhaka, `2026-11-27 18:05`. */
  localTime: z.string(),
  itemName: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  officialPrice: z.number(),
  reason: z.string().nullable(),
  sellerName: z.string(),
});
export type AboveOfficialRow = z.infer<typeof aboveOfficialRowSchema>;
export const aboveOfficialReportSchema = z.object({ month: z.string(), rows: z.array(aboveOfficialRowSchema) });
export type AboveOfficialReport = z.infer<typeof aboveOfficialReportSchema>;
export const aboveOfficialCsvSchema = z
  .string()
  .describe('CSV, UTF-8 with a byte-order mark; a header line, then one line per sale line above the official price.');
