// What the owner does with the PRO plan (decision 149): start a subscription on the provider's hosted page,
// cancel it at the period's end, resume it before then, and read its invoices. None of these writes the plan:
// the provider's webhooks do (plan-webhook.ts); the sandbox delivers its own at once.
import { and, desc, eq } from 'drizzle-orm';
import { isSandboxPayments } from '../../adapters/payments/sandbox.js';
import type { Database } from '../../db/client.js';
import { organizationPlan, planInvoice } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { JobQueue } from '../../jobs/queue.js';
import { planAccess } from './plan-access.js';
import type { PlanWebhookDeps } from './plan-webhook.js';
import { announceSandboxChange } from './sandbox-billing.js';

export interface PlanServiceDeps extends PlanWebhookDeps {
  jobs: JobQueue;
  appUrl: string;
}

export const ALREADY_PRO_MESSAGE =
  'This organisation already has PRO. To keep it after a cancellation, resume it in Billing instead.';

export async function startSubscription(
  deps: PlanServiceDeps,
  auth: { organizationId: string; email: string },
): Promise<{ url: string }> {
  if ((await planAccess(deps.db, auth.organizationId)).pro) throw new AppError('CONFLICT', ALREADY_PRO_MESSAGE);
  const billing = `${deps.appUrl}/dashboard/billing`;
  const { url } = await deps.payments.subscriptions.createCheckout({
    organizationId: auth.organizationId,
    amount: deps.price.amount,
    currency: deps.price.currency,
    productName: 'Marquee PRO',
    customerEmail: auth.email,
    successUrl: `${billing}?plan=subscribed`,
    cancelUrl: billing,
  });
  return { url };
}

/** The plan's subscription at this provider, while PRO holds. */
async function currentSubscription(deps: PlanServiceDeps, organizationId: string) {
  const access = await planAccess(deps.db, organizationId);
  const [row] = await deps.db
    .select({ subscriptionId: organizationPlan.providerSubscriptionId, provider: organizationPlan.provider })
    .from(organizationPlan)
    .where(eq(organizationPlan.organizationId, organizationId))
    .limit(1);
  if (!access.pro || !row?.subscriptionId)
    throw new AppError('CONFLICT', 'This organisation has no PRO plan to change');
  if (row.provider !== deps.payments.name) {
    throw new AppError('CONFLICT', 'This plan was bought through another payment provider; it cannot be changed here');
  }
  return { access, subscriptionId: row.subscriptionId };
}

async function afterChange(deps: PlanServiceDeps, subscriptionId: string) {
  if (isSandboxPayments(deps.payments)) await announceSandboxChange(deps, subscriptionId);
}

export async function cancelSubscription(deps: PlanServiceDeps, organizationId: string): Promise<void> {
  const { access, subscriptionId } = await currentSubscription(deps, organizationId);
  if (access.cancelAtPeriodEnd) throw new AppError('CONFLICT', 'PRO is already cancelled: it ends with this period');
  await deps.payments.subscriptions.cancelAtPeriodEnd(subscriptionId);
  await afterChange(deps, subscriptionId);
}

export async function resumeSubscription(deps: PlanServiceDeps, organizationId: string): Promise<void> {
  const { access, subscriptionId } = await currentSubscription(deps, organizationId);
  if (!access.cancelAtPeriodEnd) throw new AppError('CONFLICT', 'PRO is not cancelled: it renews as it is');
  await deps.payments.subscriptions.resume(subscriptionId);
  await afterChange(deps, subscriptionId);
}

export type PlanInvoiceRow = typeof planInvoice.$inferSelect;

export function listInvoices(db: Database, organizationId: string): Promise<PlanInvoiceRow[]> {
  return db
    .select()
    .from(planInvoice)
    .where(eq(planInvoice.organizationId, organizationId))
    .orderBy(desc(planInvoice.issuedAt), desc(planInvoice.number))
    .limit(120);
}

export async function getInvoice(db: Database, organizationId: string, id: string): Promise<PlanInvoiceRow> {
  const [row] = await db
    .select()
    .from(planInvoice)
    .where(and(eq(planInvoice.organizationId, organizationId), eq(planInvoice.id, id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'No such invoice');
  return row;
}
