// Route guards: the dashboard needs a session (others go to /) and an organisation (others go to
// /onboarding); onboarding needs a session and sends users who already finished it to /dashboard.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { TeamRole } from '@marquee/shared';
import { Navigate, useSearchParams } from 'react-router';
import { clearOnboardingProgress, isOnboardingInProgress } from '../../features/onboarding';
import { organizationInfoQuery } from '../../lib/organization-info';
import { useSession } from '../../lib/auth-client';

export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="bg-background flex min-h-screen items-center justify-center" role="status" aria-label={label}>
      <span className="border-primary h-8 w-8 animate-spin rounded-full border-2 border-t-transparent" />
    </div>
  );
}

export function RequireSession({ children }: { children: ReactNode }) {
  const { data, isPending } = useSession();
  if (isPending) return <FullPageSpinner />;
  if (!data) return <Navigate to="/" replace />;
  return children;
}

export function RequireOrganization({ children }: { children: ReactNode }) {
  const info = useQuery(organizationInfoQuery);
  if (info.isPending) return <FullPageSpinner />;
  if (info.data === null) return <Navigate to="/onboarding" replace />;
  return children;
}

export function OnboardingGate({ children }: { children: ReactNode }) {
  const [params] = useSearchParams();
  const info = useQuery(organizationInfoQuery);
  if (params.get('setup') === 'complete') {
    clearOnboardingProgress();
    return <Navigate to="/dashboard" replace />;
  }
  if (info.isPending) return <FullPageSpinner />;
  if (info.data && !isOnboardingInProgress(info.data.organization.id)) {
    clearOnboardingProgress();
    return <Navigate to="/dashboard" replace />;
  }
  return children;
}

/** A page only some roles may use (Billing: the owner); others are sent to the dashboard's home. */
export function RequireRole({ roles, children }: { roles: readonly TeamRole[]; children: ReactNode }) {
  const info = useQuery(organizationInfoQuery);
  if (info.isPending) return <FullPageSpinner />;
  const role = info.data?.organization.role;
  if (!role || !roles.includes(role)) return <Navigate to="/dashboard" replace />;
  return children;
}
