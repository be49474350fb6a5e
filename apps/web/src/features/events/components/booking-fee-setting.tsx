// The Tickets section's switch for who pays the booking fee (decision 135): fans on top of the price, or the
// organiser out of the payout. Once the event has sold, the hint says plainly that a change is for new orders only;
// the answer's message says what happened, and is announced.
import { useState } from 'react';
import { BOOKING_FEE_TEXT, type EventDto } from '@marquee/shared';
import { Switch } from '../../../components/ui/switch';
import { ApiError } from '../../../lib/api-client';
import { useSaveBookingFee } from '../api/booking-fee';

export function BookingFeeSetting({ event }: { event: EventDto }) {
  const save = useSaveBookingFee(event.id);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const sold = event.ticket_types.some((type) => type.sold > 0 || type.held > 0);
  const hint = sold ? `${BOOKING_FEE_TEXT.absorbHint} ${BOOKING_FEE_TEXT.futureOnly}` : BOOKING_FEE_TEXT.absorbHint;
  const change = (absorb: boolean) => {
    if (save.isPending) return;
    setError(null);
    setMessage(null);
    save.mutate(
      { absorb_fee: absorb },
      {
        onSuccess: (result) => setMessage(result.message),
        onError: (caught) =>
          setError(
            caught instanceof ApiError && caught.status < 500
              ? caught.message
              : 'Something went wrong. Please try again.',
          ),
      },
    );
  };
  return (
    <div className="flex flex-col gap-2">
      <Switch
        id={`absorb-fee-${event.id}`}
        label={BOOKING_FEE_TEXT.absorbLabel}
        checked={event.absorb_fee}
        onChange={change}
        hint={hint}
      />
      <p role="status" className="text-muted-foreground text-sm empty:hidden">
        {message}
      </p>
      {error ? (
        <p role="alert" className="text-danger text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
