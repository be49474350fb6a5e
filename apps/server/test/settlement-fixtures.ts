// Orders for the settlement report's tests (decision 136), written straight into the order table in the states the
// checkout, refunds, door sales, comps and cancellations leave them in, and an oracle that adds up what each order
// did (its sale, its ordinary refunds, a cancellation's full refund) on its own, without the report's formulas.
import { vatInGross, bookingFee, refundVat, type SettlementFigures } from '@marquee/shared';
import type { Database } from '../src/db/client.js';
import { emptyFigures } from '../src/modules/reports/settlement.service.js';
import { order } from '../src/db/schema/index.js';
import { newAccessToken, newOrderCode } from '../src/lib/codes.js';

export type SettlementStatus = 'paid' | 'pending' | 'expired' | 'cancelled' | 'payment_review';

export interface SettlementOrderSpec {
  organizationId: string;
  eventId: string;
  channel: 'online' | 'door' | 'comp';
  currency: string;
  quantity: number;
  /** List price of the order (tickets and add-ons) before any promo; forced to 0 for a comp. */
  listMinor: number;
  /** What a promo took off (online only; at most the list price). */
  discountMinor: number;
  /** Online only: the organiser absorbs the booking fee instead of the fan paying it. */
  absorbed: boolean;
  /** The state the order was left in when it was made (paid, or one that never sold). */
  status: SettlementStatus;
  paidAt: Date;
  /** Ordinary refunds, in order: each asks for up to this much of what is left of the ticket prices. */
  refunds: number[];
  /** The event was cancelled afterwards: the rest, booking fee included, went back. */
  cancelled: boolean;
  /** The organiser's VAT rate when it sold (decision 138); absent: not registered. */
  vatRateBp?: number;
  /**
   * An online order that took money was paid through the provider: the fee it reported (decision 141), charged to
   * the organiser's account or the platform's; null or absent: not reported (yet).
   */
  providerFee?: { minor: number; payer: 'organizer' | 'platform' } | null;
}

/** What one order did, step by step, as the flows record it. */
export interface OrderOutcome {
  spec: SettlementOrderSpec;
  counted: boolean;
  amountMinor: number;
  discountMinor: number;
  feeMinor: number;
  absorbedFeeMinor: number;
  /** The VAT inside amountMinor (the one rounding rule's, on the order's price). */
  vatMinor: number;
  /** Ticket and add-on prices given back, and the fan's booking fee given back, tracked apart. */
  faceRefunded: number;
  feeRefunded: number;
  /** The VAT each refund gave back, by the credit notes' rule, added up. */
  vatRefunded: number;
  /** Paid through the provider (an online order that took money), and its reported fee. */
  providerPayment: boolean;
  providerFee: { minor: number; payer: 'organizer' | 'platform' } | null;
}

export function outcomeOf(spec: SettlementOrderSpec): OrderOutcome {
  const online = spec.channel === 'online';
  const list = spec.channel === 'comp' ? 0 : spec.listMinor;
  const discountMinor = online ? Math.min(spec.discountMinor, list) : 0;
  const amountMinor = list - discountMinor;
  const fee = online ? bookingFee(amountMinor, 'GBP') : 0;
  const outcome: OrderOutcome = {
    spec,
    counted: spec.status === 'paid',
    amountMinor,
    discountMinor,
    feeMinor: online && !spec.absorbed ? fee : 0,
    absorbedFeeMinor: online && spec.absorbed ? fee : 0,
    vatMinor: vatInGross(amountMinor, spec.vatRateBp ?? 0),
    faceRefunded: 0,
    feeRefunded: 0,
    vatRefunded: 0,
    providerPayment: online && list - discountMinor + (spec.absorbed ? 0 : fee) > 0,
    providerFee: null,
  };
  if (outcome.providerPayment) outcome.providerFee = spec.providerFee ?? null;
  const rate = spec.vatRateBp ?? 0;
  if (!outcome.counted) return outcome;
  // A comp takes no money and refuses a refund (decision 126); the others give back ticket prices (decision 032).
  if (spec.channel !== 'comp')
    for (const asked of spec.refunds) {
      const part = Math.min(asked, amountMinor - outcome.faceRefunded);
      if (part > 0) outcome.faceRefunded += part;
      if (part > 0) outcome.vatRefunded += refundVat(part, rate);
    }
  if (spec.cancelled) {
    // Everything still paid goes back, the fan's booking fee too; an absorbed fee never does (decision 135).
    outcome.vatRefunded += refundVat(amountMinor - outcome.faceRefunded, rate);
    outcome.faceRefunded = amountMinor;
    outcome.feeRefunded = outcome.feeMinor;
  }
  return outcome;
}

export async function insertSettlementOrder(db: Database, spec: SettlementOrderSpec): Promise<OrderOutcome> {
  const outcome = outcomeOf(spec);
  const refunded = outcome.faceRefunded + outcome.feeRefunded;
  const status = !outcome.counted
    ? spec.status
    : refunded === 0
      ? 'paid'
      : spec.cancelled || outcome.faceRefunded === outcome.amountMinor
        ? 'refunded'
        : 'partially_refunded';
  await db.insert(order).values({
    organizationId: spec.organizationId,
    eventId: spec.eventId,
    code: newOrderCode(),
    accessToken: newAccessToken(),
    customerEmail: 'buyer@example.com',
    channel: spec.channel,
    status,
    quantity: spec.quantity,
    amountMinor: outcome.amountMinor,
    discountMinor: outcome.discountMinor,
    feeMinor: outcome.feeMinor,
    absorbedFeeMinor: outcome.absorbedFeeMinor,
    vatMinor: outcome.vatMinor,
    refundedMinor: refunded,
    vatRefundedMinor: outcome.vatRefunded,
    paymentIntentId: outcome.providerPayment ? `pi_fixture_${newAccessToken().slice(0, 16)}` : null,
    providerFeeMinor: outcome.providerFee?.minor ?? null,
    providerFeePayer: outcome.providerFee?.payer ?? null,
    refundedTickets: status === 'refunded' ? spec.quantity : 0,
    currency: spec.currency,
    // A hold that never sold has no payment time; one held for review does not count either way.
    paidAt: spec.status === 'paid' || spec.status === 'payment_review' ? spec.paidAt : null,
    createdAt: spec.paidAt,
  });
  return outcome;
}

/** The oracle: per currency, each counted order's own steps added up. */
export function expectedFigures(outcomes: OrderOutcome[]): Map<string, SettlementFigures> {
  const totals = new Map<string, SettlementFigures>();
  for (const entry of outcomes) {
    if (!entry.counted) continue;
    const { channel, currency, quantity } = entry.spec;
    const sum = totals.get(currency) ?? emptyFigures(currency);
    sum.orders += 1;
    sum.tickets += quantity;
    if (channel === 'comp') {
      sum.comp_orders += 1;
      sum.comp_tickets += quantity;
    }
    sum.gross_minor += entry.amountMinor + entry.discountMinor;
    sum.discount_minor += entry.discountMinor;
    sum.sales_minor += entry.amountMinor;
    sum.refunded_minor += entry.faceRefunded;
    sum.fan_fee_minor += entry.feeMinor;
    sum.fan_fee_refunded_minor += entry.feeRefunded;
    sum.absorbed_fee_minor += entry.absorbedFeeMinor;
    sum.vat_minor += entry.vatMinor;
    sum.vat_refunded_minor += entry.vatRefunded;
    sum.vat_net_minor += entry.vatMinor - entry.vatRefunded;
    if (entry.providerPayment) {
      sum.provider_payment_orders += 1;
      if (entry.providerFee === null) sum.provider_fee_unreported_orders += 1;
      else if (entry.providerFee.payer === 'organizer') sum.provider_fee_minor += entry.providerFee.minor;
      else sum.platform_provider_fee_minor += entry.providerFee.minor;
    }
    const organiserFee = entry.providerFee?.payer === 'organizer' ? entry.providerFee.minor : 0;
    if (channel === 'door') {
      sum.door_orders += 1;
      sum.door_sales_minor += entry.amountMinor;
      sum.door_refunded_minor += entry.faceRefunded;
      sum.door_net_minor += entry.amountMinor - entry.faceRefunded;
    } else {
      // What the provider pays the organiser for this order: its sale, less what went back, less the absorbed fee,
      // less the provider's fee when the organiser's account was charged it (decision 141).
      sum.payout_minor += entry.amountMinor - entry.faceRefunded - entry.absorbedFeeMinor - organiserFee;
    }
    totals.set(currency, sum);
  }
  return totals;
}
