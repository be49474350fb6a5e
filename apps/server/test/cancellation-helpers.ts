// Helpers for the event-cancellation tests: paid orders bought through the storefront and the sandbox's card
// page (so the webhook fulfils them as in production), the cancel request, and the job run as the worker would.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buyer, payWithCard, postCheckout, tokenFrom } from './checkout-helpers.js';
import { asBrowser, type SignedInUser } from './auth-helpers.js';
import { order } from '../src/db/schema/index.js';
import { QUEUES } from '../src/jobs/queue.js';
import { checkoutJobHandlers } from '../src/modules/checkout/notifications.js';
import {
  refundCancelledEvent,
  type RefundJobDeps,
  type RefundRunResult,
} from '../src/modules/cancellations/refund-job.js';

/** Buys `quantity` tickets of `typeId` as `email` and pays with the sandbox card; returns the paid order. */
export async function buyPaidOrder(
  app: FastifyInstance,
  host: string,
  eventId: string,
  typeId: string,
  quantity: number,
  email: string,
) {
  const started = await postCheckout(app, host, eventId, { ...buyer, email, [`qty_${typeId}`]: String(quantity) });
  if (started.statusCode !== 303)
    throw new Error(`checkout failed: ${started.statusCode} ${started.body.slice(0, 200)}`);
  const token = tokenFrom(started.headers.location);
  const paid = await payWithCard(app, host, token);
  if (paid.statusCode !== 303) throw new Error(`payment failed: ${paid.statusCode}`);
  const [row] = await app.db.select().from(order).where(eq(order.accessToken, token));
  if (row?.status !== 'paid') throw new Error(`order not paid: ${row?.status}`);
  return row;
}

export const cancelRequest = (app: FastifyInstance, user: SignedInUser, eventId: string, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/cancel`,
    headers: asBrowser(user),
    payload: payload as object,
  });

export const progressOf = (app: FastifyInstance, user: SignedInUser, eventId: string) =>
  app.inject({ method: 'GET', url: `/api/events/${eventId}/cancellation`, headers: { cookie: user.cookie } });

/** Claims the due refund-cancelled-event jobs and runs them here, as the worker would; returns each run's result. */
export async function runRefundJobs(
  app: FastifyInstance,
  deps: Partial<RefundJobDeps> = {},
): Promise<RefundRunResult[]> {
  const results: RefundRunResult[] = [];
  await app.jobs.runDue(
    QUEUES.refundCancelledEvent,
    async (data) => {
      results.push(
        await refundCancelledEvent({ db: app.db, payments: app.payments, jobs: app.jobs, log: app.log, ...deps }, data),
      );
    },
    10,
  );
  return results;
}

/** Sends the queued checkout e-mails (as the worker would). */
export async function deliverCheckoutMail(app: FastifyInstance) {
  // What the mail lane took on after the sale first (decision 146), then whatever is still due.
  await app.mailLane.idle();
  const handlers = checkoutJobHandlers(app.checkout.notifier);
  while ((await app.jobs.runDue(QUEUES.checkoutMail, handlers[QUEUES.checkoutMail], 20)) > 0);
}

export const mailTo = async (app: FastifyInstance, email: string) =>
  (await app.inject({ method: 'GET', url: `/api/dev/mail?to=${encodeURIComponent(email)}` })).json() as Array<{
    subject: string;
    text: string;
  }>;
