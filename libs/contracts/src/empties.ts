// Configures zod before this module builds its schemas.
import './zod-config';
import { z } from 'zod';
import { EMPTIES_BUY_METHODS } from './constants';
export { EMPTIES_BUY_METHODS, MAX_EMPTIES_PER_LINE } from './constants';
import { amountSchema, idSchema, quantitySchema } from './common';
import { countSchema } from './inventory';

// Empties handed in and owed (docs/product/DEALER.md rules 8 and 9).

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters` })
    .nullish()
    .transform((v) => v || null);

/**
 * Empties handed in with a refill line: how many of which cylinder item (the same size and
 * valve as the refill; another brand is a brand swap). 0 is allowed and means none of it.
 */
export const lineEmptiesBodySchema = z.object({ itemId: idSchema, count: countSchema });
export type LineEmptiesBody = z.input<typeof lineEmptiesBodySchema>;

/** Empties of one cylinder item, e.g. "3 × Bashundhara 12 kg 22 mm". */
export const emptiesCountSchema = z.object({
  itemId: z.string(),
  itemName: z.string(),
  brandName: z.string(),
  size: z.number(),
  regulatorType: z.number(),
  count: z.number(),
});
export type EmptiesCount = z.infer<typeof emptiesCountSchema>;

/**
 * Collect empties a shop owes (staff and up). More than the shop owes of an item is refused
 * unless `buyExtra` is set: the rest is then bought from the shop at `pricePerEmpty`, paid by
 * `paymentMethod` (`due` takes it off the shop's due). `vehicleId` puts the empties on that
 * vehicle (a driver collecting on the round) instead of in the store.
 */
export const collectEmptiesBodySchema = z.object({
  lines: z
    .array(z.object({ itemId: idSchema, count: quantitySchema }), { message: 'Say how many empties of which brand' })
    .min(1, { message: 'Say how many empties of which brand' })
    .max(20, { message: 'At most 20 brands at once' }),
  vehicleId: idSchema.nullish().transform((v) => v ?? null),
  buyExtra: z.boolean({ message: 'Must be true or false' }).default(false),
  pricePerEmpty: amountSchema.default(0),
  paymentMethod: z.enum(EMPTIES_BUY_METHODS, { message: 'Must be cash, bank, mobile or due' }).default('cash'),
  /** The account the empties bought are paid from (DEALER.md rule 15): of the method's family, else 400. Absent: the method's default. */
  accountId: idSchema.optional(),
  note: optionalText('Note', 300),
});
export type CollectEmptiesBody = z.input<typeof collectEmptiesBodySchema>;

export const collectEmptiesResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  lines: z.array(
    z.object({
      itemId: z.string(),
      itemName: z.string(),
      /** Taken against what the shop owed. */
      collected: z.number(),
      /** Beyond what it owed: bought from the shop. */
      bought: z.number(),
    }),
  ),
  /** Paid to the shop for the empties bought. */
  amountPaid: z.number(),
  /** What the shop still owes, per item. */
  emptiesOwed: z.array(emptiesCountSchema),
});
export type CollectEmptiesResponse = z.infer<typeof collectEmptiesResponseSchema>;

/** GET /stores/:storeId/empties-owed: the store's empties out at customer shops. */
export const emptiesOutResponseSchema = z.object({
  total: z.number(),
  brands: z.array(z.object({ brandName: z.string(), count: z.number() })),
  items: z.array(emptiesCountSchema),
  shops: z.array(
    z.object({
      shopId: z.string(),
      shopName: z.string(),
      phone: z.string().nullable(),
      divisionName: z.string(),
      /** A deleted shop still owes what it owed; it can no longer be collected from here. */
      deleted: z.boolean(),
      due: z.number(),
      total: z.number(),
      items: z.array(emptiesCountSchema),
    }),
  ),
});
export type EmptiesOut = z.infer<typeof emptiesOutResponseSchema>;
