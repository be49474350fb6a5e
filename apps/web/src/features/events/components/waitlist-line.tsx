// The waiting list's line on the event page: how many fans wait (and for how many tickets) and how many offers
// are out; fans join it from the storefront once the event or a ticket type is sold out (decision 035).
import { useQuery } from '@tanstack/react-query';
import { waitlistQuery } from '../api/waitlist';

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;

export function WaitlistLine({ eventId }: { eventId: string }) {
  const counts = useQuery(waitlistQuery(eventId));
  if (!counts.data) return null;
  const { waiting, waiting_tickets: tickets, offered } = counts.data;
  return (
    <p className="text-muted-foreground text-sm" data-testid="waitlist-count">
      <span className="text-foreground font-medium">Waiting list:</span>{' '}
      {waiting === 0 && offered === 0
        ? 'nobody waiting'
        : `${plural(waiting, 'fan', 'fans')} waiting (${plural(tickets, 'ticket', 'tickets')})${
            offered > 0 ? ` · ${plural(offered, 'offer', 'offers')} out` : ''
          }`}
    </p>
  );
}
