// The payment provider's fee on a paid order (decision 141): read after the sale, by a durable job queued with it
// (never inside the sale's transaction: for Stripe it is a network call), and recorded on the order once. Only a fee
// in the order's own currency is recorded; one settled in another currency, or none reported, leaves the order's
// fee not reported, which the settlement report counts and says.
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentsProvider } from '../../adapters/payments/payments.js';
import type { Database } from '../../db/client.js';
import { order } from '../../db/schema/index.js';

export const providerFeeJobSchema = z.object({ orderId: z.string().uuid(), organizationId: z.string().min(1) });
export type ProviderFeeJob = z.infer<typeof providerFeeJobSchema>;

export type ProviderFeeOutcome = 'recorded' | 'already' | 'no_payment' | 'not_reported' | 'other_currency';

export interface ProviderFeeDeps {
  db: Database;
  payments: Pick<PaymentsProvider, 'retrievePaymentFee'>;
  log?: Pick<FastifyBaseLogger, 'info'>;
}

/** Reads the fee of the order's payment from its provider and records it; a provider error throws (the job retries). */
export async function recordProviderFee(deps: ProviderFeeDeps, job: ProviderFeeJob): Promise<ProviderFeeOutcome> {
  const scope = and(eq(order.id, job.orderId), eq(order.organizationId, job.organizationId));
  const [current] = await deps.db
    .select({ paymentIntentId: order.paymentIntentId, currency: order.currency, fee: order.providerFeeMinor })
    .from(order)
    .where(scope)
    .limit(1);
  if (!current?.paymentIntentId) return 'no_payment';
  if (current.fee !== null) return 'already';
  const fee = await deps.payments.retrievePaymentFee(current.paymentIntentId);
  if (!fee) return 'not_reported';
  if (fee.currency.toUpperCase() !== current.currency.toUpperCase()) {
    // Settled in another currency than the order's: a fee in it cannot be set against the order's figures.
    deps.log?.info({ orderId: job.orderId, feeCurrency: fee.currency }, 'provider fee not in the order currency');
    return 'other_currency';
  }
  if (!Number.isSafeInteger(fee.amount) || fee.amount < 0) throw new Error('the provider reported a fee out of range');
  await deps.db
    .update(order)
    .set({ providerFeeMinor: fee.amount, providerFeePayer: fee.payer })
    .where(and(scope, isNull(order.providerFeeMinor)));
  return 'recorded';
}

/** The job worker's handler for the provider-fee queue; a payload that does not parse fails its job. */
export const providerFeeHandler = (deps: ProviderFeeDeps) => (data: unknown) =>
  recordProviderFee(deps, providerFeeJobSchema.parse(data));
