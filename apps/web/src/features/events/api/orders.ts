// Orders endpoints for the event view: one event's orders (search and page), one order's detail, and its
// refunds (decision 032).
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderDetail, OrdersPage, RefundDecision, RefundInput } from '@marquee/shared';
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

/** Refund an order's tickets and/or an amount, or answer a fan's refund request; both answer with the order. */
export function useOrderRefunds(orderId: string) {
  const queryClient = useQueryClient();
  const settle = (order: OrderDetail) => {
    queryClient.setQueryData(orderQuery(orderId).queryKey, order);
    // The list's statuses and the figures move with a refund.
    void queryClient.invalidateQueries({ queryKey: ['event-orders', order.event.id] });
    void queryClient.invalidateQueries({ queryKey: ['event-settlement', order.event.id] });
    void queryClient.invalidateQueries({ queryKey: ['events'] });
  };
  const refund = useMutation({
    mutationFn: (body: RefundInput) =>
      apiRequest<OrderDetail>(`/api/orders/${encodeURIComponent(orderId)}/refunds`, { method: 'POST', body }),
    onSuccess: settle,
  });
  const decide = useMutation({
    mutationFn: ({ requestId, body }: { requestId: string; body: RefundDecision }) =>
      apiRequest<OrderDetail>(
        `/api/orders/${encodeURIComponent(orderId)}/refund-requests/${encodeURIComponent(requestId)}`,
        { method: 'POST', body },
      ),
    onSuccess: settle,
  });
  return { refund, decide };
}
