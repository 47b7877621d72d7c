import { Component, lazy, Suspense, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { useAuthStore } from '@mojud/auth';
import { FullScreenSpinner, useDocumentTitle } from '@mojud/design-system';
import { useT, type KeyOf } from '@mojud/i18n';
import { AuthGate } from './auth/auth-gate';
import { RequireAuth } from './auth/require-auth';
import { RemoteRoute } from './federation/remote-route';
import { remoteMounts } from './federation/remote-routes';
import { PreviewBanner } from './federation/preview-banner';
import { AppLayout } from './layout/app-layout';
import { ns } from './texts';
import { shellPageTitles, type ShellPagePath } from './page-titles';
import { ErrorPage } from './pages/error-page';
import { LoginPage } from './pages/login-page';
import { pageChunks, type PageChunk } from './pages/page-chunks';

// Pages load on demand, each in a chunk named page-*, so a phone opening /login downloads the
// login page and the chrome only (scripts/check-budgets.mjs adds up exactly that). The chrome
// (AuthGate, RequireAuth, AppLayout) and the remote route stay in the first chunk: every
// signed-in page needs them, and a remote's page should not wait for a second shell chunk.
// The router is React Router's declarative one (useRoutes): its data router (createBrowserRouter)
// costs about 15 KiB more on every page and nothing here uses loaders or actions.
function lazyPage<C extends PageChunk>(chunk: C, pick: (module: Awaited<ReturnType<C>>) => ComponentType) {
  const Page = lazy(() => chunk().then((module) => ({ default: pick(module as Awaited<ReturnType<C>>) })));
  return { element: <Page />, chunk };
}
const landing = lazyPage(pageChunks.landing, (m) => m.LandingPage);
const pricing = lazyPage(pageChunks.pricing, (m) => m.PricingPage);
const services = lazyPage(pageChunks.services, (m) => m.ServicesPage);
const support = lazyPage(pageChunks.support, (m) => m.SupportPage);
const signup = lazyPage(pageChunks.signup, (m) => m.SignupPage);
const stores = lazyPage(pageChunks.stores, (m) => m.StoresPage);
const addStore = lazyPage(pageChunks.addStore, (m) => m.AddStorePage);
const dashboard = lazyPage(pageChunks.dashboard, (m) => m.DashboardPage);
/** The dashboard's figures, asked for with the page's chunk (which holds its query). */
const prefetchDashboard: RouteHandle['prefetch'] = (queryClient, storeId, search) =>
  pageChunks.dashboard().then((m) => m.prefetchSummary(queryClient, storeId, search));
const buy = lazyPage(pageChunks.quickActions, (m) => m.BuyPage);
const shopSelection = lazyPage(pageChunks.quickActions, (m) => m.ShopSelectionPage);
const due = lazyPage(pageChunks.quickActions, (m) => m.DuePage);
const vehicleCost = lazyPage(pageChunks.quickActions, (m) => m.VehicleCostPage);
const collectEmpties = lazyPage(pageChunks.quickActions, (m) => m.CollectEmptiesPage);
const history = lazyPage(pageChunks.history, (m) => m.HistoryPage);
const expenses = lazyPage(pageChunks.expenses, (m) => m.ExpensesPage);
const suppliers = lazyPage(pageChunks.suppliers, (m) => m.SupplierPages);
const drawer = lazyPage(pageChunks.drawer, (m) => m.DrawerPage);
const profile = lazyPage(pageChunks.profile, (m) => m.ProfilePage);
const releases = lazyPage(pageChunks.releases, (m) => m.ReleasesPage);
const messages = lazyPage(pageChunks.messages, (m) => m.MessagesPage);
const statement = lazyPage(pageChunks.statement, (m) => m.StatementPage);
const forgotPassword = lazyPage(pageChunks.account, (m) => m.ForgotPasswordPage);
const resetPassword = lazyPage(pageChunks.account, (m) => m.ResetPasswordPage);
const verifyEmail = lazyPage(pageChunks.account, (m) => m.VerifyEmailPage);
const accounts = lazyPage(pageChunks.money, (m) => m.AccountsPage);
const payments = lazyPage(pageChunks.payments, (m) => m.PaymentsPage);
const moneyReport = lazyPage(pageChunks.money, (m) => m.MoneyReportPage);
const overview = lazyPage(pageChunks.overview, (m) => m.OverviewPage);
const settings = lazyPage(pageChunks.settings, (m) => m.SettingsPage);

export interface RouteHandle {
  /** The title bar text of a signed-in page (a message key). */
  titleKey?: KeyOf<typeof ns>;
  /** The lazy page's chunk (pages/page-chunks.ts: ./index.ts starts it for the address the app opens at). */
  chunk?: PageChunk;
  /**
   * Asks for the page's first answer as soon as the sign-in check is done, beside the page's
   * render rather than after it (its query, in the client's cache, is what the page reads).
   */
  prefetch?: (queryClient: QueryClient, storeId: string, search: URLSearchParams) => Promise<unknown>;
}

/** A signed-in page's tab title is its title bar text. */
function TitledPage({ titleKey, children }: { titleKey: KeyOf<typeof ns>; children: ReactNode }) {
  const t = useT(ns);
  useDocumentTitle(t(titleKey));
  return children;
}

/** A shell page in the chrome, titled from page-titles.ts. */
const titled = (path: ShellPagePath, page: ReturnType<typeof lazyPage>, prefetch?: RouteHandle['prefetch']) => ({
  path,
  element: <TitledPage titleKey={shellPageTitles[path]}>{page.element}</TitledPage>,
  handle: { titleKey: shellPageTitles[path], chunk: page.chunk, prefetch } satisfies RouteHandle,
});

/** What the data router's errorElement did: a page that throws shows the error page, not a blank screen. */
class RouteErrorBoundary extends Component<{ resetKey: string; children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  componentDidUpdate(previous: { resetKey: string }) {
    // Going to another address leaves the error behind.
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  render() {
    return this.state.error ? <ErrorPage /> : this.props.children;
  }
}

function RootLayout() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <AuthGate onSignedIn={prefetchDataAt}>
        <PreviewBanner />
        <Suspense fallback={<FullScreenSpinner />}>
          <Outlet />
        </Suspense>
      </AuthGate>
    </RouteErrorBoundary>
  );
}

function remoteRoutes(chrome: boolean): RouteObject[] {
  return remoteMounts
    .filter((mount) => mount.chrome === chrome)
    .map((mount) => ({
      path: mount.path,
      handle: { titleKey: mount.areaKey } satisfies RouteHandle,
      // Keyed by mount: otherwise React reuses one boundary (and its error) across areas.
      element: (
        <RemoteRoute key={mount.path} {...mount} />
      ),
    }));
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, element: landing.element, handle: { chunk: landing.chunk } },
      { path: 'pricing', element: pricing.element, handle: { chunk: pricing.chunk } },
      { path: 'services', element: services.element, handle: { chunk: services.chunk } },
      { path: 'support', element: support.element, handle: { chunk: support.chunk } },
      { path: 'login', element: <LoginPage /> },
      { path: 'signup', element: signup.element, handle: { chunk: signup.chunk } },
      // Where e-mailed links and "Forgot password" lead: signed in or not.
      { path: 'forgot-password', element: forgotPassword.element, handle: { chunk: forgotPassword.chunk } },
      { path: 'reset-password', element: resetPassword.element, handle: { chunk: resetPassword.chunk } },
      { path: 'verify-email', element: verifyEmail.element, handle: { chunk: verifyEmail.chunk } },
      // A customer's statement, by its link: no sign-in, none of the app's chrome.
      { path: 's/:token', element: statement.element, handle: { chunk: statement.chunk } },
      {
        element: <RequireAuth />,
        children: [
          { path: 'stores', element: stores.element, handle: { chunk: stores.chunk } },
          { path: 'addStore', element: addStore.element, handle: { chunk: addStore.chunk } },
          { path: 'remote-releases', element: releases.element, handle: { chunk: releases.chunk } },
          ...remoteRoutes(false),
          {
            element: <AppLayout />,
            children: [
              titled('dashboard', dashboard, prefetchDashboard),
              titled('dashboard/buy', buy),
              titled('dashboard/shop-selection', shopSelection),
              titled('dashboard/due', due),
              titled('dashboard/vehicle-cost', vehicleCost),
              titled('dashboard/empties', collectEmpties),
              titled('history', history),
              titled('accounts', accounts),
              titled('payments', payments),
              titled('reports/money', moneyReport),
              titled('expenses', expenses),
              titled('suppliers/*', suppliers),
              titled('drawer', drawer),
              titled('profile', profile),
              titled('settings', settings),
              titled('messages', messages),
              titled('overview', overview),
              ...remoteRoutes(true),
            ],
          },
        ],
      },
      { path: '*', element: <ErrorPage /> },
    ],
  },
];

/** The shell's routes, for a <BrowserRouter> (or a MemoryRouter in tests). */
export function AppRoutes() {
  return useRoutes(routes);
}

const handlesAt = (pathname: string) =>
  (matchRoutes(routes, pathname) ?? []).map((match) => match.route.handle as RouteHandle | undefined);


/**
 * Once the sign-in check has answered: asks for the first figures of the page the app opened at,
 * for the store in use, while the chrome and the page render (a failure is the page's to show).
 */
function prefetchDataAt(queryClient: QueryClient) {
  const storeId = useAuthStore.getState().currentStore?.id;
  if (!storeId) return;
  const { pathname, search } = window.location;
  for (const handle of handlesAt(pathname)) handle?.prefetch?.(queryClient, storeId, new URLSearchParams(search)).catch(() => undefined);
}
