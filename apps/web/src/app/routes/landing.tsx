// The '/' route: the landing page composed with the auth modal and the signed-in state.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LandingPage } from '../../features/landing';
import { AuthModal, type AuthMode } from '../../features/auth';
import { signOut, useSession } from '../../lib/auth-client';

export function LandingRoute() {
  const [authMode, setAuthMode] = useState<AuthMode | null>(null);
  const { data: session, refetch } = useSession();
  const queryClient = useQueryClient();
  return (
    <>
      <LandingPage
        isSignedIn={Boolean(session)}
        userEmail={session?.user.email ?? null}
        userName={session?.user.name ?? null}
        onGetStarted={() => setAuthMode('sign-up')}
        onSignIn={() => setAuthMode('sign-in')}
        onSignOut={() => {
          void signOut().then(() => {
            queryClient.clear();
            void refetch();
          });
        }}
      />
      <AuthModal
        open={authMode !== null}
        mode={authMode ?? 'sign-up'}
        onModeChange={setAuthMode}
        onClose={() => setAuthMode(null)}
      />
    </>
  );
}
