import { useQueryClient, type QueryClient } from '@tanstack/react-query';
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
export function AuthGate({ children, onSignedIn }: { children: ReactNode; onSignedIn?: (queryClient: QueryClient) => void }) {
  const initializing = useAuthStore(selectInitializing);
  const [, setReady] = useState(languageReady);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (started) return; // StrictMode mounts twice; the refresh must run once
    started = true;
    void initializeAuth()
      .then(({ user }) => {
        // The page's first figures start now, beside the language and the first render.
        if (user) onSignedIn?.(queryClient);
        return followUserLanguage(user);
      })
      .finally(() => {
        languageReady = true;
        setReady(true);
      });
    // Once per page (`started`), whatever these are on later renders.
  }, [onSignedIn, queryClient]);
  if (initializing || !languageReady) return <FullScreenSpinner />;
  return <>{children}</>;
}
