import { queryOptions } from '@tanstack/react-query';
import type { Member, StaffMember, StoreInvite } from '@mojud/contracts';
import { api } from '../client';

/** The store's staff (people paid a salary). The people remote adds their payments under `all`. */
export const staffQueries = {
  all: (storeId: string) => ['stores', storeId, 'staff'] as const,
  list: (storeId: string) =>
    queryOptions({
      queryKey: [...staffQueries.all(storeId), 'list'] as const,
      queryFn: () => api.get<{ staff: StaffMember[] }>(`/stores/${storeId}/staff`).then((r) => r.data.staff),
    }),
};

interface MembersAnswer {
  members: Member[];
  invites: StoreInvite[];
}

/** The store's members (people who sign in to it) and the invitations still open. */
export const memberQueries = {
  all: (storeId: string) => ['stores', storeId, 'members'] as const,
  /** The whole answer: members and pending invitations. */
  list: (storeId: string) =>
    queryOptions({
      queryKey: [...memberQueries.all(storeId), 'list'] as const,
      queryFn: () => api.get<MembersAnswer>(`/stores/${storeId}/members`).then((r) => r.data),
    }),
  /** Only the members (drivers to choose, people to filter by): the same request and cache entry. */
  members: (storeId: string) => queryOptions({ ...memberQueries.list(storeId), select: (data) => data.members }),
};
