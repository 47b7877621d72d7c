import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { signOut } from '@mojud/api-client';

/** Logout always ends the local session and drops every cached query (saved ones too), then goes home. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await signOut();
    queryClient.clear();
    // Nothing private outlives a sign-out: the reads saved for offline use go too.
    await import(/* webpackChunkName: "read-cache" */ '../offline/read-cache').then((m) => m.clearReads()).catch(() => {});
    await import(/* webpackChunkName: "last-screen" */ '../offline/last-screen').then((m) => m.clearLastScreens()).catch(() => {});
    navigate('/', { replace: true });
  };
}
