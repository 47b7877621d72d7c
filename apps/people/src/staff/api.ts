import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, recordWrite, staffQueries as storeStaffQueries } from '@mojud/api-client';
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
 * One Idempotency-Key per opening of the pay form: a retried tap never pays twice. Confirmed at
 * once (docs/frontend.md): resolves with the entry's key once it is stored on the device; the form
 * follows it (`useConfirmedWrite`) to the server's answer, or its refusal under "Needs attention",
 * and the store's figures (staff, dashboard, history) are read again then, not at the tap.
 */
export function usePaySalary(storeId: string, idempotencyKey: string) {
  return useMutation({
    networkMode: 'always', // the outbox decides about the network, not TanStack
    mutationFn: ({ staffId, body, name = '' }: { staffId: string; body: SalaryPaymentBody; name?: string }) =>
      recordWrite({
        storeId,
        method: 'POST',
        url: `${staffUrl(storeId)}/${staffId}/payments`,
        body,
        idempotencyKey,
        summary: { kind: 'salaryPayment', name, amount: Number(body.amount) },
        editable: [{ field: 'amount', label: 'amount' }],
      }),
  });
}
