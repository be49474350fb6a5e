// Refund faults (decision 032): the provider failing (Stripe's HTTP API, a local fake) is recorded and retried
// with the same idempotency key, so the money moves once; a run that dies after the provider refunded is
// answered with the first refund on its retry (sandbox); two refunds of one order at once (PostgreSQL) never
// both take the same ticket or the same money.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripePayments } from '../../adapters/payments/stripe.js';
import type { PaymentsProvider } from '../../adapters/payments/payments.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import type { SignedInUser } from '../../../test/auth-helpers.js';
import { createLiveEvent, sellingOrganiser } from '../../../test/checkout-helpers.js';
import { startFakeStripe, type FakeStripe } from '../../../test/fake-stripe.js';
import { buyPaidOrder, cancelRequest, runRefundJobs } from '../../../test/cancellation-helpers.js';
import { orderDetail, refundRequest } from '../../../test/after-sale-helpers.js';
import { order, orderRefund, sandboxCheckoutSession, ticket, user } from '../../db/schema/index.js';
import { createAfterSale } from './after-sale.jobs.js';
import { QUEUES } from '../../jobs/queue.js';
import { refundOrder } from './refunds.service.js';

let t: TestApp;
let fake: FakeStripe;
let owner: SignedInUser;
const host = 'faulty.localhost:3000';

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'faulty');
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const db = () => t.database.db;
const afterSaleWith = (payments: PaymentsProvider) =>
  createAfterSale({
    db: db(),
    mailer: t.app.mailer,
    payments,
    signer: t.app.checkout.signer,
    jobs: t.app.jobs,
    log: t.app.log,
    appUrl: t.config.appUrl,
    publicHost: t.config.publicHost,
  });
const refundedAtSandbox = async (paymentIntentId: string) =>
  (
    await db().select().from(sandboxCheckoutSession).where(eq(sandboxCheckoutSession.paymentIntentId, paymentIntentId))
  )[0]!.amountRefunded;

async function paidOrderWithTickets(name: string, quantity: number, email: string) {
  const live = await createLiveEvent(t.app, owner, { name, capacity: 10 });
  const paid = await buyPaidOrder(t.app, host, live.id, live.ticket_types[0]!.id, quantity, email);
  const tickets = await db().select().from(ticket).where(eq(ticket.orderId, paid.id)).orderBy(ticket.code);
  const [row] = await db().select().from(order).where(eq(order.id, paid.id));
  return { paid: row!, tickets };
}
const ownerId = async () => (await db().select({ id: user.id }).from(user).where(eq(user.email, owner.email)))[0]!.id;

describe('the provider failing during a refund', () => {
  it('Stripe: a failure is recorded and retried with the same key; the money moves once; the fee is kept', async () => {
    const stripe = createStripePayments({ secretKey: 'sk_test_x', webhookSecret: undefined, apiUrl: fake.url });
    const { paid, tickets } = await paidOrderWithTickets('Stormy Refund', 2, 'stormy@example.com');
    fake.refundFailures.set(paid.paymentIntentId!, 1);
    const who = { organizationId: paid.organizationId, userId: await ownerId(), device: 'Test device' };
    const made = await refundOrder(db(), t.app.jobs, who, paid.id, { ticket_ids: [tickets[0]!.id], reason: 'Storm' });
    const job = { refundId: made.refundId, organizationId: paid.organizationId };
    const afterSale = afterSaleWith(stripe);
    const before = fake.requests.length;

    await expect(afterSale.sendRefund(job)).rejects.toThrow();
    const [failed] = await db().select().from(orderRefund).where(eq(orderRefund.id, made.refundId));
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, lastFailure: 'AppError BAD_GATEWAY' });
    // The ticket stopped admitting at once; the order's money is owed and shown as retrying.
    expect((await orderDetail(t.app, owner, paid.id)).refunds[0].status).toBe('failed');

    expect(await afterSale.sendRefund(job)).toBe('sent');
    expect(await afterSale.sendRefund(job)).toBe('skipped');
    const refunds = fake.requests.slice(before).filter((request) => request.path === '/v1/refunds');
    expect(refunds).toHaveLength(2);
    for (const request of refunds) {
      expect(request.idempotencyKey).toBe(`marquee-refund-${made.refundId}`);
      expect(request.form).toEqual({
        payment_intent: paid.paymentIntentId,
        amount: '2000',
        refund_application_fee: 'false',
        reverse_transfer: 'true',
      });
    }
    const [done] = await db().select().from(orderRefund).where(eq(orderRefund.id, made.refundId));
    expect(done).toMatchObject({ status: 'succeeded', providerRefundId: 're_fake1', lastFailure: null });
  });

  it('sandbox: a run that dies after the provider refunded is answered with the first refund on its retry', async () => {
    const { paid, tickets } = await paidOrderWithTickets('Crash Course', 2, 'crash@example.com');
    const who = { organizationId: paid.organizationId, userId: await ownerId(), device: null };
    const made = await refundOrder(db(), t.app.jobs, who, paid.id, { ticket_ids: [tickets[1]!.id], reason: 'Crash' });
    const job = { refundId: made.refundId, organizationId: paid.organizationId };
    const dying: PaymentsProvider = {
      ...t.app.payments,
      async createRefund(input) {
        await t.app.payments.createRefund(input);
        throw new Error('process killed');
      },
    };
    await expect(afterSaleWith(dying).sendRefund(job)).rejects.toThrow('process killed');
    expect(await refundedAtSandbox(paid.paymentIntentId!)).toBe(2000);
    expect(await afterSaleWith(t.app.payments).sendRefund(job)).toBe('sent');
    expect(await refundedAtSandbox(paid.paymentIntentId!)).toBe(2000);
    const [done] = await db().select().from(orderRefund).where(eq(orderRefund.id, made.refundId));
    expect(done!.status).toBe('succeeded');
  });
});

describe('a refund still on its way when the event is cancelled', () => {
  it('both go through: the cancellation refunds only the rest, and the fan gets everything back once', async () => {
    const { paid, tickets } = await paidOrderWithTickets('Late Storm', 2, 'late-storm@example.com');
    const who = { organizationId: paid.organizationId, userId: await ownerId(), device: null };
    // One ticket refunded (its price); the provider has not been asked yet.
    const made = await refundOrder(db(), t.app.jobs, who, paid.id, { ticket_ids: [tickets[0]!.id], reason: 'Ill' });
    const cancelled = await cancelRequest(t.app, owner, paid.eventId, { reason: 'Storm', confirm: 'Late Storm' });
    expect(cancelled.statusCode).toBeLessThan(300);
    await runRefundJobs(t.app);
    const total = paid.amountMinor + paid.feeMinor;
    expect(await refundedAtSandbox(paid.paymentIntentId!)).toBe(total - 2000);
    // The earlier refund's own job, as the worker runs it (taken from the queue, so no later test finds it there).
    const sent: string[] = [];
    const afterSale = afterSaleWith(t.app.payments);
    await t.app.jobs.runDue(QUEUES.orderRefund, async (data) => sent.push(await afterSale.sendRefund(data)), 10);
    expect(sent).toContain('sent');
    expect(made.refundId).toBeTruthy();
    expect(await refundedAtSandbox(paid.paymentIntentId!)).toBe(total);
    const [done] = await db().select().from(orderRefund).where(eq(orderRefund.id, made.refundId));
    expect(done!.status).toBe('succeeded');
    const [row] = await db().select().from(order).where(eq(order.id, paid.id));
    expect(row).toMatchObject({ status: 'refunded', refundedMinor: total });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two refunds of one order at once (PostgreSQL)', () => {
  it('the same ticket twice: one refund, one "already refunded"; two amounts over what was paid: one refused', async () => {
    const { paid, tickets } = await paidOrderWithTickets('Rush Hour', 2, 'rush@example.com');
    const same = await Promise.all(
      [0, 1].map(() => refundRequest(t.app, owner, paid.id, { ticket_ids: [tickets[0]!.id], reason: 'Race' })),
    );
    expect(same.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const amounts = await Promise.all(
      [0, 1].map(() => refundRequest(t.app, owner, paid.id, { amount_minor: 1500, reason: 'Race' })),
    );
    expect(amounts.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    const [row] = await db().select().from(order).where(eq(order.id, paid.id));
    expect(row).toMatchObject({ refundedMinor: 3500, refundedTickets: 1 });
    expect(await refundedAtSandbox(paid.paymentIntentId!)).toBe(3500);
    expect((await db().select().from(orderRefund).where(eq(orderRefund.orderId, paid.id))).length).toBe(2);
  });
});
