import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@mojud/api-client';
import type { CreateStaffBody, SalaryPayment, SalaryPaymentBody, StaffMember } from '@mojud/contracts';

export interface SalaryMonth {
  month: string;
  paid: number;
  payments: SalaryPayment[];
}

const staffUrl = (storeId: string) => `/stores/${storeId}/staff`;

export const staffQueries = {
  all: (storeId: string) => ['stores', storeId, 'staff'] as const,
  list: (storeId: string) =>
    queryOptions({
      queryKey: [...staffQueries.all(storeId), 'list'] as const,
      queryFn: () => api.get<{ staff: StaffMember[] }>(staffUrl(storeId)).then((r) => r.data.staff),
    }),
  payments: (storeId: string, staffId: string) =>
    queryOptions({
      queryKey: [...staffQueries.all(storeId), 'payments', staffId] as const,
      queryFn: () =>
        api.get<{ months: SalaryMonth[] }>(`${staffUrl(storeId)}/${staffId}/payments`).then((r) => r.data.months),
    }),
};

function useInvalidateStaff(storeId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: staffQueries.all(storeId) });
}

export function useAddStaff(storeId: string) {
  const invalidate = useInvalidateStaff(storeId);
  return useMutation({
    mutationFn: (body: CreateStaffBody) =>
      api.post<{ staff: StaffMember }>(staffUrl(storeId), body).then((r) => r.data.staff),
    onSuccess: invalidate,
  });
}

export function useDeleteStaff(storeId: string) {
  const invalidate = useInvalidateStaff(storeId);
  return useMutation({
    mutationFn: (staffId: string) => api.delete(`${staffUrl(storeId)}/${staffId}`).then(() => undefined),
    onSuccess: invalidate,
  });
}

/** One Idempotency-Key per opening of the pay form: a retried tap never pays twice. */
export function usePaySalary(storeId: string, idempotencyKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ staffId, body }: { staffId: string; body: SalaryPaymentBody }) =>
      api
        .post<{ payment: SalaryPayment; staff: StaffMember }>(`${staffUrl(storeId)}/${staffId}/payments`, body, {
          headers: { 'Idempotency-Key': idempotencyKey },
        })
        .then((r) => r.data),
    // Money moved: staff figures and every store-wide figure (dashboard, history) are stale.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['stores', storeId] }),
  });
}
