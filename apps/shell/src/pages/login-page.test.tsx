import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@mojud/auth';
import { fakeApi } from '../test/fake-api';
import { at, LocationProbe, renderRoutes } from '../test/render';
import { LoginPage } from './login-page';

const user = { id: 'u1', username: 'rahim', email: 'rahim@example.com' };
const store = { id: 's1', name: 'Rahim Gas House', location: 'Mirpur', phone: '01711000000' };
let server: ReturnType<typeof fakeApi>;

function renderLogin(state?: unknown) {
  return renderRoutes([at('/login', <LoginPage />), at('*', <LocationProbe />)], '/login', state);
}

beforeEach(() => useAuthStore.getState().clearUser());
afterEach(() => server?.restore());

describe('login', () => {
  it('signs in on Enter in the password field and goes to /stores, clearing stored inputs', async () => {
    server = fakeApi({
      'POST /auth/login': () => ({ status: 200, data: { accessToken: 'token-1', user } }),
      'GET /user/me': () => ({ status: 200, data: { user } }),
      'GET /stores': () => ({ status: 200, data: { stores: [store] } }),
    });
    const u = userEvent.setup();
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Welcome back!' })).toBeInTheDocument();
    expect(screen.queryByText('Continue with Google')).not.toBeInTheDocument();
    await u.type(screen.getByLabelText('Email or Username'), 'rahim');
    expect(localStorage.getItem('loginIdentifier')).toBe('rahim');
    await u.type(screen.getByLabelText('Password'), 'secret-pass{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/stores'));
    expect(server.calls[0]).toMatchObject({
      url: '/auth/login',
      body: { loginIdentifier: 'rahim', password: 'secret-pass' },
    });
    expect(useAuthStore.getState()).toMatchObject({ user, accessToken: 'token-1', allStores: [store] });
    expect(localStorage.getItem('loginIdentifier')).toBeNull();
    expect(JSON.stringify({ ...localStorage })).not.toContain('secret-pass');
  });

  it('returns to the page the visitor wanted', async () => {
    server = fakeApi({
      'POST /auth/login': () => ({ status: 200, data: { accessToken: 't', user } }),
      'GET /user/me': () => ({ status: 200, data: { user } }),
      'GET /stores': () => ({ status: 200, data: { stores: [store] } }),
    });
    const u = userEvent.setup();
    renderLogin({ redirectUrl: '/inventory' });
    await u.type(screen.getByLabelText('Email or Username'), 'rahim');
    await u.type(screen.getByLabelText('Password'), 'pw');
    await u.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/inventory'));
  });

  it('ignores a redirect that leaves the app', async () => {
    server = fakeApi({
      'POST /auth/login': () => ({ status: 200, data: { accessToken: 't', user } }),
      'GET /user/me': () => ({ status: 200, data: { user } }),
      'GET /stores': () => ({ status: 200, data: { stores: [store] } }),
    });
    const u = userEvent.setup();
    renderLogin({ redirectUrl: '//evil.example/phish' });
    await u.type(screen.getByLabelText('Email or Username'), 'rahim');
    await u.type(screen.getByLabelText('Password'), 'pw{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/stores$/));
  });

  it('a deep link into a store page after logout: one store becomes current, several are chosen first', async () => {
    const other = { ...store, id: 's2', name: 'Chattogram Depot' };
    let stores = [store];
    server = fakeApi({
      'POST /auth/login': () => ({ status: 200, data: { accessToken: 't', user } }),
      'GET /user/me': () => ({ status: 200, data: { user } }),
      'GET /stores': () => ({ status: 200, data: { stores } }),
    });
    const u = userEvent.setup();
    const first = renderLogin({ redirectUrl: '/vehicles' });
    await u.type(screen.getByLabelText('Email or Username'), 'rahim');
    await u.type(screen.getByLabelText('Password'), 'pw{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/vehicles'));
    expect(useAuthStore.getState().currentStore).toMatchObject({ id: 's1' });
    first.unmount();

    useAuthStore.getState().clearUser();
    stores = [store, other];
    const second = renderLogin({ redirectUrl: '/vehicles' });
    await u.type(screen.getByLabelText('Email or Username'), 'rahim');
    await u.type(screen.getByLabelText('Password'), 'pw{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/stores'));
    expect(second.router.state.location.state).toEqual({ redirectUrl: '/vehicles' });
    expect(useAuthStore.getState().currentStore).toBeNull();
  });

  it("shows the server's message, else 'Invalid email or password'", async () => {
    let reply = { status: 401, data: { status: 401, message: 'Wrong password for rahim', errors: null } };
    server = fakeApi({ 'POST /auth/login': () => reply });
    const u = userEvent.setup();
    renderLogin();
    await u.type(screen.getByLabelText('Email or Username'), 'rahim');
    await u.type(screen.getByLabelText('Password'), 'pw{Enter}');
    expect(await screen.findByText('Wrong password for rahim')).toBeInTheDocument();
    reply = { status: 500, data: { status: 500, message: '', errors: null } };
    await u.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
  });

  it('keeps everything typed when the network fails', async () => {
    server = fakeApi({ 'POST /auth/login': () => 'network' });
    const u = userEvent.setup();
    renderLogin();
    await u.type(screen.getByLabelText('Email or Username'), 'rahim');
    await u.type(screen.getByLabelText('Password'), 'pw{Enter}');
    expect(await screen.findByText('Network error')).toBeInTheDocument();
    expect(screen.getByLabelText('Email or Username')).toHaveValue('rahim');
    expect(screen.getByLabelText('Password')).toHaveValue('pw');
  });

  it('restores the identifier typed before a reload', () => {
    localStorage.setItem('loginIdentifier', 'karim@example.com');
    renderLogin();
    expect(screen.getByLabelText('Email or Username')).toHaveValue('karim@example.com');
  });
});
