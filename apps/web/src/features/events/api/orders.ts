// Orders endpoints for the event view: one event's orders (search and page) and one order's detail.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { OrderDetail, OrdersPage } from '@marquee/shared';
import { apiRequest } from '../../../lib/api-client';

export const eventOrdersQuery = (eventId: string, search: string, page: number) =>
  queryOptions({
    // Not under ['events']: invalidating the events (e.g. after deleting a draft) must not refetch its orders.
    queryKey: ['event-orders', eventId, { search, page }] as const,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(page) });
      if (search) params.set('search', search);
      return apiRequest<OrdersPage>(`/api/events/${encodeURIComponent(eventId)}/orders?${params}`, { signal });
    },
    // The table keeps the last page on screen while the next search or page loads.
    placeholderData: keepPreviousData,
  });

export const orderQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['orders', orderId] as const,
    queryFn: ({ signal }) => apiRequest<OrderDetail>(`/api/orders/${encodeURIComponent(orderId)}`, { signal }),
  });
