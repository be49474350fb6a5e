// The webhooks API as the Integrations tab calls it (decision 152): endpoints, their secret, test events and the
// delivery log with resend. One query key per endpoint list and per endpoint's log page.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookEventType } from '@marquee/shared';
import { apiRequest } from '../../../../lib/api-client';

export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string;
  event_types: WebhookEventType[];
  enabled: boolean;
  disabled_reason: 'failing' | null;
  failing_since: string | null;
  created_at: string;
}

export interface WebhookAttempt {
  attempted_at: string;
  status_code: number | null;
  response_body: string;
  duration_ms: number;
  error: string | null;
}

export interface WebhookDelivery {
  id: string;
  message_id: string;
  type: string;
  status: 'pending' | 'delivering' | 'succeeded' | 'failed';
  attempts: number;
  last_status_code: number | null;
  last_attempt_at: string | null;
  next_attempt_at: string | null;
  created_at: string;
  log: WebhookAttempt[];
}

export interface EndpointForm {
  url: string;
  description: string;
  event_types: WebhookEventType[];
  enabled: boolean;
}

const base = '/api/integrations/webhooks';
export const endpointsQuery = queryOptions({
  queryKey: ['webhooks', 'endpoints'],
  queryFn: () => apiRequest<{ endpoints: WebhookEndpoint[] }>(base),
});
export const deliveriesQuery = (id: string, page: number) =>
  queryOptions({
    queryKey: ['webhooks', 'deliveries', id, page],
    queryFn: () =>
      apiRequest<{ page: number; has_more: boolean; deliveries: WebhookDelivery[] }>(
        `${base}/${id}/deliveries?page=${page}`,
      ),
  });

export const fetchSecret = (id: string) => apiRequest<{ secret: string }>(`${base}/${id}/secret`);

export function useWebhookMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['webhooks'] });
  return {
    save: useMutation({
      mutationFn: ({ id, form }: { id: string | null; form: EndpointForm }) =>
        id
          ? apiRequest<WebhookEndpoint>(`${base}/${id}`, { method: 'PUT', body: form })
          : apiRequest<WebhookEndpoint & { secret: string }>(base, { method: 'POST', body: form }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => apiRequest<void>(`${base}/${id}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
    rotate: useMutation({
      mutationFn: (id: string) => apiRequest<{ secret: string }>(`${base}/${id}/rotate-secret`, { method: 'POST' }),
    }),
    test: useMutation({
      mutationFn: (id: string) => apiRequest<{ message_id: string }>(`${base}/${id}/test`, { method: 'POST' }),
      onSuccess: refresh,
    }),
    resend: useMutation({
      mutationFn: ({ id, deliveryId }: { id: string; deliveryId: string }) =>
        apiRequest<{ id: string }>(`${base}/${id}/deliveries/${deliveryId}/resend`, { method: 'POST' }),
      onSuccess: refresh,
    }),
  };
}
