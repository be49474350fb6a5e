// The refund job against Stripe's HTTP API (a local fake): each order refunded with its own idempotency key,
// the application fee refunded and the transfer reversed; a provider failure on one order leaves the others
// refunded, is shown as failed, and is retried after a back-off (not at once), after which all are done.
// The orders are bought on the sandbox (the app's provider); only the refund job talks to the Stripe fake.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripePayments } from '../../adapters/payments/stripe.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import type { SignedInUser } from '../../../test/auth-helpers.js';
import { createLiveEvent, sellingOrganiser } from '../../../test/checkout-helpers.js';
import { startFakeStripe, type FakeStripe } from '../../../test/fake-stripe.js';
import { buyPaidOrder, cancelRequest, progressOf, runRefundJobs } from '../../../test/cancellation-helpers.js';
import { cancellationRefund, order } from '../../db/schema/index.js';
import { JOB_SCHEMA, QUEUES } from '../../jobs/queue.js';

let t: TestApp;
let fake: FakeStripe;
let owner: SignedInUser;
const host = 'stripey.localhost:3000';

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'stripey');
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('refund-cancelled-event through Stripe', () => {
  it('a failure on one order is retried with back-off while the others are refunded; each order once', async () => {
    const stripe = createStripePayments({ secretKey: 'sk_test_x', webhookSecret: undefined, apiUrl: fake.url });
    const live = await createLiveEvent(t.app, owner, { name: 'Storm Warning', capacity: 30 });
    const typeId = live.ticket_types[0]!.id;
    const orders = [];
    for (const [index, quantity] of [2, 1, 3].entries())
      orders.push(await buyPaidOrder(t.app, host, live.id, typeId, quantity, `storm-${index}@example.com`));
    const failing = orders[1]!;
    fake.refundFailures.set(failing.paymentIntentId!, 1);
    expect((await cancelRequest(t.app, owner, live.id, { reason: 'Storm', confirm: 'Storm Warning' })).statusCode).toBe(
      200,
    );
    const before = fake.requests.length;

    const first = await runRefundJobs(t.app, { payments: stripe, backoff: { baseSeconds: 30, capSeconds: 3600 } });
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ refunded: 2, failed: 1, continued: false });
    expect(first[0]!.retryInSeconds).toBeGreaterThanOrEqual(30);
    const progress = (await progressOf(t.app, owner, live.id)).json();
    expect(progress).toMatchObject({ state: 'retrying', orders_total: 3, orders_refunded: 2, orders_failed: 1 });
    const [failedRow] = await t.database.db
      .select()
      .from(cancellationRefund)
      .where(eq(cancellationRefund.orderId, failing.id));
    expect(failedRow).toMatchObject({ status: 'failed', attempts: 1, lastFailure: 'AppError BAD_GATEWAY' });
    expect((await t.database.db.select().from(order).where(eq(order.id, failing.id)))[0]!.status).toBe('paid');

    // The retry round waits for its back-off: nothing is due now.
    expect(await runRefundJobs(t.app, { payments: stripe })).toEqual([]);
    // Time passes (the job's start moved to now, as pg-boss would find it after the delay).
    await t.database.executeSql(
      `update ${JOB_SCHEMA}.job set start_after = now() - interval '1 second'
       where name = $1 and state in ('created', 'retry')`,
      [QUEUES.refundCancelledEvent],
    );
    const second = await runRefundJobs(t.app, { payments: stripe });
    expect(second).toEqual([{ refunded: 1, failed: 0, continued: false, retryInSeconds: null }]);
    expect((await progressOf(t.app, owner, live.id)).json()).toMatchObject({
      state: 'done',
      orders_refunded: 3,
      orders_failed: 0,
      refunded: [{ currency: 'GBP', amount_minor: orders.reduce((sum, o) => sum + o.amountMinor + o.feeMinor, 0) }],
    });

    const refunds = fake.requests.slice(before).filter((request) => request.path === '/v1/refunds');
    // Two attempts for the failing order (one failed, one succeeded), one for each other order.
    expect(refunds).toHaveLength(4);
    for (const paid of orders) {
      const mine = refunds.filter((request) => request.form.payment_intent === paid.paymentIntentId);
      expect(mine.length).toBe(paid.id === failing.id ? 2 : 1);
      for (const request of mine) {
        expect(request.idempotencyKey).toBe(`marquee-cancel-${paid.id}`);
        // The whole payment: no amount, the booking fee (application fee) refunded, the transfer reversed.
        expect(request.form).toEqual({
          payment_intent: paid.paymentIntentId,
          refund_application_fee: 'true',
          reverse_transfer: 'true',
        });
      }
      const [row] = await t.database.db.select().from(order).where(eq(order.id, paid.id));
      expect(row).toMatchObject({ status: 'refunded', refundedMinor: paid.amountMinor + paid.feeMinor });
    }
    // A third run finds nothing left to do and calls Stripe no more.
    await t.app.jobs.send(QUEUES.refundCancelledEvent, { eventId: live.id, organizationId: failing.organizationId });
    const requests = fake.requests.length;
    expect(await runRefundJobs(t.app, { payments: stripe })).toEqual([
      { refunded: 0, failed: 0, continued: false, retryInSeconds: null },
    ]);
    expect(fake.requests.length).toBe(requests);
  });
});
