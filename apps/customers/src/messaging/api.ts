import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@mojud/api-client';
import type { CreateStatementLinkBody, MessageText, MessageRecord, StatementLink } from '@mojud/contracts';

export type ShopMessageKind = 'due_reminder' | 'payment_receipt';

export const messagingQueries = {
  all: (storeId: string) => ['stores', storeId, 'messaging'] as const,
  /** A shop's due reminder, or its last payment's receipt, as the SMS says it, with its wa.me link. */
  text: (storeId: string, shopId: string, kind: ShopMessageKind) =>
    queryOptions({
      queryKey: [...messagingQueries.all(storeId), 'text', kind, shopId] as const,
      queryFn: () =>
        api
          .get<MessageText>(`/stores/${storeId}/messages/text`, { params: { kind, shopId } })
          .then((r) => r.data),
    }),
  statementLinks: (storeId: string, shopId: string) =>
    queryOptions({
      queryKey: [...messagingQueries.all(storeId), 'statement-links', shopId] as const,
      queryFn: () =>
        api
          .get<{ links: StatementLink[] }>(`/stores/${storeId}/shops/${shopId}/statement-links`)
          .then((r) => r.data.links),
    }),
};

/** One Idempotency-Key per opening of the message form: a retried tap sends one SMS. */
export function useSendReminder(storeId: string, shopId: string, idempotencyKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api
        .post<{ message: MessageRecord }>(
          `/stores/${storeId}/shops/${shopId}/reminders`,
          {},
          {
            headers: { 'Idempotency-Key': idempotencyKey },
          },
        )
        .then((r) => r.data.message),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['stores', storeId, 'messages'] }),
  });
}

export interface CreatedStatementLink {
  link: StatementLink;
  url: string;
  message: MessageRecord | null;
}

export function useCreateStatementLink(storeId: string, shopId: string, idempotencyKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateStatementLinkBody) =>
      api
        .post<CreatedStatementLink>(`/stores/${storeId}/shops/${shopId}/statement-links`, body, {
          headers: { 'Idempotency-Key': idempotencyKey },
        })
        .then((r) => r.data),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: messagingQueries.statementLinks(storeId, shopId).queryKey }),
  });
}

export function useRevokeStatementLink(storeId: string, shopId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) =>
      api
        .post<{ link: StatementLink }>(`/stores/${storeId}/statement-links/${linkId}/revoke`, {})
        .then((r) => r.data.link),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: messagingQueries.statementLinks(storeId, shopId).queryKey }),
  });
}
