import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { accountQueries, api, downloadCsv, recordWrite } from '@mojud/api-client';
import type {
  AccountTransferBody,
  CreateMoneyAccountBody,
  MoneyAccount,
  MoneyReport,
  PaymentDetails,
  PaymentDetailsBody,
  UpdateMoneyAccountBody,
} from '@mojud/contracts';

export { accountQueries };

/** The money picture of a range of Dhaka days (managers and up). */
export const moneyQueries = {
  report: (storeId: string, range: { from: string; to: string }) =>
    queryOptions({
      queryKey: ['stores', storeId, 'money-report', range] as const,
      queryFn: () => api.get<MoneyReport>(`/stores/${storeId}/reports/money`, { params: range }).then((r) => r.data),
    }),
};

export function downloadMoneyCsv(storeId: string, range: { from: string; to: string }) {
  return downloadCsv(`/stores/${storeId}/reports/money.csv`, range, `money-${range.from}-${range.to}.csv`);
}

/** Setting up accounts is a settings edit, made online (not through the outbox). */
export function useAccountEdits(storeId: string) {
  const queryClient = useQueryClient();
  // Balances, the dashboard and the history all read these accounts.
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: ['stores', storeId] });
  const base = `/stores/${storeId}/accounts`;
  return {
    create: useMutation({
      mutationFn: (body: CreateMoneyAccountBody) => api.post<{ account: MoneyAccount }>(base, body).then((r) => r.data.account),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: UpdateMoneyAccountBody }) =>
        api.patch<{ account: MoneyAccount }>(`${base}/${id}`, body).then((r) => r.data.account),
      onSuccess,
    }),
    opening: useMutation({
      mutationFn: ({ id, amount }: { id: string; amount: number }) =>
        api.post<{ account: MoneyAccount }>(`${base}/${id}/opening`, { amount }).then((r) => r.data.account),
      onSuccess,
    }),
  };
}

/**
 * Money moved between two accounts (rule 16), confirmed at once (docs/frontend.md): stored on the
 * device, this resolves with its key; the key was made when the form opened, so one press
 * records one move however often it is sent.
 */
export function useTransferMoney(storeId: string, idempotencyKey: string) {
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ body, name }: { body: AccountTransferBody; name: string }) =>
      recordWrite({
        storeId,
        method: 'POST',
        url: `/stores/${storeId}/accounts/transfers`,
        body,
        idempotencyKey,
        summary: { kind: 'accountTransfer', name, amount: body.amount },
        editable: [{ field: 'amount', label: 'amount' }],
      }),
  });
}

/** The store's payment details (DEALER.md rule 22): its wallets with numbers and its Bangla QR. */
export const paymentDetailsQueries = {
  details: (storeId: string) =>
    queryOptions({
      queryKey: ['stores', storeId, 'payment-details'] as const,
      queryFn: () => api.get<{ details: PaymentDetails }>(`/stores/${storeId}/payment-details`).then((r) => r.data.details),
    }),
};

/** Sets or clears the Bangla QR: a settings edit, made online like the accounts' own. */
export function useSaveBanglaQr(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentDetailsBody) =>
      api.put<{ details: PaymentDetails }>(`/stores/${storeId}/payment-details`, body).then((r) => r.data.details),
    // Every payment request of the store (statements, receipts, the khata) names the QR.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['stores', storeId] }),
  });
}
