// New Event (/dashboard/events/new): the wizard on the spec's defaults, in the organisation's currency and
// time zone when the caller passes them (else the browser's zone).
import { defaultEventFormValues, type CurrencyCode } from '@marquee/shared';
import { browserTimeZone } from '../../../lib/time-zone';
import { EventWizard } from './event-wizard';

export function NewEventPage({ defaultCurrency, timeZone }: { defaultCurrency?: CurrencyCode; timeZone?: string }) {
  return <EventWizard mode="new" initial={defaultEventFormValues(defaultCurrency, timeZone ?? browserTimeZone())} />;
}
