import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  closeVehicleBodySchema,
  csvLanguageQuerySchema,
  loadVehicleBodySchema,
  vanDayReportCsvSchema,
  vanDayReportResponseSchema,
  vehicleClosesResponseSchema,
  vehicleResponseSchema,
} from '@mojud/contracts';
import { forbidden, notFound } from '../errors';
import { csvLine } from '../ledger/csv';
import { text } from '../i18n/text';
import { itemLabel } from '@mojud/domain';
import { runIdempotent } from '../plugins/idempotency';
import { roleAtLeast } from '../plugins/access';
import { findVehicle } from '../vehicles/repository';
import { lockVehicle, type LockedVehicle } from '../vehicles/lock';
import { closeMessage, closeVehicle, findClose, findVehicleHead, listCloses, loadVehicle, roundReport, type VanActor } from './repository';

const vehicleParams = z.object({ storeId: z.string(), vehicleId: z.string() });
const closeParams = vehicleParams.extend({ closeId: z.string() });

const actorOf = (request: FastifyRequest, idempotencyKey: string | null): VanActor => ({
  storeId: request.store!.id,
  userId: request.user!.id,
  idempotencyKey,
});

/**
 * Loading a vehicle and closing its day move stock and cash between the store and the road:
 * managers and up may, and so may the member the vehicle is given to (its driver). The route is
 * open to staff so the vehicle is looked up first: another store's vehicle is a 404, never a 403.
 */
function mayRun(request: FastifyRequest, vehicle: LockedVehicle) {
  if (roleAtLeast(request.store!.role, 'manager') || vehicle.assignedUserId === request.user!.id) return;
  throw forbidden({
    message: `Only a manager or the driver of ${vehicle.name} can load it or close its day`,
    code: 'vehicle.notYourVehicle',
    params: { vehicle: vehicle.name },
  });
}

const vanRoutes: FastifyPluginAsyncZod = async (app) => {
  async function headOr404(storeId: string, vehicleId: string) {
    const vehicle = await findVehicleHead(app.db, storeId, vehicleId);
    if (!vehicle) throw notFound({ message: 'Vehicle not found', code: 'vehicle.notFound' });
    return vehicle;
  }

  app.post(
    '/stores/:storeId/vehicles/:vehicleId/loads',
    {
      config: { access: 'staff' },
      schema: {
        params: vehicleParams,
        body: loadVehicleBodySchema,
        response: { 201: vehicleResponseSchema.extend({ success: z.literal(true), message: z.string() }) },
      },
    },
    async (request, reply) => {
      const outcome = await runIdempotent(app, request, async (tx, key) => {
        const vehicle = await lockVehicle(tx, request.store!.id, request.params.vehicleId, 'share');
        mayRun(request, vehicle);
        await loadVehicle(tx, actorOf(request, key), vehicle, request.body.lines);
        const count = request.body.lines.reduce((a, l) => a + l.quantity, 0);
        return {
          statusCode: 201,
          body: {
            success: true as const,
            message: `${count} loaded onto ${vehicle.name}`,
            vehicle: (await findVehicle(tx, request.store!.id, vehicle.id))!,
          },
        };
      });
      return reply.status(outcome.statusCode as 201).send(outcome.body);
    },
  );

  app.get(
    '/stores/:storeId/vehicles/:vehicleId/day',
    { config: { access: 'staff' }, schema: { params: vehicleParams, response: { 200: vanDayReportResponseSchema } } },
    async (request) => {
      const vehicle = await headOr404(request.store!.id, request.params.vehicleId);
      return { report: await roundReport(app.db, request.store!.id, vehicle, null) };
    },
  );

  app.post(
    '/stores/:storeId/vehicles/:vehicleId/close',
    {
      config: { access: 'staff' },
      schema: {
        params: vehicleParams,
        body: closeVehicleBodySchema,
        response: { 201: vanDayReportResponseSchema.extend({ success: z.literal(true), message: z.string() }) },
      },
    },
    async (request, reply) => {
      const storeId = request.store!.id;
      const outcome = await runIdempotent(app, request, async (tx, key) => {
        const vehicle = await lockVehicle(tx, storeId, request.params.vehicleId, 'update');
        mayRun(request, vehicle);
        const closeId = await closeVehicle(tx, actorOf(request, key), vehicle, request.body);
        const head = (await findVehicleHead(tx, storeId, vehicle.id))!;
        const report = await roundReport(tx, storeId, head, (await findClose(tx, storeId, vehicle.id, closeId))!);
        return { statusCode: 201, body: { success: true as const, message: closeMessage(report), report } };
      });
      return reply.status(outcome.statusCode as 201).send(outcome.body);
    },
  );

  app.get(
    '/stores/:storeId/vehicles/:vehicleId/closes',
    { config: { access: 'staff' }, schema: { params: vehicleParams, response: { 200: vehicleClosesResponseSchema } } },
    async (request) => {
      const vehicle = await headOr404(request.store!.id, request.params.vehicleId);
      return { closes: await listCloses(app.db, request.store!.id, vehicle.id) };
    },
  );

  async function closeReport(request: FastifyRequest, params: z.infer<typeof closeParams>) {
    const storeId = request.store!.id;
    const vehicle = await headOr404(storeId, params.vehicleId);
    const close = await findClose(app.db, storeId, vehicle.id, params.closeId);
    if (!close) throw notFound({ message: 'Day close not found', code: 'vehicleClose.notFound' });
    return roundReport(app.db, storeId, vehicle, close);
  }

  app.get(
    '/stores/:storeId/vehicles/:vehicleId/closes/:closeId',
    { config: { access: 'staff' }, schema: { params: closeParams, response: { 200: vanDayReportResponseSchema } } },
    async (request) => ({ report: await closeReport(request, request.params) }),
  );

  app.get(
    '/stores/:storeId/vehicles/:vehicleId/closes/:closeId/report.csv',
    {
      config: { access: 'staff' },
      schema: {
        params: closeParams,
        querystring: csvLanguageQuerySchema,
        response: { 200: { content: { 'text/csv': { schema: vanDayReportCsvSchema } } } },
      },
    },
    async (request, reply) => {
      const report = await closeReport(request, request.params);
      // Words and item names in the reader's language; the figures stay plain numbers a spreadsheet adds up.
      const lang = request.query.lang ?? 'en';
      const word = (key: string) => text(lang, `csv.vanDay.${key}`);
      const figures = ['loaded', 'soldRefill', 'soldPackage', 'soldUnits', 'emptiesCollected', 'returnedFull', 'returnedEmpty', 'returnedUnits'] as const;
      const row = (name: string, i: Pick<(typeof report.items)[number], (typeof figures)[number]>) => [name, ...figures.map((f) => i[f])];
      const difference = report.difference ?? 0;
      const lines = [
        csvLine([word('vehicle'), report.vehicle.name, word('day'), report.day ?? '', word('closedBy'), report.closedBy ?? '']),
        csvLine([word('item'), ...figures.map(word)]),
        ...report.items.map((i) => csvLine(row(itemLabel(i.name, lang), i))),
        csvLine(row(word('total'), report.totals)),
        csvLine([]),
        csvLine([word('cashExpected'), report.cashExpected]),
        csvLine([word('cashHanded'), report.cashHanded ?? '']),
        csvLine([word(difference < 0 ? 'shortage' : difference > 0 ? 'excess' : 'difference'), difference]),
        csvLine([word('note'), report.note ?? '']),
      ];
      const file = `mojud-day-close-${report.vehicle.name.replace(/[^A-Za-z0-9-]+/g, '-')}-${report.day}.csv`;
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${file}"`)
        .send(`\uFEFF${lines.join('')}`);
    },
  );
};

export default vanRoutes;
