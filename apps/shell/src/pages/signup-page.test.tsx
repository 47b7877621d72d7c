import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useLocation } from 'react-router-dom';
import { useAuthStore } from '@mojud/auth';
import { fakeApi } from '../test/fake-api';
import { at, LocationProbe, renderRoutes } from '../test/render';
import { LoginPage } from './login-page';
import { SignupPage } from './signup-page';

let server: ReturnType<typeof fakeApi>;
afterEach(() => server?.restore());

function renderSignup() {
  return renderRoutes([at('/signup', <SignupPage />), at('*', <LocationProbe />)], '/signup');
}

async function fill(password: string, confirm: string) {
  const u = userEvent.setup();
  await u.type(screen.getByLabelText('Username'), 'rahim');
  await u.type(screen.getByLabelText('Email'), 'rahim@example.com');
  await u.type(screen.getByLabelText('Password'), password);
  await u.type(screen.getByLabelText('Confirm Password'), `${confirm}{Enter}`);
  return u;
}

describe('signup', () => {
  it('refuses mismatched passwords without calling the server', async () => {
    server = fakeApi({});
    renderSignup();
    expect(screen.getByRole('heading', { name: 'Create New Account' })).toBeInTheDocument();
    await fill('secret-one', 'secret-two');
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls).toHaveLength(0);
  });

  it('creates the account with Enter in the last field, then goes to /login and clears inputs', async () => {
    server = fakeApi({ 'POST /auth/register': () => ({ status: 201, data: { user: { id: 'u1' } } }) });
    renderSignup();
    await fill('secret-pass', 'secret-pass');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(server.calls[0].body).toEqual({
      username: 'rahim',
      email: 'rahim@example.com',
      password: 'secret-pass',
      // The page's language becomes the account's.
      locale: 'en',
    });
    expect(localStorage.getItem('username')).toBeNull();
    expect(localStorage.getItem('email')).toBeNull();
  });

  it('shows field errors of a 400 beside the fields and keeps the inputs', async () => {
    server = fakeApi({
      'POST /auth/register': () => ({
        status: 409,
        data: {
          status: 409,
          message: 'That e-mail is already registered',
          errors: [{ field: 'email', message: 'Already registered' }],
        },
      }),
    });
    renderSignup();
    await fill('secret-pass', 'secret-pass');
    expect(await screen.findByText('That e-mail is already registered')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Already registered');
    expect(localStorage.getItem('email')).toBe('rahim@example.com');
    expect(localStorage.getItem('password')).toBeNull();
  });

  it("falls back to 'Account creation failed'", async () => {
    server = fakeApi({ 'POST /auth/register': () => ({ status: 500, data: 'oops' }) });
    renderSignup();
    await fill('a', 'a');
    expect(await screen.findByText('Account creation failed')).toBeInTheDocument();
  });

  it('carries an invitation link through login → Sign up → login and back to the invitation', async () => {
    const user = { id: 'u1', username: 'rahim', email: 'rahim@example.com' };
    server = fakeApi({
      'POST /auth/register': () => ({ status: 201, data: { user } }),
      'POST /auth/login': () => ({ status: 200, data: { accessToken: 't', user } }),
      'GET /user/me': () => ({ status: 200, data: { user } }),
      'GET /stores': () => ({ status: 200, data: { stores: [] } }),
    });
    function Landed() {
      const location = useLocation();
      return <p data-testid="landed">{`${location.pathname}${location.search}`}</p>;
    }
    useAuthStore.getState().clearUser();
    renderRoutes(
      [at('/login', <LoginPage />), at('/signup', <SignupPage />), at('*', <Landed />)],
      '/login',
      { redirectUrl: '/invitations?token=abc123' },
    );
    const u = userEvent.setup();
    await u.click(screen.getByRole('link', { name: 'Sign up' }));
    await fill('secret-pass', 'secret-pass');
    await screen.findByRole('heading', { name: 'Welcome back!' });
    // Login says the account exists and has its username filled in: only the password is left.
    expect(screen.getByRole('status')).toHaveTextContent('Your account rahim is made. Log in with the password you just chose.');
    expect(screen.getByLabelText('Email or Username')).toHaveValue('rahim');
    await u.type(screen.getByLabelText('Password'), 'secret-pass{Enter}');
    await waitFor(() => expect(screen.getByTestId('landed')).toHaveTextContent('/invitations?token=abc123'));
  });
});
