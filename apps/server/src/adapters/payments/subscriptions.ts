// The subscription webhooks of both providers read into one shape (decision 149). The sandbox emits Stripe's
// shapes, so one reader serves both; it reads Stripe's current API (period on the subscription item, the
// invoice's subscription under parent.subscription_details) and the older fields where those are missing.
import type { PaymentWebhookEvent } from './payments.js';

interface SubscriptionRef {
  subscriptionId: string;
  customerId: string | null;
  /** metadata.organization_id as the subscription (or its checkout) carries it. */
  organizationId: string | null;
}

export type SubscriptionEvent =
  | (SubscriptionRef & { kind: 'checkout_completed'; amount: number | null; currency: string | null })
  | (SubscriptionRef & {
      kind: 'subscription_changed';
      deleted: boolean;
      /** Stripe's status: active, past_due, unpaid, canceled, ... */
      status: string;
      cancelAtPeriodEnd: boolean;
      periodStart: Date | null;
      periodEnd: Date | null;
      amount: number | null;
      currency: string | null;
    })
  | (SubscriptionRef & {
      kind: 'invoice';
      paid: boolean;
      invoiceId: string;
      amount: number | null;
      currency: string | null;
      periodStart: Date | null;
      periodEnd: Date | null;
      issuedAt: Date;
    });

type Json = Record<string, unknown>;

const record = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {});
const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const idOf = (value: unknown): string | null => text(value) ?? text(record(value).id);
const integer = (value: unknown): number | null => (Number.isSafeInteger(value) ? (value as number) : null);
const instant = (value: unknown): Date | null => {
  const seconds = integer(value);
  return seconds === null ? null : new Date(seconds * 1000);
};
const organizationOf = (metadata: unknown) => text(record(metadata).organization_id);

function firstOf(list: unknown): Json {
  const data = record(list).data;
  return Array.isArray(data) && data.length > 0 ? record(data[0]) : {};
}

function readSubscription(object: Json, deleted: boolean): SubscriptionEvent | null {
  const subscriptionId = text(object.id);
  if (!subscriptionId) return null;
  const item = firstOf(object.items);
  const price = record(item.price);
  return {
    kind: 'subscription_changed',
    subscriptionId,
    customerId: idOf(object.customer),
    organizationId: organizationOf(object.metadata),
    deleted,
    status: text(object.status) ?? 'unknown',
    cancelAtPeriodEnd: object.cancel_at_period_end === true,
    periodStart: instant(item.current_period_start ?? object.current_period_start),
    periodEnd: instant(item.current_period_end ?? object.current_period_end),
    amount: integer(price.unit_amount),
    currency: text(price.currency),
  };
}

function readInvoice(object: Json, paid: boolean, created: number): SubscriptionEvent | null {
  const details = record(record(object.parent).subscription_details);
  const legacy = record(object.subscription_details);
  const subscriptionId = idOf(details.subscription) ?? idOf(object.subscription);
  const invoiceId = text(object.id);
  if (!subscriptionId || !invoiceId) return null;
  const period = record(firstOf(object.lines).period);
  return {
    kind: 'invoice',
    paid,
    invoiceId,
    subscriptionId,
    customerId: idOf(object.customer),
    organizationId: organizationOf(details.metadata) ?? organizationOf(legacy.metadata),
    amount: integer(paid ? object.amount_paid : object.amount_due),
    currency: text(object.currency),
    periodStart: instant(period.start ?? object.period_start),
    periodEnd: instant(period.end ?? object.period_end),
    issuedAt: instant(object.created) ?? new Date(created * 1000),
  };
}

/** The event's meaning for the plan; null for any other event (or a subscription-less checkout). */
export function readSubscriptionEvent(event: PaymentWebhookEvent): SubscriptionEvent | null {
  const object = record(event.data?.object);
  switch (event.type) {
    case 'checkout.session.completed': {
      const subscriptionId = idOf(object.subscription);
      if (object.mode !== 'subscription' || !subscriptionId) return null;
      return {
        kind: 'checkout_completed',
        subscriptionId,
        customerId: idOf(object.customer),
        organizationId: organizationOf(object.metadata),
        amount: integer(object.amount_total),
        currency: text(object.currency),
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
      return readSubscription(object, false);
    case 'customer.subscription.deleted':
      return readSubscription(object, true);
    case 'invoice.paid':
      return readInvoice(object, true, event.created);
    case 'invoice.payment_failed':
      return readInvoice(object, false, event.created);
    default:
      return null;
  }
}
