import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  isUuid,
  memberResponseSchema,
  membersResponseSchema,
  transferOwnershipBodySchema,
  transferOwnershipResponseSchema,
  updateMemberBodySchema,
} from '@mojud/contracts';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { pendingInvitesOfStore } from '../invites/repository';
import { ROLE_RANK } from '../plugins/access';
import { findMember, findStore, listMembers, removeMember, setRole, toMember } from './repository';

const memberParams = z.object({ storeId: z.string(), userId: z.string() });
const memberNotFound = () => notFound({ message: 'Member not found', code: 'member.notFound' });

/**
 * Members of a store and their roles. Rules beyond the route's access rule:
 * - nobody sets or changes 'owner' here (only a transfer moves ownership);
 * - a member may only change or remove members ranked below them, and grant at most their own
 *   role: an admin manages managers and staff (and may promote them to admin), but only the
 *   owner changes or removes an admin;
 * - anyone may leave (remove themselves) except the owner, who must transfer ownership first.
 */
const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stores/:storeId/members',
    { config: { access: 'staff' }, schema: { params: z.object({ storeId: z.string() }), response: { 200: membersResponseSchema } } },
    async (request) => {
      const storeId = request.store!.id;
      const [members, invites] = await Promise.all([listMembers(app.db, storeId), pendingInvitesOfStore(app.db, storeId)]);
      return { members, invites };
    },
  );

  app.patch(
    '/stores/:storeId/members/:userId',
    { config: { access: 'admin' }, schema: { params: memberParams, body: updateMemberBodySchema, response: { 200: memberResponseSchema } } },
    async (request) => {
      const { id: storeId, role: myRole } = request.store!;
      const { userId } = request.params;
      if (!isUuid(userId)) throw memberNotFound();
      const result = await app.db.transaction(async (tx) => {
        const target = await findMember(tx, storeId, userId, true);
        if (!target) throw memberNotFound();
        if (target.role === 'owner') {
          throw forbidden({ message: "The owner's role cannot be changed; the owner can transfer ownership instead", code: 'member.ownerRoleFixed' });
        }
        if (ROLE_RANK[target.role] >= ROLE_RANK[myRole]) {
          throw forbidden({ message: `Only the owner can change the role of an ${target.role}`, code: 'member.onlyOwnerChangesRole', params: { role: target.role } });
        }
        await setRole(tx, storeId, userId, request.body.role);
        return { member: toMember({ ...target, role: request.body.role }) };
      });
      // Committed: the member's next request must see the new role.
      app.memberships.forgetStore(storeId);
      return result;
    },
  );

  // Access 'staff' so that anyone can leave; removing someone else is checked below.
  app.delete(
    '/stores/:storeId/members/:userId',
    { config: { access: 'staff' }, schema: { params: memberParams, response: { 204: z.null() } } },
    async (request, reply) => {
      const { id: storeId, role: myRole } = request.store!;
      const { userId } = request.params;
      if (!isUuid(userId)) throw memberNotFound();
      await app.db.transaction(async (tx) => {
        const target = await findMember(tx, storeId, userId, true);
        if (!target) throw memberNotFound();
        if (target.role === 'owner') {
          throw conflict(
            userId === request.user!.id
              ? { message: 'The owner cannot leave the store. Transfer ownership to another member first.', code: 'member.ownerCannotLeave' }
              : { message: 'The owner cannot be removed from the store', code: 'member.ownerCannotBeRemoved' },
          );
        }
        if (userId !== request.user!.id) {
          if (ROLE_RANK[myRole] < ROLE_RANK.admin) throw forbidden({ message: 'Only an admin or above can remove members', code: 'member.removeNeedsAdmin' });
          if (ROLE_RANK[target.role] >= ROLE_RANK[myRole]) {
            throw forbidden({ message: `Only the owner can remove an ${target.role}`, code: 'member.onlyOwnerRemoves', params: { role: target.role } });
          }
        }
        await removeMember(tx, storeId, userId);
      });
      // Committed: the removed member's next request must be refused.
      app.memberships.forgetStore(storeId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/stores/:storeId/transfer-ownership',
    {
      config: { access: 'owner' },
      schema: { params: z.object({ storeId: z.string() }), body: transferOwnershipBodySchema, response: { 200: transferOwnershipResponseSchema } },
    },
    async (request) => {
      const storeId = request.store!.id;
      const me = request.user!.id;
      const { userId } = request.body;
      if (userId === me) {
        throw badRequest({ message: 'You already own this store', code: 'member.alreadyOwner' }, [
          { field: 'userId', message: 'Choose another member', code: 'member.chooseAnother' },
        ]);
      }
      const result = await app.db.transaction(async (tx) => {
        // Locks the owner's row first, so two transfers at once cannot both go through.
        const mine = await findMember(tx, storeId, me, true);
        if (mine?.role !== 'owner') throw forbidden({ message: 'Only the owner can transfer ownership', code: 'member.onlyOwnerTransfers' });
        const target = await findMember(tx, storeId, userId, true);
        if (!target) throw memberNotFound();
        // The old owner steps down first: the database allows one owner per store.
        await setRole(tx, storeId, me, 'admin');
        await setRole(tx, storeId, userId, 'owner');
        const store = await findStore(tx, storeId);
        return {
          store: { id: store.id, name: store.name, location: store.location, phone: store.phone, image: store.image, role: 'admin' as const },
        };
      });
      // Committed: the old owner is an admin from their next request on.
      app.memberships.forgetStore(storeId);
      return result;
    },
  );
};

export default memberRoutes;
