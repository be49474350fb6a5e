import { describe, expect, it } from 'vitest';
import {
  defaultEventFormValues,
  eventInputSchema,
  EVENT_MESSAGES,
  validateEventStep,
  type EventDto,
  type EventFormValues,
} from '@marquee/shared';
import {
  changedFields,
  draftProblems,
  eventToFormValues,
  firstStepWithError,
  isFormDirty,
  pastProblems,
  serverFieldErrors,
  toEventInput,
} from './event-form';

const complete: EventFormValues = {
  ...defaultEventFormValues(),
  artworkUrl: '/uploads/event-artwork/a.png',
  eventName: 'Night Shift',
  eventDescription: 'All night long',
  eventLocation: 'Warehouse 9, London',
  startDateTime: '2025-01-05T20:00',
  endDateTime: '2025-01-06T04:00',
  lineup: ['DJ One', 'DJ Two'],
  ticketPrice: '12.50',
  venueCapacity: '300',
};

describe('dirty state', () => {
  it('is clean when nothing differs from the baseline, including the line-up contents', () => {
    const baseline = defaultEventFormValues();
    expect(isFormDirty({ ...baseline, lineup: [] }, baseline)).toBe(false);
    expect(isFormDirty(complete, { ...complete, lineup: [...complete.lineup] })).toBe(false);
  });

  it('names every field that differs', () => {
    const baseline = defaultEventFormValues();
    expect(changedFields({ ...baseline, eventName: 'x', soldOnEntry: false, lineup: ['a'] }, baseline)).toEqual([
      'eventName',
      'lineup',
      'soldOnEntry',
    ]);
    expect(isFormDirty({ ...complete, lineup: ['DJ Two', 'DJ One'] }, complete)).toBe(true);
  });
});

describe('request body', () => {
  it('sends local times with the form’s time zone, price as text, capacity as a number or null', () => {
    const body = toEventInput(complete);
    expect(body).toMatchObject({
      name: 'Night Shift',
      start_local: '2025-01-05T20:00',
      end_local: '2025-01-06T04:00',
      last_entry_local: '',
      time_zone: 'Europe/London',
      price: '12.50',
      capacity: 300,
      minimum_age: 0,
      resale_allowed: false,
      refunds_allowed: true,
      sold_on_entry: true,
      remove_on_event_end: true,
    });
    expect(toEventInput({ ...complete, venueCapacity: '' }).capacity).toBeNull();
    expect(eventInputSchema.safeParse(body).success).toBe(true);
    expect(eventInputSchema.safeParse(toEventInput(defaultEventFormValues('GBP', 'UTC'))).success).toBe(true);
  });

  it('reads a stored event back into the same form values', () => {
    const body = toEventInput(complete);
    const dto = {
      ...body,
      id: 'evt_1',
      status: 'draft',
      artwork_url: body.artwork_url,
      description: body.description,
      currency: 'GBP',
      capacity: 300,
      minimum_age: 0,
      lineup: complete.lineup,
    } as unknown as EventDto;
    expect(eventToFormValues(dto)).toEqual(complete);
  });
});

describe('draft checks and step errors', () => {
  it('lets a draft leave fields empty but not malformed', () => {
    expect(draftProblems(defaultEventFormValues())).toEqual({});
    expect(draftProblems({ ...defaultEventFormValues(), ticketPrice: '1.234', minimumAge: '120' })).toEqual({
      ticketPrice: EVENT_MESSAGES.priceStep,
      minimumAge: EVENT_MESSAGES.minimumAgeRange,
    });
  });

  it('finds the first step with an error', () => {
    expect(firstStepWithError({})).toBeNull();
    expect(firstStepWithError({ minimumAge: 'x', eventLocation: 'y' })).toBe(2);
    expect(firstStepWithError({ artworkUrl: 'x' })).toBe(1);
  });

  it('maps the server field paths onto form fields', () => {
    expect(
      serverFieldErrors([
        { path: 'price', message: 'Ticket price is required' },
        { path: 'lineup.0', message: 'Too long' },
        { path: 'time_zone', message: 'Bad zone' },
      ]),
    ).toEqual({ ticketPrice: 'Ticket price is required', lineup: 'Too long', timeZone: 'Bad zone' });
  });

  it('refuses a draft whose times are out of order, whatever else is empty', () => {
    const draft = { ...defaultEventFormValues(), startDateTime: '2030-01-05T20:00' };
    expect(draftProblems({ ...draft, endDateTime: '2030-01-05T19:00' })).toEqual({
      endDateTime: EVENT_MESSAGES.endBeforeStart,
    });
    expect(draftProblems({ ...draft, lastEntry: '2030-01-05T19:00' })).toEqual({
      lastEntry: EVENT_MESSAGES.lastEntryOutside,
    });
  });

  it('refuses past times on a new event, and on an edit only the times it changes', () => {
    const now = new Date('2030-01-05T12:00:00Z');
    const stored = { ...complete, startDateTime: '2030-01-04T20:00', endDateTime: '2030-01-06T04:00' };
    expect(pastProblems(stored, null, now)).toEqual({ startDateTime: EVENT_MESSAGES.startInPast });
    expect(pastProblems(stored, stored, now)).toEqual({});
    expect(pastProblems({ ...stored, endDateTime: '2030-01-05T11:00' }, stored, now)).toEqual({
      endDateTime: EVENT_MESSAGES.endInPast,
    });
  });
});

describe("the Ticket step's 'Free event' switch (decision 124)", () => {
  it("asks no price of a free event, and keeps 'Ticket price is required' for a paid one", () => {
    expect(validateEventStep(3, { ...complete, ticketPrice: '' })).toEqual({
      ticketPrice: EVENT_MESSAGES.priceRequired,
    });
    expect(validateEventStep(3, { ...complete, ticketPrice: '0' })).toEqual({
      ticketPrice: EVENT_MESSAGES.priceRequired,
    });
    expect(validateEventStep(3, { ...complete, ticketPrice: '', freeEvent: true })).toEqual({});
    expect(draftProblems({ ...complete, ticketPrice: '5', freeEvent: true })).toEqual({});
  });

  it('sends free with no price (what was typed before the switch is dropped), and reads it back', () => {
    const input = toEventInput({ ...complete, ticketPrice: '12.50', freeEvent: true });
    expect(input).toMatchObject({ free: true, price: '' });
    expect(eventInputSchema.safeParse(input).success).toBe(true);
    expect(toEventInput(complete)).toMatchObject({ free: false, price: '12.50' });
    const stored = {
      ...input,
      currency: 'GBP',
      capacity: 300,
      minimum_age: 0,
      lineup: complete.lineup,
    } as unknown as EventDto;
    expect(eventToFormValues(stored)).toMatchObject({ freeEvent: true, ticketPrice: '' });
    expect(serverFieldErrors([{ path: 'free', message: 'x' }])).toEqual({ freeEvent: 'x' });
  });
});
