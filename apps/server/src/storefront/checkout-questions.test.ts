// Names on tickets and the organiser's checkout questions on the storefront's checkout form (decision 130): the
// form asks them without JavaScript (a block per chosen ticket once the quantities are known), checks every answer
// on the server with the entered values kept and each error tied to its field, and stores them with the hold; the
// paid tickets carry their names.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDto, Question } from '@marquee/shared';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  buyer,
  createLiveEvent,
  payWithCard,
  postCheckout,
  sellingOrganiser,
  tokenFrom,
} from '../../test/checkout-helpers.js';
import { asBrowser, type SignedInUser } from '../../test/auth-helpers.js';
import { event, order, orderAnswer, orderHolder, ticket } from '../db/schema/index.js';
import { holdOrder } from '../modules/checkout/hold.js';
import { loadStorefrontEvent } from '../modules/checkout/storefront-event.js';

let t: TestApp;
let owner: SignedInUser;
let live: EventDto;
let typeId: string;
let vipId: string;
let dietary: Question;
let allergies: Question;
let source: Question;
let arrival: Question;
let vipOnly: Question;
const host = 'quiz.localhost:3000';
const buyerDetails = {
  firstName: 'Hana',
  lastName: 'Holder',
  email: 'hana@example.com',
  phone: '',
  country: 'GB',
  ageConfirmed: true,
  termsAccepted: true,
  marketingConsent: false,
};

const api = (method: 'POST' | 'PUT', url: string, payload: unknown) =>
  t.app.inject({ method, url, headers: asBrowser(owner), payload: payload as object });

async function addQuestion(input: Record<string, unknown>) {
  const response = await api('POST', `/api/events/${live.id}/questions`, input);
  expect(response.statusCode).toBe(201);
  return response.json() as Question;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'quiz');
  live = await createLiveEvent(t.app, owner, { capacity: 50 });
  typeId = live.ticket_types[0]!.id;
  const vip = await api('POST', `/api/events/${live.id}/ticket-types`, { name: 'VIP', price: '50.00' });
  expect(vip.statusCode).toBe(201);
  vipId = vip.json().id;
  expect(
    (
      await api('PUT', `/api/events/${live.id}/attendee-settings`, {
        ticket_names: 'required',
        answers_editable_until: null,
      })
    ).statusCode,
  ).toBe(200);
  dietary = await addQuestion({
    label: 'Dietary',
    kind: 'single_choice',
    options: ['None', 'Vegetarian', 'Vegan'],
    required: true,
    scope: 'ticket',
  });
  allergies = await addQuestion({ label: 'Allergies', kind: 'long_text', scope: 'ticket' });
  source = await addQuestion({
    label: 'How did you hear about us?',
    kind: 'multiple_choice',
    options: ['Friend', 'Instagram', 'Poster'],
    required: true,
  });
  arrival = await addQuestion({ label: 'Arrival date', kind: 'date' });
  vipOnly = await addQuestion({
    label: 'Table preference',
    kind: 'short_text',
    required: true,
    scope: 'ticket',
    ticket_type_ids: [vipId],
  });
});
afterAll(() => t.close());

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { host } });
const heldCount = async () =>
  (await t.database.db.select({ held: event.held }).from(event).where(eq(event.id, live.id)))[0]!.held;
const twoGa = () => `${typeId}:2`;
const good = () => ({
  ...buyer,
  [`qty_${typeId}`]: '2',
  details_for: twoGa(),
  [`q_${source.id}__1`]: 'yes',
  [`q_${arrival.id}`]: '2031-06-14',
  t1_name: 'Ada Lovelace',
  [`t1_q_${dietary.id}`]: 'Vegetarian',
  [`t1_q_${allergies.id}`]: 'Peanuts',
  t2_name: 'Grace Hopper',
  [`t2_q_${dietary.id}`]: 'None',
});

describe('the checkout form asks the questions', () => {
  it('shows the order questions, and says each ticket will be named, before tickets are chosen', async () => {
    const response = await page(`/events/${live.slug}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('How did you hear about us?');
    expect(response.body).toContain(`name="q_${source.id}__0"`);
    expect(response.body).toContain('Arrival date (optional)');
    expect(response.body).toContain('once you have chosen your tickets, you are asked for each name');
    // Per-ticket questions wait for the quantities.
    expect(response.body).not.toContain('Dietary');
  });

  it('brings the form back with a block per chosen ticket before anything is held, values kept', async () => {
    const before = await heldCount();
    const response = await postCheckout(t.app, host, live.id, {
      ...buyer,
      [`qty_${typeId}`]: '2',
      [`qty_${vipId}`]: '1',
      [`q_${arrival.id}`]: '2031-06-14',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Add the details for each ticket below, then continue.');
    expect(response.body).toContain('Ticket 1 of 3: General Admission');
    expect(response.body).toContain('Ticket 3 of 3: VIP');
    expect(response.body).toContain('name="t3_name"');
    expect(response.body).toContain(`name="t3_q_${vipOnly.id}"`);
    expect(response.body).not.toContain(`name="t1_q_${vipOnly.id}"`);
    expect(response.body).toContain(`name="details_for" value="${typeId}:2,${vipId}:1"`);
    // No errors shown yet for fields the fan had not seen; what they typed is kept.
    expect(response.body).not.toContain('id="t1_name-error"');
    expect(response.body).toContain('value="2031-06-14"');
    expect(response.body).toContain('value="fran@example.com"');
    expect(await heldCount()).toBe(before);
  });

  it('refuses each bad answer with its own message beside its field, keeps every value and holds nothing', async () => {
    const before = await heldCount();
    const response = await postCheckout(t.app, host, live.id, {
      ...buyer,
      [`qty_${typeId}`]: '2',
      details_for: twoGa(),
      [`q_${source.id}`]: 'Billboard',
      [`q_${arrival.id}`]: '2031-02-30',
      t1_name: '',
      [`t1_q_${dietary.id}`]: 'Carnivore',
      [`t1_q_${allergies.id}`]: 'x'.repeat(2001),
      t2_name: 'Grace Hopper',
      [`t2_q_${dietary.id}`]: '',
    });
    expect(response.statusCode).toBe(400);
    const html = response.body;
    expect(html).toContain('Please check the highlighted fields.');
    expect(html).toContain(`<p class="error" id="q_${source.id}-error">Choose from the options given</p>`);
    expect(html).toContain(`<p class="error" id="q_${arrival.id}-error">Enter a real date, like 2026-03-31</p>`);
    expect(html).toContain('<p class="error" id="t1_name-error">Enter the name on this ticket</p>');
    expect(html).toContain(`<p class="error" id="t1_q_${dietary.id}-error">Choose from the options given</p>`);
    expect(html).toContain(`<p class="error" id="t1_q_${allergies.id}-error">Keep this to 2000 characters or less</p>`);
    expect(html).toContain(`<p class="error" id="t2_q_${dietary.id}-error">Choose one of the options</p>`);
    expect(html).toMatch(new RegExp(`id="f-t1_name"[^>]*aria-invalid="true"[^>]*aria-describedby="t1_name-error"`));
    // Values kept: the name given, the too-long answer (to shorten), the bad date.
    expect(html).toContain('value="Grace Hopper"');
    expect(html).toContain('x'.repeat(2001));
    expect(html).toContain('value="2031-02-30"');
    expect(await heldCount()).toBe(before);
  });

  it('refuses a phone that is not plausible, a country not in the list and a line break in a short answer', async () => {
    const phone = await addQuestion({ label: 'Emergency phone', kind: 'phone' });
    const country = await addQuestion({ label: 'Passport country', kind: 'country' });
    const nick = await addQuestion({ label: 'Nickname', kind: 'short_text' });
    try {
      const response = await postCheckout(t.app, host, live.id, {
        ...good(),
        [`q_${phone.id}`]: 'call me',
        [`q_${country.id}`]: 'XX',
        [`q_${nick.id}`]: 'two\nlines',
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(`id="q_${phone.id}-error">Enter a phone number with digits only`);
      expect(response.body).toContain(`id="q_${country.id}-error">Choose a country from the list</p>`);
      expect(response.body).toContain(`id="q_${nick.id}-error">Contains characters that are not allowed</p>`);
    } finally {
      for (const question of [phone, country, nick])
        await t.app.inject({
          method: 'DELETE',
          url: `/api/events/${live.id}/questions/${question.id}`,
          headers: asBrowser(owner),
        });
    }
  });

  it('refuses a control character in an answer with a 400 and holds nothing', async () => {
    const before = await heldCount();
    const response = await postCheckout(t.app, host, live.id, { ...good(), t1_name: 'Ada\u0001' });
    expect(response.statusCode).toBe(400);
    expect(await heldCount()).toBe(before);
  });

  it('asks again when the quantities changed after the blocks were drawn', async () => {
    const response = await postCheckout(t.app, host, live.id, { ...good(), [`qty_${typeId}`]: '3' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Add the details for each ticket below, then continue.');
    expect(response.body).toContain('Ticket 3 of 3: General Admission');
    expect(response.body).toContain('value="Ada Lovelace"');
  });

  it('stores the names and answers with the hold, and the paid tickets carry their names', async () => {
    const held = await postCheckout(t.app, host, live.id, good());
    expect(held.statusCode).toBe(303);
    const token = tokenFrom(held.headers.location);
    const [row] = await t.database.db.select().from(order).where(eq(order.accessToken, token));
    const holders = await t.database.db
      .select({ slot: orderHolder.slot, name: orderHolder.name })
      .from(orderHolder)
      .where(eq(orderHolder.orderId, row!.id))
      .orderBy(orderHolder.slot);
    expect(holders).toEqual([
      { slot: 1, name: 'Ada Lovelace' },
      { slot: 2, name: 'Grace Hopper' },
    ]);
    const answers = await t.database.db
      .select({ questionId: orderAnswer.questionId, slot: orderAnswer.slot, value: orderAnswer.value })
      .from(orderAnswer)
      .where(eq(orderAnswer.orderId, row!.id));
    expect(answers).toEqual(
      expect.arrayContaining([
        { questionId: source.id, slot: 0, value: 'Instagram' },
        { questionId: arrival.id, slot: 0, value: '2031-06-14' },
        { questionId: dietary.id, slot: 1, value: 'Vegetarian' },
        { questionId: allergies.id, slot: 1, value: 'Peanuts' },
        { questionId: dietary.id, slot: 2, value: 'None' },
      ]),
    );
    expect(answers).toHaveLength(5);
    expect((await payWithCard(t.app, host, token)).statusCode).toBe(303);
    const tickets = await t.database.db
      .select({ name: ticket.holderName, slot: ticket.slot })
      .from(ticket)
      .where(and(eq(ticket.orderId, row!.id)))
      .orderBy(ticket.slot);
    expect(tickets).toEqual([
      { name: 'Ada Lovelace', slot: 1 },
      { name: 'Grace Hopper', slot: 2 },
    ]);
  });

  it('stores ticked options of a multiple choice in the order of the question', async () => {
    const held = await postCheckout(t.app, host, live.id, {
      ...good(),
      email: 'multi@example.com',
      [`q_${source.id}__2`]: 'yes',
      [`q_${source.id}__0`]: 'yes',
    });
    expect(held.statusCode).toBe(303);
    const [row] = await t.database.db
      .select()
      .from(order)
      .where(eq(order.accessToken, tokenFrom(held.headers.location)));
    const [answer] = await t.database.db
      .select({ value: orderAnswer.value })
      .from(orderAnswer)
      .where(and(eq(orderAnswer.orderId, row!.id), eq(orderAnswer.questionId, source.id)));
    expect(answer!.value).toBe('Friend\nInstagram\nPoster');
  });

  it("leaves an optional name empty as the buyer's name on the ticket", async () => {
    await api('PUT', `/api/events/${live.id}/attendee-settings`, {
      ticket_names: 'optional',
      answers_editable_until: null,
    });
    try {
      const held = await postCheckout(t.app, host, live.id, { ...good(), email: 'opt@example.com', t2_name: '' });
      expect(held.statusCode).toBe(303);
      const token = tokenFrom(held.headers.location);
      expect((await payWithCard(t.app, host, token)).statusCode).toBe(303);
      const [row] = await t.database.db.select().from(order).where(eq(order.accessToken, token));
      const names = await t.database.db
        .select({ name: ticket.holderName })
        .from(ticket)
        .where(eq(ticket.orderId, row!.id))
        .orderBy(ticket.slot);
      expect(names.map((entry) => entry.name)).toEqual(['Ada Lovelace', 'Fran Fan']);
    } finally {
      await api('PUT', `/api/events/${live.id}/attendee-settings`, {
        ticket_names: 'required',
        answers_editable_until: null,
      });
    }
  });

  it('a hold whose question was deleted a moment before keeps the hold and drops only that answer', async () => {
    const [row] = await t.database.db
      .select({ organizationId: event.organizationId })
      .from(event)
      .where(eq(event.id, live.id));
    const organizationId = row!.organizationId;
    const stored = (await loadStorefrontEvent(t.database.db, organizationId, live.id))!;
    const outcome = await holdOrder(t.database.db, {
      organizationId,
      eventId: live.id,
      maxTicketsPerEmail: 40,
      buyer: { ...buyerDetails, email: 'gone@example.com' },
      submissionKey: 'key-deleted-question',
      lines: [{ ticketTypeId: typeId, quantity: 1, type: stored.types.find((type) => type.id === typeId)! }],
      now: new Date(),
      holdSeconds: 900,
      attendee: {
        holders: [{ slot: 1, ticketTypeId: typeId, name: 'Ada Lovelace' }],
        answers: [
          { questionId: dietary.id, slot: 1, value: 'Vegan' },
          { questionId: '00000000-0000-4000-8000-000000000000', slot: 1, value: 'Deleted' },
        ],
      },
    });
    expect(outcome.kind).toBe('held');
    const orderId = (outcome as { order: { id: string } }).order.id;
    const answers = await t.database.db
      .select({ value: orderAnswer.value })
      .from(orderAnswer)
      .where(eq(orderAnswer.orderId, orderId));
    expect(answers).toEqual([{ value: 'Vegan' }]);
  });
});
