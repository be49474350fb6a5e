import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { EventDto, EventInput, TicketTypeDto } from '@marquee/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createOrganizationFor, signUpAndVerify, type SignedInUser } from '../../../test/auth-helpers.js';
import { asBrowser } from '../../../test/auth-helpers.js';
import { insertOrder } from '../../../test/order-fixtures.js';
import { event, ticketType } from '../../db/schema/index.js';

let t: TestApp;
let owner: SignedInUser;
let rival: SignedInUser;
let ownerOrganizationId: string;

beforeAll(async () => {
  t = await createTestApp({ assertCanSell: async () => {} });
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
  time_zone: 'Europe/London',
  currency: 'GBP',
  price: '20.00',
  capacity: 500,
};

const vip = { name: 'VIP', description: 'Balcony and a drink', price: '45.50', capacity: 50, max_per_order: 4 };

function call(user: SignedInUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: user ? asBrowser(user) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function newEvent(user: SignedInUser, body: EventInput = complete, publish = false): Promise<EventDto> {
  const created = await call(user, 'POST', '/api/events', body);
  expect(created.statusCode, created.body).toBe(201);
  if (!publish) return created.json();
  const live = await call(user, 'POST', `/api/events/${created.json().id}/publish`);
  expect(live.statusCode, live.body).toBe(200);
  return live.json();
}

async function addType(user: SignedInUser, eventId: string, body: object = vip): Promise<TicketTypeDto> {
  const response = await call(user, 'POST', `/api/events/${eventId}/ticket-types`, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const editBody = (type: TicketTypeDto, changes: object = {}) => ({
  name: type.name,
  description: type.description,
  price: (type.price_minor! / 100).toFixed(2),
  capacity: type.capacity,
  max_per_order: type.max_per_order,
  hidden: type.hidden,
  ...changes,
});

const errorOf = (response: { json(): unknown }) =>
  (response.json() as { error: { code: string; message: string } }).error;
const fieldPaths = (response: { json(): unknown }) =>
  (response.json() as { error: { fields?: Array<{ path: string }> } }).error.fields?.map((field) => field.path) ?? [];

describe('GET /api/events/:id/ticket-types', () => {
  it('GET /api/events/:id/ticket-types - lists the wizard-made General Admission', async () => {
    const draft = await newEvent(owner);
    const response = await call(owner, 'GET', `/api/events/${draft.id}/ticket-types`);
    expect(response.statusCode).toBe(200);
    expect(response.json().ticket_types).toEqual([
      expect.objectContaining({ name: 'General Admission', price_minor: 2000, currency: 'GBP', max_per_order: 10 }),
    ]);
  });

  it('GET /api/events/:id/ticket-types - signed out is 401, another organisation is 404', async () => {
    const draft = await newEvent(owner);
    expect((await call(null, 'GET', `/api/events/${draft.id}/ticket-types`)).statusCode).toBe(401);
    const foreign = await call(rival, 'GET', `/api/events/${draft.id}/ticket-types`);
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).message).toBe('Event not found');
    expect((await call(owner, 'GET', '/api/events/not-a-uuid/ticket-types')).statusCode).toBe(404);
  });
});

describe('POST /api/events/:id/ticket-types', () => {
  it('POST /api/events/:id/ticket-types - adds a type after the others, priced in the event currency', async () => {
    const live = await newEvent(owner, complete, true);
    const created = await addType(owner, live.id);
    expect(created).toMatchObject({
      name: 'VIP',
      description: 'Balcony and a drink',
      price_minor: 4550,
      currency: 'GBP',
      capacity: 50,
      max_per_order: 4,
      hidden: false,
      sold: 0,
      held: 0,
      sort: 1,
    });
    const free = await addType(owner, live.id, { name: 'Early bird', price: '9.99' });
    expect(free).toMatchObject({ capacity: null, max_per_order: 10, description: '', sort: 2 });
    const list = await call(owner, 'GET', `/api/events/${live.id}/ticket-types`);
    expect(list.json().ticket_types.map((type: TicketTypeDto) => type.name)).toEqual([
      'General Admission',
      'VIP',
      'Early bird',
    ]);
  });

  it('POST /api/events/:id/ticket-types - JPY prices are whole yen', async () => {
    const yen = await newEvent(owner, { ...complete, currency: 'JPY', price: '3000' });
    expect((await addType(owner, yen.id, { name: 'VIP', price: '8000' })).price_minor).toBe(8000);
    const decimals = await call(owner, 'POST', `/api/events/${yen.id}/ticket-types`, { name: 'VIP', price: '80.50' });
    expect(decimals.statusCode).toBe(400);
    expect(errorOf(decimals).message).toBe('JPY prices have no decimals');
    expect(fieldPaths(decimals)).toEqual(['price']);
  });

  it('POST /api/events/:id/ticket-types - refuses a zero price, bad limits and a blank name with the shared messages', async () => {
    const draft = await newEvent(owner);
    const zero = await call(owner, 'POST', `/api/events/${draft.id}/ticket-types`, { name: 'Free', price: '0.00' });
    expect(zero.statusCode).toBe(400);
    expect(errorOf(zero).message).toBe('Price must be more than 0');
    const bad = await call(owner, 'POST', `/api/events/${draft.id}/ticket-types`, {
      name: ' ',
      price: '12.345',
      max_per_order: 101,
      capacity: -1,
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldPaths(bad)).toEqual(expect.arrayContaining(['name', 'price', 'max_per_order', 'capacity']));
    expect(bad.body).toContain('At most 100 tickets per order');
    const none = await call(owner, 'POST', `/api/events/${draft.id}/ticket-types`, {
      name: 'X',
      price: '5',
      max_per_order: 0,
    });
    expect(errorOf(none).message).toContain('At least 1 ticket per order');
  });

  it('POST /api/events/:id/ticket-types - refuses a price above the ceiling (£100,000.00 a ticket), takes the ceiling itself', async () => {
    const draft = await newEvent(owner);
    for (const price of ['1000000000', '100000.01', '99999999999999999999999']) {
      const response = await call(owner, 'POST', `/api/events/${draft.id}/ticket-types`, { name: 'Gold', price });
      expect(response.statusCode, price).toBe(400);
      expect(response.json()).toMatchObject({
        error: {
          code: 'VALIDATION_ERROR',
          message: 'Ticket price must be at most £100,000.00',
          fields: [{ path: 'price', message: 'Ticket price must be at most £100,000.00' }],
        },
      });
    }
    expect((await addType(owner, draft.id, { name: 'Gold', price: '100000.00' })).price_minor).toBe(10_000_000);
    const type = (await call(owner, 'GET', `/api/events/${draft.id}/ticket-types`)).json().ticket_types[1];
    const raised = await call(owner, 'PUT', `/api/events/${draft.id}/ticket-types/${type.id}`, {
      ...editBody(type),
      price: '1000000000',
    });
    expect(raised.statusCode).toBe(400);
    expect(errorOf(raised).message).toBe('Ticket price must be at most £100,000.00');
    // In yen the same ceiling is ¥10,000,000 (no decimals).
    const yen = await newEvent(owner, { ...complete, currency: 'JPY', price: '3000' });
    expect((await addType(owner, yen.id, { name: 'Gold', price: '10000000' })).price_minor).toBe(10_000_000);
    const tooMuch = await call(owner, 'POST', `/api/events/${yen.id}/ticket-types`, { name: 'X', price: '10000001' });
    expect(errorOf(tooMuch).message).toBe('Ticket price must be at most JP¥10,000,000');
  });

  it('POST /api/events - the event form’s price has the same ceiling', async () => {
    const refused = await call(owner, 'POST', '/api/events', { ...complete, price: '1000000000' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('VALIDATION_ERROR');
    expect(refused.json().error.fields).toEqual([
      { path: 'price', message: 'Ticket price must be at most £100,000.00' },
    ]);
    const ceiling = await newEvent(owner, { ...complete, price: '100000' });
    expect(ceiling.price).toBe('100000.00');
  });

  it('POST /api/events/:id/ticket-types - another organisation’s event is 404 and nothing is added', async () => {
    const draft = await newEvent(owner);
    const response = await call(rival, 'POST', `/api/events/${draft.id}/ticket-types`, vip);
    expect(response.statusCode).toBe(404);
    const rows = await t.database.db.select().from(ticketType).where(eq(ticketType.eventId, draft.id));
    expect(rows).toHaveLength(1);
  });
});

describe('PUT /api/events/:id/ticket-types/:typeId', () => {
  it('PUT /api/events/:id/ticket-types/:typeId - edits every field and hides then shows the type', async () => {
    const live = await newEvent(owner, complete, true);
    const type = await addType(owner, live.id);
    const edited = await call(owner, 'PUT', `/api/events/${live.id}/ticket-types/${type.id}`, {
      ...editBody(type),
      name: 'VIP Balcony',
      price: '50',
      capacity: null,
      max_per_order: 2,
      hidden: true,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'VIP Balcony',
      price_minor: 5000,
      capacity: null,
      max_per_order: 2,
      hidden: true,
    });
    const shown = await call(
      owner,
      'PUT',
      `/api/events/${live.id}/ticket-types/${type.id}`,
      editBody(edited.json(), { hidden: false }),
    );
    expect(shown.json().hidden).toBe(false);
  });

  it('PUT /api/events/:id/ticket-types/:typeId - capacity cannot drop below sold plus held', async () => {
    const live = await newEvent(owner, complete, true);
    const type = await addType(owner, live.id);
    await t.database.db.update(ticketType).set({ sold: 30, held: 5 }).where(eq(ticketType.id, type.id));
    const below = await call(
      owner,
      'PUT',
      `/api/events/${live.id}/ticket-types/${type.id}`,
      editBody(type, { capacity: 34 }),
    );
    expect(below.statusCode).toBe(400);
    expect(errorOf(below).message).toBe('Capacity cannot be below the 35 tickets already sold or being bought');
    expect(fieldPaths(below)).toEqual(['capacity']);
    await t.database.db.update(ticketType).set({ held: 0 }).where(eq(ticketType.id, type.id));
    const soldOnly = await call(
      owner,
      'PUT',
      `/api/events/${live.id}/ticket-types/${type.id}`,
      editBody(type, { capacity: 29 }),
    );
    expect(errorOf(soldOnly).message).toBe('Capacity cannot be below the 30 tickets already sold');
    const equal = await call(
      owner,
      'PUT',
      `/api/events/${live.id}/ticket-types/${type.id}`,
      editBody(type, { capacity: 30 }),
    );
    expect(equal.statusCode).toBe(200);
    expect(equal.json()).toMatchObject({ capacity: 30, sold: 30 });
  });

  it('PUT /api/events/:id/ticket-types/:typeId - another organisation’s event or type is 404', async () => {
    const mine = await newEvent(owner);
    const theirs = await newEvent(rival);
    const myType = mine.ticket_types[0]!;
    const theirType = theirs.ticket_types[0]!;
    const asRival = await call(
      rival,
      'PUT',
      `/api/events/${mine.id}/ticket-types/${myType.id}`,
      editBody(myType, { name: 'Hijacked' }),
    );
    expect(asRival.statusCode).toBe(404);
    // Their own event id with my type id: still not found.
    const mixed = await call(
      rival,
      'PUT',
      `/api/events/${theirs.id}/ticket-types/${myType.id}`,
      editBody(myType, { name: 'Hijacked' }),
    );
    expect(mixed.statusCode).toBe(404);
    expect(errorOf(mixed).message).toBe('Ticket type not found');
    const foreignType = await call(
      owner,
      'PUT',
      `/api/events/${mine.id}/ticket-types/${theirType.id}`,
      editBody(theirType),
    );
    expect(foreignType.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(ticketType).where(eq(ticketType.id, myType.id));
    expect(row!.name).toBe('General Admission');
  });
});

describe('read-only events', () => {
  it('POST, PUT, reorder and DELETE on an archived or cancelled event are 409', async () => {
    for (const status of ['archived', 'cancelled'] as const) {
      const draft = await newEvent(owner);
      const extra = await addType(owner, draft.id);
      if (status === 'archived')
        expect((await call(owner, 'POST', `/api/events/${draft.id}/archive`)).statusCode).toBe(200);
      else await t.database.db.update(event).set({ status }).where(eq(event.id, draft.id));
      const base = `/api/events/${draft.id}/ticket-types`;
      const attempts = [
        await call(owner, 'POST', base, vip),
        await call(owner, 'PUT', `${base}/${extra.id}`, editBody(extra, { hidden: true })),
        await call(owner, 'POST', `${base}/reorder`, { ids: [extra.id, draft.ticket_types[0]!.id] }),
        await call(owner, 'DELETE', `${base}/${extra.id}`),
      ];
      for (const response of attempts) {
        expect(response.statusCode).toBe(409);
        expect(errorOf(response).message).toBe(
          `${status === 'archived' ? 'An archived' : 'A cancelled'} event's ticket types cannot be changed`,
        );
      }
      expect((await call(owner, 'GET', base)).statusCode).toBe(200);
    }
  });
});

describe('POST /api/events/:id/ticket-types/reorder', () => {
  it('POST /api/events/:id/ticket-types/reorder - sets the order, and the wizard still edits General Admission', async () => {
    const live = await newEvent(owner, complete, true);
    const general = live.ticket_types[0]!;
    const second = await addType(owner, live.id);
    const response = await call(owner, 'POST', `/api/events/${live.id}/ticket-types/reorder`, {
      ids: [second.id, general.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().ticket_types.map((type: TicketTypeDto) => [type.name, type.sort])).toEqual([
      ['VIP', 0],
      ['General Admission', 1],
    ]);
    const wizard = await call(owner, 'PUT', `/api/events/${live.id}`, { price: '22.00' });
    expect(wizard.json().price).toBe('22.00');
    const types = (await call(owner, 'GET', `/api/events/${live.id}/ticket-types`)).json().ticket_types;
    expect(types.map((type: TicketTypeDto) => [type.name, type.price_minor])).toEqual([
      ['VIP', 4550],
      ['General Admission', 2200],
    ]);
  });

  it('POST /api/events/:id/ticket-types/reorder - a missing or repeated id is 400, a foreign id 404', async () => {
    const draft = await newEvent(owner);
    const general = draft.ticket_types[0]!;
    const second = await addType(owner, draft.id);
    const url = `/api/events/${draft.id}/ticket-types/reorder`;
    const missing = await call(owner, 'POST', url, { ids: [second.id] });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).message).toBe('Send every ticket type of this event exactly once');
    expect((await call(owner, 'POST', url, { ids: [second.id, second.id] })).statusCode).toBe(400);
    const theirs = await newEvent(rival);
    const foreign = await call(owner, 'POST', url, { ids: [theirs.ticket_types[0]!.id, general.id] });
    expect(foreign.statusCode).toBe(404);
    expect((await call(rival, 'POST', url, { ids: [second.id, general.id] })).statusCode).toBe(404);
  });
});

describe('DELETE /api/events/:id/ticket-types/:typeId', () => {
  it('DELETE /api/events/:id/ticket-types/:typeId - deletes a type that was never ordered', async () => {
    const draft = await newEvent(owner);
    const extra = await addType(owner, draft.id);
    expect((await call(rival, 'DELETE', `/api/events/${draft.id}/ticket-types/${extra.id}`)).statusCode).toBe(404);
    const response = await call(owner, 'DELETE', `/api/events/${draft.id}/ticket-types/${extra.id}`);
    expect(response.statusCode).toBe(204);
    const list = (await call(owner, 'GET', `/api/events/${draft.id}/ticket-types`)).json().ticket_types;
    expect(list).toHaveLength(1);
  });

  it('DELETE /api/events/:id/ticket-types/:typeId - a type with orders or the only type is kept (409)', async () => {
    const live = await newEvent(owner, complete, true);
    const extra = await addType(owner, live.id);
    await insertOrder(t.database.db, {
      organizationId: ownerOrganizationId,
      eventId: live.id,
      ticketTypeId: extra.id,
      email: 'fan@example.com',
      amountMinor: 4550,
      status: 'expired',
    });
    const withOrders = await call(owner, 'DELETE', `/api/events/${live.id}/ticket-types/${extra.id}`);
    expect(withOrders.statusCode).toBe(409);
    expect(errorOf(withOrders).message).toBe('This ticket type has orders, so it cannot be deleted; hide it instead');
    const lone = await newEvent(owner);
    const only = await call(owner, 'DELETE', `/api/events/${lone.id}/ticket-types/${lone.ticket_types[0]!.id}`);
    expect(only.statusCode).toBe(409);
    expect(errorOf(only).message).toBe('An event needs at least one ticket type');
  });
});

describe('PUT /api/events/:id with several ticket types', () => {
  it('PUT /api/events/:id - the currency cannot change once the event has a second type', async () => {
    const draft = await newEvent(owner);
    await addType(owner, draft.id);
    const response = await call(owner, 'PUT', `/api/events/${draft.id}`, { currency: 'EUR' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toContain(
      'The currency cannot change while the event has more than one ticket type',
    );
  });
});
