// An event's editable state in the wizard's terms (local times, a decimal price) with its General Admission
// ticket: read from the rows, merged with a request's fields, checked for what a draft must always satisfy and for
// the spec's completeness rules, and turned back into what the rows store.
import {
  currentTimeZoneName,
  EVENT_MESSAGES,
  FREE_MESSAGES,
  isFreePrice,
  isValidLocalDateTime,
  isValidTimeZone,
  localToInstant,
  validateEventForm,
  fromMinorUnits,
  ticketPriceTooHigh,
  ticketPriceTooHighMessage,
  type CurrencyCode,
  type EventFormValues,
  type EventInput,
} from '@marquee/shared';
import type { event } from '../../db/schema/index.js';
import { AppError, type FieldError } from '../../lib/errors.js';
import { decimalToMinor } from './events.money.js';
import { localOf, type EventRow, type TicketTypeRow } from './events.rows.js';

/** The wizard's form field -> the API's field name, so publish and edit refusals name the request's fields. */
export const FORM_TO_INPUT_FIELD: Record<keyof EventFormValues, keyof EventInput> = {
  artworkUrl: 'artwork_url',
  eventName: 'name',
  eventDescription: 'description',
  eventLocation: 'location',
  startDateTime: 'start_local',
  endDateTime: 'end_local',
  lastEntry: 'last_entry_local',
  timeZone: 'time_zone',
  lineup: 'lineup',
  ticketCurrency: 'currency',
  ticketPrice: 'price',
  freeEvent: 'free',
  venueCapacity: 'capacity',
  transferrable: 'resale_allowed',
  refundsAllowed: 'refunds_allowed',
  soldOnEntry: 'sold_on_entry',
  minimumAge: 'minimum_age',
  removeOnEventEnd: 'remove_on_event_end',
  termsOfService: 'terms_of_service',
};

/** The editable state of an event with its General Admission ticket, in the wizard's terms (local times). */
export interface EventState {
  name: string;
  description: string;
  artworkUrl: string;
  location: string;
  startLocal: string;
  endLocal: string;
  lastEntryLocal: string;
  timeZone: string;
  lineup: string[];
  currency: CurrencyCode;
  price: string;
  /** The General Admission ticket is free (decision 124): stored as price 0; `price` is then ''. */
  free: boolean;
  capacity: number | null;
  soldOnEntry: boolean;
  refundsAllowed: boolean;
  resaleAllowed: boolean;
  removeOnEventEnd: boolean;
  minimumAge: number;
  termsOfService: string;
}

export function stateFromRows(
  row: EventRow,
  general: TicketTypeRow | undefined,
  fallbackCurrency: CurrencyCode,
): EventState {
  const currency = (general?.currency as CurrencyCode | undefined) ?? fallbackCurrency;
  return {
    name: row.name,
    description: row.description,
    artworkUrl: row.artworkUrl,
    location: row.location,
    startLocal: localOf(row.startsAt, row.timeZone),
    endLocal: localOf(row.endsAt, row.timeZone),
    lastEntryLocal: localOf(row.lastEntryAt, row.timeZone),
    timeZone: row.timeZone,
    lineup: row.lineup,
    currency,
    price:
      general?.priceMinor == null || isFreePrice(general.priceMinor)
        ? ''
        : fromMinorUnits(general.priceMinor, currency),
    free: isFreePrice(general?.priceMinor),
    capacity: row.capacity,
    soldOnEntry: row.soldOnEntry,
    refundsAllowed: row.refundsAllowed,
    resaleAllowed: row.resaleAllowed,
    removeOnEventEnd: row.removeOnEventEnd,
    minimumAge: row.minimumAge,
    termsOfService: row.termsOfService,
  };
}

/** The request's fields over the stored state; a time zone change keeps the wall-clock times as entered. */
export function mergeInput(state: EventState, input: EventInput): EventState {
  const pick = <K extends keyof EventInput, T>(
    key: K,
    current: T,
    map: (value: NonNullable<EventInput[K]>) => T = (value) => value as T,
  ) => (input[key] === undefined ? current : map(input[key] as NonNullable<EventInput[K]>));
  return {
    name: pick('name', state.name, (value) => value.trim()),
    description: pick('description', state.description),
    artworkUrl: pick('artwork_url', state.artworkUrl),
    location: pick('location', state.location, (value) => value.trim()),
    startLocal: pick('start_local', state.startLocal),
    endLocal: pick('end_local', state.endLocal),
    lastEntryLocal: pick('last_entry_local', state.lastEntryLocal),
    // An old zone name ('Europe/Kiev') is the same zone as the current one it is stored under.
    timeZone: pick('time_zone', state.timeZone, currentTimeZoneName),
    lineup: pick('lineup', state.lineup),
    currency: pick('currency', state.currency),
    // Turning 'Free event' on drops the stored price; a price sent with it is checked by toPersistable.
    price: input.free === true && input.price === undefined ? '' : pick('price', state.price),
    free: pick('free', state.free),
    capacity: input.capacity === undefined ? state.capacity : input.capacity,
    soldOnEntry: pick('sold_on_entry', state.soldOnEntry),
    refundsAllowed: pick('refunds_allowed', state.refundsAllowed),
    resaleAllowed: pick('resale_allowed', state.resaleAllowed),
    removeOnEventEnd: pick('remove_on_event_end', state.removeOnEventEnd),
    minimumAge: pick('minimum_age', state.minimumAge),
    termsOfService: pick('terms_of_service', state.termsOfService),
  };
}

export function toFormValues(state: EventState): EventFormValues {
  return {
    artworkUrl: state.artworkUrl,
    eventName: state.name,
    eventDescription: state.description,
    eventLocation: state.location,
    startDateTime: state.startLocal,
    endDateTime: state.endLocal,
    lastEntry: state.lastEntryLocal,
    timeZone: state.timeZone,
    lineup: state.lineup,
    ticketCurrency: state.currency,
    ticketPrice: state.price,
    freeEvent: state.free,
    venueCapacity: state.capacity === null ? '' : String(state.capacity),
    transferrable: state.resaleAllowed,
    refundsAllowed: state.refundsAllowed,
    soldOnEntry: state.soldOnEntry,
    minimumAge: String(state.minimumAge),
    removeOnEventEnd: state.removeOnEventEnd,
    termsOfService: state.termsOfService,
  };
}

/** The spec's full form validation (all four steps), as API field errors. */
export function completenessErrors(state: EventState): FieldError[] {
  const errors = validateEventForm(toFormValues(state));
  return Object.entries(errors).map(([key, message]) => ({
    path: FORM_TO_INPUT_FIELD[key as keyof EventFormValues],
    message: message as string,
  }));
}

export function validationError(prefix: string, fields: FieldError[]): AppError {
  return new AppError('VALIDATION_ERROR', `${prefix}: ${fields.map((field) => field.message).join('; ')}`, fields);
}

export interface Persistable {
  event: Omit<typeof event.$inferInsert, 'id' | 'organizationId' | 'status' | 'slug'>;
  ticket: { priceMinor: number | null; currency: CurrencyCode };
}

/** Checks what a draft must always satisfy (real dates, a known zone, a price the currency can hold). */
export function toPersistable(state: EventState): Persistable {
  const fields: FieldError[] = [];
  if (!isValidTimeZone(state.timeZone)) fields.push({ path: 'time_zone', message: EVENT_MESSAGES.timeZoneUnknown });
  const instant = (local: string, path: string) => {
    if (!local) return null;
    if (!isValidLocalDateTime(local)) {
      fields.push({ path, message: 'Not a real date and time' });
      return null;
    }
    return isValidTimeZone(state.timeZone) ? localToInstant(local, state.timeZone) : null;
  };
  const startsAt = instant(state.startLocal, 'start_local');
  const endsAt = instant(state.endLocal, 'end_local');
  const lastEntryAt = instant(state.lastEntryLocal, 'last_entry_local');
  let priceMinor: number | null = null;
  if (state.free) {
    // A free ticket is price 0 and nothing else: a price sent with 'free' is a contradiction, not a choice.
    if (state.price !== '' && decimalToMinor(state.price, state.currency) !== 0)
      fields.push({ path: 'price', message: FREE_MESSAGES.priceOnFree });
    priceMinor = 0;
  } else if (state.price !== '') {
    priceMinor = decimalToMinor(state.price, state.currency);
    if (priceMinor === null) {
      fields.push({
        path: 'price',
        message: state.currency === 'JPY' ? 'JPY prices have no decimals' : EVENT_MESSAGES.priceStep,
      });
    } else if (ticketPriceTooHigh(state.price, state.currency)) {
      fields.push({ path: 'price', message: ticketPriceTooHighMessage(state.currency) });
    } else if (priceMinor === 0) {
      // 0 is a free ticket's price, stored only when the event says so (decision 124): a paid ticket needs one.
      fields.push({ path: 'price', message: EVENT_MESSAGES.priceRequired });
    }
  }
  if (fields.length > 0) throw validationError('Invalid event', fields);
  return {
    event: {
      name: state.name,
      description: state.description,
      artworkUrl: state.artworkUrl,
      location: state.location,
      startsAt,
      endsAt,
      lastEntryAt,
      timeZone: state.timeZone,
      lineup: state.lineup,
      minimumAge: state.minimumAge,
      termsOfService: state.termsOfService,
      soldOnEntry: state.soldOnEntry,
      refundsAllowed: state.refundsAllowed,
      resaleAllowed: state.resaleAllowed,
      removeOnEventEnd: state.removeOnEventEnd,
      capacity: state.capacity,
    },
    ticket: { priceMinor, currency: state.currency },
  };
}
