// Stripe Connect through the official SDK: Express accounts, account and login links, balance and payouts
// read on the connected account, Checkout with destination charges and our application fee, refunds, and
// webhook signatures. STRIPE_API_URL points the SDK elsewhere (tests use a local fake of the HTTP API).
import Stripe from 'stripe';
import { AppError } from '../../lib/errors.js';
import { call } from './stripe-call.js';
import { createStripeSubscriptions } from './stripe-subscriptions.js';
import {
  connectedAccountFromObject,
  type PaymentsProvider,
  type PaymentWebhookEvent,
  type ProviderAmount,
} from './payments.js';

export interface StripePaymentsOptions {
  secretKey: string;
  webhookSecret: string | undefined;
  /** The platform endpoint's secret for the PRO plan's subscription events (STRIPE_BILLING_WEBHOOK_SECRET). */
  billingWebhookSecret?: string | undefined;
  apiUrl?: string;
}

function sdkOptions(apiUrl: string | undefined): ConstructorParameters<typeof Stripe>[1] {
  const base = { telemetry: false, maxNetworkRetries: 2 };
  if (!apiUrl) return base;
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    ...base,
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

const amounts = (list: Array<{ amount: number; currency: string }>): ProviderAmount[] =>
  list.map((entry) => ({ amount: entry.amount, currency: entry.currency }));

export function createStripePayments(options: StripePaymentsOptions): PaymentsProvider {
  const stripe = new Stripe(options.secretKey, sdkOptions(options.apiUrl));

  return {
    name: 'stripe',
    subscriptions: createStripeSubscriptions(stripe, options.billingWebhookSecret),

    async createConnectedAccount({ organizationId, email, businessName }) {
      const account = await call('create the connected account', () =>
        stripe.accounts.create(
          {
            type: 'express',
            email,
            business_profile: { name: businessName },
            capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
            metadata: { organization_id: organizationId },
          },
          // One account per organisation even if the request is retried.
          { idempotencyKey: `marquee-connect-account-${organizationId}` },
        ),
      );
      return { id: account.id };
    },

    async createAccountLink({ accountId, refreshUrl, returnUrl }) {
      const link = await call('create the onboarding link', () =>
        stripe.accountLinks.create({
          account: accountId,
          refresh_url: refreshUrl,
          return_url: returnUrl,
          type: 'account_onboarding',
        }),
      );
      return { url: link.url };
    },

    async createLoginLink(accountId) {
      const link = await call('create the dashboard link', () => stripe.accounts.createLoginLink(accountId));
      return { url: link.url };
    },

    async retrieveAccount(accountId) {
      const account = await call('read the connected account', () => stripe.accounts.retrieve(accountId));
      const parsed = connectedAccountFromObject(account as unknown as Record<string, unknown>);
      if (parsed.bankAccount) return parsed;
      // Express accounts do not always embed their external accounts; ask for the bank account directly.
      const external = await call('read the bank account', () =>
        stripe.accounts.listExternalAccounts(accountId, { object: 'bank_account', limit: 1 }),
      );
      const bank = external.data.find((entry): entry is Stripe.BankAccount => entry.object === 'bank_account');
      return bank ? { ...parsed, bankAccount: { last4: bank.last4, bankName: bank.bank_name ?? null } } : parsed;
    },

    async retrieveBalance(accountId) {
      const balance = await call('read the balance', () => stripe.balance.retrieve({}, { stripeAccount: accountId }));
      return { available: amounts(balance.available), pending: amounts(balance.pending) };
    },

    async listPayouts(accountId, { createdSince, limit = 100 }) {
      const page = await call('list payouts', () =>
        stripe.payouts.list({ created: { gte: createdSince }, limit }, { stripeAccount: accountId }),
      );
      return page.data.map((payout) => ({
        id: payout.id,
        amount: payout.amount,
        currency: payout.currency,
        status: payout.status,
        arrivalDate: payout.arrival_date,
        created: payout.created,
      }));
    },

    async createCheckoutSession(input) {
      const currency = input.currency.toLowerCase();
      const session = await call('start the checkout', () =>
        stripe.checkout.sessions.create({
          mode: 'payment',
          line_items: input.lineItems.map((item) => ({
            quantity: item.quantity,
            price_data: { currency, unit_amount: item.unitAmount, product_data: { name: item.name } },
          })),
          payment_intent_data: {
            application_fee_amount: input.applicationFeeAmount,
            transfer_data: { destination: input.accountId },
            metadata: input.metadata,
          },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          metadata: input.metadata,
          ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
        }),
      );
      if (!session.url) throw new AppError('BAD_GATEWAY', 'Stripe returned a checkout session without a URL');
      return { id: session.id, url: session.url };
    },

    async createRefund({ paymentIntentId, amount, idempotencyKey, refundApplicationFee = true }) {
      const refund = await call('refund the payment', () =>
        stripe.refunds.create(
          {
            payment_intent: paymentIntentId,
            ...(amount === undefined ? {} : { amount }),
            // Destination charge: take the money back from the organiser (reverse_transfer) and, unless told
            // otherwise, give back our booking fee too (decision 032: refunds of tickets keep it).
            refund_application_fee: refundApplicationFee,
            reverse_transfer: true,
          },
          idempotencyKey ? { idempotencyKey } : undefined,
        ),
      );
      return { id: refund.id, status: refund.status ?? 'pending', amount: refund.amount };
    },

    async retrievePaymentDestination(paymentIntentId) {
      const intent = await call('read the payment', () => stripe.paymentIntents.retrieve(paymentIntentId));
      const destination = intent.transfer_data?.destination;
      if (!destination) return null;
      return typeof destination === 'string' ? destination : destination.id;
    },

    // Stripe reports its fee on the charge's balance transaction, in the settlement currency. Our charges are
    // destination charges (transfer_data.destination): created on the platform, so the balance transaction is the
    // platform's (no Stripe-Account header) and Stripe takes the fee from the platform's balance, not from the
    // organiser's transfer. Stripe keeps it when the payment is refunded.
    async retrievePaymentFee(paymentIntentId) {
      const intent = await call('read the payment fee', () =>
        stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge.balance_transaction'] }),
      );
      const charge = intent.latest_charge;
      if (!charge) return null;
      const balance = typeof charge === 'string' ? null : charge.balance_transaction;
      if (!balance || typeof balance === 'string') throw new Error('Stripe has not settled the charge yet');
      return { amount: balance.fee, currency: balance.currency, payer: 'platform' };
    },

    constructWebhookEvent(rawBody, signature) {
      if (!options.webhookSecret) {
        throw new AppError('SERVICE_UNAVAILABLE', 'Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET)');
      }
      if (!signature) throw new AppError('BAD_REQUEST', 'Missing Stripe-Signature header');
      try {
        const event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
        return event as unknown as PaymentWebhookEvent;
      } catch {
        throw new AppError('BAD_REQUEST', 'Invalid webhook signature');
      }
    },
  };
}
