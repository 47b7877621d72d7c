import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore, useMenuStore } from '@mojud/auth';
import { RequireAuth } from '../auth/require-auth';
import { fakeApi } from '../test/fake-api';
import { at, LocationProbe, renderRoutes } from '../test/render';
import { AppLayout } from './app-layout';

const dhaka = { id: 's1', name: 'Rahim Gas House', location: 'Mirpur', phone: '1' };
const ctg = { id: 's2', name: 'Chattogram Depot', location: 'Agrabad', phone: '2' };
let server: ReturnType<typeof fakeApi> | undefined;

function renderApp(path = '/dashboard') {
  return renderRoutes(
    [
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { path: 'dashboard', handle: { titleKey: 'chrome.dashboard' }, element: <p>dashboard page</p> },
              { path: 'profile', handle: { titleKey: 'chrome.profile' }, element: <p>profile page</p> },
            ],
          },
        ],
      },
      at('*', <LocationProbe />),
    ],
    path,
  );
}

beforeEach(() => {
  useAuthStore.getState().clearUser();
  useMenuStore.setState({ isUserMenuOpen: false, isStoreMenuOpen: false, isSidebarOpen: true });
});
afterEach(() => server?.restore());

describe('app chrome', () => {
  it('sends visitors without a user to /login', async () => {
    renderApp('/dashboard');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
  });

  it.each([
    [{ username: 'rahim', email: 'rahim@example.com' }, 'rahim', 'rahim@example.com'],
    [{ firstName: 'Abdur', lastName: 'Rahim' }, 'Abdur Rahim', 'Friend'],
    [{ lastName: 'Rahim' }, 'Dear Rahim', 'Friend'],
    [{}, 'Dear visitor', 'Friend'],
  ])('user menu for %o reads %s / %s', async (user, heading, subline) => {
    useAuthStore.getState().setUser(user);
    const u = userEvent.setup();
    renderApp();
    await u.click(screen.getByRole('button', { name: 'User menu' }));
    const menu = screen.getByRole('menu', { name: 'User menu' });
    expect(within(menu).getByText(heading)).toBeInTheDocument();
    expect(within(menu).getByText(subline)).toBeInTheDocument();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Profile', 'Settings', 'Log out']);
  });

  it('shows the title of the route and closes menus on navigation', async () => {
    useAuthStore.getState().setUser({ username: 'rahim' });
    const u = userEvent.setup();
    renderApp();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'User menu' }));
    await u.click(screen.getByRole('menuitem', { name: 'Profile' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('switches stores from the store menu', async () => {
    const store = useAuthStore.getState();
    store.setUser({ username: 'rahim' });
    store.setStores([dhaka, ctg]);
    const u = userEvent.setup();
    renderApp();
    const button = screen.getByRole('button', { name: 'Store menu' });
    expect(button).toHaveTextContent('Select Store');
    await u.click(button);
    await u.click(screen.getByRole('menuitemradio', { name: 'Chattogram Depot' }));
    expect(useAuthStore.getState().currentStore).toEqual(ctg);
    expect(screen.getByRole('button', { name: 'Store menu' })).toHaveTextContent('Chattogram Depot');
    await u.click(screen.getByRole('button', { name: 'Store menu' }));
    const menu = screen.getByRole('menu', { name: 'Store menu' });
    expect(within(menu).getByText('Agrabad')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Members' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Add Store' })).toBeInTheDocument();
  });

  it('offers the overview of all stores to a manager or up, and not to someone who is only staff', async () => {
    const store = useAuthStore.getState();
    store.setUser({ username: 'rahim' });
    store.setStores([{ ...dhaka, role: 'staff' }, { ...ctg, role: 'staff' }]);
    const u = userEvent.setup();
    renderApp();
    await u.click(screen.getByRole('button', { name: 'Store menu' }));
    expect(screen.queryByRole('menuitem', { name: 'All stores at a glance' })).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Store menu' }));
    store.setStores([{ ...dhaka, role: 'staff' }, { ...ctg, role: 'manager' }]);
    await u.click(screen.getByRole('button', { name: 'Store menu' }));
    await u.click(screen.getByRole('menuitem', { name: 'All stores at a glance' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/overview'));
  });

  it("names the current store in the top bar, where a phone shows it with the sidebar folded, linking to the store list", async () => {
    const store = useAuthStore.getState();
    store.setUser({ username: 'rahim' });
    store.setStores([dhaka, ctg]);
    store.setCurrentStore(dhaka);
    const u = userEvent.setup();
    renderApp();
    const banner = screen.getByRole('banner');
    await u.click(within(banner).getByRole('link', { name: 'Rahim Gas House' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/stores'));
  });

  it('collapses the sidebar and remembers it', async () => {
    useAuthStore.getState().setUser({ username: 'rahim' });
    const u = userEvent.setup();
    renderApp();
    expect(screen.getByRole('navigation', { name: 'General' })).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
    expect(screen.queryByRole('navigation', { name: 'General' })).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('menu-storage')!).state.isSidebarOpen).toBe(false);
  });

  it('logs out even when the server call fails, clearing the session and cache', async () => {
    server = fakeApi({ 'POST /auth/logout': () => 'network' });
    useAuthStore.getState().setUser({ username: 'rahim' });
    useAuthStore.getState().setAccessToken('t');
    const u = userEvent.setup();
    const { queryClient } = renderApp();
    queryClient.setQueryData(['stores'], { stores: [dhaka] });
    await u.click(screen.getByRole('button', { name: 'User menu' }));
    await u.click(screen.getByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(server.calls.map((c) => c.url)).toEqual(['/auth/logout']);
    expect(useAuthStore.getState()).toMatchObject({ user: null, accessToken: null });
    expect(queryClient.getQueryData(['stores'])).toBeUndefined();
  });
});
