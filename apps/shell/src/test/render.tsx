import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
import { onTestFinished } from 'vitest';
import '../texts';

export function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

/** Renders routes with the shell's real providers, starting at `path`. */
export function renderRoutes(routes: RouteObject[], path: string, state?: unknown) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // A path may carry a query string (a mailed link's `?token=`).
  const [pathname, search] = path.split('?');
  const router = createMemoryRouter(routes, { initialEntries: [{ pathname, search: search ? `?${search}` : '', state }] });
  // Their queries, loaders and timers end with the test, once the tree is unmounted.
  onTestFinished(() => {
    router.dispose();
    queryClient.clear();
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

export function at(path: string, element: ReactNode): RouteObject {
  return { path, element };
}
