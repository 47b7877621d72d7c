// For the apps' component tests only (imported as @mojud/api-client/testing, never by app code):
// the providers the shell gives a remote, and what axios resolves with.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { expect, onTestFinished, vi } from 'vitest';

function testQueryClient() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  // Its queries, retries and timers end with the test, once the tree is unmounted.
  onTestFinished(() => client.clear());
  return client;
}

/** Renders with a fresh QueryClient, as the shell provides one. */
export function renderWithQuery(ui: ReactElement) {
  const client = testQueryClient();
  return { client, ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>) };
}

/** Renders with a fresh QueryClient and a router at `path`, as the shell provides them. */
export function renderWithProviders(ui: ReactElement, path = '/') {
  const client = testQueryClient();
  return {
    client,
    ...render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </QueryClientProvider>,
    ),
  };
}

/** What axios resolves with, enough for the api layer. */
export const ok = <T,>(data: T) => ({ data, status: 200, statusText: 'OK', headers: {}, config: {} as never });

/**
 * For a write confirmed at once: call before the tap; the function it returns waits until the
 * store's figures have been asked for again (a saved or refused write reads them again) and
 * those reads are done, so they end inside the test, before its mocks are restored.
 */
export function storeReadAgain(client: QueryClient): () => Promise<void> {
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  return () =>
    vi.waitFor(() => {
      expect(invalidate).toHaveBeenCalled();
      expect(client.isFetching()).toBe(0);
    });
}
