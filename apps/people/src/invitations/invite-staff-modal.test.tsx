import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@mojud/api-client';
import { useAuthStore } from '@mojud/auth';
import '../texts';
import { ok, renderWithProviders } from '@mojud/api-client/testing';
import { InviteStaffModal } from './invite-staff-modal';

const STORE = { id: '11111111-1111-4111-8111-111111111111', name: 'Rahim Gas House', role: 'owner' };

beforeEach(() => useAuthStore.setState({ currentStore: STORE }));
afterEach(() => {
  vi.restoreAllMocks();
  useAuthStore.setState({ currentStore: null });
});

async function fill(user: ReturnType<typeof userEvent.setup>, email = 'driver@example.com') {
  await user.type(screen.getByLabelText('Email'), email);
  await user.selectOptions(screen.getByLabelText('Role'), 'staff');
  await user.selectOptions(screen.getByLabelText('Lifespan'), '1d');
}

describe('InviteStaffModal', () => {
  it('asks for every field before sending anything', async () => {
    const post = vi.spyOn(api, 'post');
    const user = userEvent.setup();
    renderWithProviders(<InviteStaffModal onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Invite Staff' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('');
    await user.type(screen.getByLabelText('Email'), 'driver@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields');
    expect(post).not.toHaveBeenCalled();
  });

  it("says 'No store selected' when there is no current store", async () => {
    useAuthStore.setState({ currentStore: null });
    const post = vi.spyOn(api, 'post');
    const user = userEvent.setup();
    renderWithProviders(<InviteStaffModal onClose={() => {}} />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert')).toHaveTextContent('No store selected');
    expect(post).not.toHaveBeenCalled();
  });

  it('sends e-mail, role and lifespan to the current store, then offers the link to share, and closes on Done', async () => {
    const link = 'https://mojud.app/invitations?token=secret-token';
    const post = vi.spyOn(api, 'post').mockResolvedValue(ok({ invite: { id: 'i1' }, link }));
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<InviteStaffModal onClose={onClose} />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(post).toHaveBeenCalledWith(`/stores/${STORE.id}/invites`, { email: 'driver@example.com', role: 'staff', lifespan: '1d' });
    const share = await screen.findByRole('dialog', { name: 'Share the invitation' });
    expect(within(share).getByLabelText('Invitation link')).toHaveValue(link);
    const whatsapp = within(share).getByRole('link', { name: 'Send by WhatsApp' });
    expect(decodeURIComponent(whatsapp.getAttribute('href')!)).toContain(link);
    expect(within(share).getByRole('link', { name: 'Send by SMS' }).getAttribute('href')).toMatch(/^sms:\?body=/);
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(share).getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the server's first field error, else its message", async () => {
    const post = vi.spyOn(api, 'post').mockRejectedValueOnce({
      status: 409,
      message: 'Conflict',
      errors: [{ field: 'email', message: 'This person is already a member of this store' }],
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<InviteStaffModal onClose={onClose} />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This person is already a member of this store');

    post.mockRejectedValueOnce({ status: 403, message: 'Only a admin or above can do this', errors: null });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Only a admin or above can do this'));
    expect(onClose).not.toHaveBeenCalled();
  });
});
