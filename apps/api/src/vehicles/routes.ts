import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  vehicleBodySchema,
  vehicleCostBodySchema,
  vehicleCostResponseSchema,
  vehicleResponseSchema,
  vehiclesResponseSchema,
  vehicleTransactionsResponseSchema,
  type VehicleCostCategory,
} from '@mojud/contracts';
import { badRequest, conflict, notFound } from '../errors';
import { isUniqueViolation } from '../db/errors';
import { lockVehicle } from './lock';
import { runIdempotent } from '../plugins/idempotency';
import {
  createVehicle,
  findVehicle,
  isMember,
  listVehicles,
  recordVehicleCost,
  softDeleteVehicle,
  updateVehicle,
  vehicleTransactions,
} from './repository';

const storeParams = z.object({ storeId: z.string() });
const vehicleParams = storeParams.extend({ vehicleId: z.string() });

const regTaken = (reg: string) =>
  conflict({ message: `A vehicle with registration ${reg} already exists`, code: 'vehicle.regTaken', params: { reg } }, [
    { field: 'regNumber', message: 'Already exists', code: 'alreadyExists' },
  ]);
const nameTaken = (name: string) =>
  conflict({ message: `A vehicle called ${name} already exists`, code: 'vehicle.nameTaken', params: { name } }, [
    { field: 'name', message: 'Already exists', code: 'alreadyExists' },
  ]);
/**
 * Which of the two unique indexes (0026_vehicle_names) refused the vehicle. One called by its
 * registration (no name given) clashes as a registration.
 */
const taken = (err: unknown, body: { name: string; regNumber: string }) => {
  const e = err as { constraint?: string; cause?: { constraint?: string } };
  const constraint = e.constraint ?? e.cause?.constraint;
  return constraint === 'vehicles_store_name' && body.name ? nameTaken(body.name) : regTaken(body.regNumber);
};
const vehicleNotFound = { message: 'Vehicle not found', code: 'vehicle.notFound' };

const COSTS: { path: 'fuel' | 'repair'; category: VehicleCostCategory; label: string }[] = [
  { path: 'fuel', category: 'fuel_payment', label: 'Fuel' },
  { path: 'repair', category: 'repair_payment', label: 'Repair' },
];

const vehicleRoutes: FastifyPluginAsyncZod = async (app) => {
  /** A vehicle is given to a member of the store (who then may load it and close its day). */
  async function checkDriver(storeId: string, userId: string | null | undefined) {
    if (userId && !(await isMember(app.db, storeId, userId))) {
      throw badRequest({ message: 'assignedUserId: Not a member of this store', code: 'vehicle.driverNotMember' }, [
        { field: 'assignedUserId', message: 'Not a member of this store', code: 'vehicle.driverNotMember' },
      ]);
    }
  }

  app.get(
    '/stores/:storeId/vehicles',
    {
      config: { access: 'staff' },
      schema: { params: storeParams, response: { 200: vehiclesResponseSchema } },
    },
    async (request) => ({ vehicles: await listVehicles(app.db, request.store!.id) }),
  );

  app.post(
    '/stores/:storeId/vehicles',
    {
      config: { access: 'manager' },
      schema: { params: storeParams, body: vehicleBodySchema, response: { 201: vehicleResponseSchema } },
    },
    async (request, reply) => {
      await checkDriver(request.store!.id, request.body.assignedUserId);
      try {
        const vehicle = await createVehicle(app.db, request.store!.id, request.body);
        return reply.status(201).send({ vehicle });
      } catch (err) {
        if (isUniqueViolation(err)) throw taken(err, request.body);
        throw err;
      }
    },
  );

  app.patch(
    '/stores/:storeId/vehicles/:vehicleId',
    {
      config: { access: 'manager' },
      schema: { params: vehicleParams, body: vehicleBodySchema, response: { 200: vehicleResponseSchema } },
    },
    async (request) => {
      await checkDriver(request.store!.id, request.body.assignedUserId);
      try {
        const vehicle = await updateVehicle(
          app.db,
          request.store!.id,
          request.params.vehicleId,
          request.body,
        );
        if (!vehicle) throw notFound(vehicleNotFound);
        return { vehicle };
      } catch (err) {
        if (isUniqueViolation(err)) throw taken(err, request.body);
        throw err;
      }
    },
  );

  app.delete(
    '/stores/:storeId/vehicles/:vehicleId',
    { config: { access: 'manager' }, schema: { params: vehicleParams, response: { 204: z.null() } } },
    async (request, reply) => {
      // Locked like a day close: no load or sale can put stock on it while it is checked.
      await app.db.transaction(async (tx) => {
        await lockVehicle(tx, request.store!.id, request.params.vehicleId, 'update');
        await softDeleteVehicle(tx, request.store!.id, request.params.vehicleId);
      });
      return reply.status(204).send(null);
    },
  );

  for (const cost of COSTS) {
    app.post(
      `/stores/:storeId/vehicles/:vehicleId/${cost.path}`,
      {
        config: { access: 'staff' },
        schema: {
          params: vehicleParams,
          body: vehicleCostBodySchema,
          response: { 201: vehicleCostResponseSchema },
        },
      },
      async (request, reply) => {
        const storeId = request.store!.id;
        const outcome = await runIdempotent(app, request, async (tx, idempotencyKey) => {
          const vehicle = await findVehicle(tx, storeId, request.params.vehicleId);
          if (!vehicle) throw notFound(vehicleNotFound);
          const transaction = await recordVehicleCost(tx, {
            storeId,
            vehicleId: vehicle.id,
            userId: request.user!.id,
            category: cost.category,
            idempotencyKey,
            ...request.body,
          });
          return {
            statusCode: 201,
            body: {
              success: true as const,
              message: `${cost.label} cost recorded for ${vehicle.regNumber}`,
              transaction,
            },
          };
        });
        // Only a 201 is ever recorded: a failure rolls back its key.
        return reply.status(outcome.statusCode as 201).send(outcome.body);
      },
    );
  }

  app.get(
    '/stores/:storeId/vehicles/:vehicleId/txs',
    {
      config: { access: 'staff' },
      schema: { params: vehicleParams, response: { 200: vehicleTransactionsResponseSchema } },
    },
    async (request) => {
      const storeId = request.store!.id;
      const vehicle = await findVehicle(app.db, storeId, request.params.vehicleId);
      if (!vehicle) throw notFound(vehicleNotFound);
      return {
        transactions: await vehicleTransactions(app.db, storeId, vehicle.id),
        monthFuel: vehicle.monthFuel,
        monthRepair: vehicle.monthRepair,
      };
    },
  );
};

export default vehicleRoutes;
