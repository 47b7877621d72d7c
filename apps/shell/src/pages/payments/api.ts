import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, QUEUED, submitWrite } from '@mojud/api-client';
import type {
  AssignPaymentBody,
  DismissPaymentBody,
  IncomingPayment,
  IncomingPaymentResponse,
  PasteSmsBody,
} from '@mojud/contracts';

const base = (storeId: string) => `/stores/${storeId}/incoming-payments`;
export type PaymentStatus = IncomingPayment['status'];

/** Under ['stores', storeId]: a recorded payment changes dues and balances the store's pages read. */
export const paymentQueries = {
  all: (storeId: string) => ['stores', storeId, 'incoming-payments'] as const,
  list: (storeId: string, status: PaymentStatus) =>
    queryOptions({
      queryKey: [...paymentQueries.all(storeId), status] as const,
      queryFn: () =>
        api.get<{ payments: IncomingPayment[] }>(base(storeId), { params: { status } }).then((r) => r.data.payments),
    }),
};

/**
 * A wallet's "money received" SMS, pasted at the counter. Through the outbox (docs/frontend.md):
 * the key is made when the form opened, and the server keys the payment by the wallet's
 * transaction id besides, so a message pasted twice or sent twice records one payment.
 */
export function usePasteSms(storeId: string, idempotencyKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async ({ body, name, amount }: { body: PasteSmsBody; name: string; amount?: number }) => {
      const result = await submitWrite<IncomingPaymentResponse>({
        storeId,
        method: 'POST',
        url: `${base(storeId)}/sms`,
        body,
        idempotencyKey,
        summary: { kind: 'walletSms', name, amount },
      });
      return result.queued ? QUEUED : result.data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['stores', storeId] }),
  });
}

/** A manager's decision on a payment that waits: online, like the other settings of money. */
export function useSettlePayment(storeId: string) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: ['stores', storeId] });
  return {
    assign: useMutation({
      mutationFn: ({ id, body }: { id: string; body: AssignPaymentBody }) =>
        api.post<IncomingPaymentResponse>(`${base(storeId)}/${id}/assign`, body).then((r) => r.data.payment),
      onSuccess,
    }),
    dismiss: useMutation({
      mutationFn: ({ id, body }: { id: string; body: DismissPaymentBody }) =>
        api.post<IncomingPaymentResponse>(`${base(storeId)}/${id}/dismiss`, body).then((r) => r.data.payment),
      onSuccess,
    }),
  };
}
