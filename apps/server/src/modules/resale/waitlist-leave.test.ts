// The waiting list as the fan sees it after joining (issue 30): the form gives way to a confirmation (a POST,
// then a redirect to the page's confirmed state, which works without JavaScript), and every waiting-list e-mail
// carries the entry's own leave link: its page asks first, only the form's POST leaves, and an offer given up
// goes to the next in line.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import type { SignedInUser } from '../../../test/auth-helpers.js';
import { createLiveEvent, fanIp, form, sellingOrganiser } from '../../../test/checkout-helpers.js';
import { buyPaidOrder, mailTo } from '../../../test/cancellation-helpers.js';
import { refundRequest } from '../../../test/after-sale-helpers.js';
import { order, ticket, waitlistEntry } from '../../db/schema/index.js';
import { WAITLIST_MESSAGES } from './resale-messages.js';

let t: TestApp;
let owner: SignedInUser;
const host = 'leaving.localhost:3000';

beforeAll(async () => {
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'leaving');
  await sellingOrganiser(t.app, 'elsewhere');
});
afterAll(() => t.close());

const db = () => t.database.db;
const escaped = (text: string) => text.replace(/'/g, '&#39;');
const get = (url: string, on = host) => t.app.inject({ method: 'GET', url, headers: { host: on } });
const post = (url: string, fields: Record<string, string> = {}, origin = `http://${host}`) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { host, origin, 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: fanIp(),
    payload: form(fields),
  });
const entryOf = async (email: string) =>
  (await db().select().from(waitlistEntry).where(eq(waitlistEntry.email, email)))[0]!;
const count = async (eventId: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/events/${eventId}/waitlist`, headers: { cookie: owner.cookie } })
  ).json();

/** The leave link in the newest e-mail to `email` whose subject has `subject`. */
async function leaveLinkIn(email: string, subject: string) {
  await t.app.waitlist.deliverQueued();
  const mail = (await mailTo(t.app, email)).find((entry) => entry.subject.includes(subject));
  expect(mail, `an e-mail '${subject}' to ${email}`).toBeDefined();
  const link = /http:\/\/leaving\.localhost:3000(\/waitlist\/leave\/[0-9a-f-]{36}\.[A-Za-z0-9_-]{22})\b/.exec(
    mail!.text,
  );
  expect(link, mail!.text).not.toBeNull();
  return link![1]!;
}

async function soldOut(name: string) {
  const live = await createLiveEvent(t.app, owner, { name, capacity: 1 });
  const first = await buyPaidOrder(t.app, host, live.id, live.ticket_types[0]!.id, 1, `${live.slug}-buyer@example.com`);
  return { live, first };
}

describe('joining', () => {
  it('redirects to a confirmation that replaces the form; joining again says so', async () => {
    const { live } = await soldOut('Confirmed Please');
    const joined = await post(`/events/${live.slug}/waitlist`, {
      email: 'Joiner@Example.com',
      quantity: '2',
      type: '',
    });
    expect(joined.statusCode).toBe(303);
    expect(joined.headers.location).toBe(`/events/${live.slug}/waitlist?done=joined`);
    const page = await get(String(joined.headers.location));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(escaped(WAITLIST_MESSAGES.joined));
    expect(page.body).toContain(WAITLIST_MESSAGES.leaveHint);
    expect(page.body).not.toContain('<form');
    expect(page.body).not.toContain('name="email"');
    // The confirmation names nobody: the address stays out of the URL and the page.
    expect(page.body).not.toContain('joiner@example.com');

    const again = await post(`/events/${live.slug}/waitlist`, { email: 'joiner@example.com', quantity: '1', type: '' });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(`/events/${live.slug}/waitlist?done=already`);
    const second = await get(String(again.headers.location));
    expect(second.body).toContain(escaped(WAITLIST_MESSAGES.already));
    expect(second.body).not.toContain('name="email"');
    expect(await count(live.id)).toEqual({ waiting: 1, waiting_tickets: 2, offered: 0 });

    // The plain page (no ?done) still has the form; a refusal keeps the form with what was typed.
    expect((await get(`/events/${live.slug}/waitlist`)).body).toContain('name="email"');
    const refused = await post(`/events/${live.slug}/waitlist`, { email: 'typo@', quantity: '1', type: '' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('value="typo@"');
  });
});

describe('the leave link', () => {
  it("is in the joining e-mail; its page asks and changes nothing; the form's POST leaves", async () => {
    const { live } = await soldOut('Changed My Mind');
    await post(`/events/${live.slug}/waitlist`, { email: 'leaver@example.com', quantity: '1', type: '' });
    const link = await leaveLinkIn('leaver@example.com', 'You are on the waiting list');

    const page = await get(link);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('same-origin');
    expect(page.body).toContain('Leave the waiting list?');
    expect(page.body).toContain('Changed My Mind');
    expect(page.body).toContain('1 × any ticket, for leaver@example.com');
    expect(page.body).toContain(`<form action="${link}" method="post"><button type="submit">Leave the waiting list`);
    // Opening the link (a mail scanner following it, a preview) leaves nothing.
    await get(link);
    expect((await entryOf('leaver@example.com')).status).toBe('waiting');

    // A cross-site form cannot make the fan leave.
    expect((await post(link, {}, 'https://evil.example')).statusCode).toBe(403);
    expect((await entryOf('leaver@example.com')).status).toBe('waiting');

    const left = await post(link);
    expect(left.statusCode).toBe(303);
    expect(left.headers.location).toBe(link);
    expect((await entryOf('leaver@example.com')).status).toBe('left');
    expect(await count(live.id)).toEqual({ waiting: 0, waiting_tickets: 0, offered: 0 });
    const after = await get(link);
    expect(after.body).toContain('You have left the waiting list');
    expect(after.body).not.toContain('<form method="post"');
    // Sending the form again changes nothing more; the fan may join again.
    expect((await post(link)).statusCode).toBe(303);
    const rejoined = await post(`/events/${live.slug}/waitlist`, {
      email: 'leaver@example.com',
      quantity: '1',
      type: '',
    });
    expect(rejoined.headers.location).toBe(`/events/${live.slug}/waitlist?done=joined`);
  });

  it('answers the 404 page for an altered token, a made-up one, or on another organisation', async () => {
    const { live } = await soldOut('Guarded Line');
    await post(`/events/${live.slug}/waitlist`, { email: 'guarded@example.com', quantity: '1', type: '' });
    const link = await leaveLinkIn('guarded@example.com', 'You are on the waiting list');
    const entry = await entryOf('guarded@example.com');
    const mac = link.split('.').pop()!;
    const altered = `${link.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    for (const url of [altered, `/waitlist/leave/${entry.id}`, `/waitlist/leave/${entry.id}.${'A'.repeat(22)}`]) {
      expect((await get(url)).statusCode, url).toBe(404);
      expect((await post(url)).statusCode, url).toBe(404);
    }
    // An oversized one is refused before anything is looked up, as any oversized value.
    expect((await get(`/waitlist/leave/${'x'.repeat(300)}`)).statusCode).toBe(400);
    const elsewhere = await get(link, 'elsewhere.localhost:3000');
    expect(elsewhere.statusCode).toBe(404);
    expect((await entryOf('guarded@example.com')).status).toBe('waiting');
  });

  it('on an offer: its e-mail has the link, and leaving passes the held tickets to the next in line', async () => {
    const { live, first } = await soldOut('Pass It On');
    await post(`/events/${live.slug}/waitlist`, { email: 'offered-first@example.com', quantity: '1', type: '' });
    await post(`/events/${live.slug}/waitlist`, { email: 'offered-next@example.com', quantity: '1', type: '' });
    const [sold] = await db().select().from(ticket).where(eq(ticket.orderId, first.id));
    await refundRequest(t.app, owner, first.id, { ticket_ids: [sold!.id], reason: 'Cannot come' });
    await t.app.waitlist.deliverQueued();
    const offered = await entryOf('offered-first@example.com');
    expect(offered.status).toBe('offered');

    // The offer's page says until when, with the day: twelve hours may run into tomorrow.
    const [hold] = await db().select().from(order).where(eq(order.id, offered.offerOrderId!));
    const summary = await get(`/checkout/${hold!.accessToken}`);
    expect(summary.body).toMatch(/held until <strong>\w{3}, \d{1,2} \w{3} \d{4}, \d\d:\d\d (BST|GMT)<\/strong>/);

    const link = await leaveLinkIn('offered-first@example.com', 'are held for 12 hours');
    const page = await get(link);
    expect(page.body).toContain(
      'Tickets are held for you right now. If you leave, they go to the next person in line.',
    );
    expect((await post(link)).statusCode).toBe(303);

    const [released] = await db().select().from(order).where(eq(order.id, offered.offerOrderId!));
    expect(released!.status).toBe('cancelled');
    expect((await entryOf('offered-first@example.com')).status).toBe('left');
    const next = await entryOf('offered-next@example.com');
    expect(next.status).toBe('offered');
    await leaveLinkIn('offered-next@example.com', 'are held for 12 hours');
    expect(await count(live.id)).toEqual({ waiting: 0, waiting_tickets: 0, offered: 1 });
  });
});
