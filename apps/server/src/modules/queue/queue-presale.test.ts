// Presale codes and the waiting room (decisions 033 and 034): a hidden type unlocked by an access code whose own
// sales window opened before the general on-sale is sold outside the queue, in the lobby minutes and after the
// on-sale alike; the queue page takes the code; everything else (general types, a hidden type that opens with
// the general on-sale, a hold without the code) still needs an admission.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createLiveEvent, sellingOrganiser } from '../../../test/checkout-helpers.js';
import { addType, londonLocal, makeCode, putSales } from '../../../test/drop-helpers.js';
import { FanBrowser, goOnSale } from '../../../test/queue-helpers.js';
import type { SignedInUser } from '../../../test/auth-helpers.js';
import { ticketType } from '../../db/schema/index.js';

const origin = 'http://localhost:3000';
const host = 'queuepresale.localhost:3000';

let t: TestApp;
let owner: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({ env: { QUEUE_POW_BITS: '6' } });
  owner = await sellingOrganiser(t.app, 'queuepresale');
});
afterAll(async () => t?.close());

/**
 * An event with the queue on and its general on-sale 10 minutes ahead (the lobby is open), a presale type (hidden,
 * its own window open since an hour ago) behind code FANS, and a hidden type with no window of its own (it opens
 * with the general on-sale) behind code LATER.
 */
async function presaleEvent(name: string) {
  const live = await createLiveEvent(t.app, owner, { capacity: 100, name });
  expect((await putSales(t.app, owner, live.id, { sales_start_local: londonLocal(10) })).statusCode).toBe(200);
  const presale = await addType(t.app, owner, live.id, { name: 'Fan Presale', price: '15.00', hidden: true });
  await t.database.db
    .update(ticketType)
    .set({ salesStartAt: new Date(Date.now() - 3600_000) })
    .where(eq(ticketType.id, presale));
  const later = await addType(t.app, owner, live.id, { name: 'Member Tier', price: '12.00', hidden: true });
  await makeCode(t.app, owner, live.id, { kind: 'access', code: 'FANS', ticket_type_ids: [presale] });
  await makeCode(t.app, owner, live.id, { kind: 'access', code: 'LATER', ticket_type_ids: [later] });
  const set = await queueOn(live.id);
  expect(set.statusCode, set.body).toBe(200);
  await t.app.queueGate.states.refresh(live.id);
  return { live, presale, later, general: live.ticket_types[0]!.id };
}

/** Turns the waiting room on for the event at 60 a minute, as the organiser does. */
const queueOn = (eventId: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/events/${eventId}/queue`,
    headers: { cookie: owner.cookie, origin },
    payload: { mode: 'on', rate_per_minute: 60 },
  });

/** Checkout submissions the metrics count as sent to the queue (`not_admitted`). */
async function sentToQueue(): Promise<number> {
  const line = /^marquee_checkout_holds_total\{outcome="not_admitted"\} (\d+)$/m.exec(await t.app.metrics.render());
  return Number(line?.[1] ?? 0);
}

describe('presale codes while the waiting room is on', () => {
  it('in the lobby minutes: the code shows its presale type (not the queue) and it can be bought', async () => {
    const { live, presale } = await presaleEvent('Lobby Presale');
    const fan = new FanBrowser(t.app, host, '203.0.113.101');
    expect((await fan.get(`/events/${live.slug}`)).headers.location).toBe(`/queue/${live.id}`);
    const page = await fan.get(`/events/${live.slug}?code=fans`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Fan Presale');
    expect(page.body).not.toContain('General Admission');
    expect(page.body).toContain('General tickets are sold through the waiting room');
    expect(page.body).toContain(`href="/queue/${live.id}"`);
    expect(page.headers['cache-control']).toBe('no-store');
    const held = await fan.checkout(live.id, presale, { access_code: 'FANS', email: 'lobby@example.com' });
    expect(held.statusCode, held.body).toBe(303);
    expect(String(held.headers.location)).toMatch(/^\/checkout\//);
  });

  it('after the on-sale: the presale is still sold outside the queue, general tickets and other types are not', async () => {
    const { live, presale, later, general } = await presaleEvent('Open Presale');
    await goOnSale(t, live.id);
    const fan = new FanBrowser(t.app, host, '203.0.113.102');
    const page = await fan.get(`/events/${live.slug}?code=FANS`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Fan Presale');
    const held = await fan.checkout(live.id, presale, { access_code: 'FANS', email: 'after@example.com' });
    expect(held.statusCode, held.body).toBe(303);
    const sentToQueueBefore = await sentToQueue();

    // General tickets with the code in the form: the queue.
    const general1 = await fan.checkout(live.id, general, { access_code: 'FANS', email: 'g1@example.com' });
    expect(general1.statusCode).toBe(403);
    expect(general1.body).toContain('join the queue');
    // Presale and general together: the queue (the presale does not carry general tickets past it).
    const mixed = await fan.post(
      `/events/${live.id}/checkout`,
      new URLSearchParams({
        first_name: 'Fran',
        last_name: 'Fan',
        email: 'mixed@example.com',
        country: 'GB',
        [`qty_${presale}`]: '1',
        [`qty_${general}`]: '1',
        access_code: 'FANS',
      }).toString(),
      'application/x-www-form-urlencoded',
    );
    expect(mixed.statusCode).toBe(403);
    // The presale type without its code: the queue.
    expect((await fan.checkout(live.id, presale, { email: 'nocode@example.com' })).statusCode).toBe(403);
    // A hidden type that opens with the general on-sale is part of it: its code leads to the queue.
    const member = await fan.get(`/events/${live.slug}?code=LATER`);
    expect(member.statusCode).toBe(303);
    expect(member.headers.location).toBe(`/queue/${live.id}?code=refused`);
    expect((await fan.checkout(live.id, later, { access_code: 'LATER', email: 'l@example.com' })).statusCode).toBe(403);
    // Each of the four checkouts sent to the queue is counted once, with or without a code in the form.
    expect(await sentToQueue()).toBe(sentToQueueBefore + 4);
    const queuePage = await fan.get(`/queue/${live.id}?code=refused`);
    expect(queuePage.body).toContain('That code does not unlock presale tickets on sale now.');
    // An unknown code as well.
    expect((await fan.get(`/events/${live.slug}?code=NOPE99`)).headers.location).toBe(`/queue/${live.id}?code=refused`);
  });

  it('the queue page offers the code entry, which works without JavaScript (a plain GET form)', async () => {
    const { live } = await presaleEvent('Form Presale');
    const fan = new FanBrowser(t.app, host, '203.0.113.103');
    const page = await fan.get(`/queue/${live.id}`);
    expect(page.body).toContain(`<form class="code" action="/events/${live.slug}" method="get">`);
    expect(page.body).toContain('name="code"');
  });

  it('a public early-bird type that opens before the general on-sale opens the queue with it', async () => {
    const live = await createLiveEvent(t.app, owner, { capacity: 100, name: 'Early Bird Night' });
    expect((await putSales(t.app, owner, live.id, { sales_start_local: londonLocal(60) })).statusCode).toBe(200);
    const early = await addType(t.app, owner, live.id, { name: 'Early Bird', price: '9.00' });
    const earlyStart = new Date(Date.now() + 5 * 60_000);
    earlyStart.setMilliseconds(0);
    await t.database.db.update(ticketType).set({ salesStartAt: earlyStart }).where(eq(ticketType.id, early));
    // A hidden presale opening earlier still does not move the queue's on-sale.
    const presale = await addType(t.app, owner, live.id, { name: 'Club Presale', price: '8.00', hidden: true });
    await t.database.db
      .update(ticketType)
      .set({ salesStartAt: new Date(Date.now() + 2 * 60_000) })
      .where(eq(ticketType.id, presale));
    const set = await queueOn(live.id);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().opens_at).toBe(earlyStart.toISOString());
    await t.app.queueGate.states.refresh(live.id);
    // Five minutes before the early bird (an hour before the general on-sale): the lobby is open.
    const fan = new FanBrowser(t.app, host, '203.0.113.104');
    expect((await fan.get(`/events/${live.slug}`)).headers.location).toBe(`/queue/${live.id}`);
  });
});
