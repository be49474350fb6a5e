// Webhooks through the API as an organiser and a receiver see them: PRO and roles, endpoints and their secret,
// a real sale's events signed and verifiable with the Standard Webhooks library, the test event, the delivery log
// and resend, and the pause without PRO.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { grantPro } from '../../../test/plan-helpers.js';
import { createLiveEvent, sellingOrganiser } from '../../../test/checkout-helpers.js';
import { buyPaidOrder } from '../../../test/cancellation-helpers.js';
import { organizationOf } from '../../../test/checkin-helpers.js';
import { joinAs } from '../../../test/team-helpers.js';
import type { SignedInUser } from '../../../test/auth-helpers.js';
import { addEndpoint, startReceiver, webhookApi, type Receiver } from '../../../test/webhook-helpers.js';
import { organizationPlan } from '../../db/schema/index.js';

let t: TestApp;
let owner: SignedInUser;
let organizationId: string;
let receiver: Receiver;
const host = 'hooked.localhost:3000';

beforeAll(async () => {
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'hooked');
  organizationId = await organizationOf(t.app, owner);
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

describe('webhook endpoints', () => {
  it('need PRO: without it every route answers 402 PRO_REQUIRED', async () => {
    const api = webhookApi(t.app, owner);
    const listed = await api.list();
    expect(listed.statusCode).toBe(402);
    expect(listed.json().error.code).toBe('PRO_REQUIRED');
    expect((await api.create({ url: receiver.url, event_types: ['order.paid'] })).statusCode).toBe(402);
  });

  it('are for owners and admins: door staff are refused', async () => {
    await grantPro(t.app.db, organizationId);
    const door = await joinAs(t.app, owner, 'door');
    expect((await webhookApi(t.app, door).list()).statusCode).toBe(403);
    const admin = await joinAs(t.app, owner, 'admin');
    expect((await webhookApi(t.app, admin).list()).statusCode).toBe(200);
  });

  it('refuse bad input with a clear error and keep nothing', async () => {
    const api = webhookApi(t.app, owner);
    const noTypes = await api.create({ url: receiver.url, event_types: [] });
    expect(noTypes.statusCode).toBe(400);
    const unknown = await api.create({ url: receiver.url, event_types: ['order.exploded'] });
    expect(unknown.statusCode).toBe(400);
    const notUrl = await api.create({ url: 'ftp://example.com/x', event_types: ['order.paid'] });
    expect(notUrl.statusCode).toBe(400);
    expect((await api.list()).json().endpoints).toEqual([]);
  });

  it('are added, changed, shown with their secret, rotated and removed', async () => {
    const api = webhookApi(t.app, owner);
    const created = await api.create({ url: receiver.url, event_types: ['order.paid'], description: 'Spare' });
    expect(created.statusCode).toBe(201);
    const endpoint = created.json();
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    expect((await api.secret(endpoint.id)).json().secret).toBe(endpoint.secret);
    const rotated = (await api.rotate(endpoint.id)).json().secret;
    expect(rotated).not.toBe(endpoint.secret);
    expect((await api.secret(endpoint.id)).json().secret).toBe(rotated);
    const changed = await api.update(endpoint.id, {
      url: receiver.url,
      event_types: ['order.paid', 'order.refunded'],
      description: 'Spare',
      enabled: false,
    });
    expect(changed.json()).toMatchObject({ enabled: false, event_types: ['order.paid', 'order.refunded'] });
    expect((await api.remove(endpoint.id)).statusCode).toBe(204);
    expect((await api.secret(endpoint.id)).statusCode).toBe(404);
  });
});

describe('deliveries', () => {
  it('send a sale as order.created, order.paid and customer.created, signed so the library verifies them', async () => {
    const endpoint = await addEndpoint(t.app, owner, receiver);
    const live = await createLiveEvent(t.app, owner);
    const paid = await buyPaidOrder(t.app, host, live.id, live.ticket_types[0]!.id, 2, 'sam@example.com');
    await t.app.webhooks.dispatcher.drain();
    const types = receiver.accepted.map((entry) => entry.type);
    expect(types).toEqual(
      expect.arrayContaining(['event.published', 'order.created', 'order.paid', 'customer.created']),
    );
    const orderPaid = receiver.accepted.find((entry) => entry.type === 'order.paid')!;
    expect(orderPaid.data.order).toMatchObject({ id: paid.id, quantity: 2, customer_email: 'sam@example.com' });
    expect(receiver.requests.every((entry) => entry.verified)).toBe(true);
    expect(orderPaid.headers['webhook-signature']).toMatch(/^v1,/);
    // A tampered body or another secret fails the library's check.
    const headers = orderPaid.headers as Record<string, string>;
    expect(() => new Webhook(endpoint.secret).verify('{"type":"order.paid"}', headers)).toThrow();
    // Each message went once.
    const ids = receiver.requests.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);

    const log = (await webhookApi(t.app, owner).deliveries(endpoint.id)).json();
    expect(log.deliveries.length).toBe(receiver.accepted.length);
    expect(log.deliveries[0]).toMatchObject({ status: 'succeeded', attempts: 1, last_status_code: 200 });
    expect(log.deliveries[0].log[0]).toMatchObject({ status_code: 200, response_body: 'ok', error: null });
  });

  it('a second purchase by the same buyer is customer.updated', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Second night' });
    receiver.accepted.length = 0;
    await buyPaidOrder(t.app, host, live.id, live.ticket_types[0]!.id, 1, 'sam@example.com');
    await t.app.webhooks.dispatcher.drain();
    const customer = receiver.accepted.find((entry) => entry.type.startsWith('customer.'))!;
    expect(customer.type).toBe('customer.updated');
    expect(customer.data.customer).toMatchObject({ email: 'sam@example.com', orders: 2 });
  });

  it('sends a test event to one endpoint and resends a delivery with the same webhook-id', async () => {
    const api = webhookApi(t.app, owner);
    const [endpoint] = (await api.list()).json().endpoints;
    receiver.requests.length = 0;
    const sent = await api.test(endpoint.id);
    expect(sent.statusCode).toBe(202);
    await t.app.webhooks.dispatcher.drain();
    expect(receiver.requests).toHaveLength(1);
    expect(receiver.requests[0]).toMatchObject({ type: 'webhook.test', verified: true, id: sent.json().message_id });
    const [delivery] = (await api.deliveries(endpoint.id)).json().deliveries;
    expect(delivery).toMatchObject({ type: 'webhook.test', status: 'succeeded' });
    const resent = await api.resend(endpoint.id, delivery.id);
    expect(resent.statusCode).toBe(202);
    // Already waiting: a second resend is refused until it is sent.
    expect((await api.resend(endpoint.id, delivery.id)).statusCode).toBe(409);
    await t.app.webhooks.dispatcher.drain();
    expect(receiver.requests.map((entry) => entry.id)).toEqual([sent.json().message_id, sent.json().message_id]);
    const again = (await api.deliveries(endpoint.id)).json().deliveries[0];
    expect(again).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(again.log).toHaveLength(2);
  });

  it('pauses without PRO (nothing sent, nothing dropped) and resumes when PRO returns', async () => {
    const api = webhookApi(t.app, owner);
    const [endpoint] = (await api.list()).json().endpoints;
    await t.app.db
      .update(organizationPlan)
      .set({ status: 'ended' })
      .where(eq(organizationPlan.organizationId, organizationId));
    receiver.requests.length = 0;
    const live = await createLiveEvent(t.app, owner, { name: 'Paused night' });
    await buyPaidOrder(t.app, host, live.id, live.ticket_types[0]!.id, 1, 'pat@example.com');
    // The dispatcher's PRO answer is kept a few seconds: a fresh one asks now.
    const { createWebhookDispatcher } = await import('./dispatcher.js');
    const fresh = () =>
      createWebhookDispatcher({
        db: t.app.db,
        mailer: t.app.mailer,
        log: t.app.log,
        appUrl: t.config.appUrl,
        send: t.app.webhooks.settings,
      });
    expect(await fresh().drain()).toBe(0);
    expect(receiver.requests).toHaveLength(0);
    await grantPro(t.app.db, organizationId);
    expect(await fresh().drain()).toBeGreaterThanOrEqual(4);
    expect(receiver.requests.map((entry) => entry.type)).toEqual(
      expect.arrayContaining(['event.published', 'order.created', 'order.paid', 'customer.created']),
    );
    expect(
      (await api.deliveries(endpoint.id)).json().deliveries.every((d: { status: string }) => d.status === 'succeeded'),
    ).toBe(true);
  });
});
