// Google, Microsoft and LinkedIn buttons. Each always shows; an unconfigured provider fails with the
// spec's message (the server logs why).
import { useState } from 'react';
import { AUTH_MESSAGES } from '@marquee/shared';
import { authClient } from '../../../lib/auth-client';

const PROVIDERS = [
  { id: 'google', name: 'Google' },
  { id: 'microsoft', name: 'Microsoft' },
  { id: 'linkedin', name: 'LinkedIn' },
] as const;

function ProviderMark({ id }: { id: (typeof PROVIDERS)[number]['id'] }) {
  if (id === 'google') {
    return (
      <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden="true">
        <path
          fill="#4285F4"
          d="M22.5 12.3c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.5c2.1-1.9 3.3-4.7 3.3-8Z"
        />
        <path
          fill="#34A853"
          d="M12 23c3 0 5.5-1 7.2-2.7l-3.5-2.7c-1 .7-2.2 1-3.7 1-2.9 0-5.3-1.9-6.2-4.5H2.2v2.8A11 11 0 0 0 12 23Z"
        />
        <path fill="#FBBC05" d="M5.8 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.2a11 11 0 0 0 0 9.8l3.6-2.8Z" />
        <path
          fill="#EA4335"
          d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.1-3.1A11 11 0 0 0 2.2 7.1l3.6 2.8C6.7 7.3 9.1 5.4 12 5.4Z"
        />
      </svg>
    );
  }
  if (id === 'microsoft') {
    return (
      <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden="true">
        <path fill="#F25022" d="M2 2h9.5v9.5H2z" />
        <path fill="#7FBA00" d="M12.5 2H22v9.5h-9.5z" />
        <path fill="#00A4EF" d="M2 12.5h9.5V22H2z" />
        <path fill="#FFB900" d="M12.5 12.5H22V22h-9.5z" />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden="true">
      <rect width="24" height="24" rx="4" fill="#0A66C2" />
      <path
        fill="#fff"
        d="M7 9.5h2.6V18H7zM8.3 5.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3ZM11.2 9.5h2.5v1.2c.4-.7 1.3-1.4 2.6-1.4 2.8 0 3.3 1.8 3.3 4.2V18H17v-4c0-1 0-2.2-1.3-2.2s-1.6 1-1.6 2.1V18h-2.6z"
      />
    </svg>
  );
}

export function SocialButtons({
  mode,
  onError,
  returnTo,
}: {
  mode: 'sign-in' | 'sign-up';
  onError(message: string): void;
  /** Where a successful sign-in returns (a path on this site); the dashboard by default. */
  returnTo?: string;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const start = async (provider: (typeof PROVIDERS)[number]) => {
    setBusy(provider.id);
    const failed =
      mode === 'sign-up'
        ? AUTH_MESSAGES.socialSignUpFailed(provider.name)
        : AUTH_MESSAGES.socialSignInFailed(provider.name);
    try {
      const callbackURL = `${window.location.origin}/sso-callback`;
      const successURL = returnTo ? `${window.location.origin}${returnTo}` : callbackURL;
      const { error } = await authClient.signIn.social({
        provider: provider.id,
        callbackURL: successURL,
        newUserCallbackURL: successURL,
        errorCallbackURL: `${callbackURL}?provider=${provider.id}&mode=${mode}`,
      });
      if (error) {
        onError(failed);
        setBusy(null);
      }
      // On success the client follows the provider's redirect.
    } catch {
      onError(failed);
      setBusy(null);
    }
  };
  return (
    <div className="grid grid-cols-3 gap-2">
      {PROVIDERS.map((provider) => (
        <button
          key={provider.id}
          type="button"
          onClick={() => void start(provider)}
          disabled={busy !== null}
          aria-label={`${mode === 'sign-up' ? 'Sign up' : 'Sign in'} with ${provider.name}`}
          className="border-border hover:bg-muted flex h-10 items-center justify-center gap-2 rounded-md border text-xs font-medium transition disabled:opacity-50"
        >
          <ProviderMark id={provider.id} />
          <span className="hidden sm:inline">{provider.name}</span>
        </button>
      ))}
    </div>
  );
}
