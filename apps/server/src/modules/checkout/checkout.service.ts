// The fan's checkout: validate the picked tickets and the buyer's details, hold the tickets for HOLD_MINUTES in
// one transaction (an order in 'pending'), then hand over to the payments provider's hosted checkout. Prices
// and fees always come from the database; nothing the browser sends about money is read.
import { and, eq, sql } from 'drizzle-orm';
import {
  bookingFee,
  validateBuyerDetails,
  type BuyerDetails,
  type BuyerField,
  type CurrencyCode,
} from '@marquee/shared';
import type { PaymentsProvider } from '../../adapters/payments/payments.js';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { order, orderChange, orderLine, organizationSettings } from '../../db/schema/index.js';
import { newAccessToken, newOrderCode } from './codes.js';
import { holdTickets, NotEnoughTickets, retryOnDeadlock, type LineQuantity } from './inventory.js';
import { takeTokens } from './rate-limit.js';
import { loadStorefrontEvent, type SellableTicketType, type StorefrontEvent } from './storefront-event.js';

export type OrderRow = typeof order.$inferSelect;

/** A refusal the storefront shows on the form: a general message and per-field messages. */
export class CheckoutRefusal extends Error {
  constructor(
    message: string,
    readonly fields: Partial<Record<BuyerField | `qty:${string}`, string>> = {},
    readonly status = 400,
  ) {
    super(message);
    this.name = 'CheckoutRefusal';
  }
}

export const CHECKOUT_TEXT = {
  fixErrors: 'Please check the highlighted fields.',
  salesPaused: 'Ticket sales for this event are paused. Please try again later.',
  ended: 'This event has ended, so tickets are no longer on sale.',
  soldOut: 'Sorry, these tickets have just sold out.',
  rateLimited: 'Too many checkout attempts. Please wait a minute and try again.',
  holdExpired: 'Your hold on these tickets has expired, so they have been released. Please start again.',
} as const;

export interface CheckoutDeps {
  db: Database;
  payments: PaymentsProvider;
  assertCanSell(db: Database, organizationId: string): Promise<void>;
  /** Scales the per-IP and per-e-mail limits (RATE_LIMIT_MULTIPLIER). */
  rateLimitMultiplier: number;
  /** How long a hold lasts. */
  holdSeconds: number;
}

export interface StartCheckoutInput {
  organizationId: string;
  eventId: string;
  /** ticket type id -> quantity as the form sent it (text). */
  quantities: Record<string, string>;
  buyer: BuyerDetails;
  /** The form's one-time key: a resubmitted form finds the order it made. */
  submissionKey: string;
  ip: string;
  now?: Date;
}

const PER_IP = { max: 30, windowSeconds: 60 };
const PER_EMAIL = { max: 6, windowSeconds: 600 };

function parseQuantities(
  raw: Record<string, string>,
  types: SellableTicketType[],
): { lines: Array<LineQuantity & { type: SellableTicketType }>; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const known = new Map(types.map((type) => [type.id, type]));
  const lines: Array<LineQuantity & { type: SellableTicketType }> = [];
  for (const [id, text] of Object.entries(raw)) {
    const type = known.get(id);
    const value = text.trim();
    if (!type) {
      if (value !== '' && value !== '0') fields.form = 'One of the chosen ticket types is not on sale for this event.';
      continue;
    }
    if (value === '' || value === '0') continue;
    if (!/^\d{1,4}$/.test(value)) {
      fields[`qty:${id}`] = 'Enter a whole number of tickets';
      continue;
    }
    const quantity = Number(value);
    if (quantity > type.maxPerOrder) fields[`qty:${id}`] = `You can buy at most ${type.maxPerOrder} of these per order`;
    else if (type.remaining !== null && type.remaining === 0) fields[`qty:${id}`] = 'Sold out';
    else if (type.remaining !== null && quantity > type.remaining) fields[`qty:${id}`] = `Only ${type.remaining} left`;
    else lines.push({ ticketTypeId: id, quantity, type });
  }
  return { lines, fields };
}

async function findBySubmission(db: Database, organizationId: string, submissionKey: string) {
  const [row] = await db
    .select()
    .from(order)
    .where(and(eq(order.organizationId, organizationId), eq(order.submissionKey, submissionKey)))
    .limit(1);
  return row;
}

/** Holds the chosen tickets; returns the pending order (or the one the same form already made). */
export async function startCheckout(deps: CheckoutDeps, input: StartCheckoutInput): Promise<OrderRow> {
  const now = input.now ?? new Date();
  const { db } = deps;
  const already = await findBySubmission(db, input.organizationId, input.submissionKey);
  if (already) return already;

  const stored = await loadStorefrontEvent(db, input.organizationId, input.eventId, now);
  if (!stored) throw new CheckoutRefusal('This event is not on sale.', {}, 404);
  if (stored.closedReason === 'ended') throw new CheckoutRefusal(CHECKOUT_TEXT.ended, {}, 409);
  try {
    await deps.assertCanSell(db, input.organizationId);
  } catch {
    throw new CheckoutRefusal(CHECKOUT_TEXT.salesPaused, {}, 409);
  }

  const buyer = { ...input.buyer, email: input.buyer.email.trim().toLowerCase() };
  const { lines, fields } = parseQuantities(input.quantities, stored.types);
  const buyerErrors = validateBuyerDetails(buyer, {
    minimumAge: stored.row.minimumAge,
    hasTerms: stored.row.termsOfService.trim() !== '',
  });
  const allFields: Record<string, string> = { ...fields, ...buyerErrors };
  if (lines.length === 0 && Object.keys(fields).length === 0) allFields.form = 'Choose at least one ticket.';
  if (Object.keys(allFields).length > 0) {
    const { form, ...rest } = allFields;
    throw new CheckoutRefusal(form ?? CHECKOUT_TEXT.fixErrors, rest);
  }

  const scale = (rule: { max: number; windowSeconds: number }) => ({
    ...rule,
    max: Math.max(1, Math.round(rule.max * deps.rateLimitMultiplier)),
  });
  // Both limits in one statement: one round trip and one commit per checkout instead of two.
  const withinLimits = await takeTokens(
    db,
    [
      { key: `checkout:ip:${input.ip}`, ...scale(PER_IP) },
      { key: `checkout:email:${buyer.email}`, ...scale(PER_EMAIL) },
    ],
    now,
  );
  if (!withinLimits) throw new CheckoutRefusal(CHECKOUT_TEXT.rateLimited, {}, 429);

  try {
    return await holdOrder(db, stored, { ...input, buyer }, lines, now, deps.holdSeconds);
  } catch (error) {
    if (isUniqueViolation(error)) {
      const winner = await findBySubmission(db, input.organizationId, input.submissionKey);
      if (winner) return winner;
    }
    if (error instanceof NotEnoughTickets) throw await soldOutRefusal(db, input, error);
    throw error;
  }
}

async function soldOutRefusal(db: Database, input: StartCheckoutInput, error: NotEnoughTickets) {
  const fresh = await loadStorefrontEvent(db, input.organizationId, input.eventId);
  const type = fresh?.types.find((candidate) => candidate.id === error.ticketTypeId);
  const left = type ? type.remaining : null;
  if (type && left !== null) {
    const message = left === 0 ? 'Sold out' : `Only ${left} left`;
    return new CheckoutRefusal(
      left === 0 ? CHECKOUT_TEXT.soldOut : CHECKOUT_TEXT.fixErrors,
      { [`qty:${type.id}`]: message },
      409,
    );
  }
  return new CheckoutRefusal(CHECKOUT_TEXT.soldOut, {}, 409);
}

async function holdOrder(
  db: Database,
  stored: StorefrontEvent,
  input: StartCheckoutInput & { buyer: BuyerDetails },
  lines: Array<LineQuantity & { type: SellableTicketType }>,
  now: Date,
  holdSeconds: number,
): Promise<OrderRow> {
  const currency = lines[0]!.type.currency as CurrencyCode;
  const amount = lines.reduce((sum, line) => sum + line.type.priceMinor * line.quantity, 0);
  const fee = lines.reduce((sum, line) => sum + bookingFee(line.type.priceMinor, currency) * line.quantity, 0);
  const quantity = lines.reduce((sum, line) => sum + line.quantity, 0);
  return retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      // A hold is short-lived and self-consistent (order and counters commit together), so it does not wait
      // for the WAL flush: a crash loses at most the last moments of holds, never half of one.
      await tx.execute(sql`set local synchronous_commit to off`);
      const [created] = await tx
        .insert(order)
        .values({
          organizationId: input.organizationId,
          eventId: stored.row.id,
          code: newOrderCode(),
          accessToken: newAccessToken(),
          status: 'pending',
          firstName: input.buyer.firstName.trim(),
          lastName: input.buyer.lastName.trim(),
          customerEmail: input.buyer.email,
          phone: input.buyer.phone.trim() || null,
          country: input.buyer.country,
          marketingConsent: input.buyer.marketingConsent,
          quantity,
          amountMinor: amount,
          feeMinor: fee,
          currency,
          submissionKey: input.submissionKey,
          holdExpiresAt: new Date(now.getTime() + holdSeconds * 1000),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await tx.insert(orderLine).values(
        lines.map((line) => ({
          organizationId: input.organizationId,
          orderId: created!.id,
          ticketTypeId: line.ticketTypeId,
          name: line.type.name,
          quantity: line.quantity,
          unitPriceMinor: line.type.priceMinor,
          unitFeeMinor: bookingFee(line.type.priceMinor, currency),
        })),
      );
      await tx.insert(orderChange).values({
        organizationId: input.organizationId,
        orderId: created!.id,
        action: 'held',
        toStatus: 'pending',
        actorType: 'fan',
        at: now,
      });
      // Last, so the hot event row stays locked for as short a time as possible.
      await holdTickets(tx, stored.row.id, lines);
      return created!;
    }),
  );
}

/** The order an access token opens, scoped to the storefront's organisation. */
export async function findOrderByToken(db: Database, organizationId: string, token: string) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const [row] = await db
    .select()
    .from(order)
    .where(and(eq(order.accessToken, token), eq(order.organizationId, organizationId)))
    .limit(1);
  return row;
}

export async function orderLines(db: Database, orderRow: OrderRow) {
  return db
    .select()
    .from(orderLine)
    .where(and(eq(orderLine.orderId, orderRow.id), eq(orderLine.organizationId, orderRow.organizationId)));
}

/** The provider's hosted checkout for a pending order whose hold still runs (made once, reused after). */
export async function beginPayment(
  deps: CheckoutDeps,
  current: OrderRow,
  urls: { successUrl: string; cancelUrl: string; eventName: string },
  now = new Date(),
): Promise<string> {
  if (current.status !== 'pending' || !current.holdExpiresAt || current.holdExpiresAt.getTime() <= now.getTime()) {
    throw new CheckoutRefusal(CHECKOUT_TEXT.holdExpired, {}, 409);
  }
  if (current.checkoutUrl) return current.checkoutUrl;
  try {
    await deps.assertCanSell(deps.db, current.organizationId);
  } catch {
    throw new CheckoutRefusal(CHECKOUT_TEXT.salesPaused, {}, 409);
  }
  const [settings] = await deps.db
    .select({ accountId: organizationSettings.stripeAccountId })
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, current.organizationId))
    .limit(1);
  if (!settings?.accountId) throw new CheckoutRefusal(CHECKOUT_TEXT.salesPaused, {}, 409);
  const lines = await orderLines(deps.db, current);
  const session = await deps.payments.createCheckoutSession({
    accountId: settings.accountId,
    currency: current.currency,
    lineItems: [
      ...lines.map((line) => ({
        name: `${urls.eventName}: ${line.name}`,
        unitAmount: line.unitPriceMinor,
        quantity: line.quantity,
      })),
      ...(current.feeMinor > 0 ? [{ name: 'Booking fee', unitAmount: current.feeMinor, quantity: 1 }] : []),
    ],
    applicationFeeAmount: current.feeMinor,
    successUrl: urls.successUrl,
    cancelUrl: urls.cancelUrl,
    metadata: { order_id: current.id, organization_id: current.organizationId, order_code: current.code },
    customerEmail: current.customerEmail,
  });
  // Two quick clicks: the first session stored wins and the second click is sent there too.
  const [stored] = await deps.db
    .update(order)
    .set({
      checkoutSessionId: session.id,
      checkoutUrl: session.url,
      paymentProvider: deps.payments.name,
      updatedAt: now,
    })
    .where(and(eq(order.id, current.id), sql`${order.checkoutSessionId} is null`))
    .returning({ url: order.checkoutUrl });
  if (stored?.url) return stored.url;
  const [winner] = await deps.db
    .select({ url: order.checkoutUrl })
    .from(order)
    .where(eq(order.id, current.id))
    .limit(1);
  return winner?.url ?? session.url;
}
