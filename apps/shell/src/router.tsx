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

// Pages load on demand, each in a chunk named page-*, so a phone opening /login downloads the
// login page and the chrome only (scripts/check-budgets.mjs adds up exactly that). The chrome
// (AuthGate, RequireAuth, AppLayout) and the remote route stay in the first chunk: every
// signed-in page needs them, and a remote's page should not wait for a second shell chunk.
// The router is React Router's declarative one (useRoutes): its data router (createBrowserRouter)
// costs about 15 KiB more on every page and nothing here uses loaders or actions.
function lazyPage<T>(load: () => Promise<T>, pick: (module: T) => ComponentType) {
  let loading: Promise<T> | null = null;
  const preload = () => (loading ??= load().catch((error: unknown) => {
    loading = null; // a failed download is tried again on the next visit
    throw error;
  }));
  const Page = lazy(() => preload().then((module) => ({ default: pick(module) })));
  return { element: <Page />, preload };
}
const landing = lazyPage(() => import(/* webpackChunkName: "page-landing" */ './pages/landing-page'), (m) => m.LandingPage);
const pricing = lazyPage(() => import(/* webpackChunkName: "page-pricing" */ './pages/pricing-page'), (m) => m.PricingPage);
const services = lazyPage(() => import(/* webpackChunkName: "page-services" */ './pages/services-page'), (m) => m.ServicesPage);
const support = lazyPage(() => import(/* webpackChunkName: "page-support" */ './pages/support-page'), (m) => m.SupportPage);
const signup = lazyPage(() => import(/* webpackChunkName: "page-signup" */ './pages/signup-page'), (m) => m.SignupPage);
const stores = lazyPage(() => import(/* webpackChunkName: "page-stores" */ './pages/stores-page'), (m) => m.StoresPage);
const addStore = lazyPage(() => import(/* webpackChunkName: "page-add-store" */ './pages/add-store-page'), (m) => m.AddStorePage);
const dashboardPage = () => import(/* webpackChunkName: "page-dashboard" */ './pages/dashboard/dashboard-page');
const dashboard = lazyPage(dashboardPage, (m) => m.DashboardPage);
/** The dashboard's figures, asked for with the page's chunk (which holds its query). */
const prefetchDashboard: RouteHandle['prefetch'] = (queryClient, storeId, search) =>
  dashboardPage().then((m) => m.prefetchSummary(queryClient, storeId, search));
const quickActions = () => import(/* webpackChunkName: "page-quick-actions" */ './pages/dashboard/quick-action-pages');
const buy = lazyPage(quickActions, (m) => m.BuyPage);
const shopSelection = lazyPage(quickActions, (m) => m.ShopSelectionPage);
const due = lazyPage(quickActions, (m) => m.DuePage);
const vehicleCost = lazyPage(quickActions, (m) => m.VehicleCostPage);
const collectEmpties = lazyPage(quickActions, (m) => m.CollectEmptiesPage);
const history = lazyPage(() => import(/* webpackChunkName: "page-history" */ './pages/history/history-page'), (m) => m.HistoryPage);
const expenses = lazyPage(() => import(/* webpackChunkName: "page-expenses" */ './pages/expenses/expenses-page'), (m) => m.ExpensesPage);
const suppliers = lazyPage(() => import(/* webpackChunkName: "page-suppliers" */ './pages/suppliers/suppliers-page'), (m) => m.SupplierPages);
const drawer = lazyPage(() => import(/* webpackChunkName: "page-drawer" */ './pages/drawer/drawer-page'), (m) => m.DrawerPage);
const profile = lazyPage(() => import(/* webpackChunkName: "page-profile" */ './pages/profile/profile-page'), (m) => m.ProfilePage);
const releases = lazyPage(() => import(/* webpackChunkName: "page-releases" */ './pages/releases/releases-page'), (m) => m.ReleasesPage);
const messages = lazyPage(() => import(/* webpackChunkName: "page-messages" */ './pages/messages/messages-page'), (m) => m.MessagesPage);
const statement = lazyPage(() => import(/* webpackChunkName: "page-statement" */ './pages/statement/statement-page'), (m) => m.StatementPage);
const accountPages = () => import(/* webpackChunkName: "page-account" */ './pages/account/account-pages');
const forgotPassword = lazyPage(accountPages, (m) => m.ForgotPasswordPage);
const resetPassword = lazyPage(accountPages, (m) => m.ResetPasswordPage);
const verifyEmail = lazyPage(accountPages, (m) => m.VerifyEmailPage);
const moneyPages = () => import(/* webpackChunkName: "page-accounts" */ './pages/accounts/pages');
const accounts = lazyPage(moneyPages, (m) => m.AccountsPage);
const payments = lazyPage(() => import(/* webpackChunkName: "page-payments" */ './pages/payments/payments-page'), (m) => m.PaymentsPage);
const moneyReport = lazyPage(moneyPages, (m) => m.MoneyReportPage);
const overview = lazyPage(() => import(/* webpackChunkName: "page-overview" */ './pages/overview/overview-page'), (m) => m.OverviewPage);
const settings = lazyPage(() => import(/* webpackChunkName: "page-settings" */ './pages/settings/settings-page'), (m) => m.SettingsPage);

export interface RouteHandle {
  /** The title bar text of a signed-in page (a message key). */
  titleKey?: KeyOf<typeof ns>;
  /** Starts downloading a lazy page's chunk. */
  preload?: () => Promise<unknown>;
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
  handle: { titleKey: shellPageTitles[path], preload: page.preload, prefetch } satisfies RouteHandle,
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
      { index: true, element: landing.element, handle: { preload: landing.preload } },
      { path: 'pricing', element: pricing.element, handle: { preload: pricing.preload } },
      { path: 'services', element: services.element, handle: { preload: services.preload } },
      { path: 'support', element: support.element, handle: { preload: support.preload } },
      { path: 'login', element: <LoginPage /> },
      { path: 'signup', element: signup.element, handle: { preload: signup.preload } },
      // Where e-mailed links and "Forgot password" lead: signed in or not.
      { path: 'forgot-password', element: forgotPassword.element, handle: { preload: forgotPassword.preload } },
      { path: 'reset-password', element: resetPassword.element, handle: { preload: resetPassword.preload } },
      { path: 'verify-email', element: verifyEmail.element, handle: { preload: verifyEmail.preload } },
      // A customer's statement, by its link: no sign-in, none of the app's chrome.
      { path: 's/:token', element: statement.element, handle: { preload: statement.preload } },
      {
        element: <RequireAuth />,
        children: [
          { path: 'stores', element: stores.element, handle: { preload: stores.preload } },
          { path: 'addStore', element: addStore.element, handle: { preload: addStore.preload } },
          { path: 'remote-releases', element: releases.element, handle: { preload: releases.preload } },
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
 * Starts downloading the page chunk of the address the app opens at, beside the sign-in check,
 * instead of when the page first renders after it.
 */
export function preloadPageAt(pathname: string) {
  for (const handle of handlesAt(pathname)) handle?.preload?.().catch(() => undefined);
}

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
