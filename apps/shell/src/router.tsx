import { createBrowserRouter, Outlet, type RouteObject } from 'react-router-dom';
import { AuthGate } from './auth/auth-gate';
import { RequireAuth } from './auth/require-auth';
import { RemoteRoute } from './federation/remote-route';
import { remoteMounts } from './federation/remote-routes';
import { PreviewBanner } from './federation/preview-banner';
import { AppLayout } from './layout/app-layout';
import './messages';
import { ErrorPage } from './pages/error-page';
import { LoginPage } from './pages/login-page';

// Pages load on demand, each in a chunk named page-*, so a phone opening /login downloads the
// login page and the chrome only (scripts/check-budgets.mjs adds up exactly that). The chrome
// (AuthGate, RequireAuth, AppLayout) and the remote route stay in the first chunk: every
// signed-in page needs them, and a remote's page should not wait for a second shell chunk.
const page = <T,>(load: () => Promise<T>, pick: (module: T) => React.ComponentType) => async () => ({
  Component: pick(await load()),
});
const landing = page(() => import(/* webpackChunkName: "page-landing" */ './pages/landing-page'), (m) => m.LandingPage);
const pricing = page(() => import(/* webpackChunkName: "page-pricing" */ './pages/pricing-page'), (m) => m.PricingPage);
const services = page(() => import(/* webpackChunkName: "page-services" */ './pages/services-page'), (m) => m.ServicesPage);
const support = page(() => import(/* webpackChunkName: "page-support" */ './pages/support-page'), (m) => m.SupportPage);
const signup = page(() => import(/* webpackChunkName: "page-signup" */ './pages/signup-page'), (m) => m.SignupPage);
const stores = page(() => import(/* webpackChunkName: "page-stores" */ './pages/stores-page'), (m) => m.StoresPage);
const addStore = page(() => import(/* webpackChunkName: "page-add-store" */ './pages/add-store-page'), (m) => m.AddStorePage);
const dashboard = page(() => import(/* webpackChunkName: "page-dashboard" */ './pages/dashboard/dashboard-page'), (m) => m.DashboardPage);
const quickActions = () => import(/* webpackChunkName: "page-quick-actions" */ './pages/dashboard/quick-action-pages');
const history = page(() => import(/* webpackChunkName: "page-history" */ './pages/history/history-page'), (m) => m.HistoryPage);
const profile = page(() => import(/* webpackChunkName: "page-profile" */ './pages/profile/profile-page'), (m) => m.ProfilePage);
const settings = page(() => import(/* webpackChunkName: "page-settings" */ './pages/settings/settings-page'), (m) => m.SettingsPage);

/** `handle.titleKey` names the title bar text of a route. */
export interface RouteHandle {
  titleKey: string;
}

function RootLayout() {
  return (
    <AuthGate>
      <PreviewBanner />
      <Outlet />
    </AuthGate>
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
        <RemoteRoute key={mount.path} remote={mount.remote} module={mount.module} areaKey={mount.areaKey} />
      ),
    }));
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      { index: true, lazy: landing },
      { path: 'pricing', lazy: pricing },
      { path: 'services', lazy: services },
      { path: 'support', lazy: support },
      { path: 'login', element: <LoginPage /> },
      { path: 'signup', lazy: signup },
      {
        element: <RequireAuth />,
        children: [
          { path: 'stores', lazy: stores },
          { path: 'addStore', lazy: addStore },
          ...remoteRoutes(false),
          {
            element: <AppLayout />,
            children: [
              { path: 'dashboard', handle: { titleKey: 'chrome.dashboard' }, lazy: dashboard },
              { path: 'dashboard/buy', handle: { titleKey: 'chrome.dashboard' }, lazy: page(quickActions, (m) => m.BuyPage) },
              { path: 'dashboard/shop-selection', handle: { titleKey: 'chrome.dashboard' }, lazy: page(quickActions, (m) => m.ShopSelectionPage) },
              { path: 'dashboard/due', handle: { titleKey: 'chrome.dashboard' }, lazy: page(quickActions, (m) => m.DuePage) },
              { path: 'dashboard/vehicle-cost', handle: { titleKey: 'chrome.dashboard' }, lazy: page(quickActions, (m) => m.VehicleCostPage) },
              { path: 'history', handle: { titleKey: 'chrome.history' }, lazy: history },
              { path: 'profile', handle: { titleKey: 'chrome.profile' }, lazy: profile },
              { path: 'settings', handle: { titleKey: 'chrome.settings' }, lazy: settings },
              ...remoteRoutes(true),
            ],
          },
        ],
      },
      { path: '*', element: <ErrorPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
