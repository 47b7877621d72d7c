// Configures zod before this module builds its schemas.
import './zod-config';
import { z } from 'zod';
import { SHOP_SORTS, DUE_PAYMENT_METHODS, PRICE_TIERS } from './constants';
export { SHOP_SORTS, DUE_PAYMENT_METHODS } from './constants';
import { amountSchema, idSchema, paymentMethodSchema } from './common';
import { bdMobileSchema, messageLanguageSchema, statementLinesSchema } from './messages';
import { MESSAGE_LANGUAGES } from './phone';
import { emptiesCountSchema } from './empties';
import { openingBalanceBodySchema } from './opening';

// Customer shops ("stores" in the spec's /workspace paths), their delivery areas and dues.

const requiredText = (label: string, max: number) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, { message: `${label} is required` })
    .max(max, { message: `${label} must be at most ${max} characters` });

/** Optional free text: blank or absent is stored as nothing. */
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters` })
    .nullish()
    .transform((v) => v || null);

export const divisionSchema = z.object({
  id: z.string(),
  name: z.string(),
  shopCount: z.number(),
});
export type Division = z.infer<typeof divisionSchema>;
export const divisionsResponseSchema = z.object({ divisions: z.array(divisionSchema) });
export const divisionResponseSchema = z.object({ division: divisionSchema });
export const divisionBodySchema = z.object({ name: requiredText('Area name', 60) });
export type DivisionBody = z.input<typeof divisionBodySchema>;

/** A shop's code, the reference it pays its due by (C-0042; libs/domain `shopCode`, read in Bangla by `shopCodeLabel`). */
const shopCodeSchema = z.string();

export const shopSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: shopCodeSchema,
  contactName: z.string().nullable(),
  /** A Bangladeshi mobile, `+8801XXXXXXXXX` (older rows may hold another number as typed). */
  phone: z.string().nullable(),
  address: z.string().nullable(),
  /** The language of the messages it gets: Bangla unless set to English. */
  language: z.enum(MESSAGE_LANGUAGES),
  /** What the shop owes the store now (negative: an advance it has paid). Computed from the ledger. */
  due: z.number(),
  image: z.string().nullable(),
  divisionId: z.string(),
  /** The price this shop buys at: wholesale unless set to retail. */
  priceTier: z.enum(PRICE_TIERS),
  /** Empties the shop owes, per item (DEALER.md rule 9); computed from the ledger. */
  emptiesOwed: z.array(emptiesCountSchema),
  /** Its opening balance (DEALER.md rule 20) was entered and stands: a correction reverses it first. */
  hasOpening: z.boolean(),
});
export type Shop = z.infer<typeof shopSchema>;
export const shopsResponseSchema = z.object({
  stores: z.array(shopSchema),
  /** DEALER.md rule 19: what all the store's shops owe, taka (every area, whatever the search). */
  totalReceivable: z.number(),
});
export const shopResponseSchema = z.object({ store: shopSchema });

export const shopListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  sort: z.enum(SHOP_SORTS).default('name'),
});
export type ShopListQuery = z.input<typeof shopListQuerySchema>;

export const shopBodySchema = z.object({
  name: requiredText('Shop Name', 120),
  contactName: optionalText('Contact Name', 120),
  phone: z
    .string()
    .trim()
    .nullish()
    .transform((v) => v || null)
    .pipe(bdMobileSchema.nullable()),
  address: optionalText('Address', 300),
  /** Absent: unchanged (a new shop gets Bangla). */
  language: messageLanguageSchema.optional(),
  /** Moves the shop to another area of the same store. */
  divisionId: z.string().optional(),
  /** Absent: unchanged (a new shop buys at wholesale). */
  priceTier: z.enum(PRICE_TIERS, { message: 'Must be retail or wholesale' }).optional(),
});
export type ShopBody = z.input<typeof shopBodySchema>;

/** A new shop, optionally with its opening balance (DEALER.md rule 20), entered once. */
export const createShopBodySchema = shopBodySchema.extend({ opening: openingBalanceBodySchema.optional() });
export type CreateShopBody = z.input<typeof createShopBodySchema>;

/** The flat list other screens pick a shop from (due sells, the dashboard's Due action). */
export const shopPickerItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: shopCodeSchema,
  phone: z.string().nullable(),
  language: z.enum(MESSAGE_LANGUAGES),
  due: z.number(),
  divisionId: z.string(),
  divisionName: z.string(),
  priceTier: z.enum(PRICE_TIERS),
  emptiesOwed: z.array(emptiesCountSchema),
});
export type ShopPickerItem = z.infer<typeof shopPickerItemSchema>;
export const shopPickerQuerySchema = z.object({ search: z.string().trim().max(100).optional() });
export const shopPickerResponseSchema = z.object({ shops: z.array(shopPickerItemSchema) });

export const duePaymentBodySchema = z.object({
  amount: amountSchema.refine((v) => v > 0, { message: 'Amount must be more than 0' }),
  paymentMethod: z
    .enum(DUE_PAYMENT_METHODS, { message: 'Payment method must be cash, bank, mobile or other' })
    .default('cash'),
  ref: optionalText('Reference', 100),
  /**
   * The store's account it is paid into (DEALER.md rule 15): of the method's family (a wallet for
   * `mobile`), else 400. Absent: the method's default account.
   */
  accountId: idSchema.optional(),
  /** Confirms taking more than the current due; the rest is kept as an advance. */
  advance: z.boolean().optional().default(false),
});
export type DuePaymentBody = z.input<typeof duePaymentBodySchema>;

export const shopTransactionSchema = z.object({
  id: z.number(),
  /**
   * `sell` (a sale line to the shop, + due), `sale_payment` (paid with a sale, − due),
   * `due_payment`, `sale_return` and `sale_refund` (a void or return putting the due back),
   * `empties_collected` and `empties_bought` (empties taken from the shop); corrections keep
   * their own kind.
   */
  kind: z.string(),
  amount: z.number(),
  /** How this entry changed the due: + for a sell on due, − for a payment. */
  dueDelta: z.number(),
  /** How this entry changed the empties the shop owes of `itemName`: + a refill without its empty, − a collection. */
  emptiesDelta: z.number(),
  itemName: z.string().nullable(),
  /** The shop's due right after this entry. */
  balance: z.number(),
  paymentMethod: paymentMethodSchema.nullable(),
  /** The account the money moved in (rule 15); null: none. */
  accountId: z.string().nullable().optional(),
  ref: z.string().nullable(),
  note: z.string().nullable(),
  quantity: z.number().nullable(),
  createdAt: z.string(),
});
export type ShopTransaction = z.infer<typeof shopTransactionSchema>;
export const shopHistoryResponseSchema = z.object({
  /** The shop's name (the printed khata's heading). */
  name: z.string(),
  due: z.number(),
  emptiesOwed: z.array(emptiesCountSchema),
  transactions: z.array(shopTransactionSchema),
  /** The same events as a khata: one line per sale, payment, empties or opening (the public statement's lines). */
  khata: statementLinesSchema,
});
export type ShopHistory = z.infer<typeof shopHistoryResponseSchema>;

export const duePaymentResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  due: z.number(),
  transaction: shopTransactionSchema,
});
