import { selectCurrentStore, useAuthStore } from '@mojud/auth';

const RANK: Record<string, number> = { staff: 1, manager: 2, admin: 3, owner: 4 };

export const roleRank = (role: string | undefined | null) => (role ? (RANK[role] ?? 0) : 0);
export const atLeast = (role: string | undefined | null, min: 'staff' | 'manager' | 'admin' | 'owner') =>
  roleRank(role) >= RANK[min];

/** The caller's role in the current store; the API enforces the same rules, this only hides what would fail. */
export function useMyRole() {
  return useAuthStore(selectCurrentStore)?.role ?? null;
}
