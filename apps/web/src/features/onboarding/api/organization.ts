import type { CheckSubdomainResponse, CurrencyCode } from '@marquee/shared';
import { apiRequest } from '../../../lib/api-client';

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
