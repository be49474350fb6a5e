// Dates in a series (issue 31, decision 132): adding dates one by one or as a daily or weekly run, each date an
// event of its own that sells, counts and is cancelled on its own; the storefront's date picker and home list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SERIES_MESSAGES, type EventDates, type EventDto, type EventInput } from '@marquee/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { asBrowser, type SignedInUser } from '../../../test/auth-helpers.js';
import { buyer, createLiveEvent, postCheckout, sellingOrganiser } from '../../../test/checkout-helpers.js';
import {
  buyPaidOrder,
  cancelRequest,
  deliverCheckoutMail,
  mailTo,
  runRefundJobs,
} from '../../../test/cancellation-helpers.js';
import { fanPost } from '../../../test/after-sale-helpers.js';
import { event, order, ticket, ticketType } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { PAYOUTS_NOT_ENABLED_MESSAGE } from '../payments/payments.service.js';

let t: TestApp;
let owner: SignedInUser;
let rival: SignedInUser;
let payoutsEnabled = true;
const host = 'nights.localhost:3000';

beforeAll(async () => {
  t = await createTestApp({
    assertCanSell: async () => {
      if (!payoutsEnabled) throw new AppError('PAYOUTS_NOT_ENABLED', PAYOUTS_NOT_ENABLED_MESSAGE);
    },
  });
  owner = await sellingOrganiser(t.app, 'nights');
  rival = await sellingOrganiser(t.app, 'rivals');
});
afterAll(() => t.close());

const addDates = (user: SignedInUser, id: string, payload: unknown, headers = asBrowser(user)) =>
  t.app.inject({ method: 'POST', url: `/api/events/${id}/dates`, headers, payload: payload as object });
const datesOf = (user: SignedInUser, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/events/${id}/dates`, headers: { cookie: user.cookie } });
const storefront = (path: string) => t.app.inject({ method: 'GET', url: path, headers: { host } });

/** A weekly night: Fridays 22:00 London time from 2031-03-21; the run crosses the clocks going forward. */
async function weeklyNight(
  name: string,
  capacity = 100,
  extra: EventInput = {},
): Promise<{ first: EventDto; dates: EventDates }> {
  const first = await createLiveEvent(t.app, owner, {
    name,
    start_local: '2031-03-21T22:00',
    end_local: '2031-03-22T03:00',
    capacity,
    ...extra,
  });
  const added = await addDates(owner, first.id, { repeat: 'weekly', count: 2 });
  expect(added.statusCode, added.body).toBe(201);
  return { first, dates: added.json() };
}

describe('adding dates', () => {
  it('a weekly run copies the event and its ticket types to each date at the same local time, nothing sold', async () => {
    const { first, dates } = await weeklyNight('Friday Club');
    expect(dates.series_id).toBeTruthy();
    expect(dates.dates.map((date) => [date.start_local, date.status, date.sold, date.capacity])).toEqual([
      ['2031-03-21T22:00', 'live', 0, 100],
      ['2031-03-28T22:00', 'live', 0, 100],
      ['2031-04-04T22:00', 'live', 0, 100],
    ]);
    // 22:00 GMT, and 22:00 BST once the clocks have gone forward (30 March): the same wall-clock time.
    expect(dates.dates.map((date) => date.starts_at)).toEqual([
      '2031-03-21T22:00:00.000Z',
      '2031-03-28T22:00:00.000Z',
      '2031-04-04T21:00:00.000Z',
    ]);
    const second = (
      await t.app.inject({
        method: 'GET',
        url: `/api/events/${dates.dates[1]!.id}`,
        headers: { cookie: owner.cookie },
      })
    ).json() as EventDto;
    expect(second).toMatchObject({
      name: 'Friday Club',
      end_local: '2031-03-29T03:00',
      price: '20.00',
      slug: 'friday-club-2031-03-28',
      public_url: expect.stringContaining('/events/friday-club-2031-03-28'),
    });
    expect(second.ticket_types.map((type) => [type.name, type.price_minor, type.sold])).toEqual(
      first.ticket_types.map((type) => [type.name, type.price_minor, 0]),
    );
    expect(second.ticket_types[0]!.id).not.toBe(first.ticket_types[0]!.id);
    // Every date answers with the same series.
    expect((await datesOf(owner, dates.dates[2]!.id)).json().dates).toHaveLength(3);
  });

  it("each date gets its own copy of the event's shared quotas, over its own types, nothing counted", async () => {
    const first = await createLiveEvent(t.app, owner, {
      name: 'Quota Nights',
      start_local: '2031-08-01T20:00',
      end_local: '2031-08-01T23:00',
    });
    const typeId = first.ticket_types[0]!.id;
    const quota = await t.app.inject({
      method: 'POST',
      url: `/api/events/${first.id}/quotas`,
      headers: asBrowser(owner),
      payload: { name: 'Standing', capacity: 40, ticket_type_ids: [typeId] },
    });
    expect(quota.statusCode, quota.body).toBe(201);
    const added = (await addDates(owner, first.id, { repeat: 'daily', count: 1 })).json() as EventDates;
    const copy = added.dates[1]!.id;
    const quotas = await t.app.inject({
      method: 'GET',
      url: `/api/events/${copy}/quotas`,
      headers: { cookie: owner.cookie },
    });
    const [copied] = quotas.json().quotas;
    const [copiedType] = await t.database.db.select().from(ticketType).where(eq(ticketType.eventId, copy));
    expect(copied).toMatchObject({
      name: 'Standing',
      capacity: 40,
      sold: 0,
      held: 0,
      ticket_type_ids: [copiedType!.id],
    });
    expect(copied.id).not.toBe(quota.json().id);
    expect(copiedType!.quotaIds).toEqual([copied.id]);
  });

  it("each date sells its own stock of the event's add-ons", async () => {
    const first = await createLiveEvent(t.app, owner, {
      name: 'Merch Nights',
      start_local: '2031-09-01T20:00',
      end_local: '2031-09-01T23:00',
    });
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/events/${first.id}/add-ons`,
      headers: asBrowser(owner),
      payload: { name: 'T-shirt', price: '15.00', capacity: 30, max_per_order: 2 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const added = (await addDates(owner, first.id, { repeat: 'weekly', count: 1 })).json() as EventDates;
    const copied = await t.app.inject({
      method: 'GET',
      url: `/api/events/${added.dates[1]!.id}/add-ons`,
      headers: { cookie: owner.cookie },
    });
    const [addOn] = copied.json().add_ons;
    expect(addOn).toMatchObject({ name: 'T-shirt', price_minor: 1500, capacity: 30, max_per_order: 2, sold: 0 });
    expect(addOn.id).not.toBe(made.json().id);
  });

  it("each date asks the event's checkout questions, for its own types, with the names setting and a moved deadline", async () => {
    const first = await createLiveEvent(t.app, owner, {
      name: 'Asking Nights',
      start_local: '2031-09-01T20:00',
      end_local: '2031-09-01T23:00',
    });
    const typeId = first.ticket_types[0]!.id;
    const post = (url: string, method: 'POST' | 'PUT', payload: object) =>
      t.app.inject({ method, url: `/api/events/${first.id}${url}`, headers: asBrowser(owner), payload });
    const asked = await post('/questions', 'POST', {
      label: 'Dietary needs',
      kind: 'single_choice',
      options: ['None', 'Vegetarian'],
      required: true,
      scope: 'ticket',
      ticket_type_ids: [typeId],
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const settings = await post('/attendee-settings', 'PUT', {
      ticket_names: 'required',
      answers_editable_until: '2031-08-30T12:00:00.000Z',
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const added = (await addDates(owner, first.id, { repeat: 'weekly', count: 1 })).json() as EventDates;
    const copy = added.dates[1]!.id;
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/events/${copy}/questions`,
      headers: { cookie: owner.cookie },
    });
    const [copiedType] = await t.database.db.select().from(ticketType).where(eq(ticketType.eventId, copy));
    expect(list.json()).toMatchObject({
      settings: { ticket_names: 'required', answers_editable_until: '2031-09-06T12:00:00.000Z' },
      questions: [{ label: 'Dietary needs', required: true, scope: 'ticket', ticket_type_ids: [copiedType!.id] }],
    });
  });

  it('dates one by one; a draft adds drafts; a single event lists itself', async () => {
    const draft = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: asBrowser(owner),
      payload: { name: 'Matinee', start_local: '2031-05-01T14:00', end_local: '2031-05-01T16:00' },
    });
    const id = draft.json().id as string;
    const single = (await datesOf(owner, id)).json() as EventDates;
    expect(single).toMatchObject({ series_id: null, dates: [{ id, status: 'draft' }] });
    const added = await addDates(owner, id, { starts_local: ['2031-05-02T14:00', '2031-05-02T18:30'] });
    expect(added.statusCode, added.body).toBe(201);
    const body = added.json() as EventDates;
    expect(body.dates.map((date) => [date.start_local, date.status])).toEqual([
      ['2031-05-01T14:00', 'draft'],
      ['2031-05-02T14:00', 'draft'],
      ['2031-05-02T18:30', 'draft'],
    ]);
    // The 18:30 slot keeps the two-hour length.
    const [late] = await t.database.db.select().from(event).where(eq(event.id, body.dates[2]!.id));
    expect(late!.endsAt!.getTime() - late!.startsAt!.getTime()).toBe(2 * 3600_000);
  });

  it('bad input is a 400 naming the field, and nothing is added', async () => {
    const live = await createLiveEvent(t.app, owner, {
      name: 'Careful Dates',
      start_local: '2031-07-01T19:00',
      end_local: '2031-07-01T23:00',
    });
    const cases: Array<[unknown, string]> = [
      [{}, SERIES_MESSAGES.nothing],
      [{ repeat: 'weekly' }, SERIES_MESSAGES.nothing],
      [{ repeat: 'weekly', count: 2, starts_local: ['2031-07-02T19:00'] }, SERIES_MESSAGES.oneWay],
      [{ starts_local: ['2020-01-01T19:00'] }, SERIES_MESSAGES.past],
      [{ starts_local: ['2031-07-01T19:00'] }, SERIES_MESSAGES.taken],
      [{ starts_local: ['2031-07-02T19:00', '2031-07-02T19:00'] }, SERIES_MESSAGES.repeated],
      [{ repeat: 'weekly', count: 53 }, ''],
      [{ repeat: 'monthly', count: 2 }, ''],
      [{ repeat: 'daily', count: 1.5 }, ''],
      [{ starts_local: ['2031-07-02 19:00'] }, 'Use the format YYYY-MM-DDTHH:mm'],
      [{ starts_local: ['2031-07-02T19:00\u0000'] }, ''],
      [{ starts_local: [] }, ''],
      [{ starts_local: Array(53).fill('2031-07-02T19:00') }, ''],
      [{ repeat: 'daily', count: 2, extra: true }, ''],
    ];
    for (const [payload, message] of cases) {
      const response = await addDates(owner, live.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.code).toMatch(/^(BAD_REQUEST|VALIDATION_ERROR)$/);
      if (message) expect(response.body).toContain(message);
    }
    expect((await datesOf(owner, live.id)).json()).toMatchObject({ series_id: null, dates: [{ id: live.id }] });
  });

  it("is the organisation's own: another's event is a 404, a cross-site form a 403; no start, archived", async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Ours Only' });
    expect((await addDates(rival, live.id, { repeat: 'daily', count: 1 })).statusCode).toBe(404);
    expect((await datesOf(rival, live.id)).statusCode).toBe(404);
    const crossSite = await addDates(
      owner,
      live.id,
      { repeat: 'daily', count: 1 },
      {
        cookie: owner.cookie,
        origin: 'https://evil.example',
      },
    );
    expect(crossSite.statusCode).toBe(403);
    const undated = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: asBrowser(owner),
      payload: { name: 'Some Day' },
    });
    const noStart = await addDates(owner, undated.json().id, { repeat: 'daily', count: 1 });
    expect(noStart.statusCode).toBe(400);
    expect(noStart.json().error.fields).toEqual([{ path: 'starts_local', message: SERIES_MESSAGES.noStart }]);
    await t.app.inject({ method: 'POST', url: `/api/events/${live.id}/archive`, headers: asBrowser(owner) });
    const archived = await addDates(owner, live.id, { repeat: 'daily', count: 1 });
    expect(archived.statusCode).toBe(409);
    expect(archived.json().error.message).toBe(SERIES_MESSAGES.closed);
  });

  it("a live event's dates need payouts as publishing does; refused, nothing is added", async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'No Payouts Now' });
    payoutsEnabled = false;
    try {
      const refused = await addDates(owner, live.id, { repeat: 'daily', count: 2 });
      expect(refused.json().error).toMatchObject({
        code: 'PAYOUTS_NOT_ENABLED',
        message: PAYOUTS_NOT_ENABLED_MESSAGE,
      });
    } finally {
      payoutsEnabled = true;
    }
    const rows = await t.database.db.select().from(event).where(eq(event.name, 'No Payouts Now'));
    expect(rows).toHaveLength(1);
  });
});

describe('each date sells, counts and is cancelled on its own', () => {
  it('a sale on one date counts there and in the series totals; a full date is sold out, the others are not', async () => {
    const { dates } = await weeklyNight('Small Room', 3);
    const [first, second] = dates.dates;
    const [type] = await t.database.db.select().from(ticketType).where(eq(ticketType.eventId, second!.id));
    await buyPaidOrder(t.app, host, second!.id, type!.id, 3, 'full@example.com');
    const after = (await datesOf(owner, first!.id)).json() as EventDates;
    expect(after.dates.map((date) => date.sold)).toEqual([0, 3, 0]);
    expect(after.totals).toMatchObject({ sold: 3, capacity: 9, currency: 'GBP' });
    expect(after.totals.revenue_minor).toBe(3 * 2000);
    // The full date refuses more; the first date still sells.
    const refused = await postCheckout(t.app, host, second!.id, { ...buyer, [`qty_${type!.id}`]: '1' });
    expect(refused.statusCode).not.toBe(303);
    const [firstType] = await t.database.db.select().from(ticketType).where(eq(ticketType.eventId, first!.id));
    const ok = await postCheckout(t.app, host, first!.id, { ...buyer, [`qty_${firstType!.id}`]: '1' });
    expect(ok.statusCode).toBe(303);

    // The fan picks a date on the event page: every date linked, this one marked, the full one said so.
    const page = await storefront('/events/small-room');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Pick a date');
    expect(page.body).toMatch(/<a href="\/events\/small-room" aria-current="page">FRI 21 MAR, 2031 · 22:00<\/a>/i);
    expect(page.body).toMatch(
      /<a href="\/events\/small-room-2031-03-28">FRI 28 MAR, 2031 · 22:00<span class="out"> · Sold out<\/span><\/a>/i,
    );
    expect(page.body).toContain('href="/events/small-room-2031-04-04"');
    // The home lists the series once, at its next date, with how many more follow.
    const home = await storefront('/');
    expect(home.body.match(/Small Room/g)).toHaveLength(1);
    expect(home.body).toMatch(/Small Room[\s\S]*?\+ 2 more dates/);
  });

  it('cancelling one date refunds its holders, releases a fan still paying there, and leaves the others selling', async () => {
    const { dates } = await weeklyNight('Rain Check');
    const [first, second] = dates.dates;
    const typeOf = async (id: string) =>
      (await t.database.db.select().from(ticketType).where(eq(ticketType.eventId, id)))[0]!.id;
    const kept = await buyPaidOrder(t.app, host, first!.id, await typeOf(first!.id), 1, 'kept@example.com');
    const refunded = await buyPaidOrder(t.app, host, second!.id, await typeOf(second!.id), 2, 'moved@example.com');
    const paying = await postCheckout(t.app, host, second!.id, {
      ...buyer,
      email: 'paying@example.com',
      [`qty_${await typeOf(second!.id)}`]: '1',
    });
    expect(paying.statusCode).toBe(303);

    const cancelled = await cancelRequest(t.app, owner, second!.id, { reason: 'Flooded', confirm: 'Rain Check' });
    expect(cancelled.statusCode).toBe(200);
    await runRefundJobs(t.app);
    const statusOf = async (id: string) => (await t.database.db.select().from(order).where(eq(order.id, id)))[0]!;
    expect((await statusOf(refunded.id)).status).toBe('refunded');
    expect((await statusOf(kept.id)).status).toBe('paid');
    const [hold] = await t.database.db
      .select()
      .from(order)
      .where(and(eq(order.eventId, second!.id), eq(order.customerEmail, 'paying@example.com')));
    expect(hold!.status).toBe('cancelled');
    const keptTickets = await t.database.db.select().from(ticket).where(eq(ticket.orderId, kept.id));
    expect(keptTickets.map((row) => row.status)).toEqual(['valid']);

    const after = (await datesOf(owner, first!.id)).json() as EventDates;
    expect(after.dates.map((date) => [date.status, date.sold])).toEqual([
      ['live', 1],
      ['cancelled', 0],
      ['live', 0],
    ]);
    // The cancelled date is no longer offered on the others' pages.
    const page = await storefront('/events/rain-check');
    expect(page.body).not.toContain('/events/rain-check-2031-03-28"');
    expect(page.body).toContain('/events/rain-check-2031-04-04');
  });

  it("moving one date tells that date's ticket holders, the buyer and a transfer's holder, each once per move", async () => {
    // Transfers are offered where resale is allowed.
    const { dates } = await weeklyNight('On The Move', 100, { resale_allowed: true });
    const [first, second] = dates.dates;
    const typeOf = async (id: string) =>
      (await t.database.db.select().from(ticketType).where(eq(ticketType.eventId, id)))[0]!.id;
    await buyPaidOrder(t.app, host, first!.id, await typeOf(first!.id), 1, 'stays@example.com');
    const paid = await buyPaidOrder(t.app, host, second!.id, await typeOf(second!.id), 2, 'mover@example.com');
    const [given] = await t.database.db.select().from(ticket).where(eq(ticket.orderId, paid.id));
    const sent = await fanPost(t.app, host, `/orders/${paid.accessToken}/transfer`, {
      confirm: 'yes',
      ticket: given!.code,
      name: 'Robin Friend',
      email: 'robin.mover@example.com',
    });
    expect(sent.statusCode).toBe(303);
    await deliverCheckoutMail(t.app);
    const moveTo = async (start: string, end: string) => {
      const moved = await t.app.inject({
        method: 'PUT',
        url: `/api/events/${second!.id}`,
        headers: asBrowser(owner),
        payload: { start_local: start, end_local: end },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      await deliverCheckoutMail(t.app);
    };
    await moveTo('2031-03-29T21:00', '2031-03-30T02:00');
    const movedMail = (to: string) => async () =>
      (await mailTo(t.app, to)).filter((mail) => mail.subject.startsWith('New time: On The Move'));
    const buyerMail = await movedMail('mover@example.com')();
    expect(buyerMail).toHaveLength(1);
    expect(buyerMail[0]!.subject).toBe(
      'New time: On The Move is now Sat 29 Mar 2031, 21:00 – Sun 30 Mar 2031, 02:00 GMT (Europe/London)',
    );
    expect(buyerMail[0]!.text).toContain('Was: Fri 28 Mar 2031, 22:00 – Sat 29 Mar 2031, 03:00 GMT (Europe/London)');
    expect(buyerMail[0]!.text).toContain('View your order');
    const holderMail = await movedMail('robin.mover@example.com')();
    expect(holderMail).toHaveLength(1);
    expect(holderMail[0]!.text).toContain('Hi Robin Friend');
    expect(holderMail[0]!.text).not.toContain(paid.accessToken);
    expect(await movedMail('stays@example.com')()).toEqual([]);
    // A change that keeps the start (a new end only) tells nobody; a second move tells them again.
    await moveTo('2031-03-29T21:00', '2031-03-30T03:00');
    expect(await movedMail('mover@example.com')()).toHaveLength(1);
    await moveTo('2031-03-29T20:00', '2031-03-30T03:00');
    expect(await movedMail('mover@example.com')()).toHaveLength(2);
    expect(await movedMail('robin.mover@example.com')()).toHaveLength(2);
  });
});
