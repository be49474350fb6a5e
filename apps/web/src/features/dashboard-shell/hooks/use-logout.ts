// Logout: leave the dashboard for the landing page, end the session, then forget every cached query so the
// next account starts clean.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from '../../../lib/auth-client';

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isPending, setIsPending] = useState(false);
  const [failed, setFailed] = useState(false);

  const logout = useCallback(async () => {
    setIsPending(true);
    setFailed(false);
    try {
      // Leave the dashboard first, so none of its queries refetch without a session, and let requests already
      // on their way finish: one that reached the server after the sign-out would be refused.
      await navigate('/', { replace: true });
      await queryClient.cancelQueries();
      for (let waited = 0; queryClient.isFetching() > 0 && waited < 3000; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await signOut();
    } catch {
      setFailed(true);
      setIsPending(false);
      return;
    }
    queryClient.clear();
  }, [navigate, queryClient]);

  return { logout, isPending, failed };
}
