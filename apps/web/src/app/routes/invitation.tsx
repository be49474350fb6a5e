// /invite/:token, the link of a team invitation e-mail: shows who invites whom to what, then signs the invitee
// up or in (the auth modal, with the invited address) and joins them to the organisation. Signed in with
// another address, it says so and offers to sign out; a used, expired or withdrawn link gets its message.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { TEAM_MESSAGES, TEAM_ROLE_DESCRIPTIONS, TEAM_ROLE_LABELS, type InvitationPreview } from '@marquee/shared';
import { Button, buttonClasses } from '../../components/ui/button';
import { AuthModal, type AuthMode } from '../../features/auth';
import { ApiError, apiRequest } from '../../lib/api-client';
import { signOut, useSession } from '../../lib/auth-client';
import { FullPageSpinner } from './guards';

export function InvitationRoute() {
  const { token = '' } = useParams();
  const queryClient = useQueryClient();
  const session = useSession();
  const [authMode, setAuthMode] = useState<AuthMode | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const preview = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => apiRequest<InvitationPreview>(`/api/invitations/${encodeURIComponent(token)}`),
    retry: false,
  });

  const accept = async () => {
    setBusy(true);
    setError(null);
    try {
      await apiRequest(`/api/invitations/${encodeURIComponent(token)}/accept`, { method: 'POST' });
      queryClient.clear();
      // A full page load: the dashboard starts afresh with the new organisation and role.
      window.location.assign('/dashboard');
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'The invitation could not be accepted. Please try again.');
      setBusy(false);
    }
  };

  // Only the first load shows the spinner: the session is fetched again after sign-up, and unmounting the page
  // then would lose the auth modal's state (the code step).
  if (preview.isPending || (session.isPending && session.data === undefined)) {
    return <FullPageSpinner label="Loading the invitation" />;
  }

  let body;
  if (preview.isError) {
    body = (
      <>
        <h1 className="font-display text-3xl tracking-wide">Invitation</h1>
        <p role="alert" className="text-sm font-medium text-danger">
          {preview.error instanceof ApiError ? preview.error.message : TEAM_MESSAGES.invitationNotFound}
        </p>
        <Link to="/" className={buttonClasses('small', 'secondary', 'self-start')}>
          Back to Marquee
        </Link>
      </>
    );
  } else {
    const invitation = preview.data;
    const signedInEmail = session.data?.user.email.toLowerCase();
    const role = TEAM_ROLE_LABELS[invitation.role];
    body = (
      <>
        <div className="flex flex-col gap-2">
          <p className="text-muted-foreground font-mono text-[11px] font-semibold tracking-wider uppercase">
            Team invitation
          </p>
          <h1 className="font-display text-3xl tracking-wide">Join {invitation.organization_name}</h1>
          <p className="text-muted-foreground text-sm">
            You are invited as <strong className="text-foreground">{role}</strong>:{' '}
            {TEAM_ROLE_DESCRIPTIONS[invitation.role].toLowerCase()}. The invitation is for{' '}
            <strong className="text-foreground">{invitation.email}</strong>.
          </p>
        </div>
        {!signedInEmail ? (
          <div className="flex flex-col gap-3">
            <Button onClick={() => setAuthMode('sign-up')}>Create account and join</Button>
            <Button variant="secondary" onClick={() => setAuthMode('sign-in')}>
              I have an account: sign in
            </Button>
          </div>
        ) : signedInEmail === invitation.email ? (
          <Button onClick={() => void accept()} disabled={busy}>
            {busy ? 'Joining...' : `Join ${invitation.organization_name}`}
          </Button>
        ) : (
          <div className="flex flex-col gap-3">
            <p role="alert" className="text-sm font-medium text-danger">
              You are signed in as {signedInEmail}. {TEAM_MESSAGES.wrongAccount(invitation.email)}
            </p>
            <Button
              variant="secondary"
              onClick={() => {
                void signOut().then(() => session.refetch());
              }}
            >
              Sign out
            </Button>
          </div>
        )}
        {error ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {error}
          </p>
        ) : null}
      </>
    );
  }

  return (
    <div className="bg-background text-foreground flex min-h-screen flex-col">
      <header className="border-border flex h-16 items-center border-b px-5">
        <Link to="/" className="font-display text-2xl tracking-wide">
          Marquee
        </Link>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 py-10 md:items-center">
        <section className="border-border bg-card flex w-full max-w-md flex-col gap-6 rounded-2xl border p-6">
          {body}
        </section>
      </main>
      {preview.data ? (
        <AuthModal
          open={authMode !== null}
          mode={authMode ?? 'sign-up'}
          onModeChange={setAuthMode}
          onClose={() => setAuthMode(null)}
          initialEmail={preview.data.email}
          socialReturnTo={`/invite/${encodeURIComponent(token)}`}
          onAuthenticated={accept}
        />
      ) : null}
    </div>
  );
}
