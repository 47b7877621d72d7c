import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, memberQueries, storeQueries } from '@mojud/api-client';
import type { Member, Store } from '@mojud/contracts';

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

export function useRevokeInvite(storeId: string) {
  const invalidate = useInvalidateMembers(storeId);
  return useMutation({
    mutationFn: (inviteId: string) => api.delete(`/stores/${storeId}/invites/${inviteId}`).then(() => undefined),
    onSuccess: invalidate,
  });
}
