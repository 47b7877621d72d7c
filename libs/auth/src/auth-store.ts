import { create } from 'zustand';
import { createJSONStorage, devtools, persist } from 'zustand/middleware';
import type { AuthUser, StoreSummary } from './types';

export const AUTH_STORAGE_KEY = 'auth-storage';

/** The calls initialize() needs; passed in so this lib does not depend on the api client. */
export interface AuthInitApi {
  /** The API sends the user and stores with the token; me and listStores are for older servers. */
  refresh: () => Promise<{ accessToken?: string | null; user?: AuthUser; stores?: StoreSummary[] }>;
  me: () => Promise<{ user: AuthUser }>;
  listStores: () => Promise<{ stores: StoreSummary[] }>;
}

export interface AuthState {
  user: AuthUser | null;
  /** Memory only (DECISIONS 2.5): the refresh cookie restores it after a reload. */
  accessToken: string | null;
  initializing: boolean;
  currentStore: StoreSummary | null;
  allStores: StoreSummary[];
  setAccessToken: (token: string | null) => void;
  setUser: (user: AuthUser | null) => void;
  setStores: (stores: StoreSummary[]) => void;
  setCurrentStore: (store: StoreSummary | null) => void;
  addStore: (store: StoreSummary) => void;
  clearUser: () => void;
  initialize: (api: AuthInitApi) => Promise<{ user: AuthUser | null; stores: StoreSummary[] }>;
}

const signedOut = { user: null, accessToken: null, currentStore: null, allStores: [] };

/**
 * Redux DevTools outside production only. Its `enabled: false` switched it off in production,
 * but the middleware was still bundled: about 2 KiB (brotli) of every page, /login included.
 * A production build folds this to the identity and leaves the middleware out.
 */
const devtoolsOutsideProduction = (
  process.env.NODE_ENV === 'production' ? (initializer: unknown) => initializer : devtools
) as typeof devtools;

export const useAuthStore = create<AuthState>()(
  devtoolsOutsideProduction(
    persist(
      (set, get) => ({
        ...signedOut,
        initializing: true,
        setAccessToken: (accessToken) => set({ accessToken }),
        setUser: (user) => set({ user }),
        setStores: (allStores) => {
          // Keep the current store in step with the fresh list (renamed, or access removed).
          const current = get().currentStore;
          const fresh = current ? (allStores.find((store) => store.id === current.id) ?? null) : null;
          set({ allStores, currentStore: fresh });
        },
        setCurrentStore: (currentStore) => set({ currentStore }),
        addStore: (store) =>
          set((state) => ({ allStores: [...state.allStores.filter((item) => item.id !== store.id), store] })),
        clearUser: () => set(signedOut),
        initialize: async (api) => {
          set({ initializing: true });
          try {
            const session = await api.refresh();
            if (!session.accessToken) {
              get().clearUser();
              return { user: null, stores: [] };
            }
            set({ accessToken: session.accessToken });
            const { user, stores } =
              session.user && session.stores
                ? { user: session.user, stores: session.stores }
                : await Promise.all([api.me(), api.listStores()]).then(([me, list]) => ({ user: me.user, stores: list.stores }));
            set({ user });
            get().setStores(stores);
            return { user, stores };
          } catch (error) {
            // No answer at all (offline): keep the remembered user, so the app opens offline and
            // its queued writes stay theirs; the next request online refreshes the session.
            const { user, allStores } = get();
            if (user && (error as { status?: unknown } | null)?.status === null) return { user, stores: allStores };
            get().clearUser();
            return { user: null, stores: [] };
          } finally {
            set({ initializing: false });
          }
        },
      }),
      {
        name: AUTH_STORAGE_KEY,
        version: 1,
        storage: createJSONStorage(() => localStorage),
        partialize: (state) => ({
          user: state.user,
          currentStore: state.currentStore,
          allStores: state.allStores,
        }),
        // Version 0 (the observed product) also stored the token; drop it.
        migrate: (persisted) => {
          const {
            user = null,
            currentStore = null,
            allStores = [],
          } = (persisted ?? {}) as Partial<AuthState>;
          return { user, currentStore, allStores };
        },
      },
    ),
    { name: 'auth', enabled: process.env.NODE_ENV !== 'production' },
  ),
);

export const selectUser = (state: AuthState) => state.user;
export const selectAccessToken = (state: AuthState) => state.accessToken;
export const selectInitializing = (state: AuthState) => state.initializing;
export const selectCurrentStore = (state: AuthState) => state.currentStore;
export const selectAllStores = (state: AuthState) => state.allStores;
export const selectIsSignedIn = (state: AuthState) => state.user !== null;
