// The organisation's VAT settings (decision 138).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { VatSettings, VatSettingsInput } from '@marquee/shared';
import { apiRequest } from '../../../lib/api-client';

export const vatQuery = queryOptions({
  queryKey: ['org-vat'] as const,
  queryFn: ({ signal }) => apiRequest<VatSettings>('/api/org/vat', { signal }),
});

export function useSaveVat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VatSettingsInput) => apiRequest<VatSettings>('/api/org/vat', { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(vatQuery.queryKey, saved),
  });
}
