// Customers endpoints: the list (search, sort, page), one customer's detail, the CSV export's address and the
// right-to-erasure delete, which refreshes the list and the dashboard home's figures.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { CUSTOMER_DELETE_WORD, type CustomerColumnKey, type CustomerDetail, type CustomersPage } from '@marquee/shared';
import { apiRequest } from '../../../lib/api-client';

export const customersKey = ['customers'] as const;

export interface CustomersListParams {
  search: string;
  sort: CustomerColumnKey;
  direction: 'asc' | 'desc';
  page: number;
}

export const customersQuery = (params: CustomersListParams) =>
  queryOptions({
    queryKey: [...customersKey, 'list', params] as const,
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ sort: params.sort, direction: params.direction, page: String(params.page) });
      if (params.search) query.set('search', params.search);
      return apiRequest<CustomersPage>(`/api/customers?${query}`, { signal });
    },
    // The table keeps the last page on screen while the next search, sort or page loads.
    placeholderData: keepPreviousData,
  });

export const customerQuery = (id: string) =>
  queryOptions({
    queryKey: [...customersKey, 'detail', id] as const,
    queryFn: ({ signal }) => apiRequest<CustomerDetail>(`/api/customers/${encodeURIComponent(id)}`, { signal }),
  });

/** The CSV of the current search; a plain link, so the browser streams the download. */
export function customersExportUrl(search: string): string {
  return search ? `/api/customers/export?${new URLSearchParams({ search })}` : '/api/customers/export';
}

export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ id: string; erased_orders: number }>(`/api/customers/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        body: { confirm: CUSTOMER_DELETE_WORD },
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: customersKey }),
        // The dashboard home's Total Customers (its query key is ['dashboard', 'overview']).
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]),
  });
}
