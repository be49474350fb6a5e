// Events: the spec's form rules and messages (section 5), and the API's request and response shapes, written
// once for the wizard and the server.
import { z } from 'zod';
import { CURRENCY_CODES } from './constants.js';
import { isValidLocalDateTime, localToInstant, MIN_LOCAL_YEAR } from './dates.js';
import { ticketPriceTooHigh, ticketPriceTooHighMessage } from './money.js';
import { isSupportedTimeZone, TIME_ZONE_MESSAGES } from './time-zones.js';
import { vatCategorySchema } from './vat-rates.js';

export const EVENT_NAME_MAX = 50;
export const EVENT_DESCRIPTION_MAX = 200;
export const EVENT_TERMS_MAX = 500;
export const MINIMUM_AGE_MAX = 99;
export const EVENT_WIZARD_STEPS = ['Information', 'Location', 'Tickets', 'Other'] as const;
export const DEFAULT_TICKET_TYPE_NAME = 'General Admission';

export const EVENT_MESSAGES = {
  artworkRequired: 'Event artwork is required',
  nameRequired: 'Event name is required',
  nameTooLong: 'Event name must be 50 characters or less',
  descriptionRequired: 'Event description is required',
  descriptionTooLong: 'Description must be 200 characters or less',
  locationRequired: 'Event location is required',
  startRequired: 'Start date/time is required',
  endRequired: 'End date/time is required',
  priceRequired: 'Ticket price is required',
  priceStep: 'Ticket price must be in steps of 0.01',
  capacityMin: 'Venue capacity cannot be negative',
  minimumAgeRange: 'Minimum age must be between 0 and 99',
  termsTooLong: 'Terms of service must be 500 characters or less',
  endBeforeStart: 'End date/time must be after the start',
  lastEntryOutside: 'Last entry must be between the start and end',
  startInPast: 'Start date/time cannot be in the past',
  endInPast: 'End date/time cannot be in the past',
  lastEntryInPast: 'Last entry cannot be in the past',
  timeZoneUnknown: TIME_ZONE_MESSAGES.unknown,
  yearTooEarly: 'Enter a date from the year 1900 onwards',
  unsavedChanges: 'You have unsaved changes. Are you sure you want to leave?',
} as const;

/** Local date-time as the picker outputs it: YYYY-MM-DDTHH:mm. */
export const LOCAL_DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
/** A decimal price as typed: digits with at most two decimals. */
export const PRICE_PATTERN = /^\d+(\.\d{1,2})?$/;

export const eventStatusSchema = z.enum(['draft', 'live', 'archived', 'cancelled']);
export type EventStatus = z.infer<typeof eventStatusSchema>;

/** The wizard's form, as the spec's Event form entity (strings where the inputs hold text). */
export interface EventFormValues {
  artworkUrl: string; // uploaded image URL ('' when none)
  eventName: string;
  eventDescription: string;
  eventLocation: string;
  startDateTime: string; // YYYY-MM-DDTHH:mm or ''
  endDateTime: string;
  lastEntry: string;
  /** IANA zone the three times above are wall-clock times in, e.g. Europe/London. */
  timeZone: string;
  lineup: string[];
  ticketCurrency: (typeof CURRENCY_CODES)[number];
  ticketPrice: string;
  /** 'Free event' (decision 124): the General Admission ticket is free, so there is no price to ask for. */
  freeEvent: boolean;
  venueCapacity: string; // '' = unlimited
  transferrable: boolean;
  refundsAllowed: boolean;
  soldOnEntry: boolean;
  minimumAge: string;
  removeOnEventEnd: boolean;
  termsOfService: string;
}

export const defaultEventFormValues = (
  currency: EventFormValues['ticketCurrency'] = 'GBP',
  timeZone = 'Europe/London',
): EventFormValues => ({
  artworkUrl: '',
  eventName: '',
  eventDescription: '',
  eventLocation: '',
  startDateTime: '',
  endDateTime: '',
  lastEntry: '',
  timeZone,
  lineup: [],
  ticketCurrency: currency,
  ticketPrice: '',
  freeEvent: false,
  venueCapacity: '',
  transferrable: false,
  refundsAllowed: true,
  soldOnEntry: true,
  minimumAge: '0',
  removeOnEventEnd: true,
  termsOfService: '',
});

export type EventFormErrors = Partial<Record<keyof EventFormValues, string>>;

/** The spec's per-step validation (steps 1 to 4), returning the message for each failing field. */
export function validateEventStep(step: 1 | 2 | 3 | 4, form: EventFormValues): EventFormErrors {
  const errors: EventFormErrors = {};
  if (step === 1) {
    if (!form.artworkUrl) errors.artworkUrl = EVENT_MESSAGES.artworkRequired;
    if (!form.eventName.trim()) errors.eventName = EVENT_MESSAGES.nameRequired;
    else if (form.eventName.length > EVENT_NAME_MAX) errors.eventName = EVENT_MESSAGES.nameTooLong;
    if (!form.eventDescription.trim()) errors.eventDescription = EVENT_MESSAGES.descriptionRequired;
    else if (form.eventDescription.length > EVENT_DESCRIPTION_MAX)
      errors.eventDescription = EVENT_MESSAGES.descriptionTooLong;
  } else if (step === 2) {
    if (!form.eventLocation.trim()) errors.eventLocation = EVENT_MESSAGES.locationRequired;
    if (!form.startDateTime) errors.startDateTime = EVENT_MESSAGES.startRequired;
    if (!form.endDateTime) errors.endDateTime = EVENT_MESSAGES.endRequired;
    if (!isSupportedTimeZone(form.timeZone)) errors.timeZone = EVENT_MESSAGES.timeZoneUnknown;
    Object.assign(errors, scheduleOrderErrors(form));
  } else if (step === 3) {
    const price = Number(form.ticketPrice);
    // A free event has no price to check (decision 124); a paid one keeps the spec's rule and message.
    const paid = !form.freeEvent;
    if (paid && (!form.ticketPrice.trim() || !Number.isFinite(price) || price <= 0))
      errors.ticketPrice = EVENT_MESSAGES.priceRequired;
    else if (paid && !PRICE_PATTERN.test(form.ticketPrice.trim())) errors.ticketPrice = EVENT_MESSAGES.priceStep;
    else if (paid && ticketPriceTooHigh(form.ticketPrice, form.ticketCurrency))
      errors.ticketPrice = ticketPriceTooHighMessage(form.ticketCurrency);
    if (
      form.venueCapacity.trim() !== '' &&
      !(Number.isInteger(Number(form.venueCapacity)) && Number(form.venueCapacity) >= 0)
    ) {
      errors.venueCapacity = EVENT_MESSAGES.capacityMin;
    }
  } else {
    const age = Number(form.minimumAge);
    if (form.minimumAge.trim() === '' || !Number.isInteger(age) || age < 0 || age > MINIMUM_AGE_MAX) {
      errors.minimumAge = EVENT_MESSAGES.minimumAgeRange;
    }
    if (form.termsOfService.length > EVENT_TERMS_MAX) errors.termsOfService = EVENT_MESSAGES.termsTooLong;
  }
  return errors;
}

type ScheduleFields = Pick<EventFormValues, 'startDateTime' | 'endDateTime' | 'lastEntry' | 'timeZone'>;

/**
 * The order of the times (all in one zone, so their text compares like the instants): the end after the start,
 * and the last entry no earlier than the start and no later than the end. Only times that are set are compared.
 */
export function scheduleOrderErrors(form: ScheduleFields): EventFormErrors {
  const errors: EventFormErrors = {};
  const { startDateTime: start, endDateTime: end, lastEntry } = form;
  if (start && end && end <= start) errors.endDateTime = EVENT_MESSAGES.endBeforeStart;
  if (lastEntry && ((start && lastEntry < start) || (end && lastEntry > end))) {
    errors.lastEntry = EVENT_MESSAGES.lastEntryOutside;
  }
  return errors;
}

const PAST_MESSAGES = {
  startDateTime: EVENT_MESSAGES.startInPast,
  endDateTime: EVENT_MESSAGES.endInPast,
  lastEntry: EVENT_MESSAGES.lastEntryInPast,
} as const;

/**
 * Times before the current minute, read in the form's zone: a new event cannot start, end or close its doors
 * in the past. `fields` limits the check (an edit checks only the times it changes).
 */
export function pastDateErrors(
  form: ScheduleFields,
  now: Date = new Date(),
  fields: Array<keyof typeof PAST_MESSAGES> = ['startDateTime', 'endDateTime', 'lastEntry'],
): EventFormErrors {
  const errors: EventFormErrors = {};
  if (!isSupportedTimeZone(form.timeZone)) return errors;
  const minute = Math.floor(now.getTime() / 60_000) * 60_000;
  for (const field of fields) {
    const local = form[field];
    if (local && isValidLocalDateTime(local) && localToInstant(local, form.timeZone).getTime() < minute) {
      errors[field] = PAST_MESSAGES[field];
    }
  }
  return errors;
}

export function validateEventForm(form: EventFormValues): EventFormErrors {
  return {
    ...validateEventStep(1, form),
    ...validateEventStep(2, form),
    ...validateEventStep(3, form),
    ...validateEventStep(4, form),
  };
}

const localDateTime = z
  .string()
  .regex(LOCAL_DATE_TIME_PATTERN, 'Use the format YYYY-MM-DDTHH:mm')
  // Years 0000-0099 would be stored as 1900-1999 (Date.UTC), so anything before 1900 is refused.
  .refine((value) => Number(value.slice(0, 4)) >= MIN_LOCAL_YEAR, EVENT_MESSAGES.yearTooEarly);

/**
 * The body of POST /api/events and PUT /api/events/:id. Drafts may be incomplete, so every field is optional
 * here; publishing checks completeness with validateEventForm on the stored event.
 */
export const eventInputSchema = z.object({
  artwork_url: z
    .string()
    .max(2048)
    .refine(
      (value) => value === '' || /^(https?:\/\/\S+|\/uploads\/[A-Za-z0-9/._-]+)$/.test(value),
      'Must be an uploaded image URL',
    )
    .optional(),
  name: z.string().max(EVENT_NAME_MAX, EVENT_MESSAGES.nameTooLong).optional(),
  description: z.string().max(EVENT_DESCRIPTION_MAX, EVENT_MESSAGES.descriptionTooLong).optional(),
  location: z.string().max(300).optional(),
  start_local: z.union([localDateTime, z.literal('')]).optional(),
  end_local: z.union([localDateTime, z.literal('')]).optional(),
  last_entry_local: z.union([localDateTime, z.literal('')]).optional(),
  /** IANA time zone the local times were entered in, e.g. Europe/London (one of supportedTimeZones()). */
  time_zone: z.string().min(1).max(64).optional(),
  lineup: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
  currency: z.enum(CURRENCY_CODES).optional(),
  /** Decimal text as typed, e.g. "12.50"; '' when not set yet. */
  price: z.union([z.string().regex(PRICE_PATTERN, EVENT_MESSAGES.priceStep), z.literal('')]).optional(),
  /**
   * 'Free event' (decision 124): true makes the General Admission ticket free (price 0, no booking fee); the price
   * must then be left out, '' or 0. Absent: unchanged.
   */
  free: z.boolean().optional(),
  /** null = unlimited */
  capacity: z.number().int().min(0, EVENT_MESSAGES.capacityMin).max(10_000_000).nullable().optional(),
  sold_on_entry: z.boolean().optional(),
  refunds_allowed: z.boolean().optional(),
  resale_allowed: z.boolean().optional(),
  remove_on_event_end: z.boolean().optional(),
  minimum_age: z
    .number()
    .int()
    .min(0, EVENT_MESSAGES.minimumAgeRange)
    .max(MINIMUM_AGE_MAX, EVENT_MESSAGES.minimumAgeRange)
    .optional(),
  terms_of_service: z.string().max(EVENT_TERMS_MAX, EVENT_MESSAGES.termsTooLong).optional(),
});
export type EventInput = z.infer<typeof eventInputSchema>;

export const ticketTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price_minor: z.number().int().nullable(),
  /** Pay what you want (decision 133): the least a fan pays (0 = any amount), price_minor the suggested; null = fixed. */
  minimum_price_minor: z.number().int().nullable(),
  currency: z.enum(CURRENCY_CODES),
  /** The type's own limit; null = none (the venue capacity still applies). */
  capacity: z.number().int().nullable(),
  /** Paid tickets */
  sold: z.number().int(),
  /** Tickets in checkout holds */
  held: z.number().int(),
  max_per_order: z.number().int(),
  hidden: z.boolean(),
  /** The VAT category its tickets sell in (decision 139). */
  vat_category: vatCategorySchema,
  sort: z.number().int(),
  /** The type's own sales window in the event's zone (null = the event's). */
  sales_start_local: z.string().nullable(),
  sales_end_local: z.string().nullable(),
});
export type TicketTypeDto = z.infer<typeof ticketTypeSchema>;

export const eventSchema = z.object({
  id: z.string(),
  status: eventStatusSchema,
  name: z.string(),
  /** The event page's address on the storefront: /events/{slug} (it follows the name; old ones redirect). */
  slug: z.string(),
  description: z.string(),
  artwork_url: z.string(),
  location: z.string(),
  start_local: z.string(),
  end_local: z.string(),
  last_entry_local: z.string(),
  time_zone: z.string(),
  /** ISO instants (null until set) */
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  last_entry_at: z.string().nullable(),
  lineup: z.array(z.string()),
  minimum_age: z.number().int(),
  terms_of_service: z.string(),
  sold_on_entry: z.boolean(),
  refunds_allowed: z.boolean(),
  resale_allowed: z.boolean(),
  remove_on_event_end: z.boolean(),
  /** The organiser pays the booking fee (decision 135); set with PUT /api/events/:id/booking-fee. */
  absorb_fee: z.boolean(),
  currency: z.enum(CURRENCY_CODES),
  /** Decimal text of the General Admission price ('' when not set, and for a free event) */
  price: z.string(),
  /** The General Admission ticket is free (decision 124). */
  free: z.boolean(),
  /** Venue capacity: caps all ticket types together; null = unlimited */
  capacity: z.number().int().nullable(),
  ticket_types: z.array(ticketTypeSchema),
  /** Tickets sold of all types: the tickets fans hold (decision 046), as every screen counts them */
  sold: z.number().int(),
  /** Tickets of all types in checkout holds */
  held: z.number().int(),
  revenue_minor: z.number().int(),
  public_url: z.string().nullable(),
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type EventDto = z.infer<typeof eventSchema>;

/**
 * An event as its card shows it on the events page and the dashboard home: the lists carry these, not whole
 * events, so a list of hundreds of events stays small (GET /api/events/:id has the rest).
 */
export const eventSummarySchema = eventSchema.pick({
  id: true,
  status: true,
  name: true,
  artwork_url: true,
  location: true,
  start_local: true,
  time_zone: true,
  starts_at: true,
  ends_at: true,
  currency: true,
  capacity: true,
  sold: true,
  revenue_minor: true,
  sold_on_entry: true,
  refunds_allowed: true,
  resale_allowed: true,
});
export type EventSummary = z.infer<typeof eventSummarySchema>;

/**
 * A dashboard figure. change: % against the previous period, or null when the previous period had nothing to
 * compare with (a first month: no '+100%'). label names the previous period ('last month').
 */
const metric = z.object({ value: z.number(), change: z.number().nullable(), label: z.string() });
export type Metric = z.infer<typeof metric>;

/** GET /api/events */
export const eventsListSchema = z.object({
  upcoming: z.array(eventSummarySchema),
  previous: z.array(eventSummarySchema),
  metrics: z.object({
    total_events: metric,
    event_tickets: metric,
    /** value in minor units of `currency` */
    event_revenue: metric,
    avg_attendance: metric,
    currency: z.enum(CURRENCY_CODES),
  }),
});
export type EventsList = z.infer<typeof eventsListSchema>;

/** GET /api/dashboard/overview */
export const dashboardOverviewSchema = z.object({
  metrics: z.object({
    total_revenue: metric,
    tickets_sold: metric,
    upcoming_events: metric,
    total_customers: metric,
    currency: z.enum(CURRENCY_CODES),
  }),
  upcoming: z.array(eventSummarySchema),
});
export type DashboardOverview = z.infer<typeof dashboardOverviewSchema>;
