import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { signOut } from '@mojud/api-client';

/** Logout always ends the local session and drops every cached query, then goes home. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await signOut();
    queryClient.clear();
    navigate('/', { replace: true });
  };
}
