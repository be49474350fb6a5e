// The on-sale rules a checkout checks before its hold: the event's and each type's sales window, the limit of
// tickets per order, the codes the fan brought (access codes unlock hidden types, a promo code prices the lines)
// and the messages a refused hold shows. The hold itself counts code uses and the per-buyer limit atomically.
import { applyDiscount, CODE_MESSAGES, formatSalesTime, SALES_MESSAGES } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { codeProblem, discountOf, resolveCodes, type ResolvedCodes } from '../codes/code-check.js';
import type { HoldLine } from './hold-types.js';
import type { SellableTicketType, StorefrontEvent } from './storefront-event.js';

export const NO_CODES: ResolvedCodes = { access: null, promo: null, problems: [] };

/** The fan's codes, or none without a query (the common path reads nothing more). */
export async function codesFor(
  db: Database,
  organizationId: string,
  eventId: string,
  entered: Array<string | undefined>,
  now: Date,
): Promise<ResolvedCodes> {
  const texts = entered.filter((text): text is string => Boolean(text && text.trim()));
  return texts.length ? resolveCodes(db, organizationId, eventId, texts, now) : NO_CODES;
}

/**
 * Whether a type is sold outside the waiting room (decision 034): a presale, i.e. a hidden type an access code
 * unlocked, whose own sales window opened before the queue's on-sale and is open now. The queue orders the general
 * on-sale; a presale is gated by its code and its own window.
 */
export const soldOutsideQueue = (type: SellableTicketType, queueOpensAt: Date): boolean =>
  type.unlocked && type.sale === 'open' && type.salesStartAt !== null && type.salesStartAt < queueOpensAt;

/** Whether the form chose some tickets and only presale types (for a browser the queue has not admitted). */
export function choosesOnlyPresales(
  quantities: Record<string, string>,
  types: SellableTicketType[],
  queueOpensAt: Date,
): boolean {
  const byId = new Map(types.map((type) => [type.id, type]));
  const chosen = Object.keys(quantities).filter((id) => !/^\s*0*\s*$/.test(quantities[id] ?? ''));
  return (
    chosen.length > 0 &&
    chosen.every((id) => {
      const type = byId.get(id);
      return type !== undefined && soldOutsideQueue(type, queueOpensAt);
    })
  );
}

/** Why the event as a whole cannot be bought at this moment (before its on-sale, after its sales end). */
export function eventSalesProblem(stored: StorefrontEvent): string | null {
  if (stored.salesState === 'before' && stored.salesOpensAt)
    return SALES_MESSAGES.notYet(formatSalesTime(stored.salesOpensAt, stored.row.timeZone));
  if (stored.salesState === 'after') return SALES_MESSAGES.closed;
  return null;
}

/** A chosen type outside its window: the field message, and whether the refusal is 'not yet' or 'closed'. */
export function typeSalesProblem(type: SellableTicketType, timeZone: string): string | null {
  if (type.sale === 'before' && type.salesStartAt)
    return SALES_MESSAGES.typeNotYet(formatSalesTime(type.salesStartAt, timeZone));
  if (type.sale === 'after') return SALES_MESSAGES.typeClosed;
  return null;
}

/**
 * The hold's lines with the promo code's discount applied (split into discounted and full-price lines), the
 * discount in all, and a message when the code applies to none of the chosen tickets.
 */
export function pricedLines(
  lines: Array<{ ticketTypeId: string; quantity: number; type: SellableTicketType }>,
  codes: ResolvedCodes,
): { lines: HoldLine[]; discountMinor: number; problem: string | null } {
  const discount = codes.promo ? discountOf(codes.promo) : null;
  if (!codes.promo || !discount) return { lines, discountMinor: 0, problem: null };
  const byId = new Map(lines.map((line) => [line.ticketTypeId, line.type]));
  const priced = applyDiscount(
    lines.map((line) => ({
      ticketTypeId: line.ticketTypeId,
      quantity: line.quantity,
      priceMinor: line.type.priceMinor,
    })),
    { discount, ticketTypeIds: codes.promo.ticketTypeIds, maxTickets: codes.promo.maxTicketsPerOrder },
  );
  const discountMinor = priced.reduce((sum, line) => sum + line.unitDiscountMinor * line.quantity, 0);
  if (discountMinor === 0) return { lines, discountMinor: 0, problem: CODE_MESSAGES.notApplicable };
  return {
    lines: priced.map((line) => ({
      ticketTypeId: line.ticketTypeId,
      quantity: line.quantity,
      type: byId.get(line.ticketTypeId)!,
      unitPriceMinor: line.unitPriceMinor,
    })),
    discountMinor,
    problem: null,
  };
}

/** After a hold failed on a code's CHECK: the message of the code that ran out (read again). */
export async function usedUpMessage(
  db: Database,
  organizationId: string,
  eventId: string,
  codes: ResolvedCodes,
): Promise<string> {
  const texts = [codes.access?.code, codes.promo?.code].filter((text): text is string => Boolean(text));
  const fresh = await resolveCodes(db, organizationId, eventId, texts);
  const problem = fresh.problems[0]?.message;
  if (problem) return problem;
  const row = codes.promo ?? codes.access;
  return (
    (row && codeProblem({ ...row, uses: row.maxUses ?? row.uses }, eventId, new Date())) ?? CODE_MESSAGES.exhausted
  );
}
