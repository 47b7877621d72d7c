// Configures zod before this module builds its schemas.
import './zod-config';
import { z } from 'zod';
import { amountSchema, idSchema } from './common';
import { isoDateSchema } from './ledger';
import { ownerOnly } from './money-view';

// Suppliers (DEALER.md rule 19) and their opening payable (rule 20): whom the store buys from,
// what is still to be paid to each, their payments and statements. Managers and up only.

const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters` })
    .nullish()
    .transform((v) => v || null);

const positiveAmount = amountSchema.refine((v) => v > 0, { message: 'Must be more than 0' });

export const supplierUpdateBodySchema = z.object({
  name: z
    .string({ message: 'Name is required' })
    .trim()
    .min(1, { message: 'Name is required' })
    .max(120, { message: 'Name must be at most 120 characters' }),
  phone: text('Phone', 40),
  address: text('Address', 300),
});
export type SupplierUpdateBody = z.input<typeof supplierUpdateBodySchema>;

/** A new supplier; `openingPayable` (taka) is what the store owed them on day one (rule 20). */
export const supplierBodySchema = supplierUpdateBodySchema.extend({ openingPayable: amountSchema.optional() });
export type SupplierBody = z.input<typeof supplierBodySchema>;

export const supplierSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  /** Taka still to be paid to them: the sum of their entries' payable. */
  payable: ownerOnly(z.number()),
});
export type Supplier = z.infer<typeof supplierSchema>;

export const suppliersResponseSchema = z.object({
  totalPayable: ownerOnly(z.number()),
  suppliers: z.array(supplierSchema),
});
export type SuppliersResponse = z.infer<typeof suppliersResponseSchema>;
export const supplierResponseSchema = z.object({ supplier: supplierSchema });

/** A payment to a supplier from an account (the cash drawer when none is named). */
export const supplierPaymentBodySchema = z.object({
  amount: positiveAmount,
  accountId: idSchema.optional(),
  note: text('Note', 300),
});
export type SupplierPaymentBody = z.input<typeof supplierPaymentBodySchema>;
export const supplierPaymentResponseSchema = z.object({
  entryId: z.number(),
  /** What is left payable after it. */
  payable: ownerOnly(z.number()),
});

/** Days in Asia/Dhaka, inclusive. */
export const supplierStatementQuerySchema = z.object({
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});
export type SupplierStatementQuery = z.infer<typeof supplierStatementQuerySchema>;

export const supplierStatementLineSchema = z.object({
  id: z.number(),
  /** ISO instant. */
  at: z.string(),
  kind: z.enum(['opening', 'buy', 'payment']),
  /** A buy's item ("Bashundhara 12 kg 22 mm"), refill or package, and how many. */
  item: z.string().nullable(),
  tradeType: z.string().nullable(),
  quantity: z.number().nullable(),
  /** A buy's challan number. */
  ref: z.string().nullable(),
  /** The account money left from (a payment, the paid part of a buy). */
  accountId: z.string().nullable(),
  accountName: z.string().nullable(),
  accountKind: z.string().nullable(),
  accountProvider: z.string().nullable(),
  note: z.string().nullable(),
  /** Added to the payable (the buy's total, an opening). */
  added: z.number(),
  /** Paid to them (a payment, the paid part of a buy). */
  paid: z.number(),
  /** What was payable after this line. */
  balance: z.number(),
});
export type SupplierStatementLine = z.infer<typeof supplierStatementLineSchema>;

export const supplierStatementResponseSchema = z.object({
  supplier: supplierSchema,
  /** Payable before the first line (entries before `from`). */
  openingBalance: ownerOnly(z.number()),
  lines: ownerOnly(z.array(supplierStatementLineSchema)),
  /** Payable after the last line. */
  balance: ownerOnly(z.number()),
  /** Empties handed over to them by refill buys, per brand, in the period. */
  emptiesHandedOver: z.array(z.object({ brand: z.string(), count: z.number() })),
});
export type SupplierStatement = z.infer<typeof supplierStatementResponseSchema>;
