import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore, type StoreSummary } from '@mojud/auth';
import { fakeApi } from '../../test/fake-api';
import { at, LocationProbe, renderRoutes } from '../../test/render';
import { SettingsPage } from './settings-page';

const owned: StoreSummary = { id: 's1', name: 'Rahim Gas House', location: 'Mirpur', phone: '01711000000', role: 'owner' };
const other: StoreSummary = { id: 's2', name: 'Second Store', location: 'Uttara', phone: '018', role: 'staff' };
let server: ReturnType<typeof fakeApi> | undefined;

function signIn(current: StoreSummary) {
  const state = useAuthStore.getState();
  state.setUser({ id: 'u1', username: 'rahim' });
  state.setStores([owned, other]);
  state.setCurrentStore(current);
}
const renderSettings = () =>
  renderRoutes([at('/settings', <SettingsPage />), at('*', <LocationProbe />)], '/settings');

afterEach(() => {
  server?.restore();
  server = undefined;
  useAuthStore.getState().clearUser();
});

describe('settings', () => {
  it('deletes the store only once its name is typed exactly, then goes to /stores', async () => {
    signIn(owned);
    server = fakeApi({ 'DELETE /stores/s1': () => ({ status: 204 }) });
    const u = userEvent.setup();
    renderSettings();
    await u.click(screen.getByRole('button', { name: 'Delete store' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Rahim Gas House?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete store' });
    expect(confirm).toBeDisabled();
    await u.type(within(dialog).getByLabelText('Type the store’s name to confirm'), 'Rahim Gas');
    expect(confirm).toBeDisabled();
    await u.type(within(dialog).getByLabelText('Type the store’s name to confirm'), ' House');
    expect(confirm).toBeEnabled();
    await u.click(confirm);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/stores'));
    expect(useAuthStore.getState().allStores.map((s) => s.id)).toEqual(['s2']);
    expect(useAuthStore.getState().currentStore).toBeNull();
  });

  it('tells the owner to transfer ownership before leaving, and offers no delete to others', async () => {
    signIn(owned);
    const limit = () => ({ status: 200, data: { sellingLimit: { staffBelowTierPercent: 0 } } });
    server = fakeApi({ 'GET /stores/s1/selling-limit': limit, 'GET /stores/s2/selling-limit': limit });
    const { unmount } = renderSettings();
    expect(
      screen.getByText('You are the owner. Transfer ownership to another member before you leave.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Members' })).toHaveAttribute('href', '/members');
    unmount();

    signIn(other);
    renderSettings();
    expect(screen.queryByRole('button', { name: 'Delete store' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('leaves a store after a confirm', async () => {
    signIn(other);
    server = fakeApi({ 'DELETE /stores/s2/members/u1': () => ({ status: 204 }) });
    const u = userEvent.setup();
    renderSettings();
    await u.click(screen.getByRole('button', { name: 'Leave store' }));
    const dialog = screen.getByRole('dialog', { name: 'Leave Second Store?' });
    await u.click(within(dialog).getByRole('button', { name: 'Leave store' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/stores'));
    expect(useAuthStore.getState().allStores.map((s) => s.id)).toEqual(['s1']);
  });

  it("saves an admin's changes to the store and keeps the store menu in step", async () => {
    signIn(owned);
    server = fakeApi({
      'PATCH /stores/s1': (_c, body) => ({ status: 200, data: { store: { ...owned, ...(body as object), image: null } } }),
    });
    const u = userEvent.setup();
    renderSettings();
    await u.clear(screen.getByLabelText('Location'));
    await u.type(screen.getByLabelText('Location'), 'Mirpur 10');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(useAuthStore.getState().currentStore?.location).toBe('Mirpur 10'));
    expect(useAuthStore.getState().allStores[0].location).toBe('Mirpur 10');
  });

  it('the owner sets how far below the price staff may sell; staff see it and cannot change it', async () => {
    signIn(owned);
    let saved = 0;
    server = fakeApi({
      'GET /stores/s1/selling-limit': () => ({ status: 200, data: { sellingLimit: { staffBelowTierPercent: saved } } }),
      'PUT /stores/s1/selling-limit': (_c, body) => {
        saved = (body as { staffBelowTierPercent: number }).staffBelowTierPercent;
        return { status: 200, data: { sellingLimit: body } };
      },
    });
    const u = userEvent.setup();
    const { unmount } = renderSettings();
    const field = await screen.findByLabelText('Staff may sell below the price by up to (%)');
    await waitFor(() => expect(field).toHaveValue('0'));
    await u.clear(field);
    await u.type(field, '150');
    const card = field.closest('form')!;
    await u.click(within(card as HTMLElement).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a whole number from 0 to 99')).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'PUT')).toEqual([]);
    await u.clear(field);
    await u.type(field, '3');
    await u.click(within(card as HTMLElement).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toBe(3));
    unmount();

    signIn({ ...owned, role: 'staff' });
    renderSettings();
    const readOnly = await screen.findByLabelText('Staff may sell below the price by up to (%)');
    await waitFor(() => expect(readOnly).toHaveValue('3'));
    expect(readOnly).toHaveAttribute('readonly');
  });
});
