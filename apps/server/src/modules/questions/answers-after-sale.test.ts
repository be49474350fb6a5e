// Checkout answers after the sale (decision 130): the organiser's order detail shows them per ticket, the door's
// scan and its offline list show the holder's name and answers ('Dietary: Vegetarian'), the orders CSV has the
// names and a column per question, the fan corrects names and answers until the deadline (refused after it, with
// nothing changed), and a transfer puts the new holder's name on the ticket.
import { eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDto, OrderDetail, Question } from '@marquee/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import {
  buyer,
  createLiveEvent,
  payWithCard,
  postCheckout,
  sellingOrganiser,
  tokenFrom,
} from '../../../test/checkout-helpers.js';
import { asBrowser, type SignedInUser } from '../../../test/auth-helpers.js';
import { checkinGet, scan } from '../../../test/checkin-helpers.js';
import { fanPost, orderDetail, orderPage } from '../../../test/after-sale-helpers.js';
import { order, ticket } from '../../db/schema/index.js';

let t: TestApp;
let owner: SignedInUser;
let live: EventDto;
let typeId: string;
let dietary: Question;
let source: Question;
let token: string;
let orderId: string;
let codes: string[];
const host = 'door.localhost:3000';

const api = (method: 'POST' | 'PUT', url: string, payload: unknown) =>
  t.app.inject({ method, url, headers: asBrowser(owner), payload: payload as object });
const settings = (answersEditableUntil: string | null) =>
  api('PUT', `/api/events/${live.id}/attendee-settings`, {
    ticket_names: 'required',
    answers_editable_until: answersEditableUntil,
  });

beforeAll(async () => {
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'door');
  live = await createLiveEvent(t.app, owner, { capacity: 20, resale_allowed: true });
  typeId = live.ticket_types[0]!.id;
  expect((await settings(null)).statusCode).toBe(200);
  dietary = (
    await api('POST', `/api/events/${live.id}/questions`, {
      label: 'Dietary',
      kind: 'single_choice',
      options: ['None', 'Vegetarian', 'Vegan'],
      required: true,
      scope: 'ticket',
    })
  ).json();
  source = (await api('POST', `/api/events/${live.id}/questions`, { label: 'Company', kind: 'short_text' })).json();
  const held = await postCheckout(t.app, host, live.id, {
    ...buyer,
    [`qty_${typeId}`]: '2',
    details_for: `${typeId}:2`,
    [`q_${source.id}`]: '=Acme',
    t1_name: 'Ada Lovelace',
    [`t1_q_${dietary.id}`]: 'Vegetarian',
    t2_name: 'Grace Hopper',
    [`t2_q_${dietary.id}`]: 'Vegan',
  });
  expect(held.statusCode).toBe(303);
  token = tokenFrom(held.headers.location);
  expect((await payWithCard(t.app, host, token)).statusCode).toBe(303);
  const [row] = await t.database.db.select().from(order).where(eq(order.accessToken, token));
  orderId = row!.id;
  codes = (
    await t.database.db
      .select({ code: ticket.code })
      .from(ticket)
      .where(eq(ticket.orderId, orderId))
      .orderBy(ticket.slot)
  ).map((entry) => entry.code);
});
afterAll(() => t.close());

describe('the organiser and the door see the answers', () => {
  it('GET /api/orders/:orderId shows each ticket with its name and answers, and the order answers', async () => {
    const detail = (await orderDetail(t.app, owner, orderId)) as OrderDetail;
    const byCode = new Map(detail.tickets.map((entry) => [entry.code, entry]));
    expect(byCode.get(codes[0]!)).toMatchObject({
      holder_name: 'Ada Lovelace',
      answers: [{ question_id: dietary.id, label: 'Dietary', value: 'Vegetarian' }],
    });
    expect(byCode.get(codes[1]!)).toMatchObject({ holder_name: 'Grace Hopper', answers: [{ value: 'Vegan' }] });
    expect(detail.answers).toEqual([{ question_id: source.id, label: 'Company', value: '=Acme' }]);
    expect(detail.attendees?.map((entry) => entry.name)).toEqual(['Ada Lovelace', 'Grace Hopper']);
  });

  it("the door's offline list carries each ticket's answers", async () => {
    const response = await checkinGet(t.app, owner, `/api/checkin/events/${live.id}/offline`);
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.answers[codes[1]!]).toEqual([
      ['Dietary', 'Vegan'],
      ['Company', '=Acme'],
    ]);
    expect(list.tickets.find((row: unknown[]) => row[0] === codes[1])[2]).toBe('Grace Hopper');
  });

  it('the orders CSV of the event has the names on tickets and a column per question, formulas defused', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/analytics/orders.csv?period=7d&event_id=${live.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(response.statusCode).toBe(200);
    const [record] = parse(response.body, { columns: true }) as Array<Record<string, string>>;
    expect(record!['Names on tickets']).toBe('Ada Lovelace; Grace Hopper');
    expect(record!.Dietary).toBe('Vegetarian; Vegan');
    expect(record!.Company).toBe("'=Acme");
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/analytics/orders.csv?period=7d',
      headers: { cookie: owner.cookie },
    });
    const [any] = parse(all.body, { columns: true }) as Array<Record<string, string>>;
    expect(any!.Answers).toBe('Company: =Acme | Dietary (ticket 1): Vegetarian | Dietary (ticket 2): Vegan');
  });
});

describe("the fan's names and answers", () => {
  it('the order page links them, and the page shows the stored values', async () => {
    expect((await orderPage(t.app, host, token)).body).toContain('See or change names and answers');
    const page = await t.app.inject({ method: 'GET', url: `/orders/${token}/details`, headers: { host } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('value="Grace Hopper"');
    expect(page.body).toMatch(new RegExp(`name="t2_q_${dietary.id}" checked="" value="Vegan"`));
  });

  it('refuses a bad correction beside its field, keeps the values and changes nothing', async () => {
    const response = await fanPost(t.app, host, `/orders/${token}/details`, {
      [`q_${source.id}`]: 'Acme Ltd',
      t1_name: 'Ada King',
      [`t1_q_${dietary.id}`]: 'Pescatarian',
      t2_name: '',
      [`t2_q_${dietary.id}`]: 'Vegan',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(`id="t1_q_${dietary.id}-error">Choose from the options given</p>`);
    expect(response.body).toContain('id="t2_name-error">Enter the name on this ticket</p>');
    expect(response.body).toContain('value="Ada King"');
    const names = await t.database.db
      .select({ name: ticket.holderName })
      .from(ticket)
      .where(eq(ticket.orderId, orderId));
    expect(names.map((entry) => entry.name).sort()).toEqual(['Ada Lovelace', 'Grace Hopper']);
  });

  it('saves corrections of names and answers before the deadline; the door sees them', async () => {
    const response = await fanPost(t.app, host, `/orders/${token}/details`, {
      [`q_${source.id}`]: '',
      t1_name: 'Ada King',
      [`t1_q_${dietary.id}`]: 'Vegetarian',
      t2_name: 'Grace Hopper',
      [`t2_q_${dietary.id}`]: 'None',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/orders/${token}/details?done=saved`);
    const detail = (await orderDetail(t.app, owner, orderId)) as OrderDetail;
    expect(detail.answers).toEqual([]);
    expect(detail.tickets.find((entry) => entry.code === codes[0])!.holder_name).toBe('Ada King');
    expect(detail.tickets.find((entry) => entry.code === codes[1])!.answers).toEqual([
      { question_id: dietary.id, label: 'Dietary', value: 'None' },
    ]);
    expect(detail.history.some((entry) => entry.action === 'details_changed')).toBe(true);
    const offline = (await checkinGet(t.app, owner, `/api/checkin/events/${live.id}/offline`)).json();
    expect(offline.answers[codes[1]!]).toEqual([['Dietary', 'None']]);
  });

  it('refuses corrections after the deadline with a clear message, changing nothing', async () => {
    expect((await settings('2020-01-01T00:00:00.000Z')).statusCode).toBe(200);
    try {
      const response = await fanPost(t.app, host, `/orders/${token}/details`, {
        t1_name: 'Someone Else',
        [`t1_q_${dietary.id}`]: 'Vegan',
        t2_name: 'Grace Hopper',
        [`t2_q_${dietary.id}`]: 'None',
      });
      expect(response.statusCode).toBe(409);
      expect(response.body).toContain('Names and answers can no longer be changed for this order.');
      expect(response.body).not.toContain('Save changes');
      const [first] = await t.database.db
        .select({ name: ticket.holderName })
        .from(ticket)
        .where(eq(ticket.code, codes[0]!));
      expect(first!.name).toBe('Ada King');
      expect((await orderPage(t.app, host, token)).body).toContain('See names and answers');
    } finally {
      await settings(null);
    }
  });

  it("a transfer puts the new holder's name on the ticket; its answers stay with it", async () => {
    const response = await fanPost(t.app, host, `/orders/${token}/transfer`, {
      ticket: codes[1]!,
      name: 'Linus Torvalds',
      email: 'linus@example.com',
      confirm: 'yes',
    });
    expect(response.statusCode).toBe(303);
    const [created] = await t.database.db
      .select({ code: ticket.code, name: ticket.holderName, slot: ticket.slot })
      .from(ticket)
      .where(eq(ticket.holderEmail, 'linus@example.com'));
    expect(created).toMatchObject({ name: 'Linus Torvalds', slot: 2 });
    const door = await scan(t.app, owner, live.id, { code: created!.code });
    expect(door.json().ticket).toMatchObject({
      holder: 'Linus Torvalds',
      answers: [{ label: 'Dietary', value: 'None' }],
    });
    // The buyer can no longer rename a ticket they sent away.
    const page = await t.app.inject({ method: 'GET', url: `/orders/${token}/details`, headers: { host } });
    expect(page.body).not.toContain('name="t2_name"');
  });

  it("the door's scan shows the (corrected) holder's name and the ticket's answers", async () => {
    const response = await scan(t.app, owner, live.id, { code: codes[0] });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toBe('admitted');
    expect(response.json().ticket).toMatchObject({
      holder: 'Ada King',
      answers: [{ label: 'Dietary', value: 'Vegetarian' }],
    });
  });

  it('erasing the customer erases the names given at checkout and the answers', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/customers', headers: { cookie: owner.cookie } });
    const target = (list.json().customers as Array<{ id: string; email: string }>).find(
      (entry) => entry.email === buyer.email,
    )!;
    const erased = await t.app.inject({
      method: 'DELETE',
      url: `/api/customers/${target.id}`,
      headers: asBrowser(owner),
      payload: { confirm: 'DELETE' },
    });
    expect(erased.statusCode).toBe(200);
    const detail = (await orderDetail(t.app, owner, orderId)) as OrderDetail;
    expect(detail.answers).toEqual([]);
    expect(detail.attendees?.every((entry) => entry.name === '' && entry.answers.length === 0)).toBe(true);
    expect(JSON.stringify(detail)).not.toMatch(/Ada King|Vegetarian/);
  });
});
