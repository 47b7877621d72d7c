// Configures zod before this module builds its schemas.
import './zod-config';
import { z } from 'zod';
import { storeSchema } from './stores';
import { localeSchema } from './common';

const trimmed = (max: number) => z.string().trim().max(max, { message: `Must be at most ${max} characters` });

export const usernameSchema = z
  .string({ message: 'Username is required' })
  .trim()
  .min(3, { message: 'Username must be 3 to 30 characters' })
  .max(30, { message: 'Username must be 3 to 30 characters' })
  .regex(/^[A-Za-z0-9_.]+$/, { message: 'Use only letters, digits, _ and .' });

export const emailSchema = z
  .string({ message: 'Email is required' })
  .trim()
  .max(254, { message: 'Email is too long' })
  .pipe(z.email({ message: 'Enter a valid email address' }));

export const passwordSchema = z
  .string({ message: 'Password is required' })
  .min(8, { message: 'Password must be at least 8 characters' })
  .max(200, { message: 'Password must be at most 200 characters' });

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** The language the person chose, on any device; null until they choose. */
  locale: localeSchema.nullable(),
  /** Latin digits (0-9) in Bangla instead of Bengali ones. */
  latinDigits: z.boolean(),
  /** Whether the owner opened a link sent to `email`; invitations to it show only then. */
  emailVerified: z.boolean(),
  /** A new address waiting for its owner to open the link sent to it; `email` stays until then. */
  pendingEmail: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

export const registerBodySchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  /** The language the sign-up page was in; it becomes the account's. */
  locale: localeSchema.optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  loginIdentifier: z.string({ message: 'Email or username is required' }).trim().min(1, { message: 'Email or username is required' }).max(254),
  password: z.string({ message: 'Password is required' }).min(1, { message: 'Password is required' }).max(200),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/**
 * A sign-in or a refresh answers with the user and their stores beside the token, so the app
 * starts without two more round trips (each about 150 ms on a phone's network).
 */
export const sessionResponseSchema = z.object({
  accessToken: z.string(),
  user: userSchema,
  stores: z.array(storeSchema),
});
export const loginResponseSchema = sessionResponseSchema;
export const refreshResponseSchema = sessionResponseSchema;
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
export const userResponseSchema = z.object({ user: userSchema });

export const updateMeBodySchema = z
  .object({
    firstName: trimmed(60).nullable().optional(),
    lastName: trimmed(60).nullable().optional(),
    username: usernameSchema.optional(),
    email: emailSchema.optional(),
    locale: localeSchema.optional(),
    latinDigits: z.boolean({ message: 'Must be true or false' }).optional(),
    /** Needed to change the e-mail address. */
    currentPassword: z.string().max(200).optional(),
  })
  .strict();
export type UpdateMeBody = z.infer<typeof updateMeBodySchema>;

export const changePasswordBodySchema = z.object({
  currentPassword: z.string({ message: 'Current password is required' }).min(1, { message: 'Current password is required' }),
  newPassword: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;


/** The token of a link sent by e-mail (verify an address). */
export const emailLinkBodySchema = z.object({
  token: z.string({ message: 'The link is not complete' }).min(1, { message: 'The link is not complete' }).max(200),
});
export type EmailLinkBody = z.infer<typeof emailLinkBodySchema>;

export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

export const resetPasswordBodySchema = emailLinkBodySchema.extend({ newPassword: passwordSchema });
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;
