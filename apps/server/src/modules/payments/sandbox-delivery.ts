// The sandbox provider's webhook deliveries are durable, as Stripe's are on its side: the payment and a job that
// delivers its checkout.session.completed commit together. The page delivers at once and cancels the job; if the
// process dies between taking the payment and fulfilling the order, the job is still there and any process
// delivers it (fulfilment applies each event once, so a delivery that races the page's is harmless).
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentsProvider } from '../../adapters/payments/payments.js';
import { isSandboxPayments } from '../../adapters/payments/sandbox.js';
import type { Database } from '../../db/client.js';
import type { CheckoutNotifier } from '../checkout/notifier.js';
import { receiveWebhook } from './payments.service.js';

export interface SandboxDeliveryJob {
  /** The event's JSON exactly as delivered (and signed) by the sandbox. */
  payload: string;
}

export interface SandboxDeliveryDeps {
  db: Database;
  payments: PaymentsProvider;
  notifier?: CheckoutNotifier;
  log?: FastifyBaseLogger;
}

/** Signs and delivers one sandbox event through the same path as a Stripe webhook. */
export async function deliverSandboxEvent(deps: SandboxDeliveryDeps, payload: string) {
  if (!isSandboxPayments(deps.payments)) throw new Error('a sandbox webhook delivery without the sandbox provider');
  return receiveWebhook(deps, payload, deps.payments.sandbox.signWebhookPayload(payload));
}

/** The job worker's handler for the sandbox-webhook queue. */
export function sandboxDeliveryHandler(deps: SandboxDeliveryDeps) {
  return async (data: unknown) => {
    const payload = (data as Partial<SandboxDeliveryJob> | null)?.payload;
    if (typeof payload !== 'string') throw new Error('malformed sandbox webhook job');
    await deliverSandboxEvent(deps, payload);
  };
}
