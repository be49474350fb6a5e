// The fan's path through the storefront's forms: the event page offers the types with price, fee and what is
// left; a checkout holds tickets and shows the server's totals; the sandbox pays; the order page shows the
// tickets; and every kind of bad input gets a clear page, never JSON or a 500.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDto } from '@marquee/shared';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  buyer,
  createLiveEvent,
  fanIp,
  payWithCard,
  postCheckout,
  sellingOrganiser,
  tokenFrom,
} from '../../test/checkout-helpers.js';
import type { SignedInUser } from '../../test/auth-helpers.js';
import { event, order, paymentAccount, ticket, ticketType } from '../db/schema/index.js';

let t: TestApp;
let owner: SignedInUser;
let rival: SignedInUser;
let live: EventDto;
let typeId: string;
const host = 'acme.localhost:3000';

beforeAll(async () => {
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'acme');
  rival = await sellingOrganiser(t.app, 'rival');
  live = await createLiveEvent(t.app, owner, { capacity: 100, minimum_age: 18, terms_of_service: 'No re-entry.' });
  typeId = live.ticket_types[0]!.id;
});
afterAll(() => t.close());

const page = (url: string, h = host) => t.app.inject({ method: 'GET', url, headers: { host: h } });
const details = { ...buyer, age_confirmed: 'yes', terms_accepted: 'yes' };
const counters = async (eventId: string) => {
  const [row] = await t.database.db
    .select({ sold: event.sold, held: event.held })
    .from(event)
    .where(eq(event.id, eventId));
  return row!;
};
const mail = async (to: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/dev/mail?to=${encodeURIComponent(to)}` })).json() as Array<{
    subject: string;
    text: string;
  }>;

describe('GET /events/:id (storefront)', () => {
  it('offers each ticket type with its price, booking fee, a quantity and the buyer form', async () => {
    const response = await page(`/events/${live.slug}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('General Admission');
    expect(html).toContain('£20.00');
    expect(html).toContain('£21.60');
    expect(html).toContain('£20.00 ticket + £1.60 booking fee');
    expect(html).toContain(`name="qty_${typeId}"`);
    expect(html).toContain('Every attendee is at least 18');
    expect(html).toContain('I accept the organiser&#x27;s terms');
    expect(html).toMatch(/name="marketing_consent" value="yes"\/>/); // unticked by default
    expect(html).toContain('<option value="GB" selected="">');
    expect(html).toContain("s.src='/_storefront/checkout.js'");
  });

  it("defaults the country from the browser's language", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/events/${live.slug}`,
      headers: { host, 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    expect(response.body).toContain('<option value="FR" selected="">');
  });

  it("is the 404 page for another organisation's event", async () => {
    const response = await page(`/events/${live.id}`, 'rival.localhost:3000');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Page not found');
  });
});

describe('POST /events/:id/checkout', () => {
  it('holds the tickets, ignores any price the browser sends, and shows the server-computed summary', async () => {
    const before = await counters(live.id);
    const response = await postCheckout(t.app, host, live.id, {
      ...details,
      [`qty_${typeId}`]: '2',
      price: '0.01',
      total: '0',
    });
    expect(response.statusCode).toBe(303);
    const token = tokenFrom(response.headers.location);
    expect(await counters(live.id)).toEqual({ sold: before.sold, held: before.held + 2 });
    const summary = await page(`/checkout/${token}`);
    expect(summary.statusCode).toBe(200);
    expect(summary.headers['cache-control']).toBe('no-store');
    // Not 'no-referrer': that makes browsers send `Origin: null` on the Pay form, which the CSRF check refuses.
    expect(summary.headers['referrer-policy']).toBe('same-origin');
    expect(summary.body).toContain('General Admission × 2');
    expect(summary.body).toContain('£40.00');
    expect(summary.body).toContain('£3.20'); // booking fee: 8% of £40
    expect(summary.body).toContain('£43.20');
    expect(summary.body).toMatch(/data-countdown="\d{4}-\d\d-\d\dT/);
  });

  it('the same form submitted twice makes one order, not two', async () => {
    const fields = { ...details, email: 'twice@example.com', [`qty_${typeId}`]: '1' };
    const ip = fanIp();
    const first = await postCheckout(t.app, host, live.id, fields, { ip });
    const second = await postCheckout(t.app, host, live.id, fields, { ip });
    expect(first.headers.location).toBe(second.headers.location);
    const orders = await t.database.db.select().from(order).where(eq(order.customerEmail, 'twice@example.com'));
    expect(orders).toHaveLength(1);
  });

  const refusals: Array<[string, Record<string, string>, string]> = [
    ['no tickets', { [`qty_${'x'}`]: '0' }, 'Choose at least one ticket.'],
    ['quantity 0', {}, 'Choose at least one ticket.'],
    ['a negative quantity', { QTY: '-1' }, 'Enter a whole number of tickets'],
    ['a quantity above the maximum per order', { QTY: '11' }, 'You can buy at most 10 of these per order'],
    ['a malformed e-mail', { QTY: '1', email: 'not-an-email' }, 'Enter a valid email address'],
    ['a missing first name', { QTY: '1', first_name: '' }, 'Enter your first name'],
    ['the age not confirmed', { QTY: '1', age_confirmed: '' }, 'Please confirm that every attendee is at least 18'],
    ['the terms not accepted', { QTY: '1', terms_accepted: '' }, "Please accept the organiser's terms to continue"],
    ['an unknown country', { QTY: '1', country: 'XX' }, 'Choose your country'],
  ];
  for (const [name, overrides, message] of refusals) {
    it(`refuses ${name} with a clear message on the page, holding nothing`, async () => {
      const before = await counters(live.id);
      const fields: Record<string, string> = { ...details };
      for (const [key, value] of Object.entries(overrides)) fields[key === 'QTY' ? `qty_${typeId}` : key] = value;
      const response = await postCheckout(t.app, host, live.id, fields);
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain(message.replace(/'/g, '&#x27;'));
      expect(await counters(live.id)).toEqual(before);
    });
  }

  it("refuses a ticket type of another organisation's event", async () => {
    const rivals = await createLiveEvent(t.app, rival);
    const response = await postCheckout(t.app, host, live.id, {
      ...details,
      [`qty_${rivals.ticket_types[0]!.id}`]: '1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('One of the chosen ticket types is not on sale for this event.');
  });

  it('says how many are left when asking for more, and Sold out when none are', async () => {
    const small = await createLiveEvent(t.app, owner, { capacity: 3, name: 'Tiny Gig' });
    const small_type = small.ticket_types[0]!.id;
    const tooMany = await postCheckout(t.app, host, small.id, { ...buyer, [`qty_${small_type}`]: '5' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain('Only 3 left');
    expect((await postCheckout(t.app, host, small.id, { ...buyer, [`qty_${small_type}`]: '3' })).statusCode).toBe(303);
    const soldOut = await page(`/events/${small.slug}`);
    expect(soldOut.body).toContain('Sold out');
    expect(soldOut.body).toContain('This event is sold out.');
    const refused = await postCheckout(t.app, host, small.id, {
      ...buyer,
      email: 'late@example.com',
      [`qty_${small_type}`]: '1',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Sold out');
  });

  it('is the 404 page for a draft or archived event', async () => {
    const draft = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { cookie: owner.cookie, origin: 'http://localhost:3000' },
      payload: { name: 'Draft' },
    });
    const response = await postCheckout(t.app, host, draft.json().id, { ...details });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Page not found');
  });

  it('says sales are paused when payouts were disabled after publishing', async () => {
    const paused = await createLiveEvent(t.app, owner, { name: 'Paused Party' });
    const [settings] = await t.database.db.select().from(paymentAccount);
    await t.database.db
      .update(paymentAccount)
      .set({ chargesEnabled: false })
      .where(eq(paymentAccount.id, settings!.id));
    try {
      const response = await postCheckout(t.app, host, paused.id, {
        ...buyer,
        [`qty_${paused.ticket_types[0]!.id}`]: '1',
      });
      expect(response.statusCode).toBe(409);
      expect(response.body).toContain('Ticket sales for this event are paused');
    } finally {
      await t.database.db
        .update(paymentAccount)
        .set({ chargesEnabled: true })
        .where(eq(paymentAccount.id, settings!.id));
    }
  });

  it('limits checkout starts per e-mail', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 8; index += 1) {
      const response = await postCheckout(t.app, host, live.id, {
        ...details,
        email: 'greedy@example.com',
        [`qty_${typeId}`]: String(1 + (index % 3)),
        first_name: `F${index}`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 303).length).toBeLessThanOrEqual(6);
    expect(statuses).toContain(429);
  });
});

describe('paying', () => {
  it('success card: the webhook pays the order once; the return page leads to the tickets; the figures move', async () => {
    const started = await postCheckout(t.app, host, live.id, {
      ...details,
      email: 'payer@example.com',
      [`qty_${typeId}`]: '2',
    });
    const token = tokenFrom(started.headers.location);
    const before = await counters(live.id);
    const paid = await payWithCard(t.app, host, token);
    expect(paid.statusCode).toBe(303);
    const back = new URL(String(paid.headers.location));
    expect(back.host).toBe(host);
    const returned = await page(back.pathname + back.search);
    expect(returned.statusCode).toBe(303);
    expect(returned.headers.location).toBe(`/orders/${token}`);
    const orderPage = await page(`/orders/${token}`);
    expect(orderPage.statusCode).toBe(200);
    expect(orderPage.body.match(/<svg/g)).toHaveLength(2);
    expect(orderPage.body).toMatch(/Order <strong>MQ-[A-Z2-9]{6}<\/strong> · Paid/);
    expect(await counters(live.id)).toEqual({ sold: before.sold + 2, held: before.held - 2 });
    const [row] = await t.database.db.select().from(order).where(eq(order.accessToken, token));
    expect(await t.database.db.select().from(ticket).where(eq(ticket.orderId, row!.id))).toHaveLength(2);
    const inbox = await mail('payer@example.com');
    expect(inbox[0]?.subject).toMatch(/^Your tickets for Warehouse Night \(MQ-/);
    // The e-mail: from the organiser's name, two inline QR images referenced by cid, the PDF and the .ics.
    const confirmation = inbox[0] as unknown as {
      from: string;
      html: string;
      text: string;
      attachments: Array<{ filename: string; contentType: string; cid: string | null }>;
    };
    expect(confirmation.from).toContain('acme Events');
    const inline = confirmation.attachments.filter((attachment) => attachment.cid);
    expect(inline).toHaveLength(2);
    for (const image of inline) expect(confirmation.html).toContain(`cid:${image.cid}`);
    expect(confirmation.html).not.toContain('data:image');
    expect(confirmation.attachments.map((attachment) => attachment.contentType)).toEqual(
      expect.arrayContaining(['application/pdf', expect.stringMatching(/^text\/calendar/)]),
    );
    expect(confirmation.text).toContain(`/orders/${token}`);
    const pdf = await page(`/orders/${token}/tickets.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const ics = await page(`/orders/${token}/calendar.ics`);
    expect(ics.statusCode).toBe(200);
    expect(ics.body).toContain('BEGIN:VEVENT');
    // The calendar entry opens the order (its lines unfolded, RFC 5545 3.1), and reminds the fan before the start.
    const unfolded = ics.body.replace(/\r\n[ \t]/g, '');
    expect(unfolded).toContain(`URL;VALUE=URI:http://${host}/orders/${token}\r\n`);
    expect(unfolded).toContain('TRIGGER:-PT2H');
    expect((await page(`/orders/${token}/other.txt`)).statusCode).toBe(404);
    expect(orderPage.body).toContain(`href="/orders/${token}/tickets.pdf"`);
    const overview = (
      await t.app.inject({ method: 'GET', url: '/api/dashboard/overview', headers: { cookie: owner.cookie } })
    ).json();
    expect(overview.metrics.tickets_sold.value).toBeGreaterThanOrEqual(2);
    expect(overview.metrics.total_customers.value).toBeGreaterThanOrEqual(1);
    // Billing: the platform's fees are the booking fees; the sandbox balance holds the organiser's share.
    const stats = (
      await t.app.inject({ method: 'GET', url: '/api/billing/stats', headers: { cookie: owner.cookie } })
    ).json();
    expect(stats.metrics.total_revenue.amount).toBeGreaterThanOrEqual(4000);
    expect(stats.metrics.platform_fees.amount).toBeGreaterThanOrEqual(320);
    expect(stats.metrics.platform_fees.amount % 160).toBe(0);
    expect(stats.metrics.pending_payouts.amount).toBe(stats.metrics.total_revenue.amount);
  });

  it('declined card: back to the summary with the reason, the hold kept', async () => {
    const started = await postCheckout(t.app, host, live.id, {
      ...details,
      email: 'declined@example.com',
      [`qty_${typeId}`]: '1',
    });
    const token = tokenFrom(started.headers.location);
    const declined = await payWithCard(t.app, host, token, '4000000000009995');
    expect(declined.statusCode).toBe(303);
    const back = new URL(String(declined.headers.location));
    const summary = await page(back.pathname + back.search);
    expect(summary.statusCode).toBe(200);
    expect(summary.body).toContain('The payment did not go through: Your card has insufficient funds.');
    const [row] = await t.database.db.select().from(order).where(eq(order.accessToken, token));
    expect(row!.status).toBe('pending');
  });

  it('an expired hold says so and offers to start again; its tickets go back', async () => {
    const started = await postCheckout(t.app, host, live.id, {
      ...details,
      email: 'slow@example.com',
      [`qty_${typeId}`]: '3',
    });
    const token = tokenFrom(started.headers.location);
    const held = await counters(live.id);
    await t.database.db
      .update(order)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(order.accessToken, token));
    const summary = await page(`/checkout/${token}`);
    expect(summary.statusCode).toBe(410);
    expect(summary.body).toContain('Your hold on these tickets has expired');
    expect(summary.body).toContain('Start again');
    await page(`/events/${live.slug}`); // reading availability releases expired holds
    expect(await counters(live.id)).toEqual({ sold: held.sold, held: held.held - 3 });
    const pay = await t.app.inject({
      method: 'POST',
      url: `/checkout/${token}/pay`,
      headers: { host, origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(pay.statusCode).toBe(410);
    expect(pay.body).toContain('Your hold on these tickets has expired');
    expect(pay.body).toContain('Start again');
  });

  it('cancelling a hold releases its tickets at once', async () => {
    const started = await postCheckout(t.app, host, live.id, {
      ...details,
      email: 'changed-mind@example.com',
      [`qty_${typeId}`]: '2',
    });
    const token = tokenFrom(started.headers.location);
    const held = await counters(live.id);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/checkout/${token}/cancel`,
      headers: { host, origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(cancel.statusCode).toBe(303);
    expect(await counters(live.id)).toEqual({ sold: held.sold, held: held.held - 2 });
  });
});

describe('find my order', () => {
  it('answers the same whether or not the address has orders, and e-mails links only to a buyer', async () => {
    const ask = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/orders/lookup',
        headers: { host, origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded' },
        remoteAddress: fanIp(),
        payload: new URLSearchParams({ email }).toString(),
      });
    const known = await ask('payer@example.com');
    const unknown = await ask('nobody@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    const strip = (html: string) => html.replace(/value="[^"]*"/g, '');
    expect(strip(known.body)).toBe(strip(unknown.body));
    expect((await mail('payer@example.com')).some((message) => message.subject.startsWith('Your orders with'))).toBe(
      true,
    );
    expect(await mail('nobody@example.com')).toEqual([]);
  });
});

describe('inventory rules', () => {
  it('the venue capacity caps all types together', async () => {
    const shared = await createLiveEvent(t.app, owner, { capacity: 2, name: 'Shared Cap' });
    const [second] = await t.database.db
      .insert(ticketType)
      .values({
        organizationId: (await t.database.db.select().from(event).where(eq(event.id, shared.id)))[0]!.organizationId,
        eventId: shared.id,
        name: 'VIP',
        priceMinor: 5000,
        currency: 'GBP',
        capacity: 10,
        sort: 1,
      })
      .returning();
    const first = shared.ticket_types[0]!.id;
    expect(
      (await postCheckout(t.app, host, shared.id, { ...buyer, [`qty_${first}`]: '1', [`qty_${second!.id}`]: '1' }))
        .statusCode,
    ).toBe(303);
    const refused = await postCheckout(t.app, host, shared.id, {
      ...buyer,
      email: 'second@example.com',
      [`qty_${second!.id}`]: '1',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Sold out');
  });
});
