import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePasswordBodySchema, noBodySchema, updateMeBodySchema, userResponseSchema } from '@mojud/contracts';
import { queueMails } from '../mail/mailer';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { findUserByEmail, mailAddressChanging, mailAddressTaken, mailVerificationLink } from '../auth/email-links';
import { findUserById, revokeOtherSessions, takenFields, toUser, updateUser } from '../auth/repository';
import { badRequest, conflict, unauthorized } from '../errors';

export interface UserRoutesOptions {
  /** Where the web app is served, without a trailing slash; e-mailed links point there. */
  publicUrl: string;
}

/** Profile changes per account; an address change counts against the new address too. */
const PROFILE_CHANGES_PER_ACCOUNT = 30;
const ADDRESS_CHANGES = 5;
/** Verification mails per account (resend). */
const VERIFICATION_MAILS = 5;

const userRoutes: FastifyPluginAsyncZod<UserRoutesOptions> = async (app, opts) => {
  const { publicUrl } = opts;
  const currentUser = async (id: string) => {
    const user = await findUserById(app.db, id);
    if (!user) throw unauthorized({ message: 'Your account no longer exists', code: 'auth.accountGone' });
    return user;
  };

  app.get(
    '/user/me',
    { config: { access: 'user' }, schema: { response: { 200: userResponseSchema } } },
    async (request) => ({ user: toUser(await currentUser(request.user!.id)) }),
  );

  app.patch(
    '/user/me',
    { config: { access: 'user' }, schema: { body: updateMeBodySchema, response: { 200: userResponseSchema } } },
    async (request) => {
      const me = await currentUser(request.user!.id);
      await app.limitAttempts('profile', [{ key: `account:${me.id}`, max: PROFILE_CHANGES_PER_ACCOUNT }]);
      const { firstName, lastName, username, email, locale, latinDigits, currentPassword } = request.body;
      const newEmail = email !== undefined && email.toLowerCase() !== me.email.toLowerCase() ? email : undefined;
      if (newEmail !== undefined) {
        // An address change needs the password: a borrowed, signed-in phone cannot take the account.
        const wrong = currentPassword
          ? { message: 'Current password is wrong', code: 'auth.currentPasswordWrong' }
          : { message: 'Enter your current password to change the email', code: 'auth.currentPasswordRequired' };
        if (!currentPassword || !(await verifyPassword(me.passwordHash, currentPassword))) {
          throw badRequest(wrong, [{ field: 'currentPassword', ...wrong }]);
        }
        await app.limitAttempts('address-change', [
          { key: `account:${me.id}`, max: ADDRESS_CHANGES },
          { key: `address:${newEmail}`, max: ADDRESS_CHANGES },
        ]);
      }
      // Only the username can be refused as taken: whether an address has an account stays unsaid.
      const taken = await takenFields(app.db, { username }, me.id);
      if (taken.length) throw conflict(taken[0], taken);
      const changes = {
        ...(firstName !== undefined && { firstName: firstName || null }),
        ...(lastName !== undefined && { lastName: lastName || null }),
        ...(username !== undefined && { username }),
        // The address changes only once its owner opens the link sent to it (POST /auth/verify-email).
        ...(newEmail !== undefined && { pendingEmail: newEmail }),
        // Setting the current address again drops a change still waiting.
        ...(email !== undefined && newEmail === undefined && me.pendingEmail !== null && { pendingEmail: null }),
        // The language and digits follow the person: every device reads them at sign-in.
        ...(locale !== undefined && { locale }),
        ...(latinDigits !== undefined && { latinDigits }),
      };
      // A PATCH of nothing answers the profile as it is (an empty SET is an SQL error).
      if (Object.keys(changes).length === 0) return { user: toUser(me) };
      const { updated, mailIds } = await app.db.transaction(async (tx) => {
        const updated = await updateUser(tx, me.id, changes);
        const mailIds: number[] = [];
        if (newEmail !== undefined) {
          const holder = await findUserByEmail(tx, newEmail);
          // The same answer either way; the owner of a taken address hears that someone tried.
          if (holder && holder.id !== me.id) mailIds.push(await mailAddressTaken(tx, holder));
          else mailIds.push(await mailVerificationLink(tx, updated, newEmail, publicUrl));
          mailIds.push(await mailAddressChanging(tx, me, newEmail));
        }
        return { updated, mailIds };
      });
      await queueMails(request, mailIds);
      return { user: toUser(updated) };
    },
  );

  app.post(
    '/user/me/password',
    { config: { access: 'user' }, schema: { body: changePasswordBodySchema, response: { 204: z.null() } } },
    async (request, reply) => {
      const me = await currentUser(request.user!.id);
      if (!(await verifyPassword(me.passwordHash, request.body.currentPassword))) {
        const wrong = { message: 'Current password is wrong', code: 'auth.currentPasswordWrong' };
        throw badRequest(wrong, [{ field: 'currentPassword', ...wrong }]);
      }
      const passwordHash = await hashPassword(request.body.newPassword);
      await app.db.transaction(async (tx) => {
        await updateUser(tx, me.id, { passwordHash });
        // Whoever else held a session (perhaps the reason for the change) is signed out.
        await revokeOtherSessions(tx, me.id, request.user!.sessionId ?? undefined);
      });
      app.forget({ user: me.id });
      return reply.status(204).send(null);
    },
  );

  /** Sends the verification link again: to the address waiting to replace the current one, else to the current one. */
  app.post(
    '/user/me/email/verify',
    { config: { access: 'user' }, schema: { body: noBodySchema, response: { 204: z.null() } } },
    async (request, reply) => {
      const me = await currentUser(request.user!.id);
      const address = me.pendingEmail ?? (me.emailVerifiedAt ? null : me.email);
      if (address === null) return reply.status(204).send(null);
      await app.limitAttempts('verify-mail', [
        { key: `account:${me.id}`, max: VERIFICATION_MAILS },
        { key: `address:${address}`, max: VERIFICATION_MAILS },
      ]);
      const mailId = await app.db.transaction(async (tx) => {
        const holder = me.pendingEmail ? await findUserByEmail(tx, address) : undefined;
        return holder && holder.id !== me.id ? mailAddressTaken(tx, holder) : mailVerificationLink(tx, me, address, publicUrl);
      });
      await queueMails(request, [mailId]);
      return reply.status(204).send(null);
    },
  );

  /** Signs out every other device; this one stays signed in. */
  app.post(
    '/user/me/sessions/revoke-others',
    { config: { access: 'user' }, schema: { body: noBodySchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await app.db.transaction((tx) => revokeOtherSessions(tx, request.user!.id, request.user!.sessionId ?? undefined));
      app.forget({ user: request.user!.id });
      return reply.status(204).send(null);
    },
  );
};

export default userRoutes;
