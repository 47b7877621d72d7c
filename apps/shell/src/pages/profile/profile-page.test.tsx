import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@mojud/auth';
import { fakeApi } from '../../test/fake-api';
import { at, renderRoutes } from '../../test/render';
import { ProfilePage } from './profile-page';

const me = { id: 'u1', username: 'rahim', email: 'rahim@example.com', firstName: 'Rahim', lastName: null };
let server: ReturnType<typeof fakeApi>;

beforeEach(() => useAuthStore.getState().setUser(me));
afterEach(() => {
  server?.restore();
  useAuthStore.getState().clearUser();
});

describe('profile', () => {
  it('saves names, username and e-mail and keeps the signed-in user in step', async () => {
    server = fakeApi({
      'GET /user/me': () => ({ status: 200, data: { user: me } }),
      'PATCH /user/me': (_config, body) => ({ status: 200, data: { user: { ...me, ...(body as object) } } }),
    });
    const u = userEvent.setup();
    renderRoutes([at('/profile', <ProfilePage />)], '/profile');
    expect(screen.getByLabelText('Username')).toHaveValue('rahim');
    await u.type(screen.getByLabelText('Last name'), 'Uddin');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(useAuthStore.getState().user?.lastName).toBe('Uddin'));
    expect(server.calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      firstName: 'Rahim',
      lastName: 'Uddin',
      username: 'rahim',
      email: 'rahim@example.com',
    });
  });

  it('keeps what is typed when the account is read again with the same details (a slow phone, a refocused tab)', async () => {
    let answer: () => void = () => {};
    server = fakeApi({
      // The server's answer comes after the person has started typing.
      'GET /user/me': () => new Promise((resolve) => (answer = () => resolve({ status: 200, data: { user: { ...me } } }))),
    });
    const u = userEvent.setup();
    renderRoutes([at('/profile', <ProfilePage />)], '/profile');
    await u.type(screen.getByLabelText('Last name'), 'Uddin');
    await waitFor(() => expect(server.calls.some((c) => c.method === 'GET')).toBe(true));
    answer();
    await waitFor(() => expect(server.calls.filter((c) => c.method === 'GET')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByLabelText('Last name')).toHaveValue('Uddin');
  });

  it('changing the e-mail asks for the current password, and says the address changes once its link is opened', async () => {
    server = fakeApi({
      'GET /user/me': () => ({ status: 200, data: { user: { ...me, emailVerified: false, pendingEmail: null } } }),
      'PATCH /user/me': (_config, body) => ({
        status: 200,
        data: { user: { ...me, emailVerified: false, pendingEmail: (body as { email: string }).email } },
      }),
      'POST /user/me/email/verify': () => ({ status: 204, data: null }),
    });
    const u = userEvent.setup();
    renderRoutes([at('/profile', <ProfilePage />)], '/profile');
    // An address not confirmed yet says so, with a way to send the link again.
    expect(await screen.findByText(/Your email address is not confirmed yet/)).toBeInTheDocument();
    const details = screen.getByRole('heading', { name: 'Your details' }).closest('section')!;
    await u.clear(within(details).getByLabelText('Email'));
    await u.type(within(details).getByLabelText('Email'), 'rahim@new.example.com');
    await u.click(within(details).getByRole('button', { name: 'Save' }));
    // Nothing is sent without the password.
    expect(await within(details).findByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls.some((c) => c.method === 'PATCH')).toBe(false);
    await u.type(within(details).getByLabelText('Current password'), 'my secret');
    await u.click(within(details).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Waiting for rahim@new.example.com to be confirmed: open the link we sent there.')).toBeInTheDocument();
    expect(server.calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ email: 'rahim@new.example.com', currentPassword: 'my secret' });
    // The account keeps its address until then.
    expect(useAuthStore.getState().user?.email).toBe('rahim@example.com');
    await u.click(screen.getByRole('button', { name: 'Send the link again' }));
    await waitFor(() => expect(server.calls.some((c) => c.method === 'POST' && c.url === '/user/me/email/verify')).toBe(true));
  });

  it("shows the server's field errors beside the fields (409 taken, 400 invalid)", async () => {
    server = fakeApi({
      'GET /user/me': () => ({ status: 200, data: { user: me } }),
      'PATCH /user/me': () => ({
        status: 409,
        data: {
          status: 409,
          message: 'Username is already taken',
          errors: [{ field: 'username', message: 'Username is already taken' }],
        },
      }),
    });
    const u = userEvent.setup();
    renderRoutes([at('/profile', <ProfilePage />)], '/profile');
    await u.clear(screen.getByLabelText('Username'));
    await u.type(screen.getByLabelText('Username'), 'karim');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Username is already taken')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
  });

  it("checks the confirmation: 'Passwords do not match', nothing sent", async () => {
    server = fakeApi({ 'GET /user/me': () => ({ status: 200, data: { user: me } }) });
    const u = userEvent.setup();
    renderRoutes([at('/profile', <ProfilePage />)], '/profile');
    await u.type(screen.getByLabelText('Current password'), 'old-pass-123');
    await u.type(screen.getByLabelText('New password'), 'new-pass-123');
    await u.type(screen.getByLabelText('Confirm new password'), 'new-pass-124');
    await u.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('shows a wrong current password beside its field', async () => {
    server = fakeApi({
      'GET /user/me': () => ({ status: 200, data: { user: me } }),
      'POST /user/me/password': () => ({
        status: 400,
        data: {
          status: 400,
          message: 'Current password is wrong',
          errors: [{ field: 'currentPassword', message: 'Current password is wrong' }],
        },
      }),
    });
    const u = userEvent.setup();
    renderRoutes([at('/profile', <ProfilePage />)], '/profile');
    await u.type(screen.getByLabelText('Current password'), 'nope');
    await u.type(screen.getByLabelText('New password'), 'new-pass-123');
    await u.type(screen.getByLabelText('Confirm new password'), 'new-pass-123');
    await u.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current password is wrong')).toBeInTheDocument();
  });

  it('signs out other devices', async () => {
    server = fakeApi({
      'GET /user/me': () => ({ status: 200, data: { user: me } }),
      'POST /user/me/sessions/revoke-others': () => ({ status: 204 }),
    });
    const u = userEvent.setup();
    renderRoutes([at('/profile', <ProfilePage />)], '/profile');
    await u.click(screen.getByRole('button', { name: 'Sign out of other devices' }));
    await waitFor(() =>
      expect(server.calls.some((c) => c.url === '/user/me/sessions/revoke-others')).toBe(true),
    );
  });
});
