// Who pays an event's booking fee (decision 135): the organiser's switch; the event is read again after it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingFeeSetting, BookingFeeSettingResult } from '@marquee/shared';
import { apiRequest } from '../../../lib/api-client';
import { eventKey } from './events';

export function useSaveBookingFee(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BookingFeeSetting) =>
      apiRequest<BookingFeeSettingResult>(`/api/events/${encodeURIComponent(eventId)}/booking-fee`, {
        method: 'PUT',
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKey(eventId) }),
  });
}
