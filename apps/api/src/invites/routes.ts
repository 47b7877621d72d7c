import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptInviteResponseSchema,
  createInviteBodySchema,
  createInviteResponseSchema,
  inviteByTokenQuerySchema,
  inviteLinkResponseSchema,
  type CreateInviteBody,
  isUuid,
  noBodySchema,
  userInviteResponseSchema,
  userInvitesResponseSchema,
} from '@mojud/contracts';
import { findUserById } from '../auth/repository';
import { conflict, gone, notFound, unauthorized } from '../errors';
import { formatMoment, text } from '../i18n/text';
import { queueMails, recordMail } from '../mail/mailer';
import {
  acceptInvite,
  createInvite,
  inviteToken,
  lifespanOf,
  pendingInviteOfStore,
  declineInvite,
  findInvite,
  hashToken,
  isMemberByEmail,
  localeOfEmail,
  membershipRole,
  pendingInvitesForEmail,
  revokeInvite,
  storeName,
  toStoreInvite,
  toUserInvite,
} from './repository';
import { nowMs } from '../clock';

/** `{id}` is the invitation's id or its token (the spec names both). */
const inviteParams = z.object({ id: z.string().max(200) });
const storeInviteParams = z.object({ storeId: z.string(), inviteId: z.string() });

export interface InviteRoutesOptions {
  /** Where the web app is served, without a trailing slash; the e-mailed link points there. */
  publicUrl: string;
  /** The server's secret, from which each invitation's token is derived (repository.ts). */
  secret: string;
}

/** Looking up and answering invitations, per account: a token cannot be guessed at any rate. */
const ANSWERS_PER_ACCOUNT = 30;
/** Sending an invitation again, per store and address: a fresh link now and then, not a mail flood. */
const RESENDS_PER_ADDRESS = 3;

const invitationNotFound = () => notFound({ message: 'Invitation not found', code: 'invite.notFound' });

/**
 * Inviting people to a store (admin and up) and answering invitations. An invitation is
 * answered by its secret token (the link: whoever holds it may join, with any account), or by
 * its id from the list of the signed-in user whose *verified* address it was sent to. Anyone
 * else gets 404, as if it did not exist.
 */
const inviteRoutes: FastifyPluginAsyncZod<InviteRoutesOptions> = async (app, opts) => {
  const { publicUrl } = opts;

  const me = async (userId: string) => {
    const user = await findUserById(app.db, userId);
    if (!user) throw unauthorized({ message: 'Your account no longer exists', code: 'auth.accountGone' });
    return user;
  };
  const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  /** Only an address its owner proved counts: setting someone's address on an account is not enough. */
  const verifiedFor = (user: { email: string; emailVerifiedAt: Date | null }, inviteEmail: string) =>
    user.emailVerifiedAt !== null && sameEmail(inviteEmail, user.email);
  const limitAnswers = (userId: string) =>
    app.limitAttempts('invite-answer', [{ key: `account:${userId}`, max: ANSWERS_PER_ACCOUNT }]);
  /**
   * The invitation a path's `{idOrToken}` names, if the user may act on it. A token is put in
   * the request's database context first (row-level security checks it too); call this before
   * the request's transaction starts.
   */
  const answerable = (request: FastifyRequest, user: { email: string; emailVerifiedAt: Date | null }) => {
    const idOrToken = (request.params as { id: string }).id;
    const byId = isUuid(idOrToken);
    if (!byId) request.dbContext.inviteTokenHash = hashToken(idOrToken);
    return async (tx: Parameters<typeof findInvite>[0], forUpdate = false) => {
      if (!byId) return findInvite(tx, { tokenHash: hashToken(idOrToken) }, forUpdate);
      const row = await findInvite(tx, { id: idOrToken }, forUpdate);
      return row && verifiedFor(user, row.invite.email) ? row : undefined;
    };
  };

  const linkOf = (token: string) => `${publicUrl}/invitations?token=${encodeURIComponent(token)}`;

  /**
   * A new invitation with its e-mail, replacing a pending one to the same address (whose link
   * then stops working). Answers the invitation and its link, shown to the inviter only now.
   */
  async function issue(request: FastifyRequest, storeId: string, { email, role, lifespan }: CreateInviteBody) {
    const { invite, mailId, link } = await app.db.transaction(async (tx) => {
      if (await isMemberByEmail(tx, storeId, email)) {
        const message = 'This person is already a member of this store';
        throw conflict({ message, code: 'invite.alreadyMember' }, [{ field: 'email', message, code: 'invite.alreadyMember' }]);
      }
      const { invite, token } = await createInvite(tx, { storeId, email, role, lifespan, invitedBy: request.user!.id }, opts.secret);
      const name = await storeName(tx, storeId);
      const link = linkOf(token);
      // In the invitee's language when they have an account that chose one, else the inviter's.
      const locale = (await localeOfEmail(tx, email)) ?? (await findUserById(tx, request.user!.id))?.locale ?? 'en';
      const values = {
        store: name,
        role: text(locale, `role.${role}`),
        link,
        email,
        expires: formatMoment(locale, invite.expiresAt),
      };
      // Written inside the transaction: the e-mail exists exactly when the invitation does.
      const mailId = await recordMail(tx, {
        to: email,
        subject: text(locale, 'invite.subject', values),
        text: text(locale, 'invite.body', values),
        link,
        locale,
      });
      return { invite, mailId, link };
    });
    // Delivered by a job, retried while the mail server is away.
    await queueMails(request, [mailId]);
    // The link, for the inviter to share by WhatsApp or SMS; only its hash is kept after this.
    return { invite: toStoreInvite(invite), link };
  }

  app.post(
    '/stores/:storeId/invites',
    {
      config: { access: 'admin' },
      schema: { params: z.object({ storeId: z.string() }), body: createInviteBodySchema, response: { 201: createInviteResponseSchema } },
    },
    async (request, reply) => reply.status(201).send(await issue(request, request.store!.id, request.body)),
  );

  /** A pending invitation's link again, to copy and share (derived from its id: nothing stored). */
  app.get(
    '/stores/:storeId/invites/:inviteId/link',
    { config: { access: 'admin' }, schema: { params: storeInviteParams, response: { 200: inviteLinkResponseSchema } } },
    async (request) => {
      const invite = await pendingInviteOfStore(app.db, request.store!.id, request.params.inviteId);
      if (!invite) throw invitationNotFound();
      return { link: linkOf(inviteToken(opts.secret, invite.id)) };
    },
  );

  /**
   * Sends a pending invitation again: a fresh one to the same address, with the same role and
   * lifespan, and a new link; the old link stops working (it is the old invitation's).
   */
  app.post(
    '/stores/:storeId/invites/:inviteId/resend',
    {
      config: { access: 'admin' },
      schema: { params: storeInviteParams, body: noBodySchema, response: { 201: createInviteResponseSchema } },
    },
    async (request, reply) => {
      const storeId = request.store!.id;
      const invite = await pendingInviteOfStore(app.db, storeId, request.params.inviteId);
      if (!invite) throw invitationNotFound();
      await app.limitAttempts('invite-resend', [
        { key: `store:${storeId}:address:${invite.email.toLowerCase()}`, max: RESENDS_PER_ADDRESS },
      ]);
      const body = { email: invite.email, role: invite.role as CreateInviteBody['role'], lifespan: lifespanOf(invite) };
      return reply.status(201).send(await issue(request, storeId, body));
    },
  );

  app.delete(
    '/stores/:storeId/invites/:inviteId',
    { config: { access: 'admin' }, schema: { params: storeInviteParams, response: { 204: z.null() } } },
    async (request, reply) => {
      const { inviteId } = request.params;
      if (!isUuid(inviteId) || !(await revokeInvite(app.db, request.store!.id, inviteId))) throw invitationNotFound();
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/user/invites',
    { config: { access: 'user' }, schema: { response: { 200: userInvitesResponseSchema } } },
    async (request) => {
      const user = await me(request.user!.id);
      // An unverified address sees nothing: anyone can type someone else's address on an account.
      if (!user.emailVerifiedAt) return { invites: [] };
      return { invites: await pendingInvitesForEmail(app.db, user.email, opts.secret) };
    },
  );

  app.get(
    '/user/invites/by-token',
    { config: { access: 'user' }, schema: { querystring: inviteByTokenQuerySchema, response: { 200: userInviteResponseSchema } } },
    async (request) => {
      const user = await me(request.user!.id);
      await limitAnswers(user.id);
      // The token is the permission: whoever holds the link sees what it invites to.
      const tokenHash = hashToken(request.query.token);
      request.dbContext.inviteTokenHash = tokenHash;
      const row = await findInvite(app.db, { tokenHash });
      if (!row) throw invitationNotFound();
      const { invite, store } = row;
      if (invite.status === 'accepted' && invite.acceptedBy === user.id) {
        return { invite: { ...toUserInvite(invite, store.name, opts.secret), status: 'accepted' as const } };
      }
      if (invite.status !== 'pending') throw gone({ message: 'This invitation is no longer valid', code: 'invite.invalid' });
      if (invite.expiresAt.getTime() <= nowMs()) throw gone({ message: 'This invitation has expired', code: 'invite.expired' });
      return { invite: { ...toUserInvite(invite, store.name, opts.secret), status: 'pending' as const } };
    },
  );

  app.patch(
    '/user/invites/:id/accept',
    { config: { access: 'user' }, schema: { params: inviteParams, body: noBodySchema, response: { 200: acceptInviteResponseSchema } } },
    async (request) => {
      const user = await me(request.user!.id);
      await limitAnswers(user.id);
      const find = answerable(request, user);
      return app.db.transaction(async (tx) => {
        const row = await find(tx, true);
        if (!row) throw invitationNotFound();
        const { invite, store } = row;
        const storeOut = (role: string) => ({
          id: store.id,
          name: store.name,
          location: store.location,
          phone: store.phone,
          image: store.image,
          role: role as 'owner' | 'admin' | 'manager' | 'staff',
        });
        const current = await membershipRole(tx, store.id, user.id);
        // Accepting twice answers the same: the invitation already made this user a member.
        if (invite.status === 'accepted' && invite.acceptedBy === user.id && current) return { store: storeOut(current) };
        if (invite.status !== 'pending') throw gone({ message: 'This invitation is no longer valid', code: 'invite.invalid' });
        if (invite.expiresAt.getTime() <= nowMs()) throw gone({ message: 'This invitation has expired', code: 'invite.expired' });
        if (current) throw conflict({ message: 'You are already a member of this store', code: 'invite.youAreMember' });
        await acceptInvite(tx, invite, store.id, user.id);
        return { store: storeOut(invite.role) };
      });
    },
  );

  app.patch(
    '/user/invites/:id/decline',
    { config: { access: 'user' }, schema: { params: inviteParams, body: noBodySchema, response: { 204: z.null() } } },
    async (request, reply) => {
      const user = await me(request.user!.id);
      await limitAnswers(user.id);
      const row = await answerable(request, user)(app.db);
      if (!row) throw invitationNotFound();
      if (row.invite.status === 'accepted') throw conflict({ message: 'You already joined this store', code: 'invite.alreadyJoined' });
      await declineInvite(app.db, row.invite.id);
      return reply.status(204).send(null);
    },
  );
};

export default inviteRoutes;
