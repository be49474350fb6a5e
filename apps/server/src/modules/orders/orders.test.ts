import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { EventDto, EventInput, OrderDetail, OrderSummary, OrdersPage } from '@marquee/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createOrganizationFor, signUpAndVerify, type SignedInUser } from '../../../test/auth-helpers.js';
import { asBrowser } from '../../../test/auth-helpers.js';
import { insertOrder } from '../../../test/order-fixtures.js';
import { order, orderChange, orderLine, ticket, user } from '../../db/schema/index.js';
import { newTicketCode } from '../../lib/codes.js';

let t: TestApp;
let owner: SignedInUser;
let rival: SignedInUser;
let ownerOrganizationId: string;
let rivalOrganizationId: string;

beforeAll(async () => {
  t = await createTestApp({ assertCanSell: async () => {} });
  owner = await signUpAndVerify(t.app);
  rival = await signUpAndVerify(t.app);
  ownerOrganizationId = (await createOrganizationFor(t.app, owner, 'acme', 'Acme Events')).id;
  rivalOrganizationId = (await createOrganizationFor(t.app, rival, 'rival', 'Rival Events')).id;
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
};

function get(who: SignedInUser | null, url: string) {
  return t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
}

async function newEvent(who: SignedInUser): Promise<EventDto> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: asBrowser(who),
    payload: complete,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

interface Buyer {
  first: string;
  last: string;
  email: string;
  minutesAgo: number;
  status?: 'paid' | 'pending' | 'refunded' | 'expired';
}

async function sell(organizationId: string, live: EventDto, buyer: Buyer) {
  const at = new Date(Date.now() - buyer.minutesAgo * 60_000);
  const status = buyer.status ?? 'paid';
  const row = await insertOrder(t.database.db, {
    organizationId,
    eventId: live.id,
    ticketTypeId: live.ticket_types[0]!.id,
    email: buyer.email,
    quantity: 2,
    amountMinor: 4000,
    feeMinor: 320,
    status,
    paidAt: status === 'paid' ? at : null,
    createdAt: at,
  });
  await t.database.db.update(order).set({ firstName: buyer.first, lastName: buyer.last }).where(eq(order.id, row.id));
  return { ...row, firstName: buyer.first, lastName: buyer.last };
}

const ownerName = async () => {
  const [row] = await t.database.db.select({ name: user.name }).from(user).where(eq(user.email, owner.email));
  return row!.name;
};

describe('GET /api/events/:id/orders', () => {
  let live: EventDto;
  let ada: Awaited<ReturnType<typeof sell>>;

  beforeAll(async () => {
    live = await newEvent(owner);
    ada = await sell(ownerOrganizationId, live, {
      first: 'Ada',
      last: 'Lovelace',
      email: 'ada@example.com',
      minutesAgo: 30,
    });
    await sell(ownerOrganizationId, live, {
      first: 'Grace',
      last: 'Hopper',
      email: 'grace@navy.example',
      minutesAgo: 20,
    });
    await sell(ownerOrganizationId, live, {
      first: 'Alan',
      last: 'Turing',
      email: 'alan_t@example.com',
      minutesAgo: 10,
      status: 'pending',
    });
    // Another event of the same organiser: never in this event's list.
    await sell(ownerOrganizationId, await newEvent(owner), {
      first: 'Ada',
      last: 'Other',
      email: 'ada2@example.com',
      minutesAgo: 5,
    });
  });

  it('GET /api/events/:id/orders - newest first with buyer, tickets, total with fee and status as stored', async () => {
    const response = await get(owner, `/api/events/${live.id}/orders`);
    expect(response.statusCode, response.body).toBe(200);
    const page: OrdersPage = response.json();
    expect(page).toMatchObject({ total: 3, page: 1, page_size: 50 });
    expect(page.orders.map((row) => [row.buyer_name, row.status])).toEqual([
      ['Alan Turing', 'pending'],
      ['Grace Hopper', 'paid'],
      ['Ada Lovelace', 'paid'],
    ]);
    expect(page.orders[2]).toMatchObject({
      code: ada.code,
      email: 'ada@example.com',
      quantity: 2,
      total_minor: 4320,
      currency: 'GBP',
      paid_at: ada.paidAt!.toISOString(),
    });
    expect(page.orders[0]!.paid_at).toBeNull();
    expect(JSON.stringify(page)).not.toContain(ada.accessToken);
  });

  it('GET /api/events/:id/orders - searches code, name and e-mail case-insensitively', async () => {
    const search = async (text: string) =>
      (
        (await get(owner, `/api/events/${live.id}/orders?search=${encodeURIComponent(text)}`)).json() as OrdersPage
      ).orders.map((row: OrderSummary) => row.buyer_name);
    expect(await search(ada.code.toLowerCase())).toEqual(['Ada Lovelace']);
    expect(await search('HOPPER')).toEqual(['Grace Hopper']);
    expect(await search('grace hop')).toEqual(['Grace Hopper']);
    expect(await search('@NAVY.example')).toEqual(['Grace Hopper']);
    expect(await search('  ada  ')).toEqual(['Ada Lovelace']);
    // Wildcards are literal: '_' matches only Alan's underscore, '%' matches nobody.
    expect(await search('_')).toEqual(['Alan Turing']);
    expect(await search('%')).toEqual([]);
  });

  it('GET /api/events/:id/orders - validates the search text and page', async () => {
    const long = await get(owner, `/api/events/${live.id}/orders?search=${'a'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields[0].message).toBe('Search must be 100 characters or less');
    expect((await get(owner, `/api/events/${live.id}/orders?search=a%00b`)).statusCode).toBe(400);
    expect((await get(owner, `/api/events/${live.id}/orders?page=0`)).statusCode).toBe(400);
    expect((await get(owner, `/api/events/${live.id}/orders?page=two`)).statusCode).toBe(400);
  });

  it('GET /api/events/:id/orders - another organisation’s event is 404, signed out 401', async () => {
    const foreign = await get(rival, `/api/events/${live.id}/orders`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('Event not found');
    expect((await get(null, `/api/events/${live.id}/orders`)).statusCode).toBe(401);
    expect((await get(owner, '/api/events/nope/orders')).statusCode).toBe(404);
  });
});

describe('GET /api/events/:id/orders paging', () => {
  it('GET /api/events/:id/orders - pages of 50 with the total count', async () => {
    const busy = await newEvent(owner);
    for (let index = 0; index < 53; index += 1) {
      await sell(ownerOrganizationId, busy, {
        first: 'Fan',
        last: String(index).padStart(2, '0'),
        email: `fan${index}@example.com`,
        minutesAgo: 100 - index,
      });
    }
    const first: OrdersPage = (await get(owner, `/api/events/${busy.id}/orders`)).json();
    expect(first.total).toBe(53);
    expect(first.orders).toHaveLength(50);
    expect(first.orders[0]!.buyer_name).toBe('Fan 52');
    const second: OrdersPage = (await get(owner, `/api/events/${busy.id}/orders?page=2`)).json();
    expect(second.orders.map((row) => row.buyer_name)).toEqual(['Fan 02', 'Fan 01', 'Fan 00']);
    expect(second).toMatchObject({ total: 53, page: 2 });
    const searched: OrdersPage = (await get(owner, `/api/events/${busy.id}/orders?search=fan1`)).json();
    // fan1, fan10..fan19
    expect(searched.total).toBe(11);
  });
});

describe('GET /api/orders/:orderId', () => {
  it('GET /api/orders/:orderId - buyer, lines, tickets and the audit trail with who did what', async () => {
    const live = await newEvent(owner);
    const sold = await sell(ownerOrganizationId, live, {
      first: 'Ada',
      last: 'Lovelace',
      email: 'ada@example.com',
      minutesAgo: 5,
    });
    const db = t.database.db;
    const [line] = await db.select().from(orderLine).where(eq(orderLine.orderId, sold.id));
    const codes = [newTicketCode(), newTicketCode()];
    // The fixture's own tickets give way to two with known holders and states.
    await db.delete(ticket).where(eq(ticket.orderId, sold.id));
    await db.insert(ticket).values(
      codes.map((code, index) => ({
        organizationId: ownerOrganizationId,
        orderId: sold.id,
        orderLineId: line!.id,
        eventId: live.id,
        ticketTypeId: live.ticket_types[0]!.id,
        code,
        status: index === 0 ? ('valid' as const) : ('cancelled' as const),
        holderName: index === 0 ? 'Ada Lovelace' : 'Charles Babbage',
      })),
    );
    const [ownerRow] = await db.select({ id: user.id }).from(user).where(eq(user.email, owner.email));
    const base = Date.now() - 240_000;
    await db.insert(orderChange).values([
      {
        organizationId: ownerOrganizationId,
        orderId: sold.id,
        action: 'held',
        toStatus: 'pending',
        actorType: 'fan',
        at: new Date(base),
      },
      {
        organizationId: ownerOrganizationId,
        orderId: sold.id,
        action: 'paid',
        fromStatus: 'pending',
        toStatus: 'paid',
        actorType: 'provider',
        at: new Date(base + 60_000),
      },
      {
        organizationId: ownerOrganizationId,
        orderId: sold.id,
        action: 'tickets_sent',
        actorType: 'system',
        at: new Date(base + 120_000),
      },
      {
        organizationId: ownerOrganizationId,
        orderId: sold.id,
        action: 'link_sent',
        actorType: 'organiser',
        actorUserId: ownerRow!.id,
        at: new Date(base + 180_000),
      },
    ]);

    const response = await get(owner, `/api/orders/${sold.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const detail: OrderDetail = response.json();
    expect(detail).toMatchObject({
      code: sold.code,
      event: { id: live.id, name: 'Night Owls Live' },
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      status: 'paid',
      amount_minor: 4000,
      fee_minor: 320,
      total_minor: 4320,
      lines: [{ name: 'General Admission', quantity: 2, unit_price_minor: 2000, unit_fee_minor: 160 }],
    });
    expect(detail.tickets.map((item) => [item.code, item.type_name, item.status, item.holder_name]).sort()).toEqual(
      [
        [codes[0], 'General Admission', 'valid', 'Ada Lovelace'],
        [codes[1], 'General Admission', 'cancelled', 'Charles Babbage'],
      ].sort(),
    );
    expect(detail.history.map((change) => [change.action, change.actor])).toEqual([
      ['held', 'Fan'],
      ['paid', 'Payment provider'],
      ['tickets_sent', 'System'],
      ['link_sent', await ownerName()],
    ]);
    expect(response.body).not.toContain(sold.accessToken);
  });

  it('GET /api/orders/:orderId - another organisation’s order is 404', async () => {
    const theirs = await newEvent(rival);
    const sold = await sell(rivalOrganizationId, theirs, {
      first: 'Eve',
      last: 'Spy',
      email: 'eve@example.com',
      minutesAgo: 1,
    });
    const response = await get(owner, `/api/orders/${sold.id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Order not found');
    expect((await get(rival, `/api/orders/${sold.id}`)).statusCode).toBe(200);
    expect((await get(owner, '/api/orders/MQ-ABCDEF')).statusCode).toBe(404);
    expect((await get(null, `/api/orders/${sold.id}`)).statusCode).toBe(401);
  });
});
