// New Event (/dashboard/events/new): the wizard on the spec's defaults, in the organisation's currency
// when the caller passes it.
import { defaultEventFormValues, type CurrencyCode } from '@marquee/shared';
import { EventWizard } from './event-wizard';

export function NewEventPage({ defaultCurrency }: { defaultCurrency?: CurrencyCode }) {
  return <EventWizard mode="new" initial={defaultEventFormValues(defaultCurrency)} />;
}
