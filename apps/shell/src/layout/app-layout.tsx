import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { selectIsSidebarOpen, useMenuStore } from '@mojud/auth';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';
import { Spinner } from '@mojud/design-system';
import { titleKeyAt } from '../page-titles';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

// Writes kept on this device and their sync (loaded after sign-in, never on /login).
const SyncStatus = lazy(() => import(/* webpackChunkName: "sync-status" */ '../offline/sync-status'));

const MOBILE_QUERY = '(max-width: 767px)';

function useIsMobile() {
  const [mobile, setMobile] = useState(() => window.matchMedia?.(MOBILE_QUERY).matches ?? false);
  useEffect(() => {
    const query = window.matchMedia?.(MOBILE_QUERY);
    if (!query) return;
    const onChange = () => setMobile(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return mobile;
}

function TitleBar() {
  const t = useT(ns);
  const titleKey = titleKeyAt(useLocation().pathname);
  if (!titleKey) return null;
  return (
    <div className="shell-titlebar">
      <h1>{t(titleKey)}</h1>
    </div>
  );
}

/** The signed-in chrome: top bar, sidebar (a drawer on phones), title bar and the page. */
export function AppLayout() {
  const location = useLocation();
  const closeAll = useMenuStore((state) => state.closeAll);
  const sidebarOpen = useMenuStore(selectIsSidebarOpen);
  const toggleSidebar = useMenuStore((state) => state.toggleSidebar);
  const isMobile = useIsMobile();
  // On phones the drawer starts closed whatever the desktop preference is.
  const [drawerOpen, setDrawerOpen] = useState(false);

  useEffect(() => {
    closeAll();
    setDrawerOpen(false);
  }, [location.pathname, closeAll]);

  const open = isMobile ? drawerOpen : sidebarOpen;
  return (
    <div
      className={`shell-app${open ? ' shell-app--sidebar-open' : ''}${isMobile ? ' shell-app--mobile' : ''}`}
    >
      <TopBar
        onToggleSidebar={isMobile ? () => setDrawerOpen((value) => !value) : toggleSidebar}
        sidebarOpen={open}
      />
      <div className="shell-app__body">
        {open && <Sidebar />}
        {isMobile && drawerOpen && (
          <div className="shell-drawer-backdrop" onClick={() => setDrawerOpen(false)} />
        )}
        <main className="shell-app__main">
          <Suspense fallback={null}>
            <SyncStatus />
          </Suspense>
          <TitleBar />
          <div className="shell-app__content">
            <Suspense fallback={<Spinner />}>
              <Outlet />
            </Suspense>
          </div>
        </main>
      </div>
    </div>
  );
}
