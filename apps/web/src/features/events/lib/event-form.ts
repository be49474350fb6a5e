// The wizard's form and the API: turning form values into the request body, a stored event back into form
// values, server field errors into form errors, and the unsaved-changes comparison.
import {
  pastDateErrors,
  validateEventForm,
  type EventDto,
  type EventFormErrors,
  type EventFormValues,
  type EventInput,
} from '@marquee/shared';

export type EventFormField = keyof EventFormValues;
export type WizardStep = 1 | 2 | 3 | 4;

export const FIELD_STEP: Record<EventFormField, WizardStep> = {
  artworkUrl: 1,
  eventName: 1,
  eventDescription: 1,
  lineup: 1,
  eventLocation: 2,
  startDateTime: 2,
  endDateTime: 2,
  lastEntry: 2,
  timeZone: 2,
  ticketCurrency: 3,
  ticketPrice: 3,
  freeEvent: 3,
  venueCapacity: 3,
  transferrable: 3,
  refundsAllowed: 3,
  soldOnEntry: 3,
  minimumAge: 4,
  removeOnEventEnd: 4,
  termsOfService: 4,
};

/** Request body field (snake_case) to form field, for the server's VALIDATION_ERROR `fields`. */
const INPUT_FIELD: Record<keyof EventInput, EventFormField | null> = {
  artwork_url: 'artworkUrl',
  name: 'eventName',
  description: 'eventDescription',
  location: 'eventLocation',
  start_local: 'startDateTime',
  end_local: 'endDateTime',
  last_entry_local: 'lastEntry',
  time_zone: 'timeZone',
  lineup: 'lineup',
  currency: 'ticketCurrency',
  price: 'ticketPrice',
  free: 'freeEvent',
  capacity: 'venueCapacity',
  sold_on_entry: 'soldOnEntry',
  refunds_allowed: 'refundsAllowed',
  resale_allowed: 'transferrable',
  remove_on_event_end: 'removeOnEventEnd',
  minimum_age: 'minimumAge',
  terms_of_service: 'termsOfService',
};

/** The body of POST /api/events and PUT /api/events/:id. */
export function toEventInput(form: EventFormValues): EventInput {
  const capacity = form.venueCapacity.trim();
  const minimumAge = form.minimumAge.trim();
  const input: EventInput = {
    artwork_url: form.artworkUrl,
    name: form.eventName.trim(),
    description: form.eventDescription.trim(),
    location: form.eventLocation.trim(),
    start_local: form.startDateTime,
    end_local: form.endDateTime,
    last_entry_local: form.lastEntry,
    time_zone: form.timeZone,
    lineup: form.lineup,
    currency: form.ticketCurrency,
    // A free event has no price (decision 124): what was typed before the switch went on is not sent.
    price: form.freeEvent ? '' : form.ticketPrice.trim(),
    free: form.freeEvent,
    capacity: capacity === '' ? null : Number(capacity),
    sold_on_entry: form.soldOnEntry,
    refunds_allowed: form.refundsAllowed,
    resale_allowed: form.transferrable,
    remove_on_event_end: form.removeOnEventEnd,
    terms_of_service: form.termsOfService,
  };
  // An empty age is only possible in a draft; leave the stored value alone rather than send null.
  if (minimumAge !== '') input.minimum_age = Number(minimumAge);
  return input;
}

export function eventToFormValues(event: EventDto): EventFormValues {
  return {
    artworkUrl: event.artwork_url,
    eventName: event.name,
    eventDescription: event.description,
    eventLocation: event.location,
    startDateTime: event.start_local,
    endDateTime: event.end_local,
    lastEntry: event.last_entry_local,
    timeZone: event.time_zone,
    lineup: [...event.lineup],
    ticketCurrency: event.currency,
    ticketPrice: event.price,
    freeEvent: event.free,
    venueCapacity: event.capacity === null ? '' : String(event.capacity),
    transferrable: event.resale_allowed,
    refundsAllowed: event.refunds_allowed,
    soldOnEntry: event.sold_on_entry,
    minimumAge: String(event.minimum_age),
    removeOnEventEnd: event.remove_on_event_end,
    termsOfService: event.terms_of_service,
  };
}

/** Fields whose value differs between the two forms (the unsaved-changes guard). */
export function changedFields(current: EventFormValues, baseline: EventFormValues): EventFormField[] {
  return (Object.keys(baseline) as EventFormField[]).filter((field) => {
    const a = current[field];
    const b = baseline[field];
    if (Array.isArray(a) && Array.isArray(b))
      return a.length !== b.length || a.some((item, index) => item !== b[index]);
    return a !== b;
  });
}

export function isFormDirty(current: EventFormValues, baseline: EventFormValues): boolean {
  return changedFields(current, baseline).length > 0;
}

/**
 * What stops a draft from being saved: a draft may leave fields empty, but what is filled in must be
 * well-formed (a price in steps of 0.01, a capacity of 0 or more, an age of 0 to 99, the length limits).
 */
export function draftProblems(form: EventFormValues): EventFormErrors {
  const errors = validateEventForm(form);
  const result: EventFormErrors = {};
  for (const field of Object.keys(errors) as EventFormField[]) {
    const value = form[field];
    const isEmpty = typeof value === 'string' ? value.trim() === '' : false;
    if (!isEmpty) result[field] = errors[field];
  }
  return result;
}

const TIME_FIELDS = ['startDateTime', 'endDateTime', 'lastEntry'] as const;

/**
 * Times in the past the server would refuse: every time of a new event; of an edit only the times (or the
 * zone) it changes, so an event that has begun can still be edited.
 */
export function pastProblems(
  form: EventFormValues,
  baseline: EventFormValues | null,
  now = new Date(),
): EventFormErrors {
  const fields = TIME_FIELDS.filter(
    (field) => !baseline || form[field] !== baseline[field] || form.timeZone !== baseline.timeZone,
  );
  return pastDateErrors(form, now, [...fields]);
}

/** The first step that has an error (steps in order), or null. */
export function firstStepWithError(errors: EventFormErrors): WizardStep | null {
  const steps = (Object.keys(errors) as EventFormField[]).map((field) => FIELD_STEP[field]);
  return steps.length ? (Math.min(...steps) as WizardStep) : null;
}

/** The server's field errors (paths such as 'price' or 'lineup.0') as form errors; the rest are left out. */
export function serverFieldErrors(fields: Array<{ path: string; message: string }> | undefined): EventFormErrors {
  const errors: EventFormErrors = {};
  for (const { path, message } of fields ?? []) {
    const key = path.split(/[.[]/)[0] as keyof EventInput;
    const field = INPUT_FIELD[key];
    if (field && !errors[field]) errors[field] = message;
  }
  return errors;
}
