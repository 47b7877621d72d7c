import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@mojud/auth';
import { fakeApi } from '../../test/fake-api';
import { at, renderRoutes } from '../../test/render';
import { ForgotPasswordPage, ResetPasswordPage, VerifyEmailPage } from './account-pages';

let server: ReturnType<typeof fakeApi>;
afterEach(() => {
  server?.restore();
  useAuthStore.getState().clearUser();
});

describe('forgot password', () => {
  it('sends the address and says a link is on its way, whether or not it has an account', async () => {
    server = fakeApi({ 'POST /auth/password/forgot': () => ({ status: 204, data: null }) });
    const u = userEvent.setup();
    renderRoutes([at('/forgot-password', <ForgotPasswordPage />)], '/forgot-password');
    await u.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    await u.type(screen.getByLabelText('Email'), 'rahim@example.com');
    await u.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(/a link to reset its password is on its way/)).toBeInTheDocument();
    expect(server.calls).toEqual([{ method: 'POST', url: '/auth/password/forgot', body: { email: 'rahim@example.com' } }]);
  });
});

describe('reset password', () => {
  it('sets the new password with the link’s token', async () => {
    server = fakeApi({ 'POST /auth/password/reset': () => ({ status: 204, data: null }) });
    const u = userEvent.setup();
    renderRoutes([at('/reset-password', <ResetPasswordPage />)], '/reset-password?token=t0k3n');
    await u.type(screen.getByLabelText('New password'), 'a new secret');
    await u.type(screen.getByLabelText('Confirm new password'), 'a new secrex');
    await u.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    await u.clear(screen.getByLabelText('Confirm new password'));
    await u.type(screen.getByLabelText('Confirm new password'), 'a new secret');
    await u.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText(/Your password is changed and every device was signed out/)).toBeInTheDocument();
    expect(server.calls[0]).toEqual({ method: 'POST', url: '/auth/password/reset', body: { token: 't0k3n', newPassword: 'a new secret' } });
  });

  it('says when the link was used or has expired', async () => {
    server = fakeApi({
      'POST /auth/password/reset': () => ({
        status: 410,
        data: { status: 410, code: 'auth.linkExpired', message: 'This link has expired or was already used', errors: null },
      }),
    });
    const u = userEvent.setup();
    renderRoutes([at('/reset-password', <ResetPasswordPage />)], '/reset-password?token=old');
    await u.type(screen.getByLabelText('New password'), 'a new secret');
    await u.type(screen.getByLabelText('Confirm new password'), 'a new secret');
    await u.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('This link has expired or was already used')).toBeInTheDocument();
  });
});

describe('verify e-mail', () => {
  it('confirms the address once on opening, and a signed-in account reads its new state', async () => {
    useAuthStore.getState().setUser({ id: 'u1', email: 'rahim@example.com', emailVerified: false });
    server = fakeApi({
      'POST /auth/verify-email': () => ({ status: 204, data: null }),
      'GET /user/me': () => ({ status: 200, data: { user: { id: 'u1', email: 'rahim@example.com', emailVerified: true } } }),
    });
    renderRoutes([at('/verify-email', <VerifyEmailPage />)], '/verify-email?token=abc');
    expect(await screen.findByText(/Your e-mail address is confirmed/)).toBeInTheDocument();
    await waitFor(() => expect(useAuthStore.getState().user?.emailVerified).toBe(true));
    expect(server.calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', url: '/auth/verify-email', body: { token: 'abc' } }]);
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/invitations');
  });
});
