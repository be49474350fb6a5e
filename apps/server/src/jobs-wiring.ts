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
import type { Mailer } from './adapters/mail/mailer.js';
import { endLapsedPlans } from './modules/plan/plan-period-end.js';
import { renewSandboxSubscriptions, sandboxBillingDeliveryHandler } from './modules/plan/sandbox-billing.js';
import { holderMessageJobHandlers, type HolderMessages } from './modules/holder-messages/holder-messages.jobs.js';
import type { CrmSync } from './modules/crm/crm.jobs.js';

export function jobHandlers(deps: {
  db: Database;
  log: FastifyBaseLogger;
  notifier: CheckoutNotifier;
  payments: PaymentsProvider;
  jobs: JobQueue;
  afterSale: AfterSale;
  waitlist: Waitlist;
  mailer: Mailer;
  appUrl: string;
  proPrice: { amount: number; currency: string };
  holderMessages: HolderMessages;
  crmSync: CrmSync;
}): JobHandlers {
  const { db, log, notifier } = deps;
  const plan = { db, payments: deps.payments, price: deps.proPrice, log, jobs: deps.jobs };
  return {
    ...checkoutJobHandlers(notifier),
    ...afterSaleJobHandlers(deps.afterSale),
    ...waitlistJobHandlers(deps.waitlist),
    ...holderMessageJobHandlers(deps.holderMessages),
    ...deps.crmSync.handlers,
    [QUEUES.sandboxWebhook]: sandboxDeliveryHandler({ db, payments: deps.payments, notifier, log }),
    [QUEUES.sandboxBillingWebhook]: sandboxBillingDeliveryHandler(plan),
    [QUEUES.sandboxRenewals]: async () => {
      const renewed = await renewSandboxSubscriptions(plan);
      if (renewed > 0) log.info({ subscriptions: renewed }, 'sandbox renewed or ended PRO subscriptions');
    },
    [QUEUES.planPeriodEnd]: async () => {
      await endLapsedPlans({ db, mailer: deps.mailer, appUrl: deps.appUrl, log });
    },
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
