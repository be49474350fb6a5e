// The organisation's VAT settings (decisions 138, 139): saved by the Profile page's VAT card.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VatSettings, VatSettingsInput } from '@marquee/shared';
import { apiRequest } from '../../../lib/api-client';
import { vatQuery } from '../../../lib/vat';

export { vatQuery };

export function useSaveVat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VatSettingsInput) => apiRequest<VatSettings>('/api/org/vat', { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(vatQuery.queryKey, saved),
  });
}
