// Configures zod before this module builds its schemas.
import './zod-config';
import { z } from 'zod';
import { VEHICLE_COST_CATEGORIES } from './constants';
export { VEHICLE_COST_CATEGORIES } from './constants';
import { amountSchema, idSchema, paymentMethodSchema } from './common';
import { vehicleStockItemSchema } from './vans';

export const vehicleCostCategorySchema = z.enum(VEHICLE_COST_CATEGORIES);
export type VehicleCostCategory = z.infer<typeof vehicleCostCategorySchema>;

export const vehicleSchema = z.object({
  id: z.string(),
  /** What the store calls it ("Jamal's van"); its registration when none was given. */
  name: z.string(),
  /** Brand, model and registration may be empty: a van can be added with just a name. */
  vehicleBrand: z.string(),
  vehicleModel: z.string(),
  regNumber: z.string(),
  /** Fuel and repair spent this calendar month (Asia/Dhaka), Tk. */
  monthFuel: z.number(),
  monthRepair: z.number(),
  /** The member who drives it: may load it and close its day besides managers. */
  assignedUser: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** What it carries now (DEALER.md rule 10). */
  stock: z.array(vehicleStockItemSchema),
  /** When its day was last closed; null if never. */
  lastClosedAt: z.string().nullable(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;
export const vehiclesResponseSchema = z.object({ vehicles: z.array(vehicleSchema) });
export const vehicleResponseSchema = z.object({ vehicle: vehicleSchema });

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters` })
    .default('');

export const vehicleBodySchema = z
  .object({
    /** What the store calls it; when absent, its registration is its name. */
    name: optionalText('Name', 60).transform((v) => v.replace(/\s+/g, ' ')),
    regNumber: optionalText('Registration No', 40).transform((v) => v.replace(/\s+/g, ' ')),
    vehicleBrand: optionalText('Brand', 60),
    vehicleModel: optionalText('Model', 60),
    /** The member who drives it; absent: unchanged, null: nobody. */
    assignedUserId: idSchema.nullish(),
  })
  // A van needs something to be called by: a name, or (as before names) its registration.
  .superRefine((body, ctx) => {
    if (!body.name && !body.regNumber)
      ctx.addIssue({ code: 'custom', path: ['name'], message: 'Name is required', params: { code: 'required' } });
  });
export type VehicleBody = z.input<typeof vehicleBodySchema>;

const description = z.string().trim().max(300, { message: 'Description must be at most 300 characters' });

export const vehicleCostBodySchema = z
  .object({
    amount: amountSchema.refine((v) => v > 0, { message: 'Amount must be more than 0' }),
    paymentMethod: paymentMethodSchema.default('cash'),
    /** The account it is paid from (DEALER.md rule 15): of the method's family, else 400. Absent: the method's default. */
    accountId: idSchema.optional(),
    ref: z
      .string()
      .trim()
      .max(100, { message: 'Reference must be at most 100 characters' })
      .nullish()
      .transform((v) => v || null),
    details: z.object({ description: description.nullish() }).nullish(),
    description: description.nullish(),
  })
  .transform(({ details, description: flat, ...rest }) => ({
    ...rest,
    description: details?.description || flat || null,
  }));
export type VehicleCostBody = z.input<typeof vehicleCostBodySchema>;

export const vehicleTransactionSchema = z.object({
  id: z.number(),
  transactionType: vehicleCostCategorySchema,
  amount: z.number(),
  details: z.object({ description: z.string().nullable() }),
  paymentMethod: paymentMethodSchema.nullable(),
  /** The account it was paid from (rule 15); null: none (on due). */
  accountId: z.string().nullable().optional(),
  ref: z.string().nullable(),
  createdAt: z.string(),
});
export type VehicleTransaction = z.infer<typeof vehicleTransactionSchema>;
export const vehicleTransactionsResponseSchema = z.object({
  transactions: z.array(vehicleTransactionSchema),
  monthFuel: z.number(),
  monthRepair: z.number(),
});
export const vehicleCostResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  transaction: vehicleTransactionSchema,
});
