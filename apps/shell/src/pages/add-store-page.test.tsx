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

  it('offers no "Start from" to someone with no store to copy', () => {
    server = fakeApi({});
    useAuthStore.getState().setStores([{ id: 's1', name: 'Where I work', role: 'staff' }]);
    renderAddStore();
    expect(screen.queryByLabelText('Start from')).not.toBeInTheDocument();
  });

  it('starts from one of my stores where I am a manager or above, with its shops if I say so', async () => {
    const mine = { id: 's1', name: 'Rahim Gas Mirpur', role: 'owner' };
    server = fakeApi({ 'POST /stores': () => ({ status: 201, data: { store: created } }) });
    useAuthStore.getState().setStores([mine, { id: 's2', name: 'Managed', role: 'manager' }, { id: 's3', name: 'Staffed', role: 'staff' }]);
    const u = userEvent.setup();
    renderAddStore();
    const startFrom = screen.getByLabelText('Start from');
    expect([...(startFrom as HTMLSelectElement).options].map((o) => o.text)).toEqual(['An empty store', 'Rahim Gas Mirpur', 'Managed']);
    expect(screen.queryByLabelText('Also copy the customer shops (without their dues)')).not.toBeInTheDocument();
    await u.selectOptions(startFrom, 's1');
    expect(screen.getByText(/Copies its brands and prices/)).toBeInTheDocument();
    await u.click(screen.getByLabelText('Also copy the customer shops (without their dues)'));
    await u.type(screen.getByLabelText('Name'), 'Rahim Gas House');
    await u.type(screen.getByLabelText('Location'), 'Mirpur');
    await u.type(screen.getByLabelText('Phone'), '01711000000');
    await u.click(screen.getByRole('button', { name: 'Create Store' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/selectBrands'));
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Rahim Gas House',
      location: 'Mirpur',
      phone: '01711000000',
      copyFrom: { storeId: 's1', shops: true },
    });
  });

  it('sends no copy when "An empty store" is kept, and says a refusal plainly', async () => {
    const REFUSAL = 'Only a manager or above of a store can start a new store from it; your role there is staff';
    server = fakeApi({
      'POST /stores': (_config, body) =>
        (body as { copyFrom?: unknown }).copyFrom
          ? { status: 403, data: { status: 403, message: REFUSAL, code: 'store.copyNeedsManager', params: { role: 'staff' } } }
          : { status: 201, data: { store: created } },
    });
    useAuthStore.getState().setStores([{ id: 's1', name: 'Rahim Gas Mirpur', role: 'manager' }]);
    const u = userEvent.setup();
    renderAddStore();
    await u.selectOptions(screen.getByLabelText('Start from'), 's1');
    await u.type(screen.getByLabelText('Name'), 'A');
    await u.type(screen.getByLabelText('Location'), 'B');
    await u.type(screen.getByLabelText('Phone'), '01711000000');
    await u.click(screen.getByRole('button', { name: 'Create Store' }));
    expect(await screen.findByText(REFUSAL)).toBeInTheDocument();
    await u.selectOptions(screen.getByLabelText('Start from'), '');
    expect(screen.queryByLabelText('Also copy the customer shops (without their dues)')).not.toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Create Store' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/selectBrands'));
    expect(server.calls.filter((c) => c.method === 'POST').at(-1)?.body).not.toHaveProperty('copyFrom');
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
