import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STORAGE_KEY, useAuthStore } from './auth-store';
import { MENU_STORAGE_KEY, useMenuStore } from './menu-store';
import { userHeading, userSubline } from './user-display';

const user = { id: 'u1', email: 'rahim@example.com', username: 'rahim', firstName: null, lastName: null };
const dhaka = { id: 's1', name: 'Rahim Gas House', location: 'Mirpur', phone: '01711000000' };
const ctg = { id: 's2', name: 'Chattogram Depot', location: 'Agrabad', phone: '01811000000' };

function persisted(key: string) {
  return JSON.parse(localStorage.getItem(key) ?? 'null');
}

beforeEach(() => {
  useAuthStore.getState().clearUser();
  useMenuStore.setState({ isUserMenuOpen: false, isStoreMenuOpen: false, isSidebarOpen: true });
  localStorage.clear();
});

describe('auth store', () => {
  it('persists user and stores under auth-storage but never the access token', () => {
    const store = useAuthStore.getState();
    store.setAccessToken('secret-token');
    store.setUser(user);
    store.setStores([dhaka]);
    store.setCurrentStore(dhaka);
    const saved = persisted(AUTH_STORAGE_KEY);
    expect(saved.state).toEqual({ user, currentStore: dhaka, allStores: [dhaka] });
    expect(saved.version).toBe(1);
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).not.toContain('secret-token');
  });

  it('clearUser resets user, token, current store and all stores', () => {
    const store = useAuthStore.getState();
    store.setAccessToken('t');
    store.setUser(user);
    store.addStore(dhaka);
    store.setCurrentStore(dhaka);
    useAuthStore.getState().clearUser();
    const { user: u, accessToken, currentStore, allStores } = useAuthStore.getState();
    expect({ u, accessToken, currentStore, allStores }).toEqual({
      u: null,
      accessToken: null,
      currentStore: null,
      allStores: [],
    });
  });

  it('addStore appends without duplicating', () => {
    useAuthStore.getState().addStore(dhaka);
    useAuthStore.getState().addStore(ctg);
    useAuthStore.getState().addStore({ ...dhaka, name: 'Renamed' });
    expect(useAuthStore.getState().allStores.map((s) => s.name)).toEqual(['Chattogram Depot', 'Renamed']);
  });

  it('initialize loads the user and stores when the refresh gives a token', async () => {
    const api = {
      refresh: vi.fn().mockResolvedValue({ accessToken: 'fresh' }),
      me: vi.fn().mockResolvedValue({ user }),
      listStores: vi.fn().mockResolvedValue({ stores: [dhaka, ctg] }),
    };
    const result = await useAuthStore.getState().initialize(api);
    expect(result).toEqual({ user, stores: [dhaka, ctg] });
    const state = useAuthStore.getState();
    expect(state.accessToken).toBe('fresh');
    expect(state.user).toEqual(user);
    expect(state.allStores).toHaveLength(2);
    expect(state.initializing).toBe(false);
  });

  it('initialize takes the user and stores from the refresh answer, with no further calls', async () => {
    const api = {
      refresh: vi.fn().mockResolvedValue({ accessToken: 'fresh', user, stores: [ctg] }),
      me: vi.fn(),
      listStores: vi.fn(),
    };
    const result = await useAuthStore.getState().initialize(api);
    expect(result).toEqual({ user, stores: [ctg] });
    expect(api.me).not.toHaveBeenCalled();
    expect(api.listStores).not.toHaveBeenCalled();
    expect(useAuthStore.getState().allStores).toEqual([ctg]);
  });

  it('initialize keeps the remembered user when there is no network at all (the app opens offline)', async () => {
    useAuthStore.getState().setUser(user);
    useAuthStore.getState().setStores([dhaka]);
    useAuthStore.getState().setCurrentStore(dhaka);
    const api = { refresh: vi.fn().mockRejectedValue({ status: null, message: 'Network Error', errors: null }), me: vi.fn(), listStores: vi.fn() };
    expect(await useAuthStore.getState().initialize(api)).toEqual({ user, stores: [dhaka] });
    expect(useAuthStore.getState()).toMatchObject({ user, currentStore: dhaka, accessToken: null, initializing: false });
  });

  it('initialize clears everything when the refresh fails', async () => {
    useAuthStore.getState().setUser(user);
    useAuthStore.getState().setCurrentStore(dhaka);
    const api = {
      refresh: vi.fn().mockRejectedValue(new Error('401')),
      me: vi.fn(),
      listStores: vi.fn(),
    };
    const result = await useAuthStore.getState().initialize(api);
    expect(result).toEqual({ user: null, stores: [] });
    expect(api.me).not.toHaveBeenCalled();
    const state = useAuthStore.getState();
    expect(state.user).toBeNull();
    expect(state.currentStore).toBeNull();
    expect(state.initializing).toBe(false);
  });
});

describe('menu store', () => {
  it('opens the sidebar by default, persists only it, and closeAll closes the menus', () => {
    expect(useMenuStore.getState().isSidebarOpen).toBe(true);
    useMenuStore.getState().toggleUserMenu();
    expect(useMenuStore.getState().isUserMenuOpen).toBe(true);
    useMenuStore.getState().toggleStoreMenu();
    expect(useMenuStore.getState()).toMatchObject({ isStoreMenuOpen: true, isUserMenuOpen: false });
    useMenuStore.getState().toggleSidebar();
    useMenuStore.getState().closeAll();
    expect(useMenuStore.getState()).toMatchObject({
      isUserMenuOpen: false,
      isStoreMenuOpen: false,
      isSidebarOpen: false,
    });
    expect(persisted(MENU_STORAGE_KEY).state).toEqual({ isSidebarOpen: false });
  });
});

describe('user menu heading', () => {
  const texts = { dear: (last: string) => `Dear ${last}`, visitor: 'Dear visitor', friend: 'Friend' };
  it.each([
    [{ username: 'rahim', firstName: 'Abdur', lastName: 'Rahim' }, 'rahim'],
    [{ firstName: 'Abdur', lastName: 'Rahim' }, 'Abdur Rahim'],
    [{ firstName: 'Abdur' }, 'Abdur'],
    [{ lastName: 'Rahim' }, 'Dear Rahim'],
    [{}, 'Dear visitor'],
  ])('%o → %s', (u, heading) => {
    expect(userHeading(u, texts)).toBe(heading);
  });

  it('shows the e-mail beneath, else Friend', () => {
    expect(userSubline({ email: 'a@b.c' }, texts)).toBe('a@b.c');
    expect(userSubline(null, texts)).toBe('Friend');
  });
});
