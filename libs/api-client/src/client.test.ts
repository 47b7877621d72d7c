import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@mojud/auth';
import { api, authApi, normalizeError, storesApi } from './index';

type Reply = { status: number; data?: unknown } | 'network';
type Handler = (config: InternalAxiosRequestConfig) => Reply | Promise<Reply>;

const calls: { method: string; url: string; auth: string | null }[] = [];
const originalAdapter = api.defaults.adapter;

/** A fake server behind the real instance, interceptors included. */
function serve(handler: Handler) {
  const adapter: AxiosAdapter = async (config) => {
    const headers = AxiosHeaders.from(config.headers);
    calls.push({
      method: config.method ?? 'get',
      url: config.url ?? '',
      auth: (headers.get('Authorization') as string) ?? null,
    });
    const reply = await handler(config);
    if (reply === 'network') throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    const response = { data: reply.data, status: reply.status, statusText: '', headers: {}, config };
    if (reply.status >= 400) {
      throw new AxiosError('Request failed', 'ERR_BAD_RESPONSE', config, null, response);
    }
    return response;
  };
  api.defaults.adapter = adapter;
}

const user = { id: 'u1', email: 'rahim@example.com', username: 'rahim' };

beforeEach(() => {
  calls.length = 0;
  useAuthStore.getState().clearUser();
  useAuthStore.getState().setUser(user);
  useAuthStore.getState().setAccessToken('old-token');
});
afterEach(() => {
  api.defaults.adapter = originalAdapter;
});

describe('401 → refresh → retry', () => {
  it('refreshes once and retries with the new token', async () => {
    serve((config) => {
      if (config.url === '/auth/refresh') return { status: 200, data: { accessToken: 'new-token' } };
      const auth = AxiosHeaders.from(config.headers).get('Authorization');
      return auth === 'Bearer new-token' ? { status: 200, data: { stores: [] } } : { status: 401, data: {} };
    });
    await expect(storesApi.list()).resolves.toEqual({ stores: [] });
    expect(calls.map((c) => `${c.url} ${c.auth ?? ''}`)).toEqual([
      '/stores Bearer old-token',
      '/auth/refresh Bearer old-token',
      '/stores Bearer new-token',
    ]);
    expect(useAuthStore.getState().accessToken).toBe('new-token');
  });

  it('shares one refresh between concurrent 401s', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    serve(async (config) => {
      if (config.url === '/auth/refresh') {
        await gate;
        return { status: 200, data: { accessToken: 'new-token' } };
      }
      const auth = AxiosHeaders.from(config.headers).get('Authorization');
      return auth === 'Bearer new-token'
        ? { status: 200, data: { ok: config.url } }
        : { status: 401, data: {} };
    });
    const results = Promise.all([api.get('/a'), api.get('/b'), api.get('/c')]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    const responses = await results;
    expect(responses.map((r) => r.data.ok)).toEqual(['/a', '/b', '/c']);
    expect(calls.filter((c) => c.url === '/auth/refresh')).toHaveLength(1);
  });

  it('retries at most once', async () => {
    serve((config) =>
      config.url === '/auth/refresh'
        ? { status: 200, data: { accessToken: 'new-token' } }
        : { status: 401, data: {} },
    );
    await expect(api.get('/stores')).rejects.toMatchObject({ status: 401 });
    expect(calls.filter((c) => c.url === '/stores')).toHaveLength(2);
    expect(calls.filter((c) => c.url === '/auth/refresh')).toHaveLength(1);
  });

  it('signs out when the refresh fails', async () => {
    serve((config) =>
      config.url === '/auth/refresh'
        ? { status: 401, data: { status: 401, message: 'Session expired', errors: null } }
        : { status: 401, data: { status: 401, message: 'Unauthorized', errors: null } },
    );
    await expect(storesApi.list()).rejects.toEqual({ status: 401, message: 'Unauthorized', errors: null });
    const state = useAuthStore.getState();
    expect(state.user).toBeNull();
    expect(state.accessToken).toBeNull();
  });

  it('does not refresh when the login itself is refused', async () => {
    serve(() => ({ status: 401, data: { status: 401, message: 'Invalid email or password', errors: null } }));
    await expect(authApi.login({ loginIdentifier: 'x', password: 'y' })).rejects.toMatchObject({
      message: 'Invalid email or password',
    });
    expect(calls).toHaveLength(1);
  });
});

describe('error normalisation', () => {
  it('keeps the server message and field errors', async () => {
    const errors = [{ field: 'email', message: 'Email is already registered' }];
    serve(() => ({ status: 400, data: { status: 400, message: 'Validation failed', errors } }));
    await expect(authApi.register({ username: 'r', email: 'e', password: 'p' })).rejects.toEqual({
      status: 400,
      message: 'Validation failed',
      errors,
    });
  });

  it('falls back to the default message and null errors', async () => {
    serve(() => ({ status: 500, data: '<html>' }));
    await expect(api.get('/x')).rejects.toEqual({
      status: 500,
      message: 'Something went wrong',
      errors: null,
    });
  });

  it('reports no response as status null with the network message', async () => {
    serve(() => 'network');
    await expect(api.get('/x')).rejects.toEqual({ status: null, message: 'Network Error', errors: null });
    const bare = new AxiosError('');
    expect(normalizeError(bare)).toEqual({ status: null, message: 'Network error', errors: null });
  });
});
