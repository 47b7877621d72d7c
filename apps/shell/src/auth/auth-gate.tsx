import { useEffect, useState, type ReactNode } from 'react';
import { initializeAuth } from '@mojud/api-client';
import { selectInitializing, useAuthStore } from '@mojud/auth';
import { FullScreenSpinner } from '@mojud/design-system';
import { followUserLanguage } from '../language/language';

let started = false;

let languageReady = false;

/**
 * Spec section 4: refresh the session once at start, with a full-screen spinner meanwhile. The
 * spinner stays until the person's saved language is loaded too, so a second device opens in
 * their language instead of flashing the browser's first.
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const initializing = useAuthStore(selectInitializing);
  const [, setReady] = useState(languageReady);
  useEffect(() => {
    if (started) return; // StrictMode mounts twice; the refresh must run once
    started = true;
    void initializeAuth()
      .then(({ user }) => followUserLanguage(user))
      .finally(() => {
        languageReady = true;
        setReady(true);
      });
  }, []);
  if (initializing || !languageReady) return <FullScreenSpinner />;
  return <>{children}</>;
}
