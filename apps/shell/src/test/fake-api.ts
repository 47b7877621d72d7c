// A fake API behind the real axios instance (interceptors and error normalisation included).
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { api } from '@mojud/api-client';

export type FakeReply = { status: number; data?: unknown } | 'network';
export type FakeRoute = (config: InternalAxiosRequestConfig, body: unknown) => FakeReply | Promise<FakeReply>;

export interface FakeCall {
  method: string;
  url: string;
  body: unknown;
}

const original = api.defaults.adapter;

export function fakeApi(routes: Record<string, FakeRoute>) {
  const calls: FakeCall[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    const body = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    calls.push({ method, url, body });
    const route = routes[`${method} ${url}`];
    const reply: FakeReply = route
      ? await route(config, body)
      : { status: 404, data: { status: 404, message: 'Not found', errors: null } };
    if (reply === 'network') throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    const response = { data: reply.data, status: reply.status, statusText: '', headers: {}, config };
    if (reply.status >= 400)
      throw new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, null, response);
    return response;
  };
  api.defaults.adapter = adapter;
  return { calls, restore: () => (api.defaults.adapter = original) };
}
