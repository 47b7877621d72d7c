import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePasswordBodySchema, noBodySchema, updateMeBodySchema, userResponseSchema } from '@mojud/contracts';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { findUserById, revokeOtherSessions, takenFields, toUser, updateUser } from '../auth/repository';
import { badRequest, conflict, unauthorized } from '../errors';

const userRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const taken = await takenFields(app.db, request.body, me.id);
      if (taken.length) throw conflict(taken[0], taken);
      const { firstName, lastName, username, email, locale, latinDigits } = request.body;
      const changes = {
        ...(firstName !== undefined && { firstName: firstName || null }),
        ...(lastName !== undefined && { lastName: lastName || null }),
        ...(username !== undefined && { username }),
        ...(email !== undefined && { email }),
        // The language and digits follow the person: every device reads them at sign-in.
        ...(locale !== undefined && { locale }),
        ...(latinDigits !== undefined && { latinDigits }),
      };
      // A PATCH of nothing answers the profile as it is (an empty SET is an SQL error).
      if (Object.keys(changes).length === 0) return { user: toUser(me) };
      const updated = await updateUser(app.db, me.id, changes);
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
