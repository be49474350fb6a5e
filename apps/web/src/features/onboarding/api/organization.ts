import { queryOptions } from '@tanstack/react-query';
import type { CheckSubdomainResponse, CurrencyCode } from '@marquee/shared';
import { ApiError, apiRequest } from '../../../lib/api-client';

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

export const checkSubdomain = (subdomain: string, signal?: AbortSignal) =>
  apiRequest<CheckSubdomainResponse>('/api/org/check-subdomain', { method: 'POST', body: { subdomain }, signal });

export const createOrganization = (body: { company_name: string; subdomain: string; default_currency: CurrencyCode }) =>
  apiRequest<{ organization: { id: string; subdomain: string } }>('/api/org/create', { method: 'POST', body });

export const provisionDns = (body: { subdomain: string; organization_id: string }) =>
  apiRequest<{ success: true }>('/api/dns/provision', { method: 'POST', body });

export interface OrganizationSettings {
  company_name: string;
  [field: string]: string;
}

export async function saveBrandImage(url: string) {
  const settings = await apiRequest<OrganizationSettings>('/api/org/settings');
  return apiRequest<OrganizationSettings>('/api/org/settings', { method: 'PUT', body: { ...settings, logo_url: url } });
}

export const createConnectAccount = (body: { refresh_url: string; return_url: string }) =>
  apiRequest<{ account_link_url: string }>('/api/stripe/create-connect-account', { method: 'POST', body });
