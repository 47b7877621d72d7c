import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@mojud/api-client';
import { useAuthStore } from '@mojud/auth';
import { fakeApi, type FakeReply } from '../test/fake-api';
import { AuthGate, resetAuthGateForTests } from './auth-gate';

const user = { id: 'u1', username: 'rahim', locale: 'en' as const, latinDigits: true };
const store = { id: 's1', name: 'Rahim Gas', role: 'owner' };

/** A refresh the test answers when it chooses. */
function heldRefresh() {
  let answer: (reply: FakeReply) => void = () => {};
  const reply = new Promise<FakeReply>((resolve) => (answer = resolve));
  return { reply, answer };
}

/** A page that reads the store's stock, as a signed-in page does, showing who it was asked as. */
function StockPage() {
  const stock = useQuery({
    queryKey: ['stores', 's1', 'stock'],
    queryFn: () => api.get<{ askedAs: string }>('/stores/s1/stock').then((r) => r.data.askedAs),
  });
  return <p>{stock.data ? `Stock for ${stock.data}` : 'Stock page'}</p>;
}

/** The gate as a fresh page load sees it. */
function openPage() {
  resetAuthGateForTests();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AuthGate>
        <StockPage />
      </AuthGate>
    </QueryClientProvider>,
  );
  return queryClient;
}

let fake: ReturnType<typeof fakeApi> | null = null;
beforeEach(() => useAuthStore.setState({ user: null, currentStore: null, allStores: [], accessToken: null, initializing: true }));
afterEach(() => fake?.restore());

describe('opening the app', () => {
  it('opens at once for the person this device remembers; their first reads wait for the refreshed token', async () => {
    useAuthStore.setState({ user, currentStore: store, allStores: [store] });
    const refresh = heldRefresh();
    fake = fakeApi({
      'POST /auth/refresh': () => refresh.reply,
      'GET /stores/s1/stock': (config) => ({ status: 200, data: { askedAs: String(config.headers.Authorization) } }),
    });
    openPage();
    expect(await screen.findByText('Stock page')).toBeInTheDocument();
    expect(fake.calls.map((c) => c.url)).toEqual(['/auth/refresh']); // the read waits, unsigned requests never go
    refresh.answer({ status: 200, data: { accessToken: 'fresh', user, stores: [store] } });
    expect(await screen.findByText('Stock for Bearer fresh')).toBeInTheDocument();
  });

  it('a remembered person whose session was refused goes back to signed out, their figures cleared', async () => {
    useAuthStore.setState({ user, currentStore: store, allStores: [store] });
    const refresh = heldRefresh();
    fake = fakeApi({
      'POST /auth/refresh': () => refresh.reply,
      'GET /stores/s1/stock': () => ({ status: 401, data: { status: 401, message: 'Unauthorized', errors: null } }),
    });
    const queryClient = openPage();
    await screen.findByText('Stock page');
    refresh.answer({ status: 401, data: { status: 401, message: 'Unauthorized', errors: null } });
    await vi.waitFor(() => expect(useAuthStore.getState().user).toBeNull());
    await vi.waitFor(() => expect(queryClient.getQueryData(['stores', 's1', 'stock'])).toBeUndefined());
  });

  it('without a remembered person, the spinner stays until the refresh answers', async () => {
    const refresh = heldRefresh();
    fake = fakeApi({ 'POST /auth/refresh': () => refresh.reply });
    openPage();
    expect(screen.queryByText('Stock page')).not.toBeInTheDocument();
    refresh.answer({ status: 401, data: { status: 401, message: 'Unauthorized', errors: null } });
    expect(await screen.findByText('Stock page')).toBeInTheDocument();
  });
});
