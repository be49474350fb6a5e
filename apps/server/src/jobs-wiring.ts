// Which function works each job queue: the features' job handlers (checkout e-mails and refunds, after-sale and
// waiting-list jobs, the sandbox provider's webhooks, cancelled events' refund runs) and the periodic jobs, put
// together for the worker that jobs/runner.ts starts. Wiring, at the top with app.ts: the job infrastructure
// below knows no feature.
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/client.js';
import type { PaymentsProvider } from './adapters/payments/payments.js';
import { QUEUES, type JobQueue } from './jobs/queue.js';
import type { JobHandlers } from './jobs/runner.js';
import { archiveEndedEvents } from './modules/events/events.archive.js';
import { releaseExpiredHolds } from './modules/stock/stock.js';
import { checkoutJobHandlers, retryPendingRefunds } from './modules/checkout/notifications.js';
import type { CheckoutNotifier } from './modules/checkout/notifier.js';
import { sandboxDeliveryHandler } from './modules/payments/sandbox-delivery.js';
import { refundCancelledEvent } from './modules/cancellations/refund-job.js';
import { afterSaleJobHandlers, type AfterSale } from './modules/refunds/after-sale.jobs.js';
import { waitlistJobHandlers, type Waitlist } from './modules/resale/waitlist.jobs.js';

export function jobHandlers(deps: {
  db: Database;
  log: FastifyBaseLogger;
  notifier: CheckoutNotifier;
  payments: PaymentsProvider;
  jobs: JobQueue;
  afterSale: AfterSale;
  waitlist: Waitlist;
}): JobHandlers {
  const { db, log, notifier } = deps;
  return {
    ...checkoutJobHandlers(notifier),
    ...afterSaleJobHandlers(deps.afterSale),
    ...waitlistJobHandlers(deps.waitlist),
    [QUEUES.sandboxWebhook]: sandboxDeliveryHandler({ db, payments: deps.payments, notifier, log }),
    [QUEUES.refundCancelledEvent]: async (data) => {
      const run = await refundCancelledEvent({ db, payments: deps.payments, jobs: deps.jobs, log }, data);
      log.info({ ...run }, 'cancelled event refund run');
    },
    [QUEUES.releaseExpiredHolds]: async () => {
      const released = await releaseExpiredHolds(db);
      if (released.length > 0) log.info({ orders: released.length }, 'released expired checkout holds');
    },
    [QUEUES.retryPendingRefunds]: async () => {
      await retryPendingRefunds(db, notifier);
      await deps.afterSale.requeueStale();
    },
    [QUEUES.archiveEndedEvents]: async () => {
      const archived = await archiveEndedEvents(db);
      if (archived.length > 0) log.info({ events: archived }, 'archived ended events');
    },
  };
}
