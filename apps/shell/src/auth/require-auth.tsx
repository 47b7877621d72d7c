import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { selectUser, useAuthStore } from '@mojud/auth';

export function redirectTarget(pathname: string, search = '', hash = ''): string {
  return !pathname || pathname === '/' ? '/dashboard' : `${pathname}${search}${hash}`;
}

export interface RedirectState {
  redirectUrl: string;
}

/** The guard's `{redirectUrl}` from router state, only when it is a path inside this app. */
export function redirectState(state: unknown): RedirectState | null {
  const url = (state as Partial<RedirectState> | null)?.redirectUrl;
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? { redirectUrl: url } : null;
}

/** The username sign-up hands to login in router state, so login can say the account exists. */
export function registeredName(state: unknown): string | null {
  const name = (state as { registered?: unknown } | null)?.registered;
  return typeof name === 'string' && name !== '' ? name : null;
}

/** Signed-in pages that work without a current store; every other page is about one store. */
const STORELESS = ['/stores', '/addStore', '/invitations', '/profile'];
export function needsStore(url: string): boolean {
  const path = url.split(/[?#]/)[0];
  return !STORELESS.some((p) => path === p || path.startsWith(`${p}/`));
}

/** Signed-in pages: without a user, go to /login and come back afterwards. */
export function RequireAuth() {
  const user = useAuthStore(selectUser);
  const location = useLocation();
  if (!user) {
    return (
      <Navigate
        replace
        to="/login"
        state={{ redirectUrl: redirectTarget(location.pathname, location.search, location.hash) }}
      />
    );
  }
  return <Outlet />;
}
