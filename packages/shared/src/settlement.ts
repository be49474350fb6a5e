// Settlement reports (issue 32, decision 136): what an event's (or a period's) orders come to for the organiser,
// per currency, in integer minor units. Every figure is a plain sum over the counted orders (paid, partly or
// wholly refunded; never held, expired, cancelled or held for review), so the report equals the orders exactly.
import { z } from 'zod';
import { ANALYTICS_MAX_DAYS, daysBetween, isAnalyticsDay } from './analytics.js';

/** The longest period a settlement report covers, in days (both ends included). */
export const SETTLEMENT_MAX_DAYS = ANALYTICS_MAX_DAYS;

export const SETTLEMENT_MESSAGES = {
  bothDates: 'Give both a from and a to date, or neither (this month so far).',
  badDate: 'Use a real date written as YYYY-MM-DD (years 2000 to 2100).',
  toBeforeFrom: 'The to date must not be before the from date.',
  tooLong: `A settlement report can cover at most ${SETTLEMENT_MAX_DAYS} days.`,
  noSales: 'No sales yet.',
  /** What the provider's fees are and whose they are, per provider (decision 141). */
  providerFees: {
    stripe:
      "Payment provider fees: Stripe's fees on these payments are charged to the platform and paid out of its booking fee, so they do not come off your payout",
    sandbox:
      "Payment provider fees: the sandbox provider's fees (1.5% + 20p per payment, 20 minor units in other currencies, kept on refunds) are charged to the platform and paid out of its booking fee, as Stripe's are, so they do not come off your payout",
  },
  /** How many paid orders' provider fees are not known (yet): the payout leaves them out. */
  providerFeesUnreported: (orders: number, payments: number) =>
    orders === 0
      ? payments === 1
        ? 'Provider fee reported for the card payment'
        : `Provider fees reported for all ${payments} card payments`
      : `Provider fees not reported for ${orders} of ${payments} card payment${payments === 1 ? '' : 's'}: the net payout does not take them off`,
  vatNote:
    'VAT: the VAT inside the prices sold while you were registered for VAT, the VAT inside the prices refunded (as on the credit notes), and what stays (decision 141)',
  doorNotInPayout: 'Door takings were collected at the door (cash or card there) and are not part of the payout.',
} as const;

/**
 * The period query: UTC days, both ends included, at most SETTLEMENT_MAX_DAYS long. Neither date: this month so
 * far (the route fills it in).
 */
export const settlementPeriodQuerySchema = z
  .object({ from: z.string().max(10).optional(), to: z.string().max(10).optional() })
  .superRefine((query, context) => {
    const issue = (path: 'from' | 'to', message: string) => context.addIssue({ code: 'custom', path: [path], message });
    if (query.from === undefined && query.to === undefined) return;
    if (query.from === undefined || query.to === undefined)
      return issue(query.from === undefined ? 'from' : 'to', SETTLEMENT_MESSAGES.bothDates);
    if (!isAnalyticsDay(query.from)) return issue('from', SETTLEMENT_MESSAGES.badDate);
    if (!isAnalyticsDay(query.to)) return issue('to', SETTLEMENT_MESSAGES.badDate);
    if (query.to < query.from) return issue('to', SETTLEMENT_MESSAGES.toBeforeFrom);
    if (daysBetween(query.from, query.to) > SETTLEMENT_MAX_DAYS) issue('to', SETTLEMENT_MESSAGES.tooLong);
  });
export type SettlementPeriodQuery = z.infer<typeof settlementPeriodQuerySchema>;

const minor = z.number().int();

/**
 * One currency's figures. Identity: sales_minor - refunded_minor - absorbed_fee_minor - provider_fee_minor =
 * payout_minor + door_net_minor. VAT is inside the prices: `vat_minor` says how much of sales_minor it was.
 */
export const settlementFiguresSchema = z.object({
  currency: z.string(),
  /** Counted orders and their tickets (comps and door sales included). */
  orders: z.number().int(),
  tickets: z.number().int(),
  comp_orders: z.number().int(),
  comp_tickets: z.number().int(),
  door_orders: z.number().int(),
  /** Ticket and add-on prices before promo discounts. */
  gross_minor: minor,
  discount_minor: minor,
  /** gross_minor - discount_minor: what the organiser sold for (online and at the door). */
  sales_minor: minor,
  /** Ticket and add-on prices given back to fans (never more than an order's sales). */
  refunded_minor: minor,
  /** Booking fees fans paid on top (the platform's), and what of them went back (event cancellations). */
  fan_fee_minor: minor,
  fan_fee_refunded_minor: minor,
  /** Booking fees the organiser absorbed: kept out of the payout, never refunded (decision 135). */
  absorbed_fee_minor: minor,
  /** Door sales and their refunds, and what stayed: collected at the door, not part of the payout. */
  door_sales_minor: minor,
  door_refunded_minor: minor,
  door_net_minor: minor,
  /**
   * The payment provider's fees the organiser's account was charged, where the provider reported them (decision
   * 141); kept when a payment is refunded.
   */
  provider_fee_minor: minor,
  /**
   * Fees the provider reported and charged to the platform instead (Stripe's destination charges, and the sandbox
   * as it simulates them): not in payout.
   */
  platform_provider_fee_minor: minor,
  /** Counted orders paid through the provider, and those of them whose fee is not reported (yet). */
  provider_payment_orders: z.number().int(),
  provider_fee_unreported_orders: z.number().int(),
  /** Online sales less their refunds, the absorbed fees and the provider's fees: what the provider pays out. */
  payout_minor: minor,
  /** The VAT inside sales_minor, at the rates the orders were sold at (decision 138), before refunds. */
  vat_minor: minor,
  /** The VAT inside the prices refunded, each refund's by its credit note's rule, and what stays. */
  vat_refunded_minor: minor,
  vat_net_minor: minor,
});
export type SettlementFigures = z.infer<typeof settlementFiguresSchema>;

export const settlementEventRowSchema = z.object({
  event_id: z.string(),
  event_name: z.string(),
  starts_at: z.string().nullable(),
  figures: settlementFiguresSchema,
});
export type SettlementEventRow = z.infer<typeof settlementEventRowSchema>;

const providerFeesSchema = z.object({
  /** What the provider's fees are and whose they are. */
  note: z.string(),
});

export const eventSettlementSchema = z.object({
  event_id: z.string(),
  event_name: z.string(),
  starts_at: z.string().nullable(),
  /** One entry per currency sold in (usually one); empty before the first sale. */
  currencies: z.array(settlementFiguresSchema),
  provider_fees: providerFeesSchema,
  generated_at: z.string(),
});
export type EventSettlement = z.infer<typeof eventSettlementSchema>;

export const periodSettlementSchema = z.object({
  /** UTC days, both included; orders count by when they were paid, with their refunds so far. */
  from: z.string(),
  to: z.string(),
  events: z.array(settlementEventRowSchema),
  /** The events' rows added up per currency (currencies are never added together). */
  totals: z.array(settlementFiguresSchema),
  provider_fees: providerFeesSchema,
  generated_at: z.string(),
});
export type PeriodSettlement = z.infer<typeof periodSettlementSchema>;

/** The report's lines in the order the CSV, the PDF and the dashboard show them. */
export const SETTLEMENT_LINES = [
  { key: 'gross_minor', label: 'Gross sales' },
  { key: 'discount_minor', label: 'Discounts' },
  { key: 'sales_minor', label: 'Sales after discounts' },
  { key: 'refunded_minor', label: 'Refunds' },
  { key: 'absorbed_fee_minor', label: 'Booking fees absorbed' },
  { key: 'provider_fee_minor', label: 'Payment provider fees' },
  { key: 'door_net_minor', label: 'Door takings (not in payout)' },
  { key: 'payout_minor', label: 'Net payout' },
  { key: 'vat_minor', label: 'VAT included in sales' },
  { key: 'vat_refunded_minor', label: 'VAT refunded' },
  { key: 'vat_net_minor', label: 'Net VAT' },
  { key: 'fan_fee_minor', label: 'Booking fees paid by fans' },
  { key: 'fan_fee_refunded_minor', label: 'Booking fees refunded to fans' },
  { key: 'door_sales_minor', label: 'Door sales' },
  { key: 'door_refunded_minor', label: 'Door refunds' },
  { key: 'platform_provider_fee_minor', label: 'Payment provider fees paid by the platform (not in payout)' },
] as const satisfies ReadonlyArray<{ key: keyof SettlementFigures; label: string }>;
