// Configures zod before this module builds its schemas.
import './zod-config';
import { z } from 'zod';
import { roleSchema } from './common';

const required = (label: string, max: number) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, { message: `${label} is required` })
    .max(max, { message: `${label} must be at most ${max} characters` });

export const phoneSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 -]{5,18}[0-9]$/, { message: 'Enter a valid phone number' });

export const storeSchema = z.object({
  id: z.string(),
  name: z.string(),
  location: z.string(),
  phone: z.string(),
  image: z.string().nullable(),
  role: roleSchema,
});
export type Store = z.infer<typeof storeSchema>;

const storeFieldsSchema = z.object({
  name: required('Name', 80),
  location: required('Location', 120),
  phone: required('Phone', 20).pipe(phoneSchema),
});

/**
 * A second store starts from one of the person's stores (docs/decisions.md, "A second store
 * from the first"): its brands, prices, price book, levels, sizes, message settings and areas,
 * and its customer shops if `shops` (never their dues, stock, costs or ledger).
 */
export const copyFromSchema = z.object({ storeId: z.uuid(), shops: z.boolean() }).strict();
export type CopyFrom = z.infer<typeof copyFromSchema>;

export const createStoreBodySchema = storeFieldsSchema.extend({ copyFrom: copyFromSchema.optional() });
export type CreateStoreBody = z.infer<typeof createStoreBodySchema>;

export const updateStoreBodySchema = storeFieldsSchema.partial().strict();
export type UpdateStoreBody = z.infer<typeof updateStoreBodySchema>;

/**
 * DEALER.md rule 14: how far below the tier price staff may sell, in whole percent of the tier
 * price (0: not at all). Managers and up may sell at any price; a line at price 0 needs one.
 */
export const sellingLimitSchema = z.object({ staffBelowTierPercent: z.number().int().min(0).max(99) }).strict();
export type SellingLimitSettings = z.infer<typeof sellingLimitSchema>;
export const sellingLimitResponseSchema = z.object({ sellingLimit: sellingLimitSchema });

export const storesResponseSchema = z.object({ stores: z.array(storeSchema) });
export const storeResponseSchema = z.object({ store: storeSchema });
/**
 * A new store. The spec's client reads the store's fields from the answer's `data` field
 * (section 7: "possibly wrapped in a data field"), Mojud's apps from `store`: the same store in both.
 */
export const createdStoreResponseSchema = z.object({ store: storeSchema, data: storeSchema });
