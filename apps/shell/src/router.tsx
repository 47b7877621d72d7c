import { createBrowserRouter, Outlet, type RouteObject } from 'react-router-dom';
import { AuthGate } from './auth/auth-gate';
import { RequireAuth } from './auth/require-auth';
import { RemoteRoute } from './federation/remote-route';
import { remoteMounts } from './federation/remote-routes';
import { PreviewBanner } from './federation/preview-banner';
import { AppLayout } from './layout/app-layout';
import './messages';
import { AddStorePage } from './pages/add-store-page';
import { DashboardPage } from './pages/dashboard/dashboard-page';
import { BuyPage, DuePage, ShopSelectionPage, VehicleCostPage } from './pages/dashboard/quick-action-pages';
import { ErrorPage } from './pages/error-page';
import { HistoryPage } from './pages/history/history-page';
import { LandingPage } from './pages/landing-page';
import { LoginPage } from './pages/login-page';
import { PricingPage } from './pages/pricing-page';
import { ProfilePage } from './pages/profile/profile-page';
import { ServicesPage } from './pages/services-page';
import { SettingsPage } from './pages/settings/settings-page';
import { SignupPage } from './pages/signup-page';
import { StoresPage } from './pages/stores-page';
import { SupportPage } from './pages/support-page';

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
      { index: true, element: <LandingPage /> },
      { path: 'pricing', element: <PricingPage /> },
      { path: 'services', element: <ServicesPage /> },
      { path: 'support', element: <SupportPage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'signup', element: <SignupPage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: 'stores', element: <StoresPage /> },
          { path: 'addStore', element: <AddStorePage /> },
          ...remoteRoutes(false),
          {
            element: <AppLayout />,
            children: [
              { path: 'dashboard', handle: { titleKey: 'chrome.dashboard' }, element: <DashboardPage /> },
              { path: 'dashboard/buy', handle: { titleKey: 'chrome.dashboard' }, element: <BuyPage /> },
              { path: 'dashboard/shop-selection', handle: { titleKey: 'chrome.dashboard' }, element: <ShopSelectionPage /> },
              { path: 'dashboard/due', handle: { titleKey: 'chrome.dashboard' }, element: <DuePage /> },
              { path: 'dashboard/vehicle-cost', handle: { titleKey: 'chrome.dashboard' }, element: <VehicleCostPage /> },
              { path: 'history', handle: { titleKey: 'chrome.history' }, element: <HistoryPage /> },
              { path: 'profile', handle: { titleKey: 'chrome.profile' }, element: <ProfilePage /> },
              { path: 'settings', handle: { titleKey: 'chrome.settings' }, element: <SettingsPage /> },
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
