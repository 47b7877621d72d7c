import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffView } from '@mojud/contracts';

/**
 * Staff do not see the owner's money (DEALER.md rule 23): every answer to a staff member is
 * written with the staff view of the route's answer schema (`staffView`, libs/contracts
 * money-view.ts), which leaves out each field the contracts mark `ownerOnly` (costs, profit,
 * the store's balances). No route has to remember it: a field marked once is left out of every
 * answer that carries it. Routes that are nothing but the owner's money (the profit report,
 * the transactions ledger) are for managers up (`config.access`); routes whose answer is the
 * caller's own work for staff (their sales, their dashboard) choose that in the handler.
 */
const staffAnswers = new WeakSet<object>();

export const moneyViewSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const full = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
  if (!(route.schema instanceof z.ZodType)) return full;
  const staff = serializerCompiler({ ...route, schema: staffView(route.schema) } as Parameters<typeof serializerCompiler>[0]);
  return (data: unknown) => (typeof data === 'object' && data !== null && staffAnswers.has(data) ? staff(data) : full(data));
};

/**
 * Marks a staff member's answers; app.ts sets `moneyViewSerializerCompiler`, which writes them.
 * The mark goes on a shallow copy made for this answer, so an object a handler shares between
 * requests (a cached list) is never marked for anyone else.
 */
export default fp(async (app) => {
  app.addHook('preSerialization', (request, _reply, payload, done) => {
    if (request.store?.role !== 'staff' || typeof payload !== 'object' || payload === null) return done(null, payload);
    const answer = Array.isArray(payload) ? [...(payload as unknown[])] : { ...(payload as object) };
    staffAnswers.add(answer);
    done(null, answer);
  });
});

/**
 * Staff see the sales they make (DEALER.md rule 23): the user whose work a staff member's
 * list or dashboard is limited to; undefined for everyone else (the whole store).
 */
export const ownWorkOnly = (request: FastifyRequest) => (request.store?.role === 'staff' ? request.user?.id : undefined);
