// On the event page: a link to the waiting list while the event or a type is sold out (decision 035).
import type { StorefrontEvent } from '../modules/checkout/storefront-event.js';
import { waitlistLink } from '../modules/resale/waitlist.service.js';

export function WaitlistCallout({ stored }: { stored: StorefrontEvent }) {
  const link = waitlistLink(stored);
  if (!link.open) return null;
  const all = link.soldOutTypeIds.length === stored.types.filter((type) => type.sale === 'open').length;
  return (
    <section className="waitlist" aria-labelledby="waitlist-title">
      <h2 id="waitlist-title">Waiting list</h2>
      <p>
        {`${all ? 'Sold out?' : 'Some tickets are sold out.'} Join the waiting list: when tickets come back, the first in line gets an e-mail offer that holds them for 12 hours.`}
      </p>
      <p>
        <a className="button secondary" href={link.url}>
          Join the waiting list
        </a>
      </p>
    </section>
  );
}
