// Stripe Billing for the PRO plan (decision 149): a Checkout Session in subscription mode with an inline monthly
// price (price_data, so no Price has to be set up in the dashboard), the organisation's id on the session and on
// the subscription (so every invoice names it), cancel/resume at the period's end, and the platform endpoint's
// webhook signatures checked with their own secret (STRIPE_BILLING_WEBHOOK_SECRET).
import type Stripe from 'stripe';
import { AppError } from '../../lib/errors.js';
import type { PaymentWebhookEvent, SubscriptionsProvider } from './payments.js';
import { call } from './stripe-call.js';

export function createStripeSubscriptions(stripe: Stripe, webhookSecret: string | undefined): SubscriptionsProvider {
  return {
    async createCheckout(input) {
      const metadata = { organization_id: input.organizationId };
      const session = await call('start the subscription', () =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: input.currency.toLowerCase(),
                unit_amount: input.amount,
                recurring: { interval: 'month' },
                product_data: { name: input.productName },
              },
            },
          ],
          subscription_data: { metadata },
          metadata,
          customer_email: input.customerEmail,
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        }),
      );
      if (!session.url) throw new AppError('BAD_GATEWAY', 'Stripe returned a checkout session without a URL');
      return { id: session.id, url: session.url };
    },

    async cancelAtPeriodEnd(subscriptionId) {
      await call('cancel the subscription', () =>
        stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }),
      );
    },

    async resume(subscriptionId) {
      await call('resume the subscription', () =>
        stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false }),
      );
    },

    constructEvent(rawBody, signature) {
      if (!webhookSecret) {
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          'Stripe Billing webhooks are not configured (STRIPE_BILLING_WEBHOOK_SECRET)',
        );
      }
      if (!signature) throw new AppError('BAD_REQUEST', 'Missing Stripe-Signature header');
      try {
        return stripe.webhooks.constructEvent(rawBody, signature, webhookSecret) as unknown as PaymentWebhookEvent;
      } catch {
        throw new AppError('BAD_REQUEST', 'Invalid webhook signature');
      }
    },
  };
}
