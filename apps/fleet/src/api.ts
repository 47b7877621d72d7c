import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, downloadCsv, recordWrite, vehicleQueries as storeVehicleQueries } from '@mojud/api-client';
import type {
  CloseVehicleBody,
  LoadVehicleBody,
  VanDayReport,
  Vehicle,
  VehicleCloseSummary,
  VehicleBody,
  VehicleCostBody,
  VehicleCostCategory,
  VehicleTransaction,
} from '@mojud/contracts';

const vehiclesUrl = (storeId: string) => `/stores/${storeId}/vehicles`;

/** The shared vehicle list (@mojud/api-client), and a vehicle's costs under the same `all`. */
export const vehicleQueries = {
  ...storeVehicleQueries,
  transactions: (storeId: string, vehicleId: string) =>
    queryOptions({
      queryKey: [...vehicleQueries.all(storeId), 'txs', vehicleId] as const,
      queryFn: () =>
        api
          .get<{ transactions: VehicleTransaction[]; monthFuel: number; monthRepair: number }>(
            `${vehiclesUrl(storeId)}/${vehicleId}/txs`,
          )
          .then((r) => r.data),
    }),
};

/** A vehicle's stock and day closes (DEALER.md rule 10). */
export const vanQueries = {
  /** The open round, as a day close would see it now. */
  day: (storeId: string, vehicleId: string) =>
    queryOptions({
      queryKey: [...vehicleQueries.all(storeId), 'day', vehicleId] as const,
      queryFn: () => api.get<{ report: VanDayReport }>(`${vehiclesUrl(storeId)}/${vehicleId}/day`).then((r) => r.data.report),
    }),
  closes: (storeId: string, vehicleId: string) =>
    queryOptions({
      queryKey: [...vehicleQueries.all(storeId), 'closes', vehicleId] as const,
      queryFn: () =>
        api.get<{ closes: VehicleCloseSummary[] }>(`${vehiclesUrl(storeId)}/${vehicleId}/closes`).then((r) => r.data.closes),
    }),
  close: (storeId: string, vehicleId: string, closeId: string) =>
    queryOptions({
      queryKey: [...vehicleQueries.all(storeId), 'closes', vehicleId, closeId] as const,
      queryFn: () =>
        api.get<{ report: VanDayReport }>(`${vehiclesUrl(storeId)}/${vehicleId}/closes/${closeId}`).then((r) => r.data.report),
    }),
};

/**
 * One Idempotency-Key per opening of the load form. Confirmed at once (docs/frontend.md):
 * resolves with the entry's key once it is stored on the device; the form follows it
 * (`useConfirmedWrite`) to the server's answer, or its refusal under "Needs attention".
 */
export function useLoadVehicle(storeId: string, vehicleId: string, idempotencyKey: string, vehicleName = '') {
  return useMutation({
    networkMode: 'always',
    mutationFn: async (body: LoadVehicleBody) =>
      recordWrite({
        storeId,
        method: 'POST',
        url: `${vehiclesUrl(storeId)}/${vehicleId}/loads`,
        body,
        idempotencyKey,
        summary: { kind: 'vehicleLoad', name: vehicleName, quantity: body.lines.reduce((a, l) => a + Number(l.quantity), 0) },
        effects: (await import('./effects')).loadEffects(body),
      }),
  });
}

/**
 * One Idempotency-Key per opening of the day-close form, confirmed at once as the load is. In
 * the outbox the close waits behind the van's queued sales and loads, and is sent after them.
 */
export function useCloseVehicle(storeId: string, vehicleId: string, idempotencyKey: string, vehicleName = '') {
  return useMutation({
    networkMode: 'always',
    mutationFn: (body: CloseVehicleBody) =>
      recordWrite({
        storeId,
        method: 'POST',
        url: `${vehiclesUrl(storeId)}/${vehicleId}/close`,
        body,
        idempotencyKey,
        summary: { kind: 'dayClose', name: vehicleName, amount: Number(body.cashHandedOver) },
        editable: [{ field: 'cashHandedOver', label: 'amount' }],
      }),
  });
}

/** The day-close report as CSV (the server names the file). */
export function downloadCloseCsv(storeId: string, vehicleId: string, closeId: string) {
  return downloadCsv(`${vehiclesUrl(storeId)}/${vehicleId}/closes/${closeId}/report.csv`, {}, 'mojud-day-close.csv');
}

function useInvalidateVehicles(storeId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: vehicleQueries.all(storeId) });
}

export function useSaveVehicle(storeId: string) {
  const invalidate = useInvalidateVehicles(storeId);
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: VehicleBody }) =>
      (id
        ? api.patch<{ vehicle: Vehicle }>(`${vehiclesUrl(storeId)}/${id}`, body)
        : api.post<{ vehicle: Vehicle }>(vehiclesUrl(storeId), body)
      ).then((r) => r.data.vehicle),
    onSuccess: invalidate,
  });
}

export function useDeleteVehicle(storeId: string) {
  const invalidate = useInvalidateVehicles(storeId);
  return useMutation({
    mutationFn: (id: string) => api.delete(`${vehiclesUrl(storeId)}/${id}`).then(() => undefined),
    onSuccess: invalidate,
  });
}

const COST_PATH: Record<VehicleCostCategory, 'fuel' | 'repair'> = {
  fuel_payment: 'fuel',
  repair_payment: 'repair',
};

/**
 * One Idempotency-Key per opening of the cost form: a retried tap never records twice. Confirmed
 * at once (docs/frontend.md): resolves with the entry's key once it is stored on the device; the
 * form follows it (`useConfirmedWrite`) to the server's answer, or its refusal under "Needs
 * attention", and the store's figures are read again then, not at the tap.
 */
export function useRecordVehicleCost(storeId: string, idempotencyKey: string) {
  return useMutation({
    networkMode: 'always', // the outbox decides about the network, not TanStack
    mutationFn: ({
      vehicleId,
      category,
      body,
      name = '',
    }: {
      vehicleId: string;
      category: VehicleCostCategory;
      body: VehicleCostBody;
      name?: string;
    }) =>
      recordWrite({
        storeId,
        method: 'POST',
        url: `${vehiclesUrl(storeId)}/${vehicleId}/${COST_PATH[category]}`,
        body,
        idempotencyKey,
        summary: { kind: 'vehicleCost', name, amount: Number(body.amount) },
        editable: [{ field: 'amount', label: 'amount' }],
      }),
  });
}
