// The organisation's VAT registration (decisions 138, 139), read by the Profile page's VAT card and by the
// ticket-type and add-on dialogs (which offer a VAT category only while the organisation is registered).
import { queryOptions } from '@tanstack/react-query';
import type { VatSettings } from '@marquee/shared';
import { apiRequest } from './api-client';

export const vatQuery = queryOptions({
  queryKey: ['org-vat'] as const,
  queryFn: ({ signal }) => apiRequest<VatSettings>('/api/org/vat', { signal }),
});
