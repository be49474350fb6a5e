// The embeddable checkout's settings (GET/PUT /api/integrations/embed, decision 153), for the Embed section.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmbedOriginsBody, EmbedSettings } from '@marquee/shared';
import { apiRequest } from '../../../../lib/api-client';

export const embedQuery = queryOptions({
  queryKey: ['integrations', 'embed'],
  queryFn: () => apiRequest<EmbedSettings>('/api/integrations/embed'),
});

export function useEmbedSettings() {
  return useQuery(embedQuery);
}

export function useSaveEmbedOrigins() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmbedOriginsBody) =>
      apiRequest<EmbedSettings>('/api/integrations/embed', { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(embedQuery.queryKey, saved),
  });
}
