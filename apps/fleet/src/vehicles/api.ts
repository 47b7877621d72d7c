import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@mojud/api-client';
import type {
  Vehicle,
  VehicleBody,
  VehicleCostBody,
  VehicleCostCategory,
  VehicleTransaction,
} from '@mojud/contracts';

const vehiclesUrl = (storeId: string) => `/stores/${storeId}/vehicles`;

export const vehicleQueries = {
  all: (storeId: string) => ['stores', storeId, 'vehicles'] as const,
  list: (storeId: string) =>
    queryOptions({
      queryKey: [...vehicleQueries.all(storeId), 'list'] as const,
      queryFn: () => api.get<{ vehicles: Vehicle[] }>(vehiclesUrl(storeId)).then((r) => r.data.vehicles),
    }),
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

/** One Idempotency-Key per opening of the cost form: a retried tap never records twice. */
export function useRecordVehicleCost(storeId: string, idempotencyKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      vehicleId,
      category,
      body,
    }: {
      vehicleId: string;
      category: VehicleCostCategory;
      body: VehicleCostBody;
    }) =>
      api
        .post<{ success: true; message: string; transaction: VehicleTransaction }>(
          `${vehiclesUrl(storeId)}/${vehicleId}/${COST_PATH[category]}`,
          body,
          { headers: { 'Idempotency-Key': idempotencyKey } },
        )
        .then((r) => r.data),
    // Money moved: the vehicle's totals and every store-wide figure (dashboard, history) are stale.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['stores', storeId] }),
  });
}
