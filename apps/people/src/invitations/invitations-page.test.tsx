import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@mojud/api-client';
import { useAuthStore } from '@mojud/auth';
import { notify } from '@mojud/design-system';
import '../texts';
import { ok, renderWithProviders } from '@mojud/api-client/testing';
import InvitationsPage from './invitations-page';

const OTHER = { id: 's0', name: 'Karim Traders', location: 'Uttara', phone: '01700000000', role: 'owner' as const };
const invite = {
  id: 'inv-1',
  token: 'abc123',
  role: 'staff' as const,
  store: { id: 's1', name: 'Rahim Gas House' },
  expiresAt: '2030-01-01T00:00:00.000Z',
};
const joinedStore = { id: 's1', name: 'Rahim Gas House', location: 'Mirpur', phone: '01711000000', role: 'staff' as const };

beforeEach(() => useAuthStore.setState({ currentStore: OTHER, allStores: [OTHER] }));
afterEach(() => {
  vi.restoreAllMocks();
  useAuthStore.setState({ currentStore: null, allStores: [], user: null });
});

function renderPage(path = '/invitations') {
  return renderWithProviders(
    <Routes>
      <Route path="/invitations" element={<InvitationsPage />} />
      <Route path="/dashboard" element={<p>Dashboard page</p>} />
    </Routes>,
    path,
  );
}

/** GET /user/invites answers each list in turn (the last one repeats); by-token answers `linked`. */
function invitesServer(lists: (typeof invite)[][], linked?: typeof invite & { status: 'pending' | 'accepted' }) {
  let call = 0;
  return vi.spyOn(api, 'get').mockImplementation((url: string) => {
    if (url === '/user/invites/by-token') {
      return linked ? Promise.resolve(ok({ invite: linked })) : Promise.reject({ response: { status: 404, data: { message: 'Invitation not found' } } });
    }
    const list = lists[Math.min(call++, lists.length - 1)];
    return Promise.resolve(ok({ invites: list }));
  });
}

describe('/invitations', () => {
  it("says 'Loading invites…' and then 'No invitations at this time'", async () => {
    let resolve!: (v: unknown) => void;
    vi.spyOn(api, 'get').mockReturnValue(new Promise((r) => (resolve = r)) as never);
    renderPage();
    expect(screen.getByRole('heading', { name: 'Your Store Invitations' })).toBeInTheDocument();
    expect(screen.getByText('Loading invites…')).toBeInTheDocument();
    resolve(ok({ invites: [] }));
    expect(await screen.findByText('No invitations at this time')).toBeInTheDocument();
  });

  it("says 'Failed to load invites' when the list cannot be loaded", async () => {
    vi.spyOn(api, 'get').mockRejectedValue({ response: { status: 500, data: { message: 'Something went wrong' } } });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load invites');
  });

  it('Join makes the store current, adds it to the list and goes to /dashboard', async () => {
    const get = invitesServer([[invite], []]);
    const patch = vi.spyOn(api, 'patch').mockResolvedValue(ok({ store: joinedStore }) as never);
    const success = vi.spyOn(notify, 'success');
    const user = userEvent.setup();
    renderPage();
    const card = await screen.findByRole('listitem', { name: 'Rahim Gas House' });
    expect(within(card).getByText('Role: Staff')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(patch).toHaveBeenCalledWith('/user/invites/inv-1/accept');
    // The store and invite area's toasts last 3000 ms (spec section 9).
    expect(success).toHaveBeenCalledWith('You joined Rahim Gas House', { duration: 3000 });
    expect(useAuthStore.getState().currentStore).toMatchObject({ id: 's1', name: 'Rahim Gas House' });
    expect(useAuthStore.getState().allStores.map((s) => s.id)).toEqual(['s0', 's1']);
    // The list is refreshed after joining.
    await vi.waitFor(() => expect(get.mock.calls.filter(([url]) => url === '/user/invites').length).toBe(2));
  });

  it('Decline refuses the invitation and refreshes the list', async () => {
    invitesServer([[invite], []]);
    const patch = vi.spyOn(api, 'patch').mockResolvedValue(ok({}) as never);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('No invitations at this time')).toBeInTheDocument();
    expect(patch).toHaveBeenCalledWith('/user/invites/inv-1/decline');
    expect(useAuthStore.getState().currentStore?.id).toBe('s0');
  });

  it('marks the invitation a link points at', async () => {
    invitesServer([[invite]], { ...invite, status: 'pending' });
    renderPage('/invitations?token=abc123');
    expect(await screen.findByText('This is the invitation from your link.')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Rahim Gas House' })).toHaveAttribute('aria-current', 'true');
  });

  it('a link to an invitation sent to another address shows it first and joins by its token', async () => {
    const other = { ...invite, id: 'inv-2', token: 'link-secret', store: { id: 's2', name: 'Karim Gas' } };
    invitesServer([[invite]], { ...other, status: 'pending' });
    const patch = vi.spyOn(api, 'patch').mockResolvedValue(ok({ store: { ...joinedStore, id: 's2', name: 'Karim Gas' } }) as never);
    const user = userEvent.setup();
    renderPage('/invitations?token=link-secret');
    const card = await screen.findByRole('listitem', { name: 'Karim Gas' });
    expect(card).toHaveAttribute('aria-current', 'true');
    expect(screen.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['Karim Gas', 'Rahim Gas House']);
    await user.click(within(card).getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(patch).toHaveBeenCalledWith('/user/invites/link-secret/accept');
  });

  it('tells an account whose address is not confirmed why invitations to it do not show', async () => {
    useAuthStore.setState({ user: { id: 'u1', email: 'me@example.com', emailVerified: false } });
    invitesServer([[]]);
    renderPage();
    expect(await screen.findByText(/show here once the address is confirmed/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open profile' })).toHaveAttribute('href', '/profile');
  });
});
