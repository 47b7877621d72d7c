import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@mojud/auth';
import { fakeApi } from '../test/fake-api';
import { at, LocationProbe, renderRoutes } from '../test/render';
import { AddStorePage } from './add-store-page';
import { LandingPage } from './landing-page';

const created = { id: 's9', name: 'Rahim Gas House', location: 'Mirpur', phone: '01711000000' };
let server: ReturnType<typeof fakeApi>;

beforeEach(() => useAuthStore.getState().clearUser());
afterEach(() => server?.restore());

function renderAddStore() {
  return renderRoutes([at('/addStore', <AddStorePage />), at('*', <LocationProbe />)], '/addStore');
}

describe('create store', () => {
  it("asks for every field: 'Please fill in all fields'", async () => {
    server = fakeApi({});
    const u = userEvent.setup();
    renderAddStore();
    await u.type(screen.getByLabelText('Name'), 'Rahim Gas House');
    await u.click(screen.getByRole('button', { name: 'Create Store' }));
    expect(screen.getByText('Please fill in all fields')).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });

  it('adds the store, makes it current and goes to /selectBrands', async () => {
    server = fakeApi({ 'POST /stores': () => ({ status: 201, data: { store: created } }) });
    const u = userEvent.setup();
    renderAddStore();
    await u.type(screen.getByLabelText('Name'), 'Rahim Gas House');
    await u.type(screen.getByLabelText('Location'), 'Mirpur');
    await u.type(screen.getByLabelText('Phone'), '01711000000');
    await u.click(screen.getByRole('button', { name: 'Create Store' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/selectBrands'));
    expect(useAuthStore.getState()).toMatchObject({ currentStore: created, allStores: [created] });
  });

  it("shows the server's message, else 'Failed to create store'", async () => {
    server = fakeApi({ 'POST /stores': () => ({ status: 500, data: {} }) });
    const u = userEvent.setup();
    renderAddStore();
    await u.type(screen.getByLabelText('Name'), 'A');
    await u.type(screen.getByLabelText('Location'), 'B');
    await u.type(screen.getByLabelText('Phone'), 'C');
    await u.click(screen.getByRole('button', { name: 'Create Store' }));
    expect(await screen.findByText('Failed to create store')).toBeInTheDocument();
  });

  it("offers 'Join store via invitation'", () => {
    server = fakeApi({});
    renderAddStore();
    expect(screen.getByRole('link', { name: 'Join store via invitation' })).toHaveAttribute(
      'href',
      '/invitations',
    );
  });
});

describe('landing page', () => {
  it('invites visitors to log in or sign up', () => {
    renderRoutes([at('/', <LandingPage />)], '/');
    expect(screen.getByRole('heading', { name: 'Manage your shop with ease' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });

  it('keeps a signed-in visitor signed in and offers the dashboard', () => {
    useAuthStore.getState().setUser({ username: 'rahim' });
    renderRoutes([at('/', <LandingPage />)], '/');
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
    expect(useAuthStore.getState().user).toEqual({ username: 'rahim' });
  });
});
