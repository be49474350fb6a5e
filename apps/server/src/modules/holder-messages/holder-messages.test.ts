// Messages to ticket holders through the API (decision 154): each audience picks exactly the current holders
// (a transfer's new holder, never its old one; no refunded ticket's holder; check-ins), marketing goes only to
// consenting customers who did not unsubscribe, its one-click unsubscribe works with no cookie or Origin, a double
// click makes one message, bad input is a 400 in the envelope and door staff are refused.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDto } from '@marquee/shared';
import { order, ticket } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { asBrowser, type SignedInUser } from '../../../test/auth-helpers.js';
import { createLiveEvent, sellingOrganiser } from '../../../test/checkout-helpers.js';
import { addMember, organizationOf, scan } from '../../../test/checkin-helpers.js';
import { fanPost, refundRequest, runAfterSaleJobs } from '../../../test/after-sale-helpers.js';
import {
  buy,
  draft,
  history,
  outboxMail,
  outboxRecipients,
  postMessage,
  runMessageJobs,
  sendMessage,
} from '../../../test/holder-message-helpers.js';

let t: TestApp;
let owner: SignedInUser;
let organizationId: string;
let live: EventDto;
let vipId: string;
const host = 'notes.localhost:3000';

const codesOf = async (token: string) =>
  (
    await t.app.db
      .select({ id: ticket.id, code: ticket.code, orderId: ticket.orderId })
      .from(ticket)
      .innerJoin(order, eq(order.id, ticket.orderId))
      .where(eq(order.accessToken, token))
      .orderBy(ticket.code)
  ).map((row) => row);

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '1000' } });
  owner = await sellingOrganiser(t.app, 'notes');
  organizationId = await organizationOf(t.app, owner);
  live = await createLiveEvent(t.app, owner, { name: 'Notes Night', refunds_allowed: true, resale_allowed: true });
  const vip = await t.app.inject({
    method: 'POST',
    url: `/api/events/${live.id}/ticket-types`,
    headers: asBrowser(owner),
    payload: { name: 'VIP', price: '50.00', capacity: 20 },
  });
  vipId = vip.json().id;
  const general = live.ticket_types[0]!.id;
  // ann: two tickets, transfers one to tess; ben: refunded; cat: checked in; dee: VIP, consents to marketing.
  const ann = await buy(t.app, host, live.id, general, 'ann@example.com', { quantity: 2 });
  const [first] = await codesOf(ann);
  const transfer = await fanPost(t.app, host, `/orders/${ann}/transfer`, {
    ticket: first!.code,
    name: 'Tess Taker',
    email: 'tess@example.com',
    confirm: 'yes',
  });
  expect(transfer.statusCode).toBe(303);
  const ben = await buy(t.app, host, live.id, general, 'ben@example.com');
  const [benTicket] = await codesOf(ben);
  const refund = await refundRequest(t.app, owner, benTicket!.orderId, {
    ticket_ids: [benTicket!.id],
    reason: 'Cannot come',
  });
  expect(refund.statusCode).toBe(200);
  await runAfterSaleJobs(t.app);
  const cat = await buy(t.app, host, live.id, general, 'cat@example.com');
  const [catTicket] = await codesOf(cat);
  expect((await scan(t.app, owner, live.id, { code: catTicket!.code })).json().result).toBe('admitted');
  await buy(t.app, host, live.id, vipId, 'dee@example.com', { consent: true });
});
afterAll(() => t.close());

const count = async (fields: Record<string, unknown>) => {
  const response = await postMessage(t.app, owner, live.id, '/preview', draft(fields));
  expect(response.statusCode).toBe(200);
  return response.json() as { recipients: number; html: string; text: string; unsubscribe: boolean };
};

describe('audiences', () => {
  it('all: the current holders only; a transfer reaches the new holder and its sender only for the kept ticket', async () => {
    expect((await count({})).recipients).toBe(4); // ann (kept one), tess, cat, dee; not ben
    const subject = 'Everyone: doors at 7';
    expect((await sendMessage(t.app, owner, live.id, { subject })).statusCode).toBe(201);
    await runMessageJobs(t.app);
    expect(await outboxRecipients(t.app, subject)).toEqual([
      'ann@example.com',
      'cat@example.com',
      'dee@example.com',
      'tess@example.com',
    ]);
  });

  it('a holder who transferred every ticket away is not a holder', async () => {
    const gil = await buy(t.app, host, live.id, live.ticket_types[0]!.id, 'gil@example.com');
    const [only] = await codesOf(gil);
    await fanPost(t.app, host, `/orders/${gil}/transfer`, {
      ticket: only!.code,
      name: 'Hal Holder',
      email: 'hal@example.com',
      confirm: 'yes',
    });
    const subject = 'After the transfer';
    await sendMessage(t.app, owner, live.id, { subject });
    await runMessageJobs(t.app);
    const to = await outboxRecipients(t.app, subject);
    expect(to).toContain('hal@example.com');
    expect(to).not.toContain('gil@example.com');
  });

  it('not checked in leaves out who is in; one ticket type picks its holders', async () => {
    const notIn = 'Not in yet';
    await sendMessage(t.app, owner, live.id, { subject: notIn, audience: 'not_checked_in' });
    const vip = 'VIP lounge';
    await sendMessage(t.app, owner, live.id, { subject: vip, audience: 'ticket_type', ticket_type_id: vipId });
    await runMessageJobs(t.app);
    const notInTo = await outboxRecipients(t.app, notIn);
    expect(notInTo).not.toContain('cat@example.com');
    expect(notInTo).toContain('ann@example.com');
    expect(await outboxRecipients(t.app, vip)).toEqual(['dee@example.com']);
  });

  it('a ticket type of another event is refused', async () => {
    const other = await createLiveEvent(t.app, owner, { name: 'Other night' });
    const response = await postMessage(
      t.app,
      owner,
      live.id,
      '/preview',
      draft({ audience: 'ticket_type', ticket_type_id: other.ticket_types[0]!.id }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[0].path).toBe('ticket_type_id');
  });
});

describe('logistics and marketing e-mails', () => {
  it('logistics carries no unsubscribe; marketing goes to consenting customers with List-Unsubscribe headers', async () => {
    const logistics = await outboxMail(t.app, 'Everyone: doors at 7', 'ann@example.com');
    expect(logistics.headers).toBeNull();
    expect(logistics.text).not.toMatch(/unsubscribe/i);
    expect(logistics.html).toContain('white-space:pre-line');

    const preview = await count({ audience: 'marketing' });
    expect(preview).toMatchObject({ recipients: 1, unsubscribe: true });
    const subject = 'Our next show';
    await sendMessage(t.app, owner, live.id, { subject, audience: 'marketing' });
    await runMessageJobs(t.app);
    expect(await outboxRecipients(t.app, subject)).toEqual(['dee@example.com']);
    const mail = await outboxMail(t.app, subject, 'dee@example.com');
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const link = /^<(http:\/\/localhost:3000\/unsubscribe\?t=[^>]+)>$/.exec(mail.headers?.['List-Unsubscribe'] ?? '');
    expect(link).not.toBeNull();
    expect(mail.text).toContain(link![1]);

    // The mail provider's one-click POST: no cookie, no Origin, only the link.
    const address = new URL(link![1]!);
    const url = address.pathname + address.search;
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<button type="submit">Unsubscribe</button>');
    const oneClick = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain('You are unsubscribed');
    const customers = await t.app.db.execute(
      sql`select marketing_consent from customer where organization_id = ${organizationId} and email = 'dee@example.com'`,
    );
    expect((customers as unknown as { rows: Array<{ marketing_consent: boolean }> }).rows[0]?.marketing_consent).toBe(
      false,
    );
    expect((await count({ audience: 'marketing' })).recipients).toBe(0);
    const again = await sendMessage(t.app, owner, live.id, { subject: 'Nobody left', audience: 'marketing' });
    expect(again.statusCode).toBe(422);
    // Logistics still reach dee, who holds a ticket.
    expect((await count({ audience: 'ticket_type', ticket_type_id: vipId })).recipients).toBe(1);
  });

  it('a forged or altered unsubscribe link does nothing', async () => {
    const token = t.app.holderMessages.deps.tokens.tokenFor({ organizationId, email: 'ann@example.com' });
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const response = await t.app.inject({ method: 'POST', url: `/unsubscribe?t=${forged}` });
    expect(response.statusCode).toBe(404);
    const suppressed = await t.app.db.execute(sql`select count(*)::int as n from marketing_suppression`);
    expect((suppressed as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(1);
  });
});

describe('sending safely', () => {
  it('a double click (the same client key twice, at once) makes one message and answers it both times', async () => {
    const body = { ...draft({ subject: 'Double click' }), client_key: 'double-click-key-1' };
    const [a, b] = await Promise.all([
      postMessage(t.app, owner, live.id, '', body),
      postMessage(t.app, owner, live.id, '', body),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().id).toBe(b.json().id);
    await runMessageJobs(t.app);
    const to = await outboxRecipients(t.app, 'Double click');
    expect(to).toEqual([...new Set(to)]);
    expect((await history(t.app, owner, live.id)).filter((m) => m.subject === 'Double click')).toHaveLength(1);
  });

  it('an empty body, a two-line subject or a control character is a 400 in the envelope and nothing is queued', async () => {
    const before = (await history(t.app, owner, live.id)).length;
    for (const fields of [
      { body: '   ' },
      { subject: 'One\nTwo' },
      { body: 'Bell \u0007' },
      { body: 'x'.repeat(10_001) },
    ]) {
      const response = await sendMessage(t.app, owner, live.id, fields);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    }
    const missingKey = await postMessage(t.app, owner, live.id, '', draft());
    expect(missingKey.statusCode).toBe(400);
    expect((await history(t.app, owner, live.id)).length).toBe(before);
  });

  it('the test send goes to the signed-in organiser only, marked as a test', async () => {
    const response = await postMessage(t.app, owner, live.id, '/test', draft({ subject: 'Try me' }));
    expect(response.statusCode).toBe(200);
    expect(response.json().sent_to).toBe(owner.email);
    expect(await outboxRecipients(t.app, '[Test] Try me')).toEqual([owner.email]);
    expect(await outboxRecipients(t.app, 'Try me')).toEqual([]);
  });

  it('history shows each message with its counts', async () => {
    const messages = await history(t.app, owner, live.id);
    const everyone = messages.find((m) => m.subject === 'Everyone: doors at 7');
    expect(everyone).toMatchObject({ audience: 'all', status: 'sent', recipients: 4, sent: 4, failed: 0 });
    expect(everyone?.sent_at).toEqual(expect.any(String));
  });
});

describe('who may', () => {
  it('door staff are refused; another organisation gets a 404', async () => {
    const door = await addMember(t.app, organizationId, 'door');
    for (const tail of ['', '/preview', '/test'] as const) {
      const response = await postMessage(t.app, door, live.id, tail, { ...draft(), client_key: 'door-key-12345' });
      expect(response.statusCode).toBe(403);
    }
    const doorHistory = await t.app.inject({
      method: 'GET',
      url: `/api/events/${live.id}/messages`,
      headers: asBrowser(door),
    });
    expect(doorHistory.statusCode).toBe(403);
    const stranger = await sellingOrganiser(t.app, 'strangers');
    expect((await postMessage(t.app, stranger, live.id, '/preview', draft())).statusCode).toBe(404);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/events/${live.id}/messages`,
      headers: asBrowser(stranger),
    });
    expect(list.statusCode).toBe(404);
  });

  it('the Origin check still guards sending (only the unsubscribe link is exempt)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/events/${live.id}/messages`,
      headers: { cookie: owner.cookie, origin: 'https://evil.example' },
      payload: { ...draft(), client_key: 'cross-site-key-1' },
    });
    expect(response.statusCode).toBe(403);
    const noOrigin = await t.app.inject({
      method: 'POST',
      url: `/api/events/${live.id}/messages`,
      headers: { cookie: owner.cookie },
      payload: { ...draft(), client_key: 'cross-site-key-2' },
    });
    expect(noOrigin.statusCode).toBe(403);
  });
});
