import { useEffect, type ReactNode } from 'react';
import { initializeAuth } from '@mojud/api-client';
import { selectInitializing, useAuthStore } from '@mojud/auth';
import { FullScreenSpinner } from '@mojud/design-system';

let started = false;

/** Spec section 4: refresh the session once at start, with a full-screen spinner meanwhile. */
export function AuthGate({ children }: { children: ReactNode }) {
  const initializing = useAuthStore(selectInitializing);
  useEffect(() => {
    if (started) return; // StrictMode mounts twice; the refresh must run once
    started = true;
    void initializeAuth();
  }, []);
  if (initializing) return <FullScreenSpinner />;
  return <>{children}</>;
}
