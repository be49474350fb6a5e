// Logout: end the session, leave the dashboard for the landing page, then forget every cached query so the
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
      await signOut();
    } catch {
      setFailed(true);
      setIsPending(false);
      return;
    }
    await navigate('/', { replace: true });
    queryClient.clear();
  }, [navigate, queryClient]);

  return { logout, isPending, failed };
}
