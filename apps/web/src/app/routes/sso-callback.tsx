// Where social sign-in returns: on success on to the dashboard, on failure the spec's message.
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AUTH_MESSAGES } from '@marquee/shared';
import { buttonClasses } from '../../components/ui/button';
import { FullPageSpinner } from './guards';

const NAMES: Record<string, string> = { google: 'Google', microsoft: 'Microsoft', linkedin: 'LinkedIn' };

export function SsoCallbackRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const error = params.get('error');
  useEffect(() => {
    if (!error) void navigate('/dashboard', { replace: true });
  }, [error, navigate]);
  if (!error) return <FullPageSpinner label="Signing you in" />;
  const provider = NAMES[params.get('provider') ?? ''] ?? 'Social';
  const message =
    params.get('mode') === 'sign-up'
      ? AUTH_MESSAGES.socialSignUpFailed(provider)
      : AUTH_MESSAGES.socialSignInFailed(provider);
  return (
    <main className="bg-background text-foreground flex min-h-screen flex-col items-center justify-center gap-6 px-6 text-center">
      <p role="alert" className="text-sm font-medium tracking-wide text-danger uppercase">
        {message}
      </p>
      <Link to="/" className={buttonClasses('small', 'secondary')}>
        Back to Marquee
      </Link>
    </main>
  );
}
