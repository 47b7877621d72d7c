// Configures zod before this module builds its schemas.
import './zod-config';
import { z } from 'zod';
import { ownerOnly } from './money-view';
import { ACCESSORY_KINDS, MAX_EMPTIES_PER_LINE, MAX_SALE_LINES, PRICE_TIERS, SALE_PAYMENT_METHODS, TRADE_TYPES } from './constants';
export { MAX_SALE_LINES, PRICE_TIERS, SALE_PAYMENT_METHODS } from './constants';
import { amountSchema, idSchema, localeSchema, officialPriceReasonSchema, quantitySchema } from './common';
import { isoDateSchema } from './ledger';
import { emptiesCountSchema, lineEmptiesBodySchema } from './empties';
import { paymentRequestSchema } from './payments';

// Sales with lines (DEALER.md rule 5), their receipts (rule 6), voids and returns (rule 7), and
// gross profit (rule 4).

export const priceTierSchema = z.enum(PRICE_TIERS, { message: 'Must be retail or wholesale' });
export type PriceTier = z.infer<typeof priceTierSchema>;
export const salePaymentMethodSchema = z.enum(SALE_PAYMENT_METHODS, { message: 'Must be cash, bank or mobile' });
export type SalePaymentMethod = z.infer<typeof salePaymentMethodSchema>;
export const saleItemTypeSchema = z.enum(['cylinder', ...ACCESSORY_KINDS], { message: 'Must be cylinder, stove or regulator' });
export type SaleItemType = z.infer<typeof saleItemTypeSchema>;

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters` })
    .nullish()
    .transform((v) => v || null);

export const saleLineBodySchema = z
  .object({
    itemType: saleItemTypeSchema,
    itemId: idSchema,
    /** Cylinders only: refill (an empty handed in) or package (the cylinder too). Default refill. */
    tradeType: z.enum(TRADE_TYPES, { message: 'Must be refill or package' }).optional(),
    quantity: quantitySchema,
    /**
     * The unit price charged. Default: the customer's tier price. Lower is a discount, recorded
     * as such; higher than the tier price is refused.
     */
    unitPrice: amountSchema.optional(),
    /**
     * Refill lines only (DEALER.md rule 8): the empties handed in, by cylinder item of the same
     * size and valve. Absent: as many as the quantity, of the same item. Fewer than the quantity
     * leaves the rest owed by the shop (a walk-in buyer hands in one for each refill); another
     * brand's empties are a brand swap and raise that brand's empty count.
     */
    empties: z
      .array(lineEmptiesBodySchema)
      .max(MAX_EMPTIES_PER_LINE, { message: `At most ${MAX_EMPTIES_PER_LINE} brands of empties on one line` })
      .optional(),
  })
  .refine((l) => l.itemType === 'cylinder' || l.tradeType === undefined, {
    message: 'Only cylinders are sold as refill or package',
    path: ['tradeType'],
  })
  .refine((l) => l.empties === undefined || (l.itemType === 'cylinder' && (l.tradeType ?? 'refill') === 'refill'), {
    message: 'Only a refill line takes empties in',
    path: ['empties'],
  });
export type SaleLineBody = z.input<typeof saleLineBodySchema>;

export const salePaymentBodySchema = z.object({
  method: salePaymentMethodSchema,
  amount: amountSchema.refine((v) => v > 0, { message: 'Amount must be more than 0' }),
  ref: optionalText('Reference', 100),
  /**
   * The store's account it is paid into (DEALER.md rule 15): of the method's family (a wallet for
   * `mobile`), else 400. Absent: the method's default account.
   */
  accountId: idSchema.optional(),
});
export type SalePaymentBody = z.input<typeof salePaymentBodySchema>;

/**
 * A sale: a walk-in buyer (`shopId` null/absent, pays in full) or a customer shop (what is not
 * paid is due; paying more is an advance). Send it with an `Idempotency-Key` header: a retry
 * returns the same sale and changes nothing.
 */
export const createSaleBodySchema = z.object({
  shopId: idSchema.nullish().transform((v) => v ?? null),
  /** Sold from this vehicle's stock (DEALER.md rule 10); absent or null: from the store. */
  vehicleId: idSchema.nullish().transform((v) => v ?? null),
  lines: z
    .array(saleLineBodySchema, { message: 'Add at least one item' })
    .min(1, { message: 'Add at least one item' })
    .max(MAX_SALE_LINES, { message: `At most ${MAX_SALE_LINES} lines in one sale` }),
  /** Off the whole sale, in taka. */
  discount: amountSchema.default(0),
  payments: z.array(salePaymentBodySchema).max(10, { message: 'At most 10 payments' }).default([]),
  note: optionalText('Note', 300),
  officialPriceReason: officialPriceReasonSchema,
  /** false: no receipt message for this sale, whatever the store's setting (the seller turned it off). */
  sendReceipt: z.boolean({ message: 'Must be true or false' }).optional(),
});
export type CreateSaleBody = z.input<typeof createSaleBodySchema>;

export const saleLineSchema = z.object({
  /** The ledger entry of this line. Returns name it. */
  id: z.number(),
  itemType: saleItemTypeSchema,
  itemId: z.string(),
  itemName: z.string(),
  brandName: z.string().nullable(),
  tradeType: z.enum(TRADE_TYPES).nullable(),
  quantity: z.number(),
  /** The tier's price when sold. */
  tierPrice: z.number(),
  unitPrice: z.number(),
  /** quantity × unitPrice, as printed on the receipt. */
  lineTotal: z.number(),
  /** What this line counts as sales: lineTotal less its share of the whole-sale discount. */
  amount: z.number(),
  /** Below the tier price, plus the share of the whole-sale discount. */
  discount: z.number(),
  /** The average cost when sold; null = cost unknown. */
  unitCost: ownerOnly(z.number().nullable()),
  /** amount − quantity × unitCost; null when the cost is unknown. */
  profit: ownerOnly(z.number().nullable()),
  returnedQuantity: z.number(),
  /** Refill lines: the empties handed in, by item (the line's own brand and any swaps). */
  empties: z.array(z.object({ itemId: z.string(), itemName: z.string(), brandName: z.string(), count: z.number() })),
  /** Refill lines: quantity − empties handed in, owed by the shop. */
  emptiesOwed: z.number(),
  /** A walk-in refill: the official price in force when sold (DEALER.md rule 13); null: none. */
  officialPrice: z.number().nullable().optional(),
  /** Why it was sold above the official price, as the seller gave it. */
  aboveOfficialReason: z.string().nullable().optional(),
});
export type SaleLine = z.infer<typeof saleLineSchema>;

export const salePaymentSchema = z.object({
  method: salePaymentMethodSchema,
  amount: z.number(),
  ref: z.string().nullable(),
  /** The account it landed in (rule 15); the receipt names it. Null: none recorded. */
  accountId: z.string().nullable().optional(),
});
export type SalePayment = z.infer<typeof salePaymentSchema>;

/** A void or a return: reversing entries that put stock, money and due back. */
export const saleReversalSchema = z.object({
  kind: z.enum(['void', 'return']),
  createdAt: z.string(),
  userName: z.string(),
  lines: z.array(z.object({ lineId: z.number(), itemName: z.string(), quantity: z.number(), amount: z.number() })),
  /** Money handed back, by method. */
  refunds: z.array(z.object({ method: salePaymentMethodSchema, amount: z.number(), accountId: z.string().nullable().optional() })),
  /** How the shop's due moved (− = it owes less). */
  dueDelta: z.number(),
  note: z.string().nullable(),
});
export type SaleReversal = z.infer<typeof saleReversalSchema>;

export const SALE_STATUSES = ['completed', 'partly_returned', 'returned', 'voided'] as const;

/** Everything a receipt shows (DEALER.md rule 6) and what happened to the sale since. */
export const saleSchema = z.object({
  id: z.string(),
  /** The store's gapless number, `S-000123`. */
  number: z.string(),
  createdAt: z.string(),
  /** Date and time in Asia/Dhaka, `2026-11-23 18:05`. */
  localTime: z.string(),
  store: z.object({ name: z.string(), address: z.string().nullable(), phone: z.string().nullable() }),
  seller: z.object({ id: z.string(), name: z.string() }),
  /** null: a walk-in buyer. */
  shop: z
    .object({ id: z.string(), name: z.string(), phone: z.string().nullable(), address: z.string().nullable() })
    .nullable(),
  tier: priceTierSchema,
  lines: z.array(saleLineSchema),
  /** Σ lineTotal. */
  subtotal: z.number(),
  /** Off the whole sale. */
  discount: z.number(),
  total: z.number(),
  payments: z.array(salePaymentSchema),
  paid: z.number(),
  /** total − paid: due on the shop (negative: an advance). Always 0 for a walk-in. */
  due: z.number(),
  /** The shop's due just before and just after this sale; null for a walk-in. */
  shopBalanceBefore: z.number().nullable(),
  shopBalanceAfter: z.number().nullable(),
  /** The empties the shop owed right after this sale, per item (rule 6); null for a walk-in. */
  shopEmptiesOwed: z.array(emptiesCountSchema).nullable(),
  /** The vehicle it was sold from; null: from the store. */
  vehicle: z.object({ id: z.string(), name: z.string(), regNumber: z.string() }).nullable(),
  /** Gross profit of the lines with a known cost, net of returns. */
  profit: ownerOnly(z.number()),
  costUnknownLines: ownerOnly(z.number()),
  note: z.string().nullable(),
  status: z.enum(SALE_STATUSES),
  /** A manager may still void it: today (Dhaka), not voided, nothing returned yet. */
  canVoid: z.boolean(),
  reversals: z.array(saleReversalSchema),
  /**
   * How to pay what is left due on this sale (DEALER.md rule 22): the sale's number as the
   * reference, the smaller of its due and the shop's due now; null when nothing is left due.
   */
  paymentRequest: paymentRequestSchema.nullable(),
});
export type Sale = z.infer<typeof saleSchema>;
export const saleResponseSchema = z.object({ sale: saleSchema });
export type SaleResponse = z.infer<typeof saleResponseSchema>;

export const salesQuerySchema = z.object({
  /** Days in Asia/Dhaka, inclusive. */
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  shopId: z.uuid({ message: 'Must be a valid id' }).optional(),
  /** Only walk-in sales. */
  walkIn: z.enum(['true', 'false']).optional(),
  /** The `nextCursor` of the previous page. */
  cursor: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type SalesQuery = z.input<typeof salesQuerySchema>;

export const saleListItemSchema = z.object({
  id: z.string(),
  number: z.string(),
  createdAt: z.string(),
  shopId: z.string().nullable(),
  shopName: z.string().nullable(),
  sellerName: z.string(),
  lineCount: z.number(),
  total: z.number(),
  paid: z.number(),
  due: z.number(),
  /** Net of returns. */
  returned: z.number(),
  profit: ownerOnly(z.number()),
  costUnknownLines: ownerOnly(z.number()),
  status: z.enum(SALE_STATUSES),
});
export type SaleListItem = z.infer<typeof saleListItemSchema>;
export const salesResponseSchema = z.object({ sales: z.array(saleListItemSchema), nextCursor: z.number().nullable() });
export type SalesResponse = z.infer<typeof salesResponseSchema>;

export const voidSaleBodySchema = z.object({ note: optionalText('Reason', 300) }).default({ note: null });
export type VoidSaleBody = z.input<typeof voidSaleBodySchema>;

/**
 * Take back some lines (or part of their quantities). A shop's due goes down by the lines'
 * amount; a walk-in buyer is paid back by `refundMethod`.
 */
export const returnSaleBodySchema = z.object({
  lines: z
    .array(z.object({ lineId: z.number().int().positive(), quantity: quantitySchema }), { message: 'Choose what comes back' })
    .min(1, { message: 'Choose what comes back' })
    .max(MAX_SALE_LINES),
  refundMethod: salePaymentMethodSchema.default('cash'),
  note: optionalText('Reason', 300),
});
export type ReturnSaleBody = z.input<typeof returnSaleBodySchema>;

export const profitReportQuerySchema = z.object({
  from: isoDateSchema,
  to: isoDateSchema,
});
export type ProfitReportQuery = z.infer<typeof profitReportQuerySchema>;

const profitRowSchema = z.object({
  quantity: z.number(),
  sales: z.number(),
  /** Cost of the lines with a known cost. */
  cost: z.number(),
  /** Sales of those lines − their cost. */
  profit: z.number(),
  costUnknownLines: z.number(),
  /** Sales of lines with unknown cost (not in `profit`). */
  costUnknownSales: z.number(),
});
export const profitReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: profitRowSchema,
  brands: z.array(profitRowSchema.extend({ brandName: z.string() })),
  items: z.array(
    profitRowSchema.extend({
      itemType: saleItemTypeSchema,
      itemId: z.string(),
      itemName: z.string(),
      brandName: z.string().nullable(),
    }),
  ),
  /** Names of items sold with unknown cost in the range. */
  costUnknownItems: z.array(z.string()),
  /** The range's expenses (rule 18: expense entries, salaries, vehicle costs, shortages less excesses). */
  expenses: z.number(),
  /** Gross profit (`totals.profit`) − expenses. */
  netProfit: z.number(),
});
export type ProfitReport = z.infer<typeof profitReportSchema>;

/** GET /stores/:storeId/reports/profit.csv: the profit report by item as CSV (plain Latin numbers). */
/** The profit CSV's days and `lang`, the language of its header line (numbers stay Latin). */
export const profitReportCsvQuerySchema = profitReportQuerySchema.extend({ lang: localeSchema.optional() });

export const profitReportCsvSchema = z
  .string()
  .describe('CSV, UTF-8 with a byte-order mark; a header line, then one line per item with quantity, sales, cost and gross profit, then the totals.');
