// The one axios instance. It is shared as a Module Federation singleton, so the refresh
// bookkeeping below is one per page; navigator.locks and a BroadcastChannel extend that
// to every open tab.
import axios, { AxiosHeaders, type AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { useAuthStore } from '@mojud/auth';
import { loadErrorTexts } from './error-text';
import { normalizeError } from './errors';

declare module 'axios' {
  interface InternalAxiosRequestConfig {
    _retried?: boolean;
  }
}

export const API_BASE_URL = process.env.API_URL || '/api/v1';
const REFRESH_LOCK = 'mojud-auth-refresh';
const CHANNEL_NAME = 'mojud-auth';
// Calls whose 401 means "wrong credentials" or "session over", never "token expired".
const NO_REFRESH = ['/auth/login', '/auth/register', '/auth/refresh', '/auth/logout'];

export const api = axios.create({ baseURL: API_BASE_URL, withCredentials: true });

type AuthMessage = { type: 'token'; token: string } | { type: 'logout' };

const channel: BroadcastChannel | null =
  typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);

channel?.addEventListener('message', (event: MessageEvent<AuthMessage>) => {
  const store = useAuthStore.getState();
  if (event.data?.type === 'token') store.setAccessToken(event.data.token);
  if (event.data?.type === 'logout') store.clearUser();
});

export function broadcastAuth(message: AuthMessage): void {
  channel?.postMessage(message);
}

function withLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request(REFRESH_LOCK, task) as Promise<T>) : task();
}

let refreshInFlight: Promise<string | null> | null = null;

/**
 * Gets a new access token, at most one request at a time. `staleToken` is the token that was
 * rejected: if another tab already replaced it while we waited for the lock, reuse theirs.
 */
export function refreshAccessToken(staleToken: string | null = null): Promise<string | null> {
  refreshInFlight ??= withLock(async () => {
    const current = useAuthStore.getState().accessToken;
    if (current && current !== staleToken) return current;
    // An empty JSON body: with none, axios sends a form content type that the API refuses.
    const { data } = await api.post<{ accessToken?: string }>('/auth/refresh', {});
    const token = data?.accessToken ?? null;
    if (token) {
      useAuthStore.getState().setAccessToken(token);
      broadcastAuth({ type: 'token', token });
    }
    return token;
  }).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/** Tests: forget a refresh still under way, so its answer cannot land in the next test. */
export function forgetRefreshForTests(): void {
  refreshInFlight = null;
}

let sessionCheck: Promise<unknown> | null = null;

/**
 * The start's session check (the refresh): while it runs, a request without a token waits for it
 * instead of going out unsigned, so a remembered person's pages can open before it answers.
 */
export function duringSessionCheck<T>(check: Promise<T>): Promise<T> {
  sessionCheck = check;
  const done = () => {
    if (sessionCheck === check) sessionCheck = null;
  };
  check.then(done, done);
  return check;
}

function withToken(config: InternalAxiosRequestConfig) {
  const token = useAuthStore.getState().accessToken;
  if (token) {
    config.headers = AxiosHeaders.from(config.headers);
    config.headers.set('Authorization', `Bearer ${token}`);
  }
  return config;
}

api.interceptors.request.use((config) => {
  const waitFor = sessionCheck;
  if (waitFor && !useAuthStore.getState().accessToken && !NO_REFRESH.some((p) => (config.url ?? '').endsWith(p))) {
    return waitFor.then(
      () => withToken(config),
      () => withToken(config),
    );
  }
  return withToken(config);
});

function bearerOf(config: InternalAxiosRequestConfig): string | null {
  const header = AxiosHeaders.from(config.headers).get('Authorization');
  return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : null;
}

/** Rejects with the normalized error once its words are there in the reader's language. */
async function fail(error: AxiosError): Promise<never> {
  await loadErrorTexts();
  throw normalizeError(error);
}

api.interceptors.response.use(undefined, async (error: AxiosError) => {
  const config = error.config;
  const path = config?.url ?? '';
  if (
    error.response?.status !== 401 ||
    !config ||
    config._retried ||
    NO_REFRESH.some((p) => path.endsWith(p))
  ) {
    return fail(error);
  }
  let token: string | null = null;
  try {
    token = await refreshAccessToken(bearerOf(config));
  } catch {
    token = null;
  }
  if (!token) {
    useAuthStore.getState().clearUser();
    broadcastAuth({ type: 'logout' });
    return fail(error);
  }
  config._retried = true;
  return api.request(config);
});
