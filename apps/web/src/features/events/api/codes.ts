// Codes and sales settings endpoints for the event view: the event's sales window and limits, its access and
// promo codes (list with uses and revenue, create, disable/enable) and a batch's CSV export address.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CodeDto, CodeInput, SalesSettings, SalesSettingsInput } from '@marquee/shared';
import { apiRequest } from '../../../lib/api-client';

const base = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}`;

export const salesSettingsQuery = (eventId: string) =>
  queryOptions({
    queryKey: ['event-sales', eventId] as const,
    queryFn: ({ signal }) => apiRequest<SalesSettings>(`${base(eventId)}/sales`, { signal }),
  });

export const eventCodesQuery = (eventId: string) =>
  queryOptions({
    queryKey: ['event-codes', eventId] as const,
    queryFn: ({ signal }) => apiRequest<{ codes: CodeDto[] }>(`${base(eventId)}/codes`, { signal }),
  });

export const codeBatchExportUrl = (eventId: string, batchId: string) =>
  `${base(eventId)}/code-batches/${encodeURIComponent(batchId)}/export`;

export function useSaveSalesSettings(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SalesSettingsInput) =>
      apiRequest<SalesSettings>(`${base(eventId)}/sales`, { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(salesSettingsQuery(eventId).queryKey, saved),
  });
}

export function useCreateCode(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CodeInput) => apiRequest<CodeDto>(`${base(eventId)}/codes`, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventCodesQuery(eventId).queryKey }),
  });
}

export function useSetCodeDisabled(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ codeId, disabled }: { codeId: string; disabled: boolean }) =>
      apiRequest<CodeDto>(`${base(eventId)}/codes/${encodeURIComponent(codeId)}`, {
        method: 'PATCH',
        body: { disabled },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventCodesQuery(eventId).queryKey }),
  });
}
