import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@mojud/api-client';
import type {
  MessageRecord,
  MessageSettingsBody,
  MessageSettingsResponse,
  MessageTextsBody,
  MessageTextsResponse,
} from '@mojud/contracts';

export const messageQueries = {
  all: (storeId: string) => ['stores', storeId, 'messages'] as const,
  settings: (storeId: string) =>
    queryOptions({
      queryKey: [...messageQueries.all(storeId), 'settings'] as const,
      queryFn: () =>
        api.get<MessageSettingsResponse>(`/stores/${storeId}/messages/settings`).then((r) => r.data),
    }),
  templates: (storeId: string) =>
    queryOptions({
      queryKey: [...messageQueries.all(storeId), 'templates'] as const,
      queryFn: () =>
        api.get<MessageTextsResponse>(`/stores/${storeId}/messages/templates`).then((r) => r.data),
    }),
  list: (storeId: string, status: string) =>
    infiniteQueryOptions({
      queryKey: [...messageQueries.all(storeId), 'list', status] as const,
      queryFn: ({ pageParam }) =>
        api
          .get<{ messages: MessageRecord[]; nextCursor: number | null }>(`/stores/${storeId}/messages`, {
            params: { status: status || undefined, cursor: pageParam || undefined, limit: 50 },
          })
          .then((r) => r.data),
      initialPageParam: 0,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
      // Waiting messages turn into sent and delivered within seconds.
      refetchInterval: (query) =>
        query.state.data?.pages.some((p) => p.messages.some((m) => m.status === 'queued' && !m.notBefore))
          ? 3_000
          : false,
    }),
};

export function useSaveMessageSettings(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MessageSettingsBody) =>
      api.put<MessageSettingsResponse>(`/stores/${storeId}/messages/settings`, body).then((r) => r.data),
    onSuccess: (data) => queryClient.setQueryData(messageQueries.settings(storeId).queryKey, data),
  });
}

export function useSaveMessageTemplates(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MessageTextsBody) =>
      api.put<MessageTextsResponse>(`/stores/${storeId}/messages/templates`, body).then((r) => r.data),
    onSuccess: (data) => queryClient.setQueryData(messageQueries.templates(storeId).queryKey, data),
  });
}

export function useResendMessage(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, key }: { id: number; key: string }) =>
      api
        .post<{ message: MessageRecord }>(
          `/stores/${storeId}/messages/${id}/resend`,
          {},
          { headers: { 'Idempotency-Key': key } },
        )
        .then((r) => r.data.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: messageQueries.all(storeId) }),
  });
}

export function useReminderRun(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key }: { key: string }) =>
      api
        .post<{ queued: number; withoutMobile: number; messages: MessageRecord[] }>(
          `/stores/${storeId}/messages/reminder-runs`,
          {},
          { headers: { 'Idempotency-Key': key } },
        )
        .then((r) => r.data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: messageQueries.all(storeId) }),
  });
}
