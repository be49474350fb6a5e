// The schedule rules of issue 13 through the API: zones from the list, end after start, last entry between
// them, no past times on a new event (nor on a time an edit changes), and the organisation's own zone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { EVENT_MESSAGES, type EventDto, type EventInput } from '@marquee/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createOrganizationFor, signUpAndVerify, type SignedInUser } from '../../../test/auth-helpers.js';
import { event } from '../../db/schema/index.js';

let t: TestApp;
let owner: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({ assertCanSell: async () => {} });
  owner = await signUpAndVerify(t.app);
  await createOrganizationFor(t.app, owner, 'zones', 'Zones Ltd');
});
afterAll(() => t.close());

function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { cookie: owner.cookie, origin: 'http://localhost:3000' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const future: EventInput = {
  start_local: '2031-03-10T20:00',
  end_local: '2031-03-11T02:00',
  last_entry_local: '2031-03-10T23:00',
  time_zone: 'Europe/Berlin',
};

/** The wall-clock reading (YYYY-MM-DDTHH:mm) in a zone at an instant. */
function localIn(timeZone: string, at: Date): string {
  const parts = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' } as const;
  return new Intl.DateTimeFormat('sv-SE', { timeZone, ...parts }).format(at).replace(' ', 'T');
}

async function refusal(method: 'POST' | 'PUT', url: string, body: EventInput) {
  const response = await call(method, url, body);
  expect(response.statusCode, response.body).toBe(400);
  return response.json().error.fields as Array<{ path: string; message: string }>;
}

describe('the organisation’s time zone', () => {
  it('is null until the first event settles it; later events default to it; the profile can change it', async () => {
    expect((await call('GET', '/api/org/info')).json().organization.time_zone).toBeNull();
    await call('POST', '/api/events', { name: 'First', time_zone: 'America/Toronto' });
    expect((await call('GET', '/api/org/settings')).json().time_zone).toBe('America/Toronto');
    // A later event without a zone is in the organisation's, and does not change it.
    const second = (await call('POST', '/api/events', { name: 'Second', start_local: '2031-01-01T20:00' })).json();
    expect(second.time_zone).toBe('America/Toronto');
    await call('POST', '/api/events', { name: 'Third', time_zone: 'Asia/Tokyo' });
    expect((await call('GET', '/api/org/info')).json().organization.time_zone).toBe('America/Toronto');

    const settings = (await call('GET', '/api/org/settings')).json();
    const saved = await call('PUT', '/api/org/settings', { ...settings, time_zone: 'Europe/London' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().time_zone).toBe('Europe/London');
    const bad = await call('PUT', '/api/org/settings', { ...settings, time_zone: 'Mars/Olympus' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual([{ path: 'time_zone', message: 'Choose a time zone from the list' }]);
  });
});

describe('schedule rules on every save', () => {
  it('accepts only zones of Intl.supportedValuesOf, with a clear message', async () => {
    // Etc/GMT+5 is a zone Intl can format but not one of the listed ones.
    for (const time_zone of ['Etc/GMT+5', 'Europe/Atlantis', 'europe/london']) {
      expect(await refusal('POST', '/api/events', { ...future, time_zone }), time_zone).toEqual([
        { path: 'time_zone', message: EVENT_MESSAGES.timeZoneUnknown },
      ]);
    }
  });

  it('refuses an end at or before the start, on drafts too', async () => {
    expect(await refusal('POST', '/api/events', { ...future, end_local: '2031-03-10T20:00' })).toEqual([
      { path: 'end_local', message: 'End date/time must be after the start' },
      { path: 'last_entry_local', message: 'Last entry must be between the start and end' },
    ]);
    expect(
      await refusal('POST', '/api/events', {
        start_local: '2031-03-10T20:00',
        end_local: '2031-03-10T19:55',
        time_zone: 'UTC',
      }),
    ).toEqual([{ path: 'end_local', message: 'End date/time must be after the start' }]);
  });

  it('refuses a last entry before the start or after the end; at either edge it is fine', async () => {
    for (const last_entry_local of ['2031-03-10T19:55', '2031-03-11T02:05']) {
      expect(await refusal('POST', '/api/events', { ...future, last_entry_local }), last_entry_local).toEqual([
        { path: 'last_entry_local', message: 'Last entry must be between the start and end' },
      ]);
    }
    for (const last_entry_local of ['2031-03-10T20:00', '2031-03-11T02:00']) {
      expect((await call('POST', '/api/events', { ...future, last_entry_local })).statusCode).toBe(201);
    }
  });

  it('refuses times in the past for a new event, read in the event’s zone', async () => {
    expect(
      await refusal('POST', '/api/events', {
        start_local: '2020-05-01T20:00',
        end_local: '2020-05-01T23:00',
        last_entry_local: '2020-05-01T22:00',
        time_zone: 'Europe/London',
      }),
    ).toEqual([
      { path: 'start_local', message: 'Start date/time cannot be in the past' },
      { path: 'end_local', message: 'End date/time cannot be in the past' },
      { path: 'last_entry_local', message: 'Last entry cannot be in the past' },
    ]);
    // An hour ago in Tokyo is still the past, whatever the server's own zone.
    const tokyo = localIn('Asia/Tokyo', new Date(Date.now() - 3_600_000));
    expect(await refusal('POST', '/api/events', { start_local: tokyo, time_zone: 'Asia/Tokyo' })).toEqual([
      { path: 'start_local', message: 'Start date/time cannot be in the past' },
    ]);
  });

  it('on an edit, refuses only a time it moves into the past; an event under way can still be edited', async () => {
    const created = (await call('POST', '/api/events', { ...future, name: 'Under way' })).json() as EventDto;
    // The event began yesterday (moved back in the database, as time would).
    const day = 86_400_000;
    await t.database.db
      .update(event)
      .set({ startsAt: new Date(Date.now() - day), lastEntryAt: null, endsAt: new Date(Date.now() + day) })
      .where(eq(event.id, created.id));
    const renamed = await call('PUT', `/api/events/${created.id}`, { name: 'Still under way' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // Moving the end to an hour ago (after the start, but past) is refused; before the start says so.
    const hourAgo = localIn('Europe/Berlin', new Date(Date.now() - 3_600_000));
    expect(await refusal('PUT', `/api/events/${created.id}`, { end_local: hourAgo })).toEqual([
      { path: 'end_local', message: 'End date/time cannot be in the past' },
    ]);
    expect(await refusal('PUT', `/api/events/${created.id}`, { end_local: '2020-01-01T10:00' })).toEqual([
      { path: 'end_local', message: 'End date/time must be after the start' },
    ]);
    expect(await refusal('PUT', `/api/events/${created.id}`, { time_zone: 'Nowhere/Town' })).toEqual([
      { path: 'time_zone', message: EVENT_MESSAGES.timeZoneUnknown },
    ]);
  });
});
