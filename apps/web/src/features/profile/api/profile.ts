import { queryOptions } from '@tanstack/react-query';
import type { CustomDomainResponse, DomainStatusResponse, SaleEmails } from '@marquee/shared';
import { apiRequest } from '../../../lib/api-client';

export interface OrganizationSettings {
  company_name: string;
  contact_email: string;
  contact_phone: string;
  description: string;
  instagram_url: string;
  tiktok_url: string;
  x_url: string;
  facebook_url: string;
  resident_advisor_url: string;
  website_url: string;
  /** The organiser's own terms and privacy pages (https), linked from the storefront footer and checkout. */
  terms_url: string;
  privacy_url: string;
  primary_color: string;
  secondary_color: string;
  font_family: string;
  logo_url: string;
  cover_image_url: string;
  /** How the organiser is e-mailed about sales: each sale, a digest when sales are frequent, or none. */
  sale_emails: SaleEmails;
  /** IANA zone new events default to; null until set (the page then offers the browser's zone). */
  time_zone: string | null;
}

export const settingsQuery = queryOptions({
  queryKey: ['org', 'settings'],
  queryFn: () => apiRequest<OrganizationSettings>('/api/org/settings'),
});

export const saveSettings = (settings: OrganizationSettings) =>
  apiRequest<OrganizationSettings>('/api/org/settings', { method: 'PUT', body: settings });

export const saveCustomDomain = (customDomain: string | null) =>
  apiRequest<CustomDomainResponse>('/api/org/custom-domain', { method: 'PUT', body: { customDomain } });

export const verifyDomain = () => apiRequest<DomainStatusResponse>('/api/org/verify-domain', { method: 'POST' });

export const getDomainStatus = (signal?: AbortSignal) =>
  apiRequest<DomainStatusResponse>('/api/org/domain-status', { signal });

export const removeHostname = (hostname: string) =>
  apiRequest<{ removed: true; hostname: string }>('/api/org/remove-hostname', { method: 'DELETE', body: { hostname } });

export const setWizardCompletion = (completed: boolean) =>
  apiRequest<{ custom_domain_wizard_completed: 0 | 1 }>('/api/org/wizard-completion', {
    method: 'PUT',
    body: { completed },
  });
