// The PRO plan's webhooks (decision 149): the only writer of organization_plan besides the period-end job. Each
// verified event is applied once (its id recorded in plan_event in the same transaction), and only when what it
// says matches the plan: the organisation named, the price and currency PRO costs, the subscription and customer
// the plan already has. Anything else is recorded as ignored, with why, and changes nothing.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { PaymentsProvider, PaymentWebhookEvent } from '../../adapters/payments/payments.js';
import { readSubscriptionEvent, type SubscriptionEvent } from '../../adapters/payments/subscriptions.js';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import { organization, organizationPlan, planEvent, planInvoice } from '../../db/schema/index.js';

export interface PlanWebhookDeps {
  db: Database;
  payments: PaymentsProvider;
  price: { amount: number; currency: string };
  log?: FastifyBaseLogger;
}

export interface PlanWebhookOutcome {
  duplicate: boolean;
  /** 'applied', or why nothing changed. */
  outcome: string;
}

type PlanRow = typeof organizationPlan.$inferSelect;

const later = (a: Date, b: Date | null) => (b && b.getTime() > a.getTime() ? b : a);

async function planOf(tx: Tx, organizationId: string): Promise<PlanRow | undefined> {
  const [row] = await tx
    .select()
    .from(organizationPlan)
    .where(eq(organizationPlan.organizationId, organizationId))
    .for('update')
    .limit(1);
  return row;
}

async function planBySubscription(tx: Tx, subscriptionId: string): Promise<PlanRow | undefined> {
  const [row] = await tx
    .select()
    .from(organizationPlan)
    .where(eq(organizationPlan.providerSubscriptionId, subscriptionId))
    .orderBy(desc(organizationPlan.updatedAt))
    .for('update')
    .limit(1);
  return row;
}

/** Whether an event's amount and currency are what PRO costs (a missing figure is no match). */
function priceMatches(price: PlanWebhookDeps['price'], amount: number | null, currency: string | null) {
  return amount === price.amount && currency?.toUpperCase() === price.currency;
}

async function applyInvoice(
  tx: Tx,
  deps: PlanWebhookDeps,
  event: Extract<SubscriptionEvent, { kind: 'invoice' }>,
): Promise<string> {
  if (!priceMatches(deps.price, event.amount, event.currency)) return 'ignored: amount or currency differs from PRO';
  if (!event.periodStart || !event.periodEnd) return 'ignored: no period';
  const current = event.organizationId
    ? await planOf(tx, event.organizationId)
    : await planBySubscription(tx, event.subscriptionId);
  const organizationId = event.organizationId ?? current?.organizationId;
  if (!organizationId) return 'ignored: no organisation';
  const [known] = await tx
    .select({ id: organization.id })
    .from(organization)
    .where(eq(organization.id, organizationId))
    .limit(1);
  if (!known) return 'ignored: unknown organisation';
  const sameSubscription = current?.providerSubscriptionId === event.subscriptionId;
  if (current && sameSubscription && current.providerCustomerId !== event.customerId) {
    return 'ignored: customer differs from the plan';
  }
  if (current && !sameSubscription && current.status !== 'ended') {
    return 'ignored: the organisation has another subscription';
  }
  if (!event.paid) {
    if (!current || !sameSubscription) return 'ignored: unknown subscription';
    await tx
      .update(organizationPlan)
      .set({ status: 'past_due', updatedAt: new Date() })
      .where(and(eq(organizationPlan.organizationId, organizationId), sql`${organizationPlan.status} <> 'ended'`));
  } else {
    const values = {
      status: 'active' as const,
      provider: deps.payments.name,
      providerCustomerId: event.customerId,
      providerSubscriptionId: event.subscriptionId,
      currentPeriodStart: event.periodStart,
      currentPeriodEnd: event.periodEnd,
      cancelAtPeriodEnd: false,
      endedAt: null,
      endNoticeSentAt: null,
      updatedAt: new Date(),
    };
    // A payment of a later period on an ended plan's own subscription (the provider's retry of a failed renewal
    // after the period-end job ended it) brings PRO back: it was paid for.
    const revived = current?.status === 'ended' && sameSubscription && event.periodEnd > current.currentPeriodEnd;
    if (!current) await tx.insert(organizationPlan).values({ organizationId, ...values });
    else if (!sameSubscription || revived) {
      await tx.update(organizationPlan).set(values).where(eq(organizationPlan.organizationId, organizationId));
    } else if (current.status !== 'ended') {
      // A late invoice of an earlier period never shortens the plan or undoes a cancellation.
      await tx
        .update(organizationPlan)
        .set({
          status: 'active',
          currentPeriodStart: later(current.currentPeriodStart, event.periodStart),
          currentPeriodEnd: later(current.currentPeriodEnd, event.periodEnd),
          updatedAt: new Date(),
        })
        .where(eq(organizationPlan.organizationId, organizationId));
    }
  }
  await tx
    .insert(planInvoice)
    .values({
      id: randomUUID(),
      organizationId,
      number: sql`'PRO-' || lpad(nextval('plan_invoice_number_seq')::text, 6, '0')`,
      provider: deps.payments.name,
      providerInvoiceId: event.invoiceId,
      periodStart: event.periodStart,
      periodEnd: event.periodEnd,
      amount: event.amount!,
      currency: event.currency!.toUpperCase(),
      status: event.paid ? 'paid' : 'failed',
      issuedAt: event.issuedAt,
    })
    .onConflictDoNothing();
  return 'applied';
}

async function applySubscription(
  tx: Tx,
  deps: PlanWebhookDeps,
  event: Extract<SubscriptionEvent, { kind: 'subscription_changed' }>,
): Promise<string> {
  const current = await planBySubscription(tx, event.subscriptionId);
  if (!current) return 'ignored: unknown subscription';
  if (current.providerCustomerId !== event.customerId) return 'ignored: customer differs from the plan';
  if (event.organizationId && event.organizationId !== current.organizationId) {
    return 'ignored: organisation differs from the plan';
  }
  if (event.amount !== null && !priceMatches(deps.price, event.amount, event.currency)) {
    return 'ignored: amount or currency differs from PRO';
  }
  if (current.status === 'ended') return 'ignored: the plan has ended';
  const now = new Date();
  const where = eq(organizationPlan.organizationId, current.organizationId);
  if (event.deleted) {
    await tx.update(organizationPlan).set({ status: 'ended', endedAt: now, updatedAt: now }).where(where);
    return 'applied';
  }
  const status =
    event.status === 'past_due' || event.status === 'unpaid'
      ? ('past_due' as const)
      : event.status === 'active'
        ? ('active' as const)
        : current.status;
  await tx
    .update(organizationPlan)
    .set({
      status,
      cancelAtPeriodEnd: event.cancelAtPeriodEnd,
      currentPeriodEnd: later(current.currentPeriodEnd, event.periodEnd),
      updatedAt: now,
    })
    .where(where);
  return 'applied';
}

async function applyEvent(tx: Tx, deps: PlanWebhookDeps, event: PaymentWebhookEvent): Promise<string> {
  const read = readSubscriptionEvent(event);
  if (!read) return 'ignored: not a subscription event';
  if (read.kind === 'invoice') return applyInvoice(tx, deps, read);
  if (read.kind === 'subscription_changed') return applySubscription(tx, deps, read);
  // The checkout only confirms the payment page; its first invoice.paid (sent by Stripe for every Checkout
  // subscription) carries the period and starts the plan.
  return priceMatches(deps.price, read.amount, read.currency)
    ? 'noted: the first invoice starts the plan'
    : 'ignored: amount or currency differs from PRO';
}

/** Applies one verified event once. */
export async function handlePlanEvent(deps: PlanWebhookDeps, event: PaymentWebhookEvent): Promise<PlanWebhookOutcome> {
  return deps.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(planEvent)
      .values({
        id: event.id,
        provider: deps.payments.name,
        type: event.type,
        outcome: 'pending',
        created: event.created,
        payload: event,
      })
      .onConflictDoNothing()
      .returning({ id: planEvent.id });
    if (inserted.length === 0) return { duplicate: true, outcome: 'duplicate' };
    const outcome = await applyEvent(tx, deps, event);
    const read = readSubscriptionEvent(event);
    const [plan] = read ? await planBySubscription(tx, read.subscriptionId).then((row) => [row]) : [undefined];
    await tx
      .update(planEvent)
      .set({ outcome, organizationId: plan?.organizationId ?? null })
      .where(eq(planEvent.id, event.id));
    if (outcome.startsWith('ignored')) deps.log?.warn({ eventId: event.id, type: event.type, outcome }, 'plan webhook');
    return { duplicate: false, outcome };
  });
}

/** Checks the signature (the subscriptions' own secret) and applies the event. */
export async function receivePlanWebhook(
  deps: PlanWebhookDeps,
  rawBody: Buffer | string,
  signature: string | undefined,
): Promise<PlanWebhookOutcome> {
  const event = deps.payments.subscriptions.constructEvent(rawBody, signature);
  return handlePlanEvent(deps, event);
}
