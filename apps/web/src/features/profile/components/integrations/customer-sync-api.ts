// Customer Sync's API calls and queries (decision 155): the overview, the Mailchimp audiences, and the changes.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CrmOverview, CrmProviderName } from '@marquee/shared';
import { apiRequest } from '../../../../lib/api-client';

const base = '/api/integrations/crm';

export const crmOverviewQuery = queryOptions({
  queryKey: ['integrations', 'crm'],
  queryFn: () => apiRequest<CrmOverview>(base),
  // The log moves while a sync runs in the background.
  refetchInterval: 5000,
});

export const useCrmOverview = () => useQuery(crmOverviewQuery);

export const useAudiences = (enabled: boolean) =>
  useQuery({
    queryKey: ['integrations', 'crm', 'audiences'],
    queryFn: () => apiRequest<{ audiences: Array<{ id: string; name: string }> }>(`${base}/mailchimp/audiences`),
    enabled,
  });

export function useCrmChange<T>(call: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: ['integrations', 'crm'] }),
  });
}

export const crmCalls = {
  connectKey: ({ provider, key }: { provider: CrmProviderName; key: string }) =>
    apiRequest(`${base}/${provider}/key`, { method: 'POST', body: { key } }),
  startOAuth: (provider: CrmProviderName) =>
    apiRequest<{ url: string }>(`${base}/${provider}/oauth`, { method: 'POST', body: {} }),
  chooseAudience: (audienceId: string) =>
    apiRequest(`${base}/mailchimp/audience`, { method: 'PUT', body: { audience_id: audienceId } }),
  syncNow: (provider: CrmProviderName) => apiRequest(`${base}/${provider}/sync`, { method: 'POST', body: {} }),
  disconnect: (provider: CrmProviderName) => apiRequest(`${base}/${provider}`, { method: 'DELETE' }),
};
