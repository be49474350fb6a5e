// On-sale drops, every rule as the fan and the organiser see it: the sales window (event and type), access codes
// that unlock hidden types (one code and single-use batches, exported as CSV), promo codes (percent or fixed,
// per type, usage and per-order limits, validity window, disabled), the booking fee on the discounted price, and
// the limits per order and per buyer e-mail, all checked at hold time whatever the form sends.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingFee, CODE_MESSAGES, SALES_MESSAGES, type EventDto } from '@marquee/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createLiveEvent, payWithCard, sellingOrganiser, tokenFrom } from '../../../test/checkout-helpers.js';
import {
  addType,
  checkout,
  createCode,
  listCodes,
  londonLocal,
  makeCode,
  putSales,
} from '../../../test/drop-helpers.js';
import type { SignedInUser } from '../../../test/auth-helpers.js';
import { buyerTickets, event, eventCode, order } from '../../db/schema/index.js';
import { escapeHtml } from '../../lib/html.js';
import { releaseExpiredHolds } from '../stock/stock.js';

let t: TestApp;
let owner: SignedInUser;
let rival: SignedInUser;
const host = 'drops.localhost:3000';
let emailCounter = 0;
const email = () => `fan${(emailCounter += 1)}@example.com`;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '1000' } });
  owner = await sellingOrganiser(t.app, 'drops');
  rival = await sellingOrganiser(t.app, 'rivaldrops');
});
afterAll(() => t.close());

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { host } });
// React writes an apostrophe as &#x27; (the pages not yet on React as &#39;): either is the same text to a fan.
const shows = (html: string, message: string) =>
  expect(html.replaceAll('&#x27;', '&#39;')).toContain(escapeHtml(message));
const held = async (eventId: string) =>
  (await t.database.db.select({ held: event.held }).from(event).where(eq(event.id, eventId)))[0]!.held;
/** Lets every pending hold of the event run out, then releases them as the expiry job does. */
async function expireHolds(eventId: string) {
  await t.database.db
    .update(order)
    .set({ holdExpiresAt: new Date(Date.now() - 1000) })
    .where(eq(order.eventId, eventId));
  await releaseExpiredHolds(t.database.db, { eventId });
}

async function freshEvent(input: Partial<Parameters<typeof createLiveEvent>[2]> = {}) {
  const live: EventDto = await createLiveEvent(t.app, owner, { capacity: 100, ...input });
  return { live, general: live.ticket_types[0]!.id };
}

describe('sales window', () => {
  it('before the on-sale: the page shows when it opens and a countdown, and no checkout can start', async () => {
    const { live, general } = await freshEvent();
    const saved = await putSales(t.app, owner, live.id, { sales_start_local: londonLocal(60) });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().sales_start_local).toBe(londonLocal(60));
    const html = (await page(`/events/${live.slug}`)).body;
    expect(html).toContain('Tickets go on sale soon');
    expect(html).toMatch(/data-onsale-in="(3[5-6]\d\d)"/);
    expect(html).toMatch(/data-onsale-local="\d{4}-\d\d-\d\dT/);
    expect(html).toContain('(Europe/London time)');
    expect(html).not.toContain(`name="qty_${general}"`);
    // The form's fields sent anyway: refused at the hold, nothing held.
    const response = await checkout(t.app, host, live.id, { [general]: 1 }, { email: email() });
    expect(response.statusCode).toBe(409);
    expect(response.body).toContain('Tickets go on sale on ');
    expect(await held(live.id)).toBe(0);
  });

  it('after the sales end: a clear message, and no checkout', async () => {
    const { live, general } = await freshEvent();
    await putSales(t.app, owner, live.id, { sales_start_local: londonLocal(-120), sales_end_local: londonLocal(-1) });
    shows((await page(`/events/${live.slug}`)).body, SALES_MESSAGES.closed);
    const response = await checkout(t.app, host, live.id, { [general]: 1 }, { email: email() });
    expect(response.statusCode).toBe(409);
    shows(response.body, SALES_MESSAGES.closed);
    expect(await held(live.id)).toBe(0);
  });

  it("a ticket type's own window: shown with its opening time, refused until then; others still sell", async () => {
    const { live, general } = await freshEvent();
    const later = await addType(t.app, owner, live.id, {
      name: 'Second Release',
      price: '30.00',
      sales_start_local: londonLocal(90),
    });
    const html = (await page(`/events/${live.slug}`)).body;
    expect(html).toContain('Second Release');
    expect(html).toContain('On sale on ');
    expect(html).not.toContain(`name="qty_${later}"`);
    const refused = await checkout(t.app, host, live.id, { [later]: 1 }, { email: email() });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('These tickets are not on sale yet');
    expect((await checkout(t.app, host, live.id, { [general]: 1 }, { email: email() })).statusCode).toBe(303);
  });

  it('refuses an end before the start, and another organisation gets a 404', async () => {
    const { live } = await freshEvent();
    const bad = await putSales(t.app, owner, live.id, {
      sales_start_local: londonLocal(60),
      sales_end_local: londonLocal(30),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(CODE_MESSAGES.windowOrder);
    expect((await putSales(t.app, rival, live.id, {})).statusCode).toBe(404);
    expect((await listCodes(t.app, rival, live.id).catch(() => null)) ?? []).toEqual([]);
  });
});

describe('limits against scalpers', () => {
  it('refuses more tickets per order than the event allows', async () => {
    const { live, general } = await freshEvent();
    await putSales(t.app, owner, live.id, { max_tickets_per_order: 3 });
    const response = await checkout(t.app, host, live.id, { [general]: 4 }, { email: email() });
    expect(response.statusCode).toBe(400);
    shows(response.body, SALES_MESSAGES.tooManyPerOrder(3));
    expect(await held(live.id)).toBe(0);
  });

  it('refuses a buyer e-mail over its limit for the event; an expired hold gives the tickets back', async () => {
    const { live, general } = await freshEvent();
    await putSales(t.app, owner, live.id, { max_tickets_per_email: 3 });
    const fan = email();
    expect((await checkout(t.app, host, live.id, { [general]: 2 }, { email: fan })).statusCode).toBe(303);
    const over = await checkout(t.app, host, live.id, { [general]: 2 }, { email: fan.toUpperCase() });
    expect(over.statusCode).toBe(409);
    shows(over.body, SALES_MESSAGES.tooManyPerEmail(3, 2));
    expect(await held(live.id)).toBe(2);
    await expireHolds(live.id);
    expect((await checkout(t.app, host, live.id, { [general]: 3 }, { email: fan })).statusCode).toBe(303);
  });
});

describe('access codes', () => {
  it('a hidden type shows only with its code (typed or in a link) and can be bought only with it', async () => {
    const { live } = await freshEvent();
    const presale = await addType(t.app, owner, live.id, { name: 'Fan Presale', price: '15.00', hidden: true });
    await makeCode(t.app, owner, live.id, { kind: 'access', code: 'fanclub', ticket_type_ids: [presale] });
    expect((await page(`/events/${live.slug}`)).body).not.toContain('Fan Presale');
    const unknown = await page(`/events/${live.slug}?code=NOPE123`);
    shows(unknown.body, CODE_MESSAGES.unknown);
    expect(unknown.body).not.toContain('Fan Presale');
    const unlocked = await page(`/events/${live.slug}?code=FanClub`);
    expect(unlocked.body).toContain('Fan Presale');
    expect(unlocked.body).toContain('Code FANCLUB unlocked Fan Presale.');
    expect(unlocked.body).toContain('name="access_code" value="FANCLUB"');
    expect(unlocked.headers['cache-control']).toBe('no-store');
    const without = await checkout(t.app, host, live.id, { [presale]: 1 }, { email: email() });
    expect(without.statusCode).toBe(400);
    expect(without.body).toContain('One of the chosen ticket types is not on sale for this event.');
    const withCode = await checkout(t.app, host, live.id, { [presale]: 2 }, { access_code: 'FANCLUB', email: email() });
    expect(withCode.statusCode).toBe(303);
    const [stored] = await t.database.db.select().from(eventCode).where(eq(eventCode.eventId, live.id));
    expect(stored!.uses).toBe(1);
  });

  it('a batch of single-use codes: exported as CSV, each used once, given back when its hold expires', async () => {
    const { live } = await freshEvent();
    const presale = await addType(t.app, owner, live.id, { name: 'Club Presale', price: '15.00', hidden: true });
    const batch = await makeCode(t.app, owner, live.id, {
      kind: 'access',
      batch_size: 5,
      label: 'Fan club',
      ticket_type_ids: [presale],
    });
    expect(batch.batch_size).toBe(5);
    expect(batch.max_uses).toBe(5);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/events/${live.id}/code-batches/${batch.batch_id}/export`,
      headers: { cookie: owner.cookie },
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('Code,Label,Used,Disabled');
    expect(lines).toHaveLength(6);
    const code = lines[1]!.split(',')[0]!;
    expect(code).toMatch(/^[23456789A-Z]{10}$/);
    expect(
      (await checkout(t.app, host, live.id, { [presale]: 1 }, { access_code: code, email: email() })).statusCode,
    ).toBe(303);
    const again = await checkout(t.app, host, live.id, { [presale]: 1 }, { access_code: code, email: email() });
    expect(again.statusCode).toBe(400);
    shows(again.body, CODE_MESSAGES.singleUseTaken);
    shows((await page(`/events/${live.slug}?code=${code}`)).body, CODE_MESSAGES.singleUseTaken);
    await expireHolds(live.id);
    expect(
      (await checkout(t.app, host, live.id, { [presale]: 1 }, { access_code: code, email: email() })).statusCode,
    ).toBe(303);
    const exported = await t.app.inject({
      method: 'GET',
      url: `/api/events/${live.id}/code-batches/${batch.batch_id}/export`,
      headers: { cookie: owner.cookie },
    });
    expect(exported.body).toContain(`${code},Fan club,yes,no`);
  });

  it('refuses bad codes and types: format, duplicate, no hidden type, another event, another organisation', async () => {
    const { live } = await freshEvent();
    const other = await freshEvent();
    const presale = await addType(t.app, owner, live.id, { name: 'P', price: '10.00', hidden: true });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ kind: 'access', code: 'a', ticket_type_ids: [presale] }, CODE_MESSAGES.codeFormat],
      [{ kind: 'access', code: 'GOOD1', ticket_type_ids: [] }, CODE_MESSAGES.typesRequired],
      [{ kind: 'access', code: 'GOOD2', ticket_type_ids: [other.general] }, CODE_MESSAGES.unknownType],
      [{ kind: 'promo', code: 'PCT', discount_kind: 'percent', discount_value: '150' }, CODE_MESSAGES.discountPercent],
      [{ kind: 'promo', code: 'FIX', discount_kind: 'fixed', discount_value: '0' }, CODE_MESSAGES.discountFixed],
    ];
    for (const [input, message] of cases) {
      const response = await createCode(t.app, owner, live.id, input as never);
      expect(response.statusCode, JSON.stringify(input)).toBe(400);
      expect(JSON.stringify(response.json())).toContain(message);
    }
    await makeCode(t.app, owner, live.id, { kind: 'access', code: 'TWICE', ticket_type_ids: [presale] });
    const duplicate = await createCode(t.app, owner, live.id, {
      kind: 'access',
      code: 'twice',
      ticket_type_ids: [presale],
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().error.message).toBe(CODE_MESSAGES.codeTaken);
    const foreign = await createCode(t.app, rival, live.id, { kind: 'promo', code: 'X10', discount_value: '10' });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('promo codes', () => {
  it('takes 10% off; the booking fee is on the discounted price; the organiser sees uses and revenue', async () => {
    const { live, general } = await freshEvent();
    await makeCode(t.app, owner, live.id, {
      kind: 'promo',
      code: 'SAVE10',
      discount_kind: 'percent',
      discount_value: '10',
    });
    const applied = await page(`/events/${live.slug}?code=save10`);
    expect(applied.body).toContain('Promo code SAVE10 applied: 10% off.');
    expect(applied.body).toContain('name="promo_code" value="SAVE10"');
    const fan = email();
    const response = await checkout(t.app, host, live.id, { [general]: 2 }, { promo_code: 'SAVE10', email: fan });
    expect(response.statusCode).toBe(303);
    const token = tokenFrom(response.headers.location);
    const [row] = await t.database.db.select().from(order).where(eq(order.accessToken, token));
    expect(row!.amountMinor).toBe(3600);
    expect(row!.discountMinor).toBe(400);
    expect(row!.feeMinor).toBe(bookingFee(1800, 'GBP') * 2);
    const summary = (await page(`/checkout/${token}`)).body;
    expect(summary).toContain('Promo code SAVE10');
    expect(summary).toContain('You save £4.00');
    expect(summary).toContain('£38.88'); // £36.00 + 2 × £1.44
    await payWithCard(t.app, host, token);
    const [listed] = await listCodes(t.app, owner, live.id);
    expect(listed).toMatchObject({ code: 'SAVE10', uses: 1, paid_orders: 1, revenue_minor: 3600, discount_minor: 400 });
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${row!.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(detail.json()).toMatchObject({ promo_code: 'SAVE10', discount_minor: 400 });
    const customers = await t.app.inject({
      method: 'GET',
      url: `/api/customers?search=${fan}`,
      headers: { cookie: owner.cookie },
    });
    const customerId = customers.json().customers[0].id as string;
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/customers/${customerId}`,
      headers: { cookie: owner.cookie },
    });
    expect(history.json().events[0].promo_codes).toEqual(['SAVE10']);
  });

  it('a fixed amount off chosen types only, on at most N tickets per order', async () => {
    const { live, general } = await freshEvent();
    const vip = await addType(t.app, owner, live.id, { name: 'VIP', price: '50.00' });
    await makeCode(t.app, owner, live.id, {
      kind: 'promo',
      code: 'VIP5',
      discount_kind: 'fixed',
      discount_value: '5.00',
      ticket_type_ids: [vip],
      max_tickets_per_order: 2,
    });
    const response = await checkout(
      t.app,
      host,
      live.id,
      { [general]: 1, [vip]: 3 },
      { promo_code: 'VIP5', email: email() },
    );
    expect(response.statusCode).toBe(303);
    const [row] = await t.database.db
      .select()
      .from(order)
      .where(eq(order.accessToken, tokenFrom(response.headers.location)));
    expect(row!.discountMinor).toBe(1000);
    expect(row!.amountMinor).toBe(2000 + 3 * 5000 - 1000);
    expect(row!.feeMinor).toBe(bookingFee(2000, 'GBP') + 2 * bookingFee(4500, 'GBP') + bookingFee(5000, 'GBP'));
    const notApplicable = await checkout(
      t.app,
      host,
      live.id,
      { [general]: 1 },
      { promo_code: 'VIP5', email: email() },
    );
    expect(notApplicable.statusCode).toBe(400);
    shows(notApplicable.body, CODE_MESSAGES.notApplicable);
  });

  it('a usage limit: never used more than allowed; a released hold gives the use back', async () => {
    const { live, general } = await freshEvent();
    await makeCode(t.app, owner, live.id, { kind: 'promo', code: 'ONCE', discount_value: '20', max_uses: 1 });
    expect(
      (await checkout(t.app, host, live.id, { [general]: 1 }, { promo_code: 'ONCE', email: email() })).statusCode,
    ).toBe(303);
    const second = await checkout(t.app, host, live.id, { [general]: 1 }, { promo_code: 'ONCE', email: email() });
    expect(second.statusCode).toBe(400);
    shows(second.body, CODE_MESSAGES.singleUseTaken);
    await expireHolds(live.id);
    expect(
      (await checkout(t.app, host, live.id, { [general]: 1 }, { promo_code: 'ONCE', email: email() })).statusCode,
    ).toBe(303);
    const [stored] = await t.database.db.select().from(eventCode).where(eq(eventCode.eventId, live.id));
    expect(stored!.uses).toBe(1);
  });

  it('refuses expired, not-yet-valid, disabled and other-event codes with clear messages', async () => {
    const { live, general } = await freshEvent();
    const other = await freshEvent();
    await makeCode(t.app, owner, live.id, {
      kind: 'promo',
      code: 'OLD',
      discount_value: '10',
      valid_until_local: londonLocal(-5),
    });
    await makeCode(t.app, owner, live.id, {
      kind: 'promo',
      code: 'SOON',
      discount_value: '10',
      valid_from_local: londonLocal(60),
    });
    const off = await makeCode(t.app, owner, live.id, { kind: 'promo', code: 'OFF', discount_value: '10' });
    await makeCode(t.app, owner, other.live.id, { kind: 'promo', code: 'ELSEWHERE', discount_value: '10' });
    const disabled = await t.app.inject({
      method: 'PATCH',
      url: `/api/events/${live.id}/codes/${off.id}`,
      headers: { cookie: owner.cookie, origin: 'http://localhost:3000' },
      payload: { disabled: true },
    });
    expect(disabled.json().disabled).toBe(true);
    const cases: Array<[string, string]> = [
      ['OLD', CODE_MESSAGES.expired],
      ['SOON', CODE_MESSAGES.notYet],
      ['OFF', CODE_MESSAGES.disabled],
      ['ELSEWHERE', CODE_MESSAGES.otherEvent],
      ['MISSING', CODE_MESSAGES.unknown],
    ];
    for (const [code, message] of cases) {
      shows((await page(`/events/${live.slug}?code=${code}`)).body, message);
      const response = await checkout(t.app, host, live.id, { [general]: 1 }, { promo_code: code, email: email() });
      expect(response.statusCode, code).toBe(400);
      shows(response.body, message);
    }
    expect(await held(live.id)).toBe(0);
    const counts = await t.database.db.select().from(buyerTickets).where(eq(buyerTickets.eventId, live.id));
    expect(counts).toEqual([]);
  });
});
