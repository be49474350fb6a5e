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
      // Leave the dashboard first, so none of its queries refetch without a session.
      await navigate('/', { replace: true });
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
