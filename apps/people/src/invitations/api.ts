import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, memberQueries, storeQueries } from '@mojud/api-client';
import type { CreateInviteBody, Store, StoreInvite, UserInvite } from '@mojud/contracts';

export const inviteQueries = {
  all: () => ['user', 'invites'] as const,
  mine: () =>
    queryOptions({
      queryKey: [...inviteQueries.all(), 'list'] as const,
      queryFn: () => api.get<{ invites: UserInvite[] }>('/user/invites').then((r) => r.data.invites),
    }),
  /** The invitation a link points at: the token is the permission, whatever the account's address. */
  byToken: (token: string) =>
    queryOptions({
      queryKey: [...inviteQueries.all(), 'token', token] as const,
      queryFn: () =>
        api
          .get<{ invite: UserInvite & { status: 'pending' | 'accepted' } }>('/user/invites/by-token', { params: { token } })
          .then((r) => r.data.invite),
      retry: false,
    }),
};

export function useSendInvite(storeId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInviteBody) =>
      api.post<{ invite: StoreInvite; link: string }>(`/stores/${storeId}/invites`, body).then((r) => r.data),
    // The members page lists pending invitations.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberQueries.all(storeId ?? '') }),
  });
}

export function useAcceptInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    /** By the invitation's id (from the list) or its token (from a link). */
    mutationFn: (idOrToken: string) =>
      api.patch<{ store: Store }>(`/user/invites/${encodeURIComponent(idOrToken)}/accept`).then((r) => r.data.store),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: inviteQueries.all() });
      void queryClient.invalidateQueries({ queryKey: storeQueries.all(), exact: true });
    },
  });
}

export function useDeclineInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idOrToken: string) => api.patch(`/user/invites/${encodeURIComponent(idOrToken)}/decline`).then(() => undefined),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inviteQueries.all() }),
  });
}
