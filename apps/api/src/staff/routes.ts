import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createStaffBodySchema,
  isUuid,
  salaryPaymentBodySchema,
  salaryPaymentResponseSchema,
  salaryPaymentsResponseSchema,
  staffListResponseSchema,
  staffResponseSchema,
  updateStaffBodySchema,
} from '@mojud/contracts';
import { takaNumeric } from '@mojud/domain';
import { notFound } from '../errors';
import { appendLedgerEntry } from '../ledger/ledger';
import { paymentColumns } from '../accounts/repository';
import { runIdempotent } from '../plugins/idempotency';
import {
  SALARY_PAYMENT,
  createStaff,
  deleteStaff,
  exists,
  getStaff,
  listStaff,
  lockLiveStaff,
  paymentsByMonth,
  salaryMonth,
  toPayment,
  updateStaff,
} from './repository';

const storeParams = z.object({ storeId: z.string() });
const staffParams = z.object({ storeId: z.string(), staffId: z.string() });
const staffNotFound = () => notFound({ message: 'Staff member not found', code: 'staff.notFound' });
const checkId = (id: string) => {
  if (!isUuid(id)) throw staffNotFound();
};

/** Employees (drivers, helpers: no login) and their monthly salaries, paid through the ledger. */
const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stores/:storeId/staff',
    { config: { access: 'staff' }, schema: { params: storeParams, response: { 200: staffListResponseSchema } } },
    async (request) => ({ staff: await listStaff(app.db, request.store!.id, salaryMonth()) }),
  );

  app.post(
    '/stores/:storeId/staff',
    { config: { access: 'manager' }, schema: { params: storeParams, body: createStaffBodySchema, response: { 201: staffResponseSchema } } },
    async (request, reply) => {
      const storeId = request.store!.id;
      const id = await createStaff(app.db, storeId, request.body);
      return reply.status(201).send({ staff: await getStaff(app.db, storeId, id) });
    },
  );

  app.patch(
    '/stores/:storeId/staff/:staffId',
    { config: { access: 'manager' }, schema: { params: staffParams, body: updateStaffBodySchema, response: { 200: staffResponseSchema } } },
    async (request) => {
      const storeId = request.store!.id;
      const { staffId } = request.params;
      checkId(staffId);
      if (!(await updateStaff(app.db, storeId, staffId, request.body))) throw staffNotFound();
      return { staff: await getStaff(app.db, storeId, staffId) };
    },
  );

  app.delete(
    '/stores/:storeId/staff/:staffId',
    { config: { access: 'manager' }, schema: { params: staffParams, response: { 204: z.null() } } },
    async (request, reply) => {
      checkId(request.params.staffId);
      if (!(await deleteStaff(app.db, request.store!.id, request.params.staffId))) throw staffNotFound();
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/stores/:storeId/staff/:staffId/payments',
    {
      config: { access: 'manager' },
      schema: { params: staffParams, body: salaryPaymentBodySchema, response: { 201: salaryPaymentResponseSchema } },
    },
    async (request, reply) => {
      const storeId = request.store!.id;
      const { staffId } = request.params;
      checkId(staffId);
      const { amount, paymentMethod, accountId, month = salaryMonth(), ref } = request.body;
      const outcome = await runIdempotent(app, request, async (tx, idempotencyKey) => {
        if (!(await lockLiveStaff(tx, storeId, staffId))) throw staffNotFound();
        // Paying more than the month's remaining is allowed (an advance or a bonus);
        // the remaining then shows 0, never a negative amount.
        const money = await paymentColumns(tx, storeId, { kind: SALARY_PAYMENT, method: paymentMethod, accountId, amount });
        const entry = await appendLedgerEntry(tx, {
          ...money,
          storeId,
          kind: SALARY_PAYMENT,
          totalAmount: takaNumeric(amount),
          paymentMethod,
          staffId,
          month,
          ref: ref || null,
          userId: request.user!.id,
          idempotencyKey,
        });
        return {
          statusCode: 201,
          body: { payment: toPayment(entry), staff: await getStaff(tx, storeId, staffId) },
        };
      });
      return reply.status(201).send(outcome.body);
    },
  );

  // History stays readable for removed staff: their payments are part of the store's books.
  app.get(
    '/stores/:storeId/staff/:staffId/payments',
    // Salaries paid are the owner's money (DEALER.md rule 23): managers up, like paying them.
    { config: { access: 'manager' }, schema: { params: staffParams, response: { 200: salaryPaymentsResponseSchema } } },
    async (request) => {
      const storeId = request.store!.id;
      checkId(request.params.staffId);
      if (!(await exists(app.db, storeId, request.params.staffId))) throw staffNotFound();
      return { months: await paymentsByMonth(app.db, storeId, request.params.staffId) };
    },
  );
};

export default staffRoutes;
