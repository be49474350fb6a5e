// The signed-in organiser's organisation (GET /api/org/info), read by the guards, the shell, onboarding,
// the profile and billing. One query, one cache entry.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamRole } from '@marquee/shared';
import { apiRequest } from './api-client';

export interface OrganizationInfo {
  organization: {
    id: string;
    name: string;
    image: string | null;
    subdomain: string;
    custom_domain: string | null;
    custom_domain_verified: 0 | 1;
    custom_domain_wizard_completed: 0 | 1;
    stripe_account_id: string | null;
    /** The payout account has finished the provider's onboarding (an account alone is not enough). */
    payouts_enabled: boolean;
    default_currency: string;
    /** IANA zone new events default to; null until the profile or the first event sets it. */
    time_zone: string | null;
    active_domain: string;
    /** The caller's role: the dashboard shows each role only what it may use. */
    role: TeamRole;
  };
}

/** The caller's organisation, or null when they have none yet. */
export const organizationInfoQuery = queryOptions({
  queryKey: ['org', 'info'],
  queryFn: async (): Promise<OrganizationInfo | null> => {
    const info = await apiRequest<{ organization: OrganizationInfo['organization'] | null }>('/api/org/info');
    return info.organization ? { organization: info.organization } : null;
  },
});

export function useOrganizationInfo() {
  return useQuery(organizationInfoQuery);
}

/** The signed-in member's role in their organisation, or undefined while loading / without one. */
export function useOrganizationRole(): TeamRole | undefined {
  return useOrganizationInfo().data?.organization.role;
}
