// The payments adapter: one interface for connected payout accounts, checkout, refunds and signed webhooks.
// Stripe Connect when STRIPE_SECRET_KEY is set; otherwise the embedded sandbox, which keeps its state in our
// database and hosts its own onboarding and dashboard pages under /sandbox on the app host. adapters/compose.ts
// picks the implementation; this file only describes the interface.

export type PaymentsProviderName = 'stripe' | 'sandbox';

export interface PayoutSchedule {
  /** daily, weekly, monthly or manual (Stripe's names). */
  interval: string;
  /** weekly: the weekday ('friday'); monthly: the day of the month ('15'); otherwise null. */
  day: string | null;
}

export interface ConnectedAccount {
  id: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  payoutSchedule: PayoutSchedule;
  bankAccount: { last4: string; bankName: string | null } | null;
}

/** An amount as the provider reports it: integer minor units and a lower-case ISO currency ('gbp'). */
export interface ProviderAmount {
  amount: number;
  currency: string;
}

export interface ProviderBalance {
  available: ProviderAmount[];
  pending: ProviderAmount[];
}

export interface ProviderPayout extends ProviderAmount {
  id: string;
  /** paid, pending, in_transit, canceled or failed */
  status: string;
  /** Epoch seconds. */
  arrivalDate: number;
  created: number;
}

/** A payment provider's fee on one payment, as the provider reports it (decision 141). */
export interface ProviderFee {
  /** Integer minor units of `currency`. */
  amount: number;
  /** Lower-case ISO code (Stripe: the settlement currency of the charge's balance transaction). */
  currency: string;
  /**
   * Whose balance the provider took it from: the organiser's connected account (it comes off their payout) or the
   * platform's (Stripe destination charges: the platform pays Stripe's fees out of its application fee).
   */
  payer: 'organizer' | 'platform';
}

export interface CheckoutLineItem {
  name: string;
  /** Integer minor units per unit. */
  unitAmount: number;
  quantity: number;
}

export interface CreateCheckoutSessionInput {
  /** The organiser's connected account: the destination of the charge. */
  accountId: string;
  lineItems: CheckoutLineItem[];
  /** ISO code, any case; sent to the provider in lower case. */
  currency: string;
  /** Our booking fee in minor units, kept by the platform. */
  applicationFeeAmount: number;
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
  customerEmail?: string;
}

/** A verified webhook event, in Stripe's shape (the sandbox emits the same shape). */
export interface PaymentWebhookEvent {
  id: string;
  type: string;
  /** Epoch seconds. */
  created: number;
  account?: string | null;
  data: { object: Record<string, unknown> };
}

export interface PaymentsProvider {
  readonly name: PaymentsProviderName;
  createConnectedAccount(input: {
    organizationId: string;
    email: string;
    businessName: string;
  }): Promise<{ id: string }>;
  /** A single-use onboarding link; an expired or used one sends the browser to refreshUrl. */
  createAccountLink(input: { accountId: string; refreshUrl: string; returnUrl: string }): Promise<{ url: string }>;
  createLoginLink(accountId: string): Promise<{ url: string }>;
  retrieveAccount(accountId: string): Promise<ConnectedAccount>;
  retrieveBalance(accountId: string): Promise<ProviderBalance>;
  /** Newest first; `createdSince` is epoch seconds. */
  listPayouts(accountId: string, options: { createdSince: number; limit?: number }): Promise<ProviderPayout[]>;
  createCheckoutSession(input: CreateCheckoutSessionInput): Promise<{ id: string; url: string }>;
  /** Refunds a payment (all of it when `amount` is left out); the same idempotency key never refunds twice. */
  createRefund(input: {
    paymentIntentId: string;
    amount?: number;
    idempotencyKey?: string;
    /**
     * Whether the platform gives back its booking fee (Stripe: refund_application_fee, proportionally to the
     * amount). True unless said otherwise; an organiser's or fan's refund of tickets keeps it (decision 032).
     */
    refundApplicationFee?: boolean;
  }): Promise<{ id: string; status: string; amount: number }>;
  /**
   * The connected account a payment was made out to (a destination charge's transfer destination); null when
   * the provider knows no such payment or it has no destination. Read when a completion event names no account.
   */
  retrievePaymentDestination(paymentIntentId: string): Promise<string | null>;
  /**
   * The provider's fee on a payment; null when it reports none (no such payment, or none recorded for it). Throws
   * while the provider has not settled the payment yet, so the job that asks retries later.
   */
  retrievePaymentFee(paymentIntentId: string): Promise<ProviderFee | null>;
  /** Checks the signature over the raw body; throws AppError('BAD_REQUEST') when it does not match. */
  constructWebhookEvent(rawBody: Buffer | string, signature: string | undefined): PaymentWebhookEvent;
  /** The platform's own subscriptions (the PRO plan, decision 149): adapters/payments/subscriptions.ts. */
  readonly subscriptions: SubscriptionsProvider;
}

export interface CreateSubscriptionCheckoutInput {
  organizationId: string;
  /** Integer minor units a month. */
  amount: number;
  /** ISO code, any case; sent to the provider in lower case. */
  currency: string;
  productName: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
}

/**
 * Monthly subscriptions the platform sells to organisers (Stripe Billing, or the sandbox's own). What they do is
 * reported back only through signed webhooks on their own endpoint (constructEvent), read by readSubscriptionEvent.
 */
export interface SubscriptionsProvider {
  /** A hosted page where the organiser pays the first month; metadata.organization_id names the organisation. */
  createCheckout(input: CreateSubscriptionCheckoutInput): Promise<{ id: string; url: string }>;
  /** The subscription stops renewing and ends at its period's end. */
  cancelAtPeriodEnd(subscriptionId: string): Promise<void>;
  /** Undoes cancelAtPeriodEnd before the period ends. */
  resume(subscriptionId: string): Promise<void>;
  /** Checks a subscription webhook's signature (its own secret); throws AppError('BAD_REQUEST') when it fails. */
  constructEvent(rawBody: Buffer | string, signature: string | undefined): PaymentWebhookEvent;
}

/** Reads a Stripe-shaped account object (from the API or from an account.updated event). */
export function connectedAccountFromObject(object: Record<string, unknown>): ConnectedAccount {
  const settings = object.settings as { payouts?: { schedule?: Record<string, unknown> } } | null | undefined;
  const schedule = settings?.payouts?.schedule ?? {};
  const interval = typeof schedule.interval === 'string' ? schedule.interval : 'daily';
  const day =
    interval === 'weekly' && typeof schedule.weekly_anchor === 'string'
      ? schedule.weekly_anchor
      : interval === 'monthly' && typeof schedule.monthly_anchor === 'number'
        ? String(schedule.monthly_anchor)
        : null;
  const external = object.external_accounts as { data?: Array<Record<string, unknown>> } | null | undefined;
  const bank = external?.data?.find((entry) => entry.object === 'bank_account');
  return {
    id: String(object.id),
    chargesEnabled: object.charges_enabled === true,
    payoutsEnabled: object.payouts_enabled === true,
    detailsSubmitted: object.details_submitted === true,
    payoutSchedule: { interval, day },
    bankAccount:
      bank && typeof bank.last4 === 'string'
        ? { last4: bank.last4, bankName: typeof bank.bank_name === 'string' ? bank.bank_name : null }
        : null,
  };
}
