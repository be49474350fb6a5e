// On-sale drops, written once for the server and the dashboard: sales windows, limits against scalpers, access
// and promo codes (their input, their messages) and the discount rule. The booking fee is always
// `bookingFee()` (money.ts) of the discounted unit price.
import { z } from 'zod';
import { isValidLocalDateTime } from './dates.js';
import { dateTimeFormatIn } from './time-zones.js';

/** Defaults of the event's limits against scalpers (see docs/decisions/033-on-sale-codes-and-limits.md). */
export const DEFAULT_MAX_TICKETS_PER_ORDER = 20;
export const DEFAULT_MAX_TICKETS_PER_EMAIL = 40;
export const MAX_TICKETS_PER_ORDER_LIMIT = 100;
export const MAX_TICKETS_PER_EMAIL_LIMIT = 1000;
/** A generated batch of single-use access codes. */
export const CODE_BATCH_MAX = 5000;
export const CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,39}$/;

export const CODE_MESSAGES = {
  unknown: "We don't recognise that code. Check it and try again.",
  otherEvent: 'That code is for a different event.',
  notYet: 'That code is not valid yet.',
  expired: 'That code has expired.',
  exhausted: 'That code has already been used as many times as allowed.',
  singleUseTaken: 'That code has already been used.',
  disabled: 'That code is no longer valid.',
  notApplicable: 'That promo code does not apply to the tickets you chose.',
  codeFormat: 'Codes are 3 to 40 letters, digits, - or _',
  codeTaken: 'This event already has that code',
  typesRequired: 'Choose at least one hidden ticket type for the access code to unlock',
  discountPercent: 'A percentage is a whole number from 1 to 100',
  discountFixed: 'Enter an amount off greater than zero',
  windowOrder: 'The end must be after the start',
  unknownType: 'One of the chosen ticket types does not belong to this event',
} as const;

export const SALES_MESSAGES = {
  notYet: (when: string) => `Tickets go on sale ${when}.`,
  typeNotYet: (when: string) => `On sale ${when}`,
  closed: 'Ticket sales for this event have closed.',
  typeClosed: 'Sales closed',
  typeClosedForm: 'Sales of some of the chosen tickets have closed.',
  tooManyPerOrder: (max: number) => `You can buy at most ${max} tickets in one order.`,
  tooManyPerEmail: (max: number, already: number) =>
    already > 0
      ? `There is a limit of ${max} tickets per person for this event, and ${already} are already held or bought with this e-mail address.`
      : `There is a limit of ${max} tickets per person for this event.`,
} as const;

const localOrNull = z
  .string()
  .refine((value) => value === '' || isValidLocalDateTime(value), 'Enter a date and time')
  .nullable()
  .default(null)
  .transform((value) => (value === '' ? null : value));

/** PUT /api/events/:id/sales: the event's sales window (local times in its zone) and its limits. */
export const salesSettingsInputSchema = z.object({
  sales_start_local: localOrNull,
  sales_end_local: localOrNull,
  max_tickets_per_order: z.number().int().min(1).max(MAX_TICKETS_PER_ORDER_LIMIT),
  max_tickets_per_email: z.number().int().min(1).max(MAX_TICKETS_PER_EMAIL_LIMIT),
});
export type SalesSettingsInput = z.infer<typeof salesSettingsInputSchema>;

export const salesSettingsSchema = z.object({
  time_zone: z.string(),
  sales_start_local: z.string().nullable(),
  sales_end_local: z.string().nullable(),
  sales_start_at: z.string().nullable(),
  sales_end_at: z.string().nullable(),
  max_tickets_per_order: z.number().int(),
  max_tickets_per_email: z.number().int(),
});
export type SalesSettings = z.infer<typeof salesSettingsSchema>;

/** A ticket type's own window (sent with the ticket type's fields). */
export const ticketTypeSalesWindowSchema = z.object({
  sales_start_local: localOrNull,
  sales_end_local: localOrNull,
});

const codeText = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .refine((value) => CODE_PATTERN.test(value), CODE_MESSAGES.codeFormat);

/** POST /api/events/:id/codes. */
export const codeInputSchema = z
  .object({
    kind: z.enum(['access', 'promo']),
    /** One code; omitted for a generated batch (`batch_size`). */
    code: codeText.optional(),
    batch_size: z.number().int().min(1).max(CODE_BATCH_MAX).optional(),
    label: z.string().trim().max(60).default(''),
    ticket_type_ids: z.array(z.string().uuid()).max(50).default([]),
    discount_kind: z.enum(['percent', 'fixed']).nullable().default(null),
    /** Percent as a whole number, or the amount off as decimal text in the event's currency ('5.00'). */
    discount_value: z
      .string()
      .regex(/^\d{1,7}(\.\d{1,2})?$/, 'Enter a number')
      .nullable()
      .default(null),
    max_uses: z.number().int().min(1).max(1_000_000).nullable().default(null),
    max_tickets_per_order: z.number().int().min(1).max(100).nullable().default(null),
    valid_from_local: localOrNull,
    valid_until_local: localOrNull,
  })
  .refine((input) => (input.code === undefined) !== (input.batch_size === undefined), {
    message: 'Give a code or a number of codes to generate',
    path: ['code'],
  });
export type CodeInput = z.input<typeof codeInputSchema>;

export const codeSchema = z.object({
  id: z.string(),
  kind: z.enum(['access', 'promo']),
  /** The code, or for a batch the first code and the batch's size. */
  code: z.string(),
  label: z.string(),
  batch_id: z.string().nullable(),
  batch_size: z.number().int(),
  ticket_type_ids: z.array(z.string()),
  discount_kind: z.enum(['percent', 'fixed']).nullable(),
  discount_value: z.number().int().nullable(),
  max_uses: z.number().int().nullable(),
  uses: z.number().int(),
  max_tickets_per_order: z.number().int().nullable(),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  disabled: z.boolean(),
  /** Paid orders that used it, and their ticket revenue after the discount (minor units). */
  paid_orders: z.number().int(),
  revenue_minor: z.number().int(),
  discount_minor: z.number().int(),
});
export type CodeDto = z.infer<typeof codeSchema>;

export interface Discount {
  kind: 'percent' | 'fixed';
  /** Percent, or minor units off each ticket. */
  value: number;
}

/** The unit price after the discount: percent rounded half-up to the minor unit, never below zero. */
export function discountedUnitPrice(priceMinor: number, discount: Discount): number {
  const off = discount.kind === 'percent' ? Math.floor((priceMinor * discount.value + 50) / 100) : discount.value;
  return Math.max(0, priceMinor - Math.min(off, priceMinor));
}

export interface PricedLine {
  ticketTypeId: string;
  quantity: number;
  unitPriceMinor: number;
  /** What the discount took off each of these tickets. */
  unitDiscountMinor: number;
}

/**
 * Splits the chosen lines into discounted and full-price lines. The discount applies to the eligible types
 * (empty = all) and to at most `maxTickets` tickets in the order, the dearest first.
 */
export function applyDiscount(
  lines: Array<{ ticketTypeId: string; quantity: number; priceMinor: number }>,
  promo: { discount: Discount; ticketTypeIds: string[]; maxTickets: number | null } | null,
): PricedLine[] {
  const full = (line: (typeof lines)[number], quantity: number): PricedLine => ({
    ticketTypeId: line.ticketTypeId,
    quantity,
    unitPriceMinor: line.priceMinor,
    unitDiscountMinor: 0,
  });
  if (!promo) return lines.map((line) => full(line, line.quantity));
  let left = promo.maxTickets ?? Number.MAX_SAFE_INTEGER;
  const eligible = (id: string) => promo.ticketTypeIds.length === 0 || promo.ticketTypeIds.includes(id);
  const order = [...lines].sort((a, b) => b.priceMinor - a.priceMinor);
  const result: PricedLine[] = [];
  for (const line of order) {
    const discounted = eligible(line.ticketTypeId) ? Math.min(left, line.quantity) : 0;
    const unit = discountedUnitPrice(line.priceMinor, promo.discount);
    if (discounted > 0 && unit < line.priceMinor) {
      left -= discounted;
      result.push({
        ticketTypeId: line.ticketTypeId,
        quantity: discounted,
        unitPriceMinor: unit,
        unitDiscountMinor: line.priceMinor - unit,
      });
    }
    const rest = line.quantity - (discounted > 0 && unit < line.priceMinor ? discounted : 0);
    if (rest > 0) result.push(full(line, rest));
  }
  return result;
}

/** A sales window as instants (null = open on that side). */
export interface SalesWindow {
  startAt: Date | null;
  endAt: Date | null;
}

/**
 * A ticket type's window: its own start and end where set, else the event's. A presale type can so open before
 * the event's general on-sale.
 */
export function effectiveWindow(eventWindow: SalesWindow, typeWindow: SalesWindow): SalesWindow {
  return { startAt: typeWindow.startAt ?? eventWindow.startAt, endAt: typeWindow.endAt ?? eventWindow.endAt };
}

export function windowState(window: SalesWindow, now: Date): 'before' | 'open' | 'after' {
  if (window.startAt && now < window.startAt) return 'before';
  if (window.endAt && now >= window.endAt) return 'after';
  return 'open';
}

/**
 * The event's sales as a whole from its types' windows: open when any type is on sale, 'before' when none is yet
 * but one will be (with the earliest opening: a waiting room keys off it), 'after' when all have closed.
 */
export function eventSalesState(
  eventWindow: SalesWindow,
  typeWindows: SalesWindow[],
  now: Date,
): { state: 'before' | 'open' | 'after'; opensAt: Date | null } {
  const windows = typeWindows.length
    ? typeWindows.map((window) => effectiveWindow(eventWindow, window))
    : [eventWindow];
  const states = windows.map((window) => windowState(window, now));
  if (states.includes('open')) return { state: 'open', opensAt: null };
  const starts = windows.filter((_, index) => states[index] === 'before').map((window) => window.startAt!.getTime());
  if (starts.length === 0) return { state: 'after', opensAt: null };
  return { state: 'before', opensAt: new Date(Math.min(...starts)) };
}

/** 'on Tue, 24 Nov 2026, 10:00 GMT': an on-sale time in a given zone (the event's, or the fan's). */
export function formatSalesTime(instant: Date, timeZone: string): string {
  const text = dateTimeFormatIn(timeZone).format(instant);
  return `on ${text}`;
}
