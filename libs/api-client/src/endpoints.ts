import { queryOptions } from '@tanstack/react-query';
import { useAuthStore, type AuthUser, type StoreSummary } from '@mojud/auth';
import { api, broadcastAuth, duringSessionCheck } from './client';

export interface LoginPayload {
  loginIdentifier: string;
  password: string;
}
export interface RegisterPayload {
  username: string;
  email: string;
  password: string;
  /** The language the sign-up page was in; it becomes the account's. */
  locale?: 'en' | 'bn';
}
/** What login and refresh answer: the token, and the user and stores the app starts with. */
export interface Session {
  accessToken: string;
  user: AuthUser;
  stores: StoreSummary[];
}
export interface CreateStorePayload {
  name: string;
  location: string;
  phone: string;
  /** Start from another of one's stores: its setup, and its customer shops if `shops`. */
  copyFrom?: { storeId: string; shops: boolean };
}

export const authApi = {
  login: (payload: LoginPayload) =>
    api.post<Session>('/auth/login', payload).then((r) => r.data),
  register: (payload: RegisterPayload) =>
    api.post<{ user: AuthUser }>('/auth/register', payload).then((r) => r.data),
  logout: () => api.post<void>('/auth/logout', {}).then(() => undefined),
  refresh: () =>
    api.post<Session>('/auth/refresh', {}).then((r) => r.data),
  me: () => api.get<{ user: AuthUser }>('/user/me').then((r) => r.data),
};

export const storesApi = {
  list: () => api.get<{ stores: StoreSummary[] }>('/stores').then((r) => r.data),
  // The observed product sometimes wrapped the store in `data`; accept both.
  create: (payload: CreateStorePayload) =>
    api
      .post<{ store?: StoreSummary; data?: { store?: StoreSummary } & StoreSummary }>('/stores', payload)
      .then((r) => r.data.store ?? r.data.data?.store ?? (r.data.data as StoreSummary)),
};

/** Spec section 4: refresh the session, with the user and their stores in the same answer. */
export function initializeAuth() {
  return duringSessionCheck(
    useAuthStore.getState().initialize({ refresh: authApi.refresh, me: authApi.me, listStores: storesApi.list }),
  );
}

/** Signs in and loads the user's stores; the token from login stands in for the refresh. */
export async function signIn(payload: LoginPayload) {
  const session = await authApi.login(payload);
  const result = await useAuthStore
    .getState()
    .initialize({ refresh: async () => session, me: authApi.me, listStores: storesApi.list });
  if (!result.user) throw new Error('Sign-in did not complete');
  return result;
}

/** Logs out on the server when possible; the local session ends either way. */
export async function signOut(): Promise<void> {
  try {
    await authApi.logout();
  } catch {
    // Logout always ends the local session, even offline.
  } finally {
    useAuthStore.getState().clearUser();
    broadcastAuth({ type: 'logout' });
  }
}

export const userQueries = {
  all: () => ['user'] as const,
  // "cached and never stale" (spec section 7)
  me: () => queryOptions({ queryKey: ['user', 'me'] as const, queryFn: authApi.me, staleTime: Infinity }),
};

export const storeQueries = {
  all: () => ['stores'] as const,
  list: () => queryOptions({ queryKey: storeQueries.all(), queryFn: storesApi.list }),
};
