// Configures zod before this module builds its schemas.
import './zod-config';
import { z } from 'zod';
import { ownerOnly } from './money-view';
import { CYLINDER_SIZE_RANGE, REGULATOR_TYPES, TRADE_TYPES, ACCESSORY_KINDS } from './constants';
export { CYLINDER_SIZES, CYLINDER_SIZE_RANGE, REGULATOR_TYPES, TRADE_TYPES, ACCESSORY_KINDS, LOW_STOCK_LIMIT } from './constants';
import { amountSchema, idSchema, officialPriceReasonSchema, paymentMethodSchema, quantitySchema } from './common';

/** Kilograms of gas: 5, 12, 20 or a size the store added. */
export type CylinderSize = number;
export type RegulatorType = (typeof REGULATOR_TYPES)[number];
export type TradeType = (typeof TRADE_TYPES)[number];
export type AccessoryKind = (typeof ACCESSORY_KINDS)[number];


const oneOf = <T extends number>(values: readonly T[], label: string) =>
  z.coerce
    .number({ message: `Must be ${label}` })
    .refine((v): v is T => (values as readonly number[]).includes(v), { message: `Must be ${label}` });

const sizeWords = `a whole number of kg from ${CYLINDER_SIZE_RANGE.min} to ${CYLINDER_SIZE_RANGE.max}`;
const inSizeRange = <S extends z.ZodNumber | z.ZodCoercedNumber>(kg: S) =>
  kg
    .int({ message: 'Must be a whole number' })
    .min(CYLINDER_SIZE_RANGE.min, { message: `Must be ${CYLINDER_SIZE_RANGE.min} or more` })
    .max(CYLINDER_SIZE_RANGE.max, { message: `Must be at most ${CYLINDER_SIZE_RANGE.max}` });
/** A cylinder's size in kg: a whole number in CYLINDER_SIZE_RANGE (the store's sizes are 5, 12, 20 and those it added). */
export const cylinderSizeSchema = inSizeRange(z.coerce.number({ message: `Must be ${sizeWords}` }));

/** The store's cylinder sizes, smallest first: 5, 12, 20 and any it added. */
export const cylinderSizesResponseSchema = z.object({ sizes: z.array(z.number()) });
/** A size to add (35 or 45 kg for restaurants). */
export const addCylinderSizeBodySchema = z.object({
  // A JSON number, not a string that looks like one (the query's size is coerced).
  size: inSizeRange(z.number({ message: 'Must be a number' })),
});
export type AddCylinderSizeBody = z.infer<typeof addCylinderSizeBodySchema>;
export const regulatorTypeSchema = oneOf(REGULATOR_TYPES, '20 or 22');
export const tradeTypeSchema = z.enum(TRADE_TYPES, { message: 'Must be refill or package' });

/** Counts entered by hand after a physical count. */
export const countSchema = z
  .number({ message: 'Must be a number' })
  .int({ message: 'Must be a whole number' })
  .min(0, { message: 'Must be 0 or more' })
  .max(1_000_000, { message: 'Must be at most 1,000,000' });

// Brands
export const brandSchema = z.object({
  id: z.string(),
  name: z.string(),
  isActive: z.boolean(),
  logoColor: z.string(),
});
export type Brand = z.infer<typeof brandSchema>;
export const brandsResponseSchema = z.object({ localBrands: z.array(brandSchema) });
export const updateBrandsBodySchema = z
  .array(z.object({ id: idSchema, isActive: z.boolean({ message: 'Must be true or false' }) }))
  .max(500, { message: 'At most 500 brands at once' });
export type UpdateBrandsBody = z.infer<typeof updateBrandsBodySchema>;
export const updateBrandsResponseSchema = z.object({ message: z.string(), updatedBrands: z.array(brandSchema) });

// Items
export const cylinderItemSchema = z.object({
  id: z.string(),
  brandId: z.string(),
  brandName: z.string(),
  logoColor: z.string(),
  name: z.string(),
  /** The retail price (kept under its old name for older clients); same as `retailPrice`. */
  price: z.number(),
  retailPrice: z.number(),
  wholesalePrice: z.number(),
  /** Average cost of a refill (gas only); null = cost unknown (opening stock entered without one). */
  refillCost: ownerOnly(z.number().nullable()),
  /** Average cost of a package (gas and cylinder); null = cost unknown. */
  packageCost: ownerOnly(z.number().nullable()),
  /**
   * The package's prices (DEALER.md rule 12); `retailPrice` and `wholesalePrice` are the refill's.
   * Null: not set yet, and a package of the item cannot be sold until they are.
   */
  packageRetailPrice: z.number().nullable(),
  packageWholesalePrice: z.number().nullable(),
  fullCount: z.number(),
  emptyCount: z.number(),
  problemCount: z.number(),
  size: z.number(),
  regulatorType: z.number(),
  /** Below this many full cylinders the item is on the "to order" list; null: no level set. */
  reorderLevel: z.number().nullable(),
});
export type CylinderItem = z.infer<typeof cylinderItemSchema>;
export const cylinderFiltersSchema = z.object({
  size: cylinderSizeSchema.optional(),
  regulatorType: regulatorTypeSchema.optional(),
});
export type CylinderFilters = { size?: CylinderSize; regulatorType?: RegulatorType };
/** The spec's list (section 7): a JSON array of items, as a client written to it iterates it. */
export const cylinderInventoryResponseSchema = z.array(cylinderItemSchema);

export const accessoryItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The retail price; same as `retailPrice`. */
  price: z.number(),
  retailPrice: z.number(),
  wholesalePrice: z.number(),
  /** Average unit cost; null = cost unknown. */
  cost: ownerOnly(z.number().nullable()),
  stockCount: z.number(),
  problemCount: z.number(),
  /** Below this many in stock the item is on the "to order" list; null: no level set. */
  reorderLevel: z.number().nullable(),
});
export type AccessoryItem = z.infer<typeof accessoryItemSchema>;
/** Stoves or regulators: a JSON array of items, like the cylinder list. */
export const accessoryInventoryResponseSchema = z.array(accessoryItemSchema);
export const createAccessoryBodySchema = z.object({
  name: z
    .string({ message: 'Name is required' })
    .trim()
    .min(1, { message: 'Name is required' })
    .max(80, { message: 'Name must be at most 80 characters' }),
  price: amountSchema.default(0),
  /** Defaults to the retail price. */
  wholesalePrice: amountSchema.optional(),
});
export type CreateAccessoryBody = z.input<typeof createAccessoryBodySchema>;
export const accessoryResponseSchema = z.object({ item: accessoryItemSchema });

/**
 * Price editing (manager and up). `price` alone is the old single price and sets both tiers;
 * `retailPrice` and `wholesalePrice` set one tier each (a cylinder's refill prices). Cylinders
 * only: `packageRetailPrice` and `packageWholesalePrice` set the package's (the wholesale is the
 * retail until set; a wholesale alone on an item with no package price is refused). The costs correct an item's average
 * cost by hand (e.g. opening stock entered with "cost unknown"): `refillCost`/`packageCost` on
 * cylinders, `cost` on stoves and regulators. Selling prices never change on a buy.
 */
export const priceBodySchema = z
  .object({
    price: amountSchema.optional(),
    retailPrice: amountSchema.optional(),
    wholesalePrice: amountSchema.optional(),
    packageRetailPrice: amountSchema.optional(),
    packageWholesalePrice: amountSchema.optional(),
    refillCost: amountSchema.optional(),
    packageCost: amountSchema.optional(),
    cost: amountSchema.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Give a price or a cost', path: ['price'] });
export type PriceBody = z.infer<typeof priceBodySchema>;

// Movements
/**
 * A buy or sell. `price` is optional: the item's stored price is the one recorded, and a
 * different price is refused (409) so a stale screen never records the wrong price.
 */
export const tradeBodySchema = z.object({
  id: idSchema,
  quantity: quantitySchema,
  price: amountSchema.optional(),
  totalAmount: amountSchema.optional(),
  paymentMethod: paymentMethodSchema.default('cash'),
  shopId: idSchema.nullish(),
  /**
   * The account the money lands in (or, on a buy, leaves; DEALER.md rule 15). On a sell it must
   * be of the payment method's family, else 400. Absent: the method's default account.
   */
  accountId: idSchema.optional(),
});
export type TradeBody = z.input<typeof tradeBodySchema>;
/**
 * The one-item sell of a cylinder. A refill takes empties in (DEALER.md rule 8): `emptiesIn`
 * of the item `emptiesItemId` (defaults: the quantity, the same item; another brand of the same
 * size and valve is a brand swap). Fewer than the quantity is owed by the shop.
 */
export const cylinderTradeBodySchema = tradeBodySchema
  .extend({
    tradeType: tradeTypeSchema.default('refill'),
    emptiesIn: countSchema.optional(),
    emptiesItemId: idSchema.optional(),
    officialPriceReason: officialPriceReasonSchema,
  })
  .refine((b) => b.tradeType === 'refill' || (b.emptiesIn === undefined && b.emptiesItemId === undefined), {
    message: 'Only a refill takes empties in',
    path: ['emptiesIn'],
  });
export type CylinderTradeBody = z.input<typeof cylinderTradeBodySchema>;

const optionalNote = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters` })
    .nullish()
    .transform((v) => v || null);

/**
 * A buy records what was paid: `unitCost` per unit (the challan price), or `totalAmount` for
 * the whole buy (the cost is then total ÷ quantity). One of the two is required. Selling prices
 * never change on a buy; `price`, if sent, must still be the stored retail price.
 */
const buyFields = {
  unitCost: amountSchema.optional(),
  supplier: optionalNote('Supplier', 120),
  challanNumber: optionalNote('Challan number', 60),
  /**
   * DEALER.md rule 19: the supplier (its name is kept in `supplier` too), and the part paid now
   * (taka, 0 to the total) from `accountId` (default: the payment method's default account); the
   * rest is payable to the supplier. Without `paid` a buy is paid in full, or left payable with
   * `paymentMethod: 'due'`, as before.
   */
  supplierId: idSchema.optional(),
  paid: amountSchema.optional(),
  accountId: idSchema.optional(),
};
const costPaid = (b: { unitCost?: number; totalAmount?: number }) => b.unitCost !== undefined || b.totalAmount !== undefined;
const costPaidMessage = { message: 'Enter the unit cost paid', path: ['unitCost'] };
export const buyBodySchema = tradeBodySchema.extend(buyFields).refine(costPaid, costPaidMessage);
export type BuyBody = z.input<typeof buyBodySchema>;
export const cylinderBuyBodySchema = tradeBodySchema
  .extend({ tradeType: tradeTypeSchema.default('refill'), ...buyFields })
  .refine(costPaid, costPaidMessage);
export type CylinderBuyBody = z.input<typeof cylinderBuyBodySchema>;

/** The spec names the count `cylinderCount` on every item type; `count` is accepted too. */
export const markBodySchema = z
  .object({ id: idSchema, cylinderCount: quantitySchema.optional(), count: quantitySchema.optional() })
  .refine((b) => b.cylinderCount !== undefined || b.count !== undefined, {
    message: 'Is required',
    path: ['cylinderCount'],
  });
export type MarkBody = z.input<typeof markBodySchema>;
export const markQuerySchema = z.object({
  isDefected: z.enum(['true', 'false'], { message: 'Must be true or false' }).default('true'),
});
export const cylinderMarkQuerySchema = cylinderFiltersSchema.extend(markQuerySchema.shape);

export const stockCountBodySchema = z.object({
  itemId: idSchema,
  fullCount: countSchema.optional(),
  emptyCount: countSchema.optional(),
  problemCount: countSchema.optional(),
  stockCount: countSchema.optional(),
  note: z.string().trim().max(500, { message: 'Must be at most 500 characters' }).optional(),
});
export type StockCountBody = z.infer<typeof stockCountBodySchema>;

export const movementResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** A sell is recorded as a one-line sale: its id and number, for the receipt. */
  saleId: z.string().optional(),
  saleNumber: z.string().optional(),
});
export type MovementResponse = z.infer<typeof movementResponseSchema>;

export { stockStatus, type StockStatus } from './constants';
