// The refusals a checkout shows on the event page's form: the messages, the parsing of the chosen quantities
// against what is on sale, and the pages for a code used up, a buyer over the per-e-mail limit, tickets gone, and
// a shared quota over some of the chosen types without room for them (decision 128).
import { and, asc, eq, sql } from 'drizzle-orm';
import { QUOTA_MESSAGES, SALES_MESSAGES, type BuyerField } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { buyerTickets, ticketType } from '../../db/schema/index.js';
import type { ResolvedCodes } from '../codes/code-check.js';
import { typeSalesProblem, usedUpMessage } from './drop-rules.js';
import type { OrderRow } from './hold-types.js';
import type { LineQuantity } from '../stock/stock.js';
import { loadStorefrontEvent, type SellableTicketType, type StorefrontEvent } from './storefront-event.js';

/** Per-field messages of a refused checkout, shown beside the form's fields. */
export type CheckoutFields = Partial<
  Record<BuyerField | 'code' | `qty:${string}` | `amount:${string}` | `addon:${string}`, string>
>;

/**
 * A checkout that took nothing, as a value: the outcome, and the event as just read (so the page showing the
 * refusal need not read it again). The outcomes whose message depends on what was read carry it, with the fields';
 * the others' texts are fixed (CHECKOUT_TEXT), chosen where the storefront answers.
 */
export type CheckoutRefused =
  | {
      outcome: 'not_on_sale' | 'ended' | 'cancelled' | 'sales_paused' | 'rate_limited' | 'try_again';
      event: StorefrontEvent | null;
    }
  | { outcome: 'not_admitted' | 'admission_used'; event: StorefrontEvent | null }
  | {
      outcome:
        'invalid' | 'closed' | 'sold_out' | 'quota_sold_out' | 'add_on_sold_out' | 'code_used_up' | 'buyer_limit';
      message: string;
      fields: CheckoutFields;
      event: StorefrontEvent | null;
    };

/** What a fan's checkout submission came to: the held (or already made) order, or the refusal. */
export type CheckoutResult = { outcome: 'held'; order: OrderRow } | CheckoutRefused;

export const CHECKOUT_TEXT = {
  fixErrors: 'Please check the highlighted fields.',
  salesPaused: 'Ticket sales for this event are paused. Please try again later.',
  ended: 'This event has ended, so tickets are no longer on sale.',
  cancelled: 'This event has been cancelled, so tickets are no longer on sale. Ticket holders are refunded in full.',
  soldOut: 'Sorry, these tickets have just sold out.',
  rateLimited: 'Too many checkout attempts. Please wait a minute and try again.',
  tryAgain: 'Your tickets could not be held just now. Please try again.',
  holdExpired: 'Your hold on these tickets has expired, so they have been released. Please start again.',
  secondPayment:
    'We received a second payment for this order. The order had already been paid, so we have refunded the second payment in full; refunds can take 5-10 days to appear on your statement. Nothing else about your order has changed.',
  paymentReviewTitle: 'We could not match your payment',
  paymentReview:
    'The payment we received did not match this order, so no tickets were issued and the payment has been refunded in full. Refunds can take 5-10 days to appear on your statement. Please start again to buy tickets.',
} as const;

export function parseQuantities(
  raw: Record<string, string>,
  types: SellableTicketType[],
  timeZone: string,
): {
  lines: Array<LineQuantity & { type: SellableTicketType }>;
  fields: Record<string, string>;
  short: boolean;
  /** A chosen type is outside its sales window: the form's message. */
  outsideWindow: string | null;
} {
  const fields: Record<string, string> = {};
  let outsideWindow: string | null = null;
  const known = new Map(types.map((type) => [type.id, type]));
  const lines: Array<LineQuantity & { type: SellableTicketType }> = [];
  let short = false;
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
    const windowProblem = quantity > 0 ? typeSalesProblem(type, timeZone) : null;
    if (windowProblem) {
      fields[`qty:${id}`] = windowProblem;
      outsideWindow =
        type.sale === 'before'
          ? `These tickets are not on sale yet: ${windowProblem.toLowerCase()}.`
          : SALES_MESSAGES.typeClosedForm;
    } else if (quantity > type.maxPerOrder)
      fields[`qty:${id}`] = `You can buy at most ${type.maxPerOrder} of these per order`;
    else if (type.remaining !== null && quantity > type.remaining) {
      fields[`qty:${id}`] = type.remaining === 0 ? 'Sold out' : `Only ${type.remaining} left`;
      short = true;
    } else lines.push({ ticketTypeId: id, quantity, type });
  }
  return { lines, fields, short, outsideWindow };
}

export async function dropRefusal(
  db: Database,
  outcome: 'code_used_up' | 'buyer_limit',
  stored: StorefrontEvent,
  codes: ResolvedCodes,
  email: string,
): Promise<CheckoutRefused> {
  if (outcome === 'code_used_up') {
    const message = await usedUpMessage(db, stored.row.organizationId, stored.row.id, codes);
    return { outcome, message, fields: { code: message }, event: stored };
  }
  const [row] = await db
    .select({ tickets: buyerTickets.tickets })
    .from(buyerTickets)
    .where(and(eq(buyerTickets.eventId, stored.row.id), eq(buyerTickets.email, email)))
    .limit(1);
  const message = SALES_MESSAGES.tooManyPerEmail(stored.row.maxTicketsPerEmail, row?.tickets ?? 0);
  return { outcome, message, fields: {}, event: stored };
}

export async function soldOutRefusal(
  db: Database,
  input: { organizationId: string; eventId: string },
  lines: Array<LineQuantity & { type: SellableTicketType }>,
): Promise<CheckoutRefused> {
  const fresh = await loadStorefrontEvent(db, input.organizationId, input.eventId, undefined, {
    releaseExpired: false,
  });
  if (!fresh) return { outcome: 'not_on_sale', event: null };
  // The first chosen type that no longer fits says why; the others keep the fan's choice.
  const fields: Record<string, string> = {};
  for (const line of lines) {
    const type = fresh.types.find((candidate) => candidate.id === line.ticketTypeId);
    const left = type ? type.remaining : null;
    if (left !== null && line.quantity > left)
      fields[`qty:${line.ticketTypeId}`] = left === 0 ? 'Sold out' : `Only ${left} left`;
  }
  const allGone = Object.values(fields).length > 0 && Object.values(fields).every((text) => text === 'Sold out');
  const message = allGone || Object.keys(fields).length === 0 ? CHECKOUT_TEXT.soldOut : CHECKOUT_TEXT.fixErrors;
  return { outcome: 'sold_out', message, fields, event: fresh };
}

/**
 * A shared quota had too few tickets left for the chosen types (they and the venue had room): the message names the
 * quota and the types that share it, read afresh, and each chosen type of the quota says what is left of it.
 */
export async function quotaRefusal(
  db: Database,
  input: { organizationId: string; eventId: string },
  lines: Array<LineQuantity & { type: SellableTicketType }>,
  quotaId: string,
): Promise<CheckoutRefused> {
  const fresh = await loadStorefrontEvent(db, input.organizationId, input.eventId, undefined, {
    releaseExpired: false,
  });
  if (!fresh) return { outcome: 'not_on_sale', event: null };
  const quota = fresh.quotas.find((candidate) => candidate.id === quotaId);
  // The quota went away meanwhile: the ordinary refusal says what is left.
  if (!quota) return soldOutRefusal(db, input, lines);
  const members = await quotaTypeNames(db, input.organizationId, fresh.row.id, quotaId);
  const left = Math.max(0, quota.capacity - quota.sold - quota.held);
  const fields: Record<string, string> = {};
  for (const line of lines) {
    const type = fresh.types.find((candidate) => candidate.id === line.ticketTypeId);
    if (!type || !members.some((member) => member.id === type.id)) continue;
    const remaining = type.remaining ?? left;
    fields[`qty:${line.ticketTypeId}`] = remaining === 0 ? 'Sold out' : `Only ${remaining} left`;
  }
  const names = members.map((member) => member.name);
  const message =
    left === 0 ? QUOTA_MESSAGES.fanSoldOut(quota.name, names) : QUOTA_MESSAGES.fanFewLeft(quota.name, left, names);
  return { outcome: 'quota_sold_out', message, fields, event: fresh };
}

/** The visible types a quota counts, in the event's order (hidden ones are not named to the public). */
async function quotaTypeNames(db: Database, organizationId: string, eventId: string, quotaId: string) {
  return db
    .select({ id: ticketType.id, name: ticketType.name })
    .from(ticketType)
    .where(
      and(
        eq(ticketType.organizationId, organizationId),
        eq(ticketType.eventId, eventId),
        eq(ticketType.hidden, false),
        sql`${quotaId}::uuid = any(${ticketType.quotaIds})`,
      ),
    )
    .orderBy(asc(ticketType.sort), asc(ticketType.createdAt));
}
