// The '/' route: composes the landing page with the auth modals. Until the auth feature lands, the handlers
// open a placeholder dialog that the real sign-in/sign-up modal replaces.
import { useState } from 'react';
import { LandingPage } from '../../features/landing';

type AuthView = 'sign-up' | 'sign-in';

export function LandingRoute() {
  const [authView, setAuthView] = useState<AuthView | null>(null);
  return (
    <>
      <LandingPage
        isSignedIn={false}
        onGetStarted={() => setAuthView('sign-up')}
        onSignIn={() => setAuthView('sign-in')}
        onSignOut={() => setAuthView(null)}
      />
      {authView && (
        <div
          role="dialog"
          aria-modal="true"
          aria-label="Authentication"
          className="fixed inset-0 z-[60] flex items-center justify-center bg-black/70 p-6"
          onClick={(event) => {
            if (event.target === event.currentTarget) setAuthView(null);
          }}
        >
          <div className="bg-card text-foreground border-border w-full max-w-sm rounded-2xl border p-8 text-center">
            <p className="font-display text-4xl tracking-wide">{authView === 'sign-up' ? 'Get Started' : 'Sign In'}</p>
            <p className="text-muted-foreground mt-2 text-sm">The {authView} form opens here.</p>
            <button
              type="button"
              autoFocus
              onClick={() => setAuthView(null)}
              className="mt-6 font-mono text-xs font-semibold tracking-widest uppercase underline underline-offset-4"
            >
              Close
            </button>
          </div>
        </div>
      )}
    </>
  );
}
