// The sandbox's side of the PRO plan (decision 149), as Stripe Billing's servers would act: its events are queued
// as jobs in the transaction that changes its subscription (so none is lost), delivered at once and signed through
// the same receivePlanWebhook the Stripe endpoint uses; the renewal job charges each period that ended (an
// invoice.paid) unless the subscription was cancelled, which it ends (customer.subscription.deleted).
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentsProvider } from '../../adapters/payments/payments.js';
import { isSandboxPayments, type SandboxPaymentsProvider } from '../../adapters/payments/sandbox.js';
import type { SandboxSubscriptionRecord } from '../../adapters/payments/sandbox-subscriptions.js';
import type { Database } from '../../db/client.js';
import { QUEUES, type JobQueue } from '../../jobs/queue.js';
import { receivePlanWebhook, type PlanWebhookDeps } from './plan-webhook.js';

export interface SandboxBillingDeps extends PlanWebhookDeps {
  jobs: JobQueue;
}

interface QueuedEvent {
  payload: string;
  jobId: string | null;
}

export function sandboxEvent(type: string, object: Record<string, unknown>): string {
  return JSON.stringify({
    id: `evt_sandbox_${randomBytes(12).toString('hex')}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  });
}

function sandboxOf(payments: PaymentsProvider): SandboxPaymentsProvider {
  if (!isSandboxPayments(payments)) throw new Error('a sandbox billing event without the sandbox provider');
  return payments;
}

/** Queues the events' deliveries inside `tx`; deliverNow sends them once it has committed. */
export async function queueSandboxEvents(jobs: JobQueue, tx: Database, payloads: string[]): Promise<QueuedEvent[]> {
  const queued: QueuedEvent[] = [];
  for (const payload of payloads) {
    queued.push({ payload, jobId: await jobs.send(QUEUES.sandboxBillingWebhook, { payload }, tx) });
  }
  return queued;
}

/** Signs and delivers one sandbox event through the webhook path. */
export function deliverSandboxBillingEvent(deps: PlanWebhookDeps, payload: string) {
  const sandbox = sandboxOf(deps.payments);
  return receivePlanWebhook(deps, payload, sandbox.sandbox.signWebhookPayload(payload));
}

/** Delivers queued events now, in order; the queued copies are then cancelled (a worker's is harmless anyway). */
export async function deliverNow(deps: SandboxBillingDeps, queued: QueuedEvent[]) {
  for (const event of queued) {
    await deliverSandboxBillingEvent(deps, event.payload);
    if (event.jobId) await deps.jobs.cancel(QUEUES.sandboxBillingWebhook, event.jobId);
  }
}

/** What the sandbox says after a subscription's cancel or resume: customer.subscription.updated. */
export async function announceSandboxChange(deps: SandboxBillingDeps, subscriptionId: string) {
  const { subscriptions } = sandboxOf(deps.payments);
  const row = await subscriptions.get(subscriptionId);
  if (!row) return;
  const queued = await deps.db.transaction((tx) =>
    queueSandboxEvents(deps.jobs, tx as unknown as Database, [
      sandboxEvent('customer.subscription.updated', subscriptions.subscriptionObject(row)),
    ]),
  );
  await deliverNow(deps, queued);
}

/** The first month paid on the hosted page: the checkout, then its first invoice (which starts the plan). */
export function firstPaymentEvents(payments: SandboxPaymentsProvider, row: SandboxSubscriptionRecord): string[] {
  const { subscriptions } = payments;
  return [
    sandboxEvent('checkout.session.completed', subscriptions.checkoutObject(row)),
    sandboxEvent('invoice.paid', subscriptions.invoiceObject(row)),
  ];
}

/** The renewal job: each active subscription whose period is over is charged again or, cancelled, ends. */
export async function renewSandboxSubscriptions(deps: SandboxBillingDeps, now = new Date()): Promise<number> {
  if (!isSandboxPayments(deps.payments)) return 0;
  const { subscriptions } = deps.payments;
  let renewed = 0;
  for (const row of await subscriptions.due(now)) {
    const queued = await deps.db.transaction(async (tx) => {
      const next = await subscriptions.renew(row, tx as unknown as Database);
      if (!next) return [];
      const payloads =
        next.status === 'canceled'
          ? [sandboxEvent('customer.subscription.deleted', subscriptions.subscriptionObject(next))]
          : [
              sandboxEvent('invoice.paid', subscriptions.invoiceObject(next)),
              sandboxEvent('customer.subscription.updated', subscriptions.subscriptionObject(next)),
            ];
      return queueSandboxEvents(deps.jobs, tx as unknown as Database, payloads);
    });
    if (queued.length > 0) renewed += 1;
    await deliverNow(deps, queued);
  }
  return renewed;
}

/** The job worker's handler for the sandbox-billing-webhook queue. */
export function sandboxBillingDeliveryHandler(deps: PlanWebhookDeps & { log?: FastifyBaseLogger }) {
  return async (data: unknown) => {
    const payload = (data as { payload?: unknown } | null)?.payload;
    if (typeof payload !== 'string') throw new Error('malformed sandbox billing webhook job');
    await deliverSandboxBillingEvent(deps, payload);
  };
}
