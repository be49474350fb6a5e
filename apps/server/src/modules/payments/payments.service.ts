// Payout rules: one connected account per organisation, onboarding and dashboard links, the billing figures,
// webhook events applied once and in order, and the rule that only an organisation whose account can take
// charges may sell. Every function is scoped by the caller's organisation id.
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { DEFAULT_CURRENCY, isCurrencyCode, toCurrencyCode, type CurrencyCode } from '@marquee/shared';
import {
  connectedAccountFromObject,
  type PaymentsProvider,
  type PaymentWebhookEvent,
  type ProviderAmount,
} from '../../adapters/payments/payments.js';
import type { Database } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { organization, organizationSettings, paymentAccount, paymentEvent } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { FastifyBaseLogger } from 'fastify';
import type { CheckoutNotifier } from '../checkout/notifier.js';
import {
  expireSessionOrder,
  fulfilPaidSession,
  readPaidSession,
  type FulfilmentFollowUp,
} from '../checkout/fulfilment.js';
import type { DateRange, OrdersTotalsQuery } from '../checkout/orders-totals.js';

export interface PaymentsServiceDeps {
  db: Database;
  payments: PaymentsProvider;
}

export const PAYOUTS_NOT_ENABLED_MESSAGE = 'Enable payouts to publish events and to start receiving ticket sales.';
export const NO_PAYOUT_ACCOUNT_MESSAGE = 'Enable payouts first: this organisation has no payout account yet.';

async function loadSettings(db: Database, organizationId: string) {
  const [row] = await db
    .select({
      stripeAccountId: organizationSettings.stripeAccountId,
      defaultCurrency: organizationSettings.defaultCurrency,
      companyName: organizationSettings.companyName,
      name: organization.name,
    })
    .from(organizationSettings)
    .innerJoin(organization, eq(organization.id, organizationSettings.organizationId))
    .where(eq(organizationSettings.organizationId, organizationId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Organisation not found');
  return row;
}

/**
 * The organisation's connected account id, creating the account the first time. Two concurrent first calls
 * may both create one at the provider; only the first to claim organization_settings keeps it.
 */
export async function ensureConnectedAccount(
  deps: PaymentsServiceDeps,
  caller: { organizationId: string; email: string },
): Promise<string> {
  const settings = await loadSettings(deps.db, caller.organizationId);
  if (settings.stripeAccountId) return settings.stripeAccountId;

  const created = await deps.payments.createConnectedAccount({
    organizationId: caller.organizationId,
    email: caller.email,
    businessName: settings.companyName || settings.name,
  });
  await deps.db
    .insert(paymentAccount)
    .values({ id: created.id, organizationId: caller.organizationId, provider: deps.payments.name })
    .onConflictDoNothing();
  const claimed = await deps.db
    .update(organizationSettings)
    .set({ stripeAccountId: created.id, updatedAt: new Date() })
    .where(
      and(eq(organizationSettings.organizationId, caller.organizationId), isNull(organizationSettings.stripeAccountId)),
    )
    .returning({ id: organizationSettings.stripeAccountId });
  if (claimed.length > 0) return created.id;

  // Lost the race: use the winner's account, and forget ours unless it is the same one (Stripe's idempotency
  // key hands both concurrent calls the same account).
  const winner = await loadSettings(deps.db, caller.organizationId);
  if (!winner.stripeAccountId) throw new AppError('CONFLICT', 'Payout setup is already in progress; try again');
  if (winner.stripeAccountId !== created.id) {
    await deps.db.delete(paymentAccount).where(eq(paymentAccount.id, created.id));
  }
  return winner.stripeAccountId;
}

export async function createConnectAccountLink(
  deps: PaymentsServiceDeps,
  caller: { organizationId: string; email: string },
  urls: { refreshUrl: string; returnUrl: string },
): Promise<{ account_link_url: string }> {
  const accountId = await ensureConnectedAccount(deps, caller);
  const link = await deps.payments.createAccountLink({ accountId, ...urls });
  return { account_link_url: link.url };
}

export async function createDashboardLink(deps: PaymentsServiceDeps, organizationId: string): Promise<{ url: string }> {
  const settings = await loadSettings(deps.db, organizationId);
  if (!settings.stripeAccountId) throw new AppError('CONFLICT', NO_PAYOUT_ACCOUNT_MESSAGE);
  return deps.payments.createLoginLink(settings.stripeAccountId);
}

// ---------------------------------------------------------------------------------------------------------
// Billing stats

export interface MetricAmount {
  /** Integer minor units. */
  amount: number;
  /** Upper-case ISO code, as everywhere in Marquee ('GBP'); provider amounts are converted on the way in. */
  currency: CurrencyCode;
  /** Percentage change against the previous 30 days, one decimal; 0 when there is nothing to compare. */
  trend: number;
}

export interface BillingStats {
  metrics: {
    total_revenue: MetricAmount;
    pending_payouts: MetricAmount;
    completed_payouts: MetricAmount & { count: number };
    platform_fees: MetricAmount;
    absorbed_fees: MetricAmount;
  };
  payout_details: {
    schedule: { interval: string; day: string | null };
    next_payout: { arrival_date: number | null; amount: number; currency: CurrencyCode } | null;
    bank_account: { last4: string; bank_name: string | null } | null;
    stripe_account_id: string | null;
  };
}

export const noOrdersYet: OrdersTotalsQuery = async () => ({ revenue: 0, platformFees: 0, absorbedFees: 0 });

const DAY_MS = 24 * 60 * 60 * 1000;
const PERIOD_MS = 30 * DAY_MS;

export function percentChange(current: number, previous: number): number {
  if (previous === 0) return current > 0 ? 100 : 0;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}

function sumIn(currency: CurrencyCode, list: ProviderAmount[]): number {
  return list
    .filter((entry) => entry.currency.toUpperCase() === currency)
    .reduce((total, entry) => total + entry.amount, 0);
}

function metric(amount: number, currency: CurrencyCode, trend = 0): MetricAmount {
  return { amount, currency, trend };
}

export function notConnectedStats(currency: CurrencyCode): BillingStats {
  return {
    metrics: {
      total_revenue: metric(0, currency),
      pending_payouts: metric(0, currency),
      completed_payouts: { ...metric(0, currency), count: 0 },
      platform_fees: metric(0, currency),
      absorbed_fees: metric(0, currency),
    },
    payout_details: {
      schedule: { interval: 'manual', day: null },
      next_payout: null,
      bank_account: null,
      stripe_account_id: null,
    },
  };
}

export async function getBillingStats(
  deps: PaymentsServiceDeps & { ordersTotals?: OrdersTotalsQuery; now?: Date },
  organizationId: string,
): Promise<BillingStats> {
  const settings = await loadSettings(deps.db, organizationId);
  const currency: CurrencyCode = isCurrencyCode(settings.defaultCurrency) ? settings.defaultCurrency : DEFAULT_CURRENCY;
  const accountId = settings.stripeAccountId;
  if (!accountId) return notConnectedStats(currency);

  const now = deps.now ?? new Date();
  const current: DateRange = { from: new Date(now.getTime() - PERIOD_MS), to: now };
  const previous: DateRange = { from: new Date(now.getTime() - 2 * PERIOD_MS), to: current.from };
  const ordersTotals = deps.ordersTotals ?? noOrdersYet;
  const boundary = Math.floor(current.from.getTime() / 1000);

  const [orders, ordersBefore, account, balance, payouts] = await Promise.all([
    ordersTotals(deps.db, organizationId, current, currency),
    ordersTotals(deps.db, organizationId, previous, currency),
    deps.payments.retrieveAccount(accountId),
    deps.payments.retrieveBalance(accountId),
    deps.payments.listPayouts(accountId, { createdSince: Math.floor(previous.from.getTime() / 1000) }),
  ]);

  const inCurrency = payouts.filter((payout) => payout.currency.toUpperCase() === currency);
  const paid = inCurrency.filter((payout) => payout.status === 'paid');
  const paidNow = paid.filter((payout) => payout.arrivalDate >= boundary);
  const paidBefore = paid.filter((payout) => payout.arrivalDate < boundary);
  const completedNow = paidNow.reduce((total, payout) => total + payout.amount, 0);
  const completedBefore = paidBefore.reduce((total, payout) => total + payout.amount, 0);

  const onTheWay = inCurrency
    .filter((payout) => payout.status === 'pending' || payout.status === 'in_transit')
    .sort((a, b) => a.arrivalDate - b.arrivalDate);
  const available = sumIn(currency, balance.available);
  // Pending payouts: everything owed to the organiser and not yet in their bank: the account's balance
  // (available and still settling) plus payouts already on their way.
  const pending =
    available + sumIn(currency, balance.pending) + onTheWay.reduce((total, payout) => total + payout.amount, 0);
  const next = onTheWay[0];

  return {
    metrics: {
      total_revenue: metric(orders.revenue, currency, percentChange(orders.revenue, ordersBefore.revenue)),
      // A balance has no history to compare with.
      pending_payouts: metric(pending, currency),
      completed_payouts: {
        ...metric(completedNow, currency, percentChange(completedNow, completedBefore)),
        count: paidNow.length,
      },
      // Every booking fee of the period, whoever paid it; the part the organiser absorbed is shown apart.
      platform_fees: metric(
        orders.platformFees + orders.absorbedFees,
        currency,
        percentChange(orders.platformFees + orders.absorbedFees, ordersBefore.platformFees + ordersBefore.absorbedFees),
      ),
      absorbed_fees: metric(
        orders.absorbedFees,
        currency,
        percentChange(orders.absorbedFees, ordersBefore.absorbedFees),
      ),
    },
    payout_details: {
      schedule: account.payoutSchedule,
      next_payout: next
        ? { arrival_date: next.arrivalDate, amount: next.amount, currency: toCurrencyCode(next.currency) }
        : available > 0
          ? { arrival_date: null, amount: available, currency }
          : null,
      bank_account: account.bankAccount
        ? { last4: account.bankAccount.last4, bank_name: account.bankAccount.bankName }
        : null,
      stripe_account_id: accountId,
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Webhooks

export interface WebhookOutcome {
  /** The event id had been handled before; nothing was done this time. */
  duplicate: boolean;
  /** The event changed our records (false for an unknown account or an event older than what we hold). */
  applied: boolean;
  /** What the committed change queued as jobs (e-mails, a refund). */
  followUp?: FulfilmentFollowUp | null;
}

/**
 * POST /api/webhooks/stripe and the sandbox's deliveries both come through here: verify, handle once (queueing
 * what the committed change needs, e-mails or an automatic refund, as durable jobs in the same transaction),
 * then hand those jobs to the mail lane, which runs them soon after the delivery is answered. A failing attempt
 * does not touch the sale: the job worker retries it with back-off.
 */
export async function receiveWebhook(
  deps: PaymentsServiceDeps & { notifier?: CheckoutNotifier; log?: FastifyBaseLogger },
  rawBody: Buffer | string,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  const event = deps.payments.constructWebhookEvent(rawBody, signature);
  const outcome = await handlePaymentEvent(
    deps.db,
    deps.payments.name,
    event,
    deps.notifier,
    await paymentAccountOf(deps.payments, event),
  );
  // The e-mails (and a refund, a provider fee) are made in the mail lane once the process is quiet, not inside
  // the sale (decision 146).
  if (outcome.followUp && deps.notifier) deps.notifier.deliverSoon();
  return outcome;
}

const PAID_SESSION_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

/**
 * The connected account a completed checkout paid: the event's own account when it names one (the sandbox, Connect
 * events), else the destination of the session's payment as the provider reports it (Stripe destination charges
 * arrive as platform events with no account). Null when neither says; fulfilment then refuses the payment.
 */
async function paymentAccountOf(payments: PaymentsProvider, event: PaymentWebhookEvent): Promise<string | null> {
  if (!PAID_SESSION_EVENTS.has(event.type)) return null;
  if (typeof event.account === 'string' && event.account) return event.account;
  const intent = event.data?.object?.payment_intent;
  const intentId =
    typeof intent === 'string' ? intent : intent && typeof intent === 'object' ? (intent as { id?: unknown }).id : null;
  return typeof intentId === 'string' && intentId ? payments.retrievePaymentDestination(intentId) : null;
}

/**
 * Applies one verified event exactly once: its id is recorded in the same transaction that applies it, so a
 * redelivery finds it and does nothing, and a failure leaves no record (the provider retries). The follow-up
 * jobs of a fulfilment are queued in that transaction too, so a paid order always has its e-mail queued.
 */
export async function handlePaymentEvent(
  db: Database,
  provider: PaymentsProvider['name'],
  event: PaymentWebhookEvent,
  followUps?: Pick<CheckoutNotifier, 'queueFollowUp'>,
  /** The account a completed checkout paid (paymentAccountOf); compared with the order's organisation's. */
  paymentAccountId: string | null = event.account ?? null,
): Promise<WebhookOutcome> {
  const object = event.data?.object ?? {};
  const accountId =
    event.account ?? (event.type.startsWith('account.') && typeof object.id === 'string' ? object.id : null);
  return db.transaction(async (tx) => {
    const [account] = accountId
      ? await tx.select().from(paymentAccount).where(eq(paymentAccount.id, accountId)).limit(1)
      : [];
    const inserted = await tx
      .insert(paymentEvent)
      .values({
        id: event.id,
        provider,
        type: event.type,
        accountId,
        organizationId: account?.organizationId ?? null,
        created: event.created,
        payload: event,
        // Processed in this same transaction, or not recorded at all (a failure rolls the record back too).
        processedAt: new Date(),
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvent.id });
    if (inserted.length === 0) return { duplicate: true, applied: false };

    let applied = false;
    let followUp: FulfilmentFollowUp | null = null;
    if (PAID_SESSION_EVENTS.has(event.type)) {
      const paid = readPaidSession(object, event.created, paymentAccountId);
      if (paid) {
        // The follow-up is queued by the fulfilment, before the rows every sale updates (decision 040).
        followUp = await fulfilPaidSession(tx, paid, followUps);
        applied = followUp !== null;
      }
    } else if (event.type === 'checkout.session.expired' && typeof object.id === 'string') {
      applied = await expireSessionOrder(tx, object.id);
    } else if (event.type === 'account.updated' && account) {
      const state = connectedAccountFromObject(object);
      const updated = await tx
        .update(paymentAccount)
        .set({
          chargesEnabled: state.chargesEnabled,
          payoutsEnabled: state.payoutsEnabled,
          detailsSubmitted: state.detailsSubmitted,
          payoutInterval: state.payoutSchedule.interval,
          payoutDay: state.payoutSchedule.day,
          ...(state.bankAccount ? { bankLast4: state.bankAccount.last4, bankName: state.bankAccount.bankName } : {}),
          lastEventCreated: event.created,
          updatedAt: new Date(),
        })
        // Events can arrive out of order: an older one never overwrites what a newer one set.
        .where(
          and(
            eq(paymentAccount.id, account.id),
            or(isNull(paymentAccount.lastEventCreated), lte(paymentAccount.lastEventCreated, event.created)),
          ),
        )
        .returning({ id: paymentAccount.id });
      applied = updated.length > 0;
    }
    return { duplicate: false, applied, followUp };
  });
}

// ---------------------------------------------------------------------------------------------------------
// The selling rule

/** True when the organisation's connected account can take card payments. */
// Checked again on every checkout (issue 10), so prepared (decision 038).
const chargesEnabled = preparedQuery('payments_charges_enabled', (db, name) =>
  db
    .select({ chargesEnabled: paymentAccount.chargesEnabled })
    .from(organizationSettings)
    .innerJoin(
      paymentAccount,
      and(
        eq(paymentAccount.id, organizationSettings.stripeAccountId),
        eq(paymentAccount.organizationId, organizationSettings.organizationId),
      ),
    )
    .where(eq(organizationSettings.organizationId, sql.placeholder('organizationId')))
    .limit(1)
    .prepare(name),
);

export async function canAcceptPayments(db: Database, organizationId: string): Promise<boolean> {
  const [row] = await chargesEnabled(db, { organizationId });
  return row?.chargesEnabled === true;
}

/** Publishing an event and selling tickets need payouts enabled (spec: Billing, 'Payouts Not Configured'). */
export async function assertCanSell(db: Database, organizationId: string): Promise<void> {
  if (!(await canAcceptPayments(db, organizationId))) {
    throw new AppError('PAYOUTS_NOT_ENABLED', PAYOUTS_NOT_ENABLED_MESSAGE);
  }
}
