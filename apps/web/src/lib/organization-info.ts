// The signed-in organiser's organisation (GET /api/org/info), read by the guards, the shell, onboarding,
// the profile and billing. One query, one cache entry.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from './api-client';

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
    default_currency: string;
    active_domain: string;
  };
}

/** The caller's organisation, or null when they have none yet. */
export const organizationInfoQuery = queryOptions({
  queryKey: ['org', 'info'],
  queryFn: async (): Promise<OrganizationInfo | null> => {
    try {
      return await apiRequest<OrganizationInfo>('/api/org/info');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'NO_ORGANIZATION') return null;
      throw error;
    }
  },
});

export function useOrganizationInfo() {
  return useQuery(organizationInfoQuery);
}
