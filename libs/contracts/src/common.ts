// Configures zod before this module builds its schemas.
import './zod-config';
import { z } from 'zod';
import { ROLES, INVITE_ROLES, PAYMENT_METHODS } from './constants';
export { ROLES, INVITE_ROLES, PAYMENT_METHODS } from './constants';

/** Every error the API sends, and the shape the client normalises every failure to. */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const apiErrorSchema = z.object({
  status: z.number().nullable(),
  message: z.string(),
  errors: z.array(fieldErrorSchema).nullable(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;
export const inviteRoleSchema = z.enum(INVITE_ROLES);

export const paymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const idSchema = z.uuid({ message: 'Must be a valid id' });

/** Taka amounts: non-negative, at most two decimals, below a crore of crores. */
export const amountSchema = z
  .number({ message: 'Must be a number' })
  .nonnegative({ message: 'Must be 0 or more' })
  .max(1_000_000_000, { message: 'Is too large' })
  .refine((v) => Math.round(v * 100) === Number((v * 100).toFixed(6)), {
    message: 'Use at most two decimals',
  });

/** Quantities of stock moved in one go. */
export const quantitySchema = z
  .number({ message: 'Must be a number' })
  .int({ message: 'Must be a whole number' })
  .positive({ message: 'Must be at least 1' })
  .max(100_000, { message: 'Must be at most 100,000' });

export const okSchema = z.object({ success: z.literal(true), message: z.string() });

export const healthSchema = z.object({ status: z.literal('ok'), database: z.literal('up') });
