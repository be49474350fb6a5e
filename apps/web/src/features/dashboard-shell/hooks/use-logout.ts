// Logout: let requests already on their way finish, end the session, then load the landing page afresh, so
// nothing of this account stays in memory and no query of the dashboard runs again without a session.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { signOut } from '../../../lib/auth-client';

export function useLogout() {
  const queryClient = useQueryClient();
  const [isPending, setIsPending] = useState(false);
  const [failed, setFailed] = useState(false);

  const logout = useCallback(async () => {
    setIsPending(true);
    setFailed(false);
    try {
      // A request that reached the server after the sign-out would be refused: let those on their way finish.
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
    window.location.replace('/');
  }, [queryClient]);

  return { logout, isPending, failed };
}
