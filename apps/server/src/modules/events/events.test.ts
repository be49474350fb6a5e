import { insertOrder } from '../../../test/order-fixtures.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { eventSummarySchema, localToInstant, type EventDto, type EventInput, type EventSummary } from '@marquee/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createOrganizationFor, signUpAndVerify, type SignedInUser } from '../../../test/auth-helpers.js';
import { event, eventStatusChange, order, ticketType } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { archiveEndedEvents } from './events.archive.js';
import { assertCanSell, PAYOUTS_NOT_ENABLED_MESSAGE } from '../payments/payments.service.js';
import { monthWindow } from './events.figures.js';
import { percentChange } from '../../lib/percent-change.js';
import { bookingFee } from '@marquee/shared';
import { decimalToMinor } from './events.money.js';

let t: TestApp;
let owner: SignedInUser;
let rival: SignedInUser;
let payoutsEnabled = true;
let ownerOrganizationId: string;

beforeAll(async () => {
  t = await createTestApp({
    assertCanSell: async () => {
      if (!payoutsEnabled) throw new AppError('PAYOUTS_NOT_ENABLED', PAYOUTS_NOT_ENABLED_MESSAGE);
    },
  });
  owner = await signUpAndVerify(t.app);
  rival = await signUpAndVerify(t.app);
  ownerOrganizationId = (await createOrganizationFor(t.app, owner, 'acme', 'Acme Events')).id;
  await createOrganizationFor(t.app, rival, 'rival', 'Rival Events');
});
afterAll(() => t.close());

const complete: EventInput = {
  artwork_url: '/uploads/images/poster.webp',
  name: 'Night Owls Live',
  description: 'An all-night party.',
  location: 'Brixton Academy, London',
  start_local: '2030-06-14T19:00',
  end_local: '2030-06-15T03:00',
  last_entry_local: '2030-06-14T23:30',
  time_zone: 'Europe/London',
  lineup: ['DJ One', 'MC Two'],
  currency: 'GBP',
  price: '20.00',
  capacity: 100,
  minimum_age: 18,
  terms_of_service: 'No re-entry.',
};

function call(user: SignedInUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: user ? { cookie: user.cookie, origin: 'http://localhost:3000' } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/**
 * Creates a draft. An event that already happened cannot be created through the API (past times are
 * refused), so one with a past start is created with future times and then moved back in the database.
 */
async function create(user: SignedInUser, body: EventInput = {}): Promise<EventDto> {
  const zone = body.time_zone ?? 'Europe/London';
  const past = body.start_local ? localToInstant(body.start_local, zone) < new Date() : false;
  const sent = past
    ? { ...body, start_local: '2030-01-01T19:00', end_local: '2030-01-01T23:00', last_entry_local: '' }
    : body;
  const response = await call(user, 'POST', '/api/events', sent);
  expect(response.statusCode, response.body).toBe(201);
  if (!past) return response.json();
  const id = (response.json() as EventDto).id;
  await t.database.db
    .update(event)
    .set({
      startsAt: localToInstant(body.start_local!, zone),
      endsAt: body.end_local ? localToInstant(body.end_local, zone) : null,
      lastEntryAt: null,
    })
    .where(eq(event.id, id));
  return (await call(user, 'GET', `/api/events/${id}`)).json();
}

async function createLive(user: SignedInUser, body: EventInput = complete): Promise<EventDto> {
  const draft = await create(user, body);
  const response = await call(user, 'POST', `/api/events/${draft.id}/publish`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function history(eventId: string) {
  return t.database.db
    .select({
      from: eventStatusChange.fromStatus,
      to: eventStatusChange.toStatus,
      actor: eventStatusChange.actorUserId,
    })
    .from(eventStatusChange)
    .where(eq(eventStatusChange.eventId, eventId))
    .orderBy(eventStatusChange.at);
}

describe('POST /api/events', () => {
  it('401 when not signed in, 403 without an organisation', async () => {
    expect((await call(null, 'POST', '/api/events', {})).statusCode).toBe(401);
    const loner = await signUpAndVerify(t.app);
    const response = await call(loner, 'POST', '/api/events', {});
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('NO_ORGANIZATION');
  });

  it('201 saves an empty draft with the defaults and a General Admission ticket type', async () => {
    const draft = await create(owner);
    expect(draft).toMatchObject({
      status: 'draft',
      name: '',
      start_local: '',
      time_zone: 'Europe/London',
      currency: 'GBP',
      price: '',
      capacity: null,
      sold_on_entry: true,
      refunds_allowed: true,
      resale_allowed: false,
      remove_on_event_end: true,
      minimum_age: 0,
      sold: 0,
      revenue_minor: 0,
      public_url: null,
      published_at: null,
    });
    expect(draft.ticket_types).toEqual([
      {
        id: expect.any(String),
        name: 'General Admission',
        description: '',
        price_minor: null,
        minimum_price_minor: null,
        currency: 'GBP',
        capacity: null,
        sold: 0,
        held: 0,
        max_per_order: 10,
        hidden: false,
        vat_category: 'standard',
        sort: 0,
        sales_start_local: null,
        sales_end_local: null,
      },
    ]);
    expect(await history(draft.id)).toEqual([{ from: null, to: 'draft', actor: expect.any(String) }]);
  });

  it('201 saves a draft with partial data and converts local times in the given zone', async () => {
    const draft = await create(owner, {
      name: 'Tokyo Nights',
      start_local: '2030-01-05T19:00',
      time_zone: 'Asia/Tokyo',
      price: '12.5',
    });
    expect(draft).toMatchObject({
      name: 'Tokyo Nights',
      start_local: '2030-01-05T19:00',
      starts_at: '2030-01-05T10:00:00.000Z',
      end_local: '',
      ends_at: null,
      time_zone: 'Asia/Tokyo',
      price: '12.50',
    });
    expect(draft.ticket_types[0]?.price_minor).toBe(1250);
  });

  it('400 with the spec message when a field is too long, and for impossible dates or unknown zones', async () => {
    const long = await call(owner, 'POST', '/api/events', { name: 'x'.repeat(51) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toEqual([{ path: 'name', message: 'Event name must be 50 characters or less' }]);
    const bad = await call(owner, 'POST', '/api/events', {
      start_local: '2030-02-30T10:00',
      time_zone: 'Mars/Olympus',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual([
      { path: 'time_zone', message: 'Choose a time zone from the list' },
      { path: 'start_local', message: 'Not a real date and time' },
    ]);
    const yen = await call(owner, 'POST', '/api/events', { currency: 'JPY', price: '1500.50' });
    expect(yen.statusCode).toBe(400);
    expect(yen.json().error.fields).toEqual([{ path: 'price', message: 'JPY prices have no decimals' }]);
  });
});

describe('GET /api/events/:id', () => {
  it("returns the event; 404 for an unknown, malformed or another organisation's id", async () => {
    const draft = await create(owner, { name: 'Mine' });
    expect((await call(owner, 'GET', `/api/events/${draft.id}`)).json()).toMatchObject({ id: draft.id, name: 'Mine' });
    for (const id of [draft.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await call(rival, 'GET', `/api/events/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Event not found' } });
    }
  });
});

describe('PUT /api/events/:id', () => {
  it('updates only the fields given', async () => {
    const draft = await create(owner, { name: 'Before', location: 'Leeds' });
    const response = await call(owner, 'PUT', `/api/events/${draft.id}`, {
      name: 'After',
      capacity: 50,
      resale_allowed: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'After', location: 'Leeds', capacity: 50, resale_allowed: true });
  });

  it('keeps the wall-clock times when the time zone changes', async () => {
    const draft = await create(owner, { start_local: '2030-07-01T20:00', time_zone: 'Europe/London' });
    expect(draft.starts_at).toBe('2030-07-01T19:00:00.000Z');
    const moved = (await call(owner, 'PUT', `/api/events/${draft.id}`, { time_zone: 'America/New_York' })).json();
    expect(moved).toMatchObject({
      start_local: '2030-07-01T20:00',
      starts_at: '2030-07-02T00:00:00.000Z',
      time_zone: 'America/New_York',
    });
  });

  it('a live event must stay complete: 400 listing the fields, nothing changed', async () => {
    const live = await createLive(owner);
    const response = await call(owner, 'PUT', `/api/events/${live.id}`, {
      name: '',
      price: '',
      end_local: '2030-06-14T18:00',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
    expect(response.json().error.fields).toEqual([
      { path: 'name', message: 'Event name is required' },
      { path: 'end_local', message: 'End date/time must be after the start' },
      { path: 'last_entry_local', message: 'Last entry must be between the start and end' },
      { path: 'price', message: 'Ticket price is required' },
    ]);
    expect((await call(owner, 'GET', `/api/events/${live.id}`)).json()).toMatchObject({
      name: complete.name,
      price: '20.00',
    });
    const ok = await call(owner, 'PUT', `/api/events/${live.id}`, { name: 'Renamed', price: '25.00' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'live', name: 'Renamed', price: '25.00' });
  });

  it('refuses capacity below tickets sold, and a currency change once sold', async () => {
    const live = await createLive(owner);
    await t.database.db.update(event).set({ sold: 30 }).where(eq(event.id, live.id));
    const response = await call(owner, 'PUT', `/api/events/${live.id}`, { capacity: 20, currency: 'EUR' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual([
      { path: 'capacity', message: 'Venue capacity cannot be below the 30 tickets already sold' },
      { path: 'currency', message: 'The currency cannot change once tickets have been sold' },
    ]);
  });

  it('409 for an archived event', async () => {
    const draft = await create(owner, { name: 'Old' });
    await call(owner, 'POST', `/api/events/${draft.id}/archive`);
    const response = await call(owner, 'PUT', `/api/events/${draft.id}`, { name: 'New' });
    expect(response.statusCode).toBe(409);
  });
});

describe('POST /api/events/:id/publish', () => {
  it('400 listing every missing field with the spec messages', async () => {
    const draft = await create(owner, { name: 'Half done', capacity: 10 });
    const response = await call(owner, 'POST', `/api/events/${draft.id}/publish`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual([
      { path: 'artwork_url', message: 'Event artwork is required' },
      { path: 'description', message: 'Event description is required' },
      { path: 'location', message: 'Event location is required' },
      { path: 'start_local', message: 'Start date/time is required' },
      { path: 'end_local', message: 'End date/time is required' },
      { path: 'price', message: 'Ticket price is required' },
    ]);
    expect((await call(owner, 'GET', `/api/events/${draft.id}`)).json().status).toBe('draft');
  });

  it('409 PAYOUTS_NOT_ENABLED with the billing text while payouts are not enabled', async () => {
    const draft = await create(owner, complete);
    payoutsEnabled = false;
    try {
      const response = await call(owner, 'POST', `/api/events/${draft.id}/publish`);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error: {
          code: 'PAYOUTS_NOT_ENABLED',
          message: 'Enable payouts to publish events and to start receiving ticket sales.',
        },
      });
    } finally {
      payoutsEnabled = true;
    }
    expect((await call(owner, 'GET', `/api/events/${draft.id}`)).json().status).toBe('draft');
  });

  it('the default rule (the payments module) refuses an organisation without a payout account', async () => {
    await expect(assertCanSell(t.database.db, ownerOrganizationId)).rejects.toMatchObject({
      code: 'PAYOUTS_NOT_ENABLED',
      statusCode: 409,
      message: PAYOUTS_NOT_ENABLED_MESSAGE,
    });
  });

  it('publishes a complete draft: live, public URL on the active domain, recorded with who', async () => {
    const draft = await create(owner, complete);
    const response = await call(owner, 'POST', `/api/events/${draft.id}/publish`);
    expect(response.statusCode).toBe(200);
    const live = response.json() as EventDto;
    expect(live).toMatchObject({ status: 'live', public_url: `http://acme.localhost:3000/events/${draft.slug}` });
    expect(draft.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(live.published_at).not.toBeNull();
    const changes = await history(draft.id);
    expect(changes.map((change) => [change.from, change.to])).toEqual([
      [null, 'draft'],
      ['draft', 'live'],
    ]);
    expect(changes[1]?.actor).toBe(changes[0]?.actor);
    expect((await call(owner, 'POST', `/api/events/${draft.id}/publish`)).statusCode).toBe(409);
  });
});

describe('POST /api/events/:id/unpublish and /archive', () => {
  it('unpublish: live -> draft; 409 for a draft', async () => {
    const live = await createLive(owner);
    const response = await call(owner, 'POST', `/api/events/${live.id}/unpublish`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'draft', public_url: null, published_at: null });
    expect((await call(owner, 'POST', `/api/events/${live.id}/unpublish`)).statusCode).toBe(409);
  });

  it('archive: live or draft -> archived; 409 when already archived', async () => {
    const live = await createLive(owner);
    const response = await call(owner, 'POST', `/api/events/${live.id}/archive`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'archived', public_url: null });
    expect((await call(owner, 'POST', `/api/events/${live.id}/archive`)).statusCode).toBe(409);
    expect((await call(owner, 'POST', `/api/events/${live.id}/publish`)).statusCode).toBe(409);
    expect((await history(live.id)).map((change) => change.to)).toEqual(['draft', 'live', 'archived']);
  });
});

describe('DELETE /api/events/:id', () => {
  it('204 deletes a draft; 409 for live or archived events', async () => {
    const draft = await create(owner, { name: 'Scrap me' });
    expect((await call(owner, 'DELETE', `/api/events/${draft.id}`)).statusCode).toBe(204);
    expect((await call(owner, 'GET', `/api/events/${draft.id}`)).statusCode).toBe(404);
    const live = await createLive(owner);
    const refused = await call(owner, 'DELETE', `/api/events/${live.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Only draft events can be deleted');
  });

  it('409 for a draft that already has orders (unpublished after sales)', async () => {
    const live = await createLive(owner);
    await insertOrder(t.database.db, {
      organizationId: (await orgIdOf(live.id))!,
      eventId: live.id,
      ticketTypeId: live.ticket_types[0]!.id,
      email: 'fan@example.com',
      amountMinor: 2000,
      feeMinor: 160,
      status: 'paid',
      paidAt: new Date(),
    });
    await call(owner, 'POST', `/api/events/${live.id}/unpublish`);
    const response = await call(owner, 'DELETE', `/api/events/${live.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toMatch(/has orders/);
  });
});

async function orgIdOf(eventId: string) {
  const [row] = await t.database.db
    .select({ organizationId: event.organizationId })
    .from(event)
    .where(eq(event.id, eventId));
  return row?.organizationId;
}

describe("another organisation's events", () => {
  it('404 on every route, and nothing changes', async () => {
    const draft = await create(owner, { ...complete, name: 'Private draft' });
    const live = await createLive(owner, { ...complete, name: 'Private live' });
    const attempts: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?]> = [
      ['GET', `/api/events/${draft.id}`],
      ['PUT', `/api/events/${draft.id}`, { name: 'Hijacked' }],
      ['PUT', `/api/events/${live.id}`, { name: 'Hijacked' }],
      ['DELETE', `/api/events/${draft.id}`],
      ['POST', `/api/events/${draft.id}/publish`],
      ['POST', `/api/events/${live.id}/unpublish`],
      ['POST', `/api/events/${live.id}/archive`],
      ['POST', `/api/events/${draft.id}/archive`],
    ];
    for (const [method, url, body] of attempts) {
      const response = await call(rival, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    expect((await call(owner, 'GET', `/api/events/${draft.id}`)).json()).toMatchObject({
      status: 'draft',
      name: 'Private draft',
    });
    expect((await call(owner, 'GET', `/api/events/${live.id}`)).json()).toMatchObject({
      status: 'live',
      name: 'Private live',
    });
    const rivalsList = (await call(rival, 'GET', '/api/events')).json();
    expect([...rivalsList.upcoming, ...rivalsList.previous]).toEqual([]);
    expect((await call(rival, 'GET', '/api/dashboard/overview')).json().upcoming).toEqual([]);
    expect((await history(live.id)).map((change) => change.to)).toEqual(['draft', 'live']);
  });
});

describe('archive job (remove on event end)', () => {
  it('archives live events that have ended and want removing, records the system as actor, and is idempotent', async () => {
    const ended = await createLive(owner, {
      ...complete,
      name: 'Ended',
      start_local: '2020-01-10T19:00',
      end_local: '2020-01-10T23:00',
    });
    const keep = await createLive(owner, {
      ...complete,
      name: 'Ended but kept',
      start_local: '2020-01-11T19:00',
      end_local: '2020-01-11T23:00',
      remove_on_event_end: false,
    });
    const future = await createLive(owner, complete);
    const endedDraft = await create(owner, {
      ...complete,
      start_local: '2020-01-10T19:00',
      end_local: '2020-01-10T23:00',
    });

    const archived = await archiveEndedEvents(t.database.db);
    expect(archived).toContain(ended.id);
    expect(archived).not.toContain(keep.id);
    const status = async (id: string) => (await call(owner, 'GET', `/api/events/${id}`)).json().status;
    expect(await status(ended.id)).toBe('archived');
    expect(await status(keep.id)).toBe('live');
    expect(await status(future.id)).toBe('live');
    expect(await status(endedDraft.id)).toBe('draft');
    const changes = await history(ended.id);
    expect(changes.at(-1)).toEqual({ from: 'live', to: 'archived', actor: null });
    expect(await archiveEndedEvents(t.database.db)).toEqual([]);
  });
});

describe('GET /api/events and GET /api/dashboard/overview: lists and figures', () => {
  let user: SignedInUser;
  let organizationId: string;
  const window = monthWindow(new Date());
  // Safely inside this month and before now, and inside last month.
  const thisMonth = new Date((window.currentStart.getTime() + Date.now()) / 2);
  const lastMonth = new Date(window.previousStart.getTime() + 86_400_000);
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    user = await signUpAndVerify(t.app);
    organizationId = (await createOrganizationFor(t.app, user, 'figures', 'Figures Ltd')).id;
    const past = { ...complete, remove_on_event_end: false };
    ids.pastA = (
      await createLive(user, {
        ...past,
        name: 'Past A',
        start_local: '2020-01-10T19:00',
        end_local: '2020-01-10T23:00',
        capacity: 100,
      })
    ).id;
    ids.pastB = (
      await createLive(user, {
        ...past,
        name: 'Past B',
        start_local: '2021-01-10T19:00',
        end_local: '2021-01-10T23:00',
        capacity: 200,
      })
    ).id;
    ids.pastUnlimited = (
      await createLive(user, {
        ...past,
        name: 'Past C',
        start_local: '2021-05-10T19:00',
        end_local: '2021-05-10T23:00',
        capacity: null,
      })
    ).id;
    ids.soon = (
      await create(user, {
        ...complete,
        name: 'Soon',
        start_local: '2030-06-14T19:00',
        end_local: '2030-06-14T23:00',
        last_entry_local: '2030-06-14T22:00',
      })
    ).id;
    ids.later = (
      await createLive(user, {
        ...complete,
        name: 'Later',
        start_local: '2031-01-10T19:00',
        end_local: '2031-01-10T23:00',
        last_entry_local: '2031-01-10T22:00',
      })
    ).id;
    ids.undated = (await create(user, { name: 'Undated draft' })).id;
    ids.shelved = (await create(user, { name: 'Shelved' })).id;
    await call(user, 'POST', `/api/events/${ids.shelved}/archive`);
    // Past B ended this month; attendance 50% (A) and 75% (B); C is unlimited and does not count.
    await t.database.db.update(event).set({ endsAt: thisMonth }).where(eq(event.id, ids.pastB));
    // pastA's one paid sale below makes it 50.
    for (const [key, sold] of [
      ['pastA', 49],
      ['pastB', 150],
      ['pastUnlimited', 7],
    ] as const) {
      await t.database.db.update(ticketType).set({ sold }).where(eq(ticketType.eventId, ids[key]!));
      await t.database.db.update(event).set({ sold }).where(eq(event.id, ids[key]!));
    }
    // One event created last month.
    await t.database.db.update(event).set({ createdAt: lastMonth }).where(eq(event.id, ids.pastA));

    const typeOf = async (eventId: string) =>
      (
        await t.database.db
          .select({ id: ticketType.id })
          .from(ticketType)
          .where(and(eq(ticketType.eventId, eventId)))
      )[0]!.id;
    const sale = async (
      eventId: string,
      email: string,
      amountMinor: number,
      status: 'paid' | 'pending' | 'refunded',
      paidAt: Date | null,
      currency = 'GBP',
      quantity = 1,
    ) =>
      insertOrder(t.database.db, {
        organizationId,
        eventId,
        ticketTypeId: await typeOf(eventId),
        email,
        quantity,
        amountMinor,
        feeMinor: bookingFee(amountMinor, 'GBP'),
        currency,
        status,
        createdAt: paidAt ?? thisMonth,
        paidAt,
      });
    await sale(ids.later!, 'a@example.com', 2000, 'paid', thisMonth);
    await sale(ids.later!, 'b@example.com', 4000, 'paid', thisMonth, 'GBP', 2);
    await sale(ids.later!, 'a@example.com', 3000, 'paid', thisMonth);
    await sale(ids.later!, 'p@example.com', 5000, 'pending', null);
    await sale(ids.later!, 'r@example.com', 1000, 'refunded', lastMonth);
    await sale(ids.pastA!, 'c@example.com', 1000, 'paid', lastMonth);
    await sale(ids.pastUnlimited!, 'd@example.com', 999, 'paid', thisMonth, 'USD');
  });

  it('splits upcoming (soonest first, undated last) from previous (latest end first)', async () => {
    const response = await call(user, 'GET', '/api/events');
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.upcoming.map((item: EventDto) => item.name)).toEqual(['Soon', 'Later', 'Undated draft']);
    expect(list.previous.map((item: EventDto) => item.name)).toEqual(['Shelved', 'Past B', 'Past C', 'Past A']);
  });

  it('per-event tickets and revenue come from paid orders', async () => {
    const list = (await call(user, 'GET', '/api/events')).json();
    const later = list.upcoming.find((item: EventDto) => item.id === ids.later);
    expect(later).toMatchObject({ sold: 4, revenue_minor: 9000 });
  });

  it('each listed event is its card: the fields of GET /api/events/:id that the card shows, and no more', async () => {
    const list = (await call(user, 'GET', '/api/events')).json();
    const overview = (await call(user, 'GET', '/api/dashboard/overview')).json();
    const keys = Object.keys(eventSummarySchema.shape).sort();
    const items: Array<Record<string, unknown>> = [...list.upcoming, ...list.previous, ...overview.upcoming];
    expect(items).toHaveLength(10);
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual(keys);
      const full = (await call(user, 'GET', `/api/events/${String(item.id)}`)).json();
      expect(item).toEqual(Object.fromEntries(keys.map((key) => [key, full[key]])));
    }
    expect(list.upcoming.find((item: EventSummary) => item.id === ids.later)).toMatchObject({
      start_local: '2031-01-10T19:00',
      currency: 'GBP',
      sold: 4,
    });
  });

  it('events page figures with month-over-month change, none without a previous month', async () => {
    const { metrics } = (await call(user, 'GET', '/api/events')).json();
    expect(metrics.currency).toBe('GBP');
    // 7 events, 6 created this month and 1 last month.
    expect(metrics.total_events).toEqual({ value: 7, change: 500, label: 'last month' });
    // Paid tickets: 1 + 2 + 1 + 1 (last month) + 1 (USD); this month 5 vs 1.
    expect(metrics.event_tickets).toEqual({ value: 6, change: 400, label: 'last month' });
    // GBP revenue: 2000 + 4000 + 3000 this month, 1000 last month; USD is not added to GBP.
    expect(metrics.event_revenue).toEqual({ value: 10000, change: 800, label: 'last month' });
    // (50% + 75%) / 2; this month only B (75%), last month none: nothing to compare with.
    expect(metrics.avg_attendance).toEqual({ value: 62.5, change: null, label: 'last month' });
  });

  it('dashboard overview figures and the next upcoming events', async () => {
    const response = await call(user, 'GET', '/api/dashboard/overview');
    expect(response.statusCode).toBe(200);
    const overview = response.json();
    expect(overview.metrics).toEqual({
      total_revenue: { value: 10000, change: 800, label: 'last month' },
      tickets_sold: { value: 6, change: 400, label: 'last month' },
      // No event started last month: nothing to compare with.
      upcoming_events: { value: 3, change: null, label: 'last month' },
      // a (twice), b and d this month; c last month.
      total_customers: { value: 4, change: 200, label: 'last month' },
      currency: 'GBP',
    });
    expect(overview.upcoming.map((item: EventDto) => item.name)).toEqual(['Soon', 'Later', 'Undated draft']);
  });

  it('a buyer counts once, in the month of their first purchase, even when an earlier one is paid later', async () => {
    const buyerOwner = await signUpAndVerify(t.app);
    const org = (await createOrganizationFor(t.app, buyerOwner, 'buyers', 'Buyers Ltd')).id;
    const draft = await create(buyerOwner, complete);
    const pay = (email: string, paidAt: Date) =>
      insertOrder(t.database.db, {
        organizationId: org,
        eventId: draft.id,
        ticketTypeId: draft.ticket_types[0]!.id,
        email,
        quantity: 1,
        amountMinor: 2000,
        feeMinor: bookingFee(2000, 'GBP'),
        currency: 'GBP',
        status: 'paid',
        createdAt: paidAt,
        paidAt,
      });
    const customers = async () =>
      (await call(buyerOwner, 'GET', '/api/dashboard/overview')).json().metrics.total_customers;
    await pay('e@example.com', thisMonth);
    await pay('e@example.com', thisMonth);
    expect(await customers()).toEqual({ value: 1, change: null, label: 'last month' });
    // An order started last month and paid late: the buyer's first purchase moves to last month.
    await pay('e@example.com', lastMonth);
    expect(await customers()).toEqual({ value: 1, change: -100, label: 'last month' });
    await pay('f@example.com', thisMonth);
    expect(await customers()).toEqual({ value: 2, change: 0, label: 'last month' });
  });

  it('an organisation without events or orders gets zeros', async () => {
    const list = (await call(rival, 'GET', '/api/events')).json();
    // Nothing last month to compare with: no change at all (never '+100%' or '0%').
    expect(list.metrics.event_revenue).toEqual({ value: 0, change: null, label: 'last month' });
    expect(list.metrics.avg_attendance).toEqual({ value: 0, change: null, label: 'last month' });
  });
});

describe('figure and money rules', () => {
  it('order e-mails must be stored lower-cased (so distinct customers can read the index)', async () => {
    const [anyType] = await t.database.db.select().from(ticketType).limit(1);
    await expect(
      t.database.db.insert(order).values({
        organizationId: anyType!.organizationId,
        eventId: anyType!.eventId,
        code: 'MQ-AAAAAA',
        accessToken: 'x'.repeat(43),
        customerEmail: 'Fan@Example.com',
        quantity: 1,
        amountMinor: 100,
        currency: 'GBP',
      }),
    ).rejects.toThrow();
  });

  it('percent change: 0 -> 0 is 0, 0 -> n is 100, otherwise one decimal', () => {
    expect(percentChange(0, 0)).toBe(0);
    expect(percentChange(5, 0)).toBe(100);
    expect(percentChange(3, 4)).toBe(-25);
    expect(percentChange(2, 3)).toBe(-33.3);
  });

  it('months are UTC calendar months', () => {
    const window = monthWindow(new Date('2025-01-15T12:00:00Z'));
    expect(window.currentStart.toISOString()).toBe('2025-01-01T00:00:00.000Z');
    expect(window.previousStart.toISOString()).toBe('2024-12-01T00:00:00.000Z');
    expect(window.nextStart.toISOString()).toBe('2025-02-01T00:00:00.000Z');
  });

  it('reads typed prices by currency, refusing what is not a price', () => {
    expect(decimalToMinor('0.29', 'GBP')).toBe(29);
    expect(decimalToMinor('12.5', 'GBP')).toBe(1250);
    expect(decimalToMinor('1500', 'JPY')).toBe(1500);
    expect(decimalToMinor('1500.50', 'JPY')).toBeNull();
    expect(decimalToMinor('-3', 'GBP')).toBeNull();
    expect(decimalToMinor('12.345', 'GBP')).toBeNull();
  });
});

describe('GET /api/events/:id/qr.svg', () => {
  it('draws the QR code of a live event’s public page; drafts and other organisations’ events are 404', async () => {
    const draft = await create(owner, complete);
    expect((await call(owner, 'GET', `/api/events/${draft.id}/qr.svg`)).statusCode).toBe(404);
    await call(owner, 'POST', `/api/events/${draft.id}/publish`);
    const qr = await call(owner, 'GET', `/api/events/${draft.id}/qr.svg`);
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toContain('image/svg+xml');
    expect(qr.body).toContain('<svg');
    expect(qr.body).not.toContain('<script');
    expect((await call(rival, 'GET', `/api/events/${draft.id}/qr.svg`)).statusCode).toBe(404);
  });
});
