// Configures zod before this module builds its schemas.
import './zod-config';
import { z } from 'zod';
import { LOCALES, ROLES, INVITE_ROLES, PAYMENT_METHODS } from './constants';
export { LOCALES, ROLES, INVITE_ROLES, PAYMENT_METHODS } from './constants';

/** Every error the API sends, and the shape the client normalises every failure to. */
/**
 * Values a client needs to say an error in its reader's language: `{available: 3}` for
 * `stock.notEnoughFull`. Numbers stay numbers, so the client formats them (Bengali digits).
 */
export const errorParamsSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type ErrorParams = z.infer<typeof errorParamsSchema>;

export const fieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
  code: z.string().optional(),
  params: errorParamsSchema.optional(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/**
 * `message` is plain English for API clients; `code` (stable, dotted: `stock.notEnoughFull`)
 * and `params` let the web app render the same error from its catalogue.
 */
export const apiErrorSchema = z.object({
  status: z.number().nullable(),
  message: z.string(),
  code: z.string().optional(),
  params: errorParamsSchema.optional(),
  errors: z.array(fieldErrorSchema).nullable(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** The interface languages: English and Bangla. */
export const localeSchema = z.enum(LOCALES, { message: 'Must be en or bn' });
export type Locale = z.infer<typeof localeSchema>;

/**
 * DEALER.md rule 13: why a walk-in refill is sold above the official price in force, required
 * when one is (and the store warns rather than refuses); kept on each such line. A sale and the
 * one-item sell take it alike.
 */
export const officialPriceReasonSchema = z.string().trim().max(200, { message: 'Reason must be at most 200 characters' }).optional();

/** A CSV's `?lang=`: its header, words and names in the reader's language (figures stay plain numbers). */
export const csvLanguageQuerySchema = z.object({ lang: localeSchema.optional() });

export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;
export const inviteRoleSchema = z.enum(INVITE_ROLES);

export const paymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const idSchema = z.uuid({ message: 'Must be a valid id' });

/**
 * Whether a path's id has the shape PostgreSQL's uuid type reads (any version): checked before a
 * query, so a malformed id answers the route's 404 instead of a database error.
 */
export const isUuid = (value: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/**
 * Whole poisha: at most two decimals, within float noise (0.1 + 0.2 passes). A value that is not
 * 0 must be at least one poisha: 6e-323 looks like 0.00 to the rounding but is "more than 0", and
 * would reach the database as 0.
 */
const isWholePoisha = (v: number): boolean => {
  const poisha = Math.round(v * 100);
  return poisha === Number((v * 100).toFixed(6)) && (poisha !== 0 || v === 0);
};

/** Taka amounts: non-negative, at most two decimals, below a crore of crores. */
export const amountSchema = z
  .number({ message: 'Must be a number' })
  .nonnegative({ message: 'Must be 0 or more' })
  .max(1_000_000_000, { message: 'Is too large' })
  .refine(isWholePoisha, { message: 'Use at most two decimals' });

/** A taka figure that may be below zero (an expected cash or drawer balance): whole poisha. */
export const signedAmountSchema = z
  .number({ message: 'Must be a number' })
  .min(-1_000_000_000, { message: 'Is too large' })
  .max(1_000_000_000, { message: 'Is too large' })
  .refine(isWholePoisha, { message: 'Use at most two decimals' });

/** Quantities of stock moved in one go. */
export const quantitySchema = z
  .number({ message: 'Must be a number' })
  .int({ message: 'Must be a whole number' })
  .positive({ message: 'Must be at least 1' })
  .max(100_000, { message: 'Must be at most 100,000' });

export const okSchema = z.object({ success: z.literal(true), message: z.string() });

export const healthSchema = z.object({ status: z.literal('ok'), database: z.literal('up') });

/** GET /api/v1/openapi.json: the OpenAPI 3.1 document of this API (its paths are not typed here). */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/**
 * The body of an action that takes no fields (sign out, refresh, accept an invitation): nothing,
 * or an empty object. Declared so the API description says so rather than leaving it unsaid.
 */
export const noBodySchema = z.object({}).nullish().describe('Takes no fields: send nothing or {}.');

/** The process runs (GET /health/live): a proxy or supervisor restarts it when this fails. */
export const livenessSchema = z.object({ status: z.literal('ok') });
