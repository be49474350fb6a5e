// The organisation's API keys (decision 150): listed, created (the secret comes back once) and revoked from the
// Integrations tab.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyCreate, ApiKeyCreated, ApiKeysList } from '@marquee/shared';
import { apiRequest } from '../../../lib/api-client';

export const apiKeysQuery = queryOptions({
  queryKey: ['integrations', 'api-keys'],
  queryFn: () => apiRequest<ApiKeysList>('/api/integrations/api-keys'),
});

export const useApiKeys = () => useQuery(apiKeysQuery);

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiKeyCreate) => apiRequest<ApiKeyCreated>('/api/integrations/api-keys', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQuery.queryKey }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<void>(`/api/integrations/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQuery.queryKey }),
  });
}
