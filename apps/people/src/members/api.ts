import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, memberQueries, storeQueries } from '@mojud/api-client';
import type { Member, Store, StoreInvite } from '@mojud/contracts';

const membersUrl = (storeId: string) => `/stores/${storeId}/members`;

function useInvalidateMembers(storeId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: memberQueries.all(storeId) });
}

export function useChangeRole(storeId: string) {
  const invalidate = useInvalidateMembers(storeId);
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: 'admin' | 'manager' | 'staff' }) =>
      api.patch<{ member: Member }>(`${membersUrl(storeId)}/${userId}`, { role }).then((r) => r.data.member),
    onSuccess: invalidate,
  });
}

export function useRemoveMember(storeId: string) {
  const invalidate = useInvalidateMembers(storeId);
  return useMutation({
    mutationFn: (userId: string) => api.delete(`${membersUrl(storeId)}/${userId}`).then(() => undefined),
    onSuccess: invalidate,
  });
}

export function useTransferOwnership(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      api.post<{ store: Store }>(`/stores/${storeId}/transfer-ownership`, { userId }).then((r) => r.data.store),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: memberQueries.all(storeId) });
      void queryClient.invalidateQueries({ queryKey: storeQueries.all(), exact: true });
    },
  });
}

/** A pending invitation's link, to copy and share again. */
export function useInviteLink(storeId: string) {
  return useMutation({
    mutationFn: (inviteId: string) =>
      api.get<{ link: string }>(`/stores/${storeId}/invites/${inviteId}/link`).then((r) => r.data.link),
  });
}

/** Sends an invitation again: a fresh one and a new link; the old link stops working. */
export function useResendInvite(storeId: string) {
  const invalidate = useInvalidateMembers(storeId);
  return useMutation({
    mutationFn: (inviteId: string) =>
      api.post<{ invite: StoreInvite; link: string }>(`/stores/${storeId}/invites/${inviteId}/resend`).then((r) => r.data),
    onSuccess: invalidate,
  });
}

export function useRevokeInvite(storeId: string) {
  const invalidate = useInvalidateMembers(storeId);
  return useMutation({
    mutationFn: (inviteId: string) => api.delete(`/stores/${storeId}/invites/${inviteId}`).then(() => undefined),
    onSuccess: invalidate,
  });
}
