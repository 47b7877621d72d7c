import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { selectInitializing, useAuthStore, type AuthUser } from '@mojud/auth';
import { FullScreenSpinner } from '@mojud/design-system';
import { followUserLanguage } from '../language/language';
import { forgetSessionCheckForTests, sessionCheckAtStart } from './session-at-start';

let started = false;

let languageReady = false;

/** Whether this page opened for a person the device remembers (decided once, at its first render). */
let opensEarly: boolean | null = null;

/** Tests: the next gate rendered is a new page's. */
export function resetAuthGateForTests(): void {
  started = false;
  languageReady = false;
  opensEarly = null;
  forgetSessionCheckForTests();
}

/** The reads saved on this device for offline use, restored now and kept from here on. */
function startSavedReads(queryClient: QueryClient, user: AuthUser) {
  if (!user.id) return;
  const userId = user.id;
  void import(/* webpackChunkName: "read-cache" */ '../offline/read-cache')
    .then((m) => m.persistReads(queryClient, userId))
    .catch(() => {});
  void import(/* webpackChunkName: "last-screen" */ '../offline/last-screen').then((m) => m.keepLastScreens(queryClient)).catch(() => {});
}

/** The screens saved for the worker to paint were someone else's, or a refused session's. */
const forgetLastScreens = () =>
  void import(/* webpackChunkName: "last-screen" */ '../offline/last-screen').then((m) => m.clearLastScreens()).catch(() => {});

/**
 * Spec section 4: refresh the session once at start. Someone who signs in on this device meets a
 * full-screen spinner until the refresh answers. A person the device remembers (docs/decisions.md,
 * "Opening without waiting for the network") opens at once, as an offline start does: the page,
 * their saved figures and the page's first requests start together with the refresh, and those
 * requests wait for its token. If the refresh refuses the session, they go to /login; if it
 * answers for someone else, nothing of the remembered person's stays on screen.
 * Either way the spinner stays until the person's saved language is loaded, so a second device
 * opens in their language instead of flashing the browser's first.
 */
export function AuthGate({ children, onSignedIn }: { children: ReactNode; onSignedIn?: (queryClient: QueryClient) => void }) {
  const initializing = useAuthStore(selectInitializing);
  const [, setReady] = useState(languageReady);
  const queryClient = useQueryClient();
  opensEarly ??= useAuthStore.getState().user !== null;
  useEffect(() => {
    if (started) return; // StrictMode mounts twice; the refresh must run once
    started = true;
    const ready = () => {
      languageReady = true;
      setReady(true);
    };
    const remembered = useAuthStore.getState().user;
    if (remembered) {
      onSignedIn?.(queryClient);
      startSavedReads(queryClient, remembered);
      void followUserLanguage(remembered).finally(ready);
      void sessionCheckAtStart().then(({ user }) => {
        if (user?.id !== remembered.id) {
          queryClient.clear();
          forgetLastScreens();
        }
      });
      return;
    }
    void sessionCheckAtStart()
      .then(({ user }) => {
        // The page's first figures start now, beside the language and the first render.
        if (user) {
          onSignedIn?.(queryClient);
          startSavedReads(queryClient, user);
        }
        return followUserLanguage(user);
      })
      .finally(ready);
    // Once per page (`started`), whatever these are on later renders.
  }, [onSignedIn, queryClient]);
  if ((initializing && !opensEarly) || !languageReady) return <FullScreenSpinner />;
  return <>{children}</>;
}
