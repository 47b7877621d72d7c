import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, QUEUED, staffQueries as storeStaffQueries, submitWrite } from '@mojud/api-client';
import type { CreateStaffBody, SalaryPayment, SalaryPaymentBody, StaffMember } from '@mojud/contracts';

export interface SalaryMonth {
  month: string;
  paid: number;
  payments: SalaryPayment[];
}

const staffUrl = (storeId: string) => `/stores/${storeId}/staff`;

/** The shared staff list (@mojud/api-client), and each one's salary payments under the same `all`. */
export const staffQueries = {
  ...storeStaffQueries,
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

/**
 * One Idempotency-Key per opening of the pay form: a retried tap never pays twice. Through the
 * outbox (docs/frontend.md): offline the payment waits on the device and this resolves `QUEUED`.
 */
export function usePaySalary(storeId: string, idempotencyKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async ({ staffId, body, name = '' }: { staffId: string; body: SalaryPaymentBody; name?: string }) => {
      const result = await submitWrite<{ payment: SalaryPayment; staff: StaffMember }>({
        storeId,
        method: 'POST',
        url: `${staffUrl(storeId)}/${staffId}/payments`,
        body,
        idempotencyKey,
        summary: { kind: 'salaryPayment', name, amount: Number(body.amount) },
        editable: [{ field: 'amount', label: 'amount' }],
      });
      return result.queued ? QUEUED : result.data;
    },
    // Money moved: staff figures and every store-wide figure (dashboard, history) are stale.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['stores', storeId] }),
  });
}
