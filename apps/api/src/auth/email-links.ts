import crypto from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Locale } from '@mojud/contracts';
import type { DbOrTx } from '../db/client';
import { emailTokens, users } from '../db/schema';
import { formatMoment, text } from '../i18n/text';
import { recordMail } from '../mail/mailer';
import { nowMs } from '../clock';
import { sha256, type UserRow } from './repository';

export type LinkPurpose = 'verify_email' | 'reset_password';

/** A verification link lasts a day (it may wait in an inbox); a reset link half an hour. */
export const LINK_LIFETIME_MS: Record<LinkPurpose, number> = {
  verify_email: 24 * 3_600_000,
  reset_password: 30 * 60_000,
};

/** Where each link opens in the web app. */
const LINK_PAGE: Record<LinkPurpose, string> = { verify_email: 'verify-email', reset_password: 'reset-password' };

const localeOf = (user: UserRow): Locale => user.locale ?? 'en';

/**
 * A new one-time link for `user` about `email`; earlier unused links of the same purpose stop
 * working (only the newest mail counts). Only the token's hash is stored.
 */
async function issueLink(db: DbOrTx, user: UserRow, purpose: LinkPurpose, email: string, publicUrl: string) {
  await db
    .update(emailTokens)
    .set({ usedAt: sql`app_now()` })
    .where(and(eq(emailTokens.userId, user.id), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(nowMs() + LINK_LIFETIME_MS[purpose]);
  await db.insert(emailTokens).values({ userId: user.id, purpose, email, tokenHash: sha256(token), expiresAt });
  return { link: `${publicUrl}/${LINK_PAGE[purpose]}?token=${encodeURIComponent(token)}`, expiresAt };
}

/** Writes the "confirm your address" mail with a fresh link to `email` (the account's or its pending one). */
export async function mailVerificationLink(db: DbOrTx, user: UserRow, email: string, publicUrl: string) {
  const { link, expiresAt } = await issueLink(db, user, 'verify_email', email, publicUrl);
  const locale = localeOf(user);
  const values = { link, email, expires: formatMoment(locale, expiresAt) };
  return recordMail(db, { to: email, subject: text(locale, 'verify.subject'), text: text(locale, 'verify.body', values), link, locale });
}

/** Writes the password reset mail to the account's address. */
export async function mailResetLink(db: DbOrTx, user: UserRow, publicUrl: string) {
  const { link, expiresAt } = await issueLink(db, user, 'reset_password', user.email, publicUrl);
  const locale = localeOf(user);
  const values = { link, expires: formatMoment(locale, expiresAt) };
  return recordMail(db, { to: user.email, subject: text(locale, 'reset.subject'), text: text(locale, 'reset.body', values), link, locale });
}

/** Tells the current address that the account's address is being changed to another. */
export async function mailAddressChanging(db: DbOrTx, user: UserRow, newEmail: string) {
  const locale = localeOf(user);
  return recordMail(db, {
    to: user.email,
    subject: text(locale, 'emailChange.subject'),
    text: text(locale, 'emailChange.body', { newEmail, username: user.username }),
    locale,
  });
}

/** Tells the owner of an address that someone tried to put it on another account. */
export async function mailAddressTaken(db: DbOrTx, owner: UserRow) {
  const locale = localeOf(owner);
  return recordMail(db, {
    to: owner.email,
    subject: text(locale, 'emailTaken.subject'),
    text: text(locale, 'emailTaken.body', { email: owner.email }),
    locale,
  });
}

/**
 * Uses a link once: answers its row if the token is known, unused and not expired (and marks
 * it used in the same statement, so two requests racing with one link cannot both pass).
 */
export async function useLink(db: DbOrTx, token: string, purpose: LinkPurpose) {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: sql`app_now()` })
    .where(
      and(
        eq(emailTokens.tokenHash, sha256(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, sql`app_now()`),
      ),
    )
    .returning();
  return row;
}

/** The account whose address (verified or not) is this one, if any. */
export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row;
}
