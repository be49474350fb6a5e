// The Analytics page's contract (spec 'Analytics', issue 12): the filter (period and event) and what each
// analytics endpoint answers. Days are UTC calendar days (YYYY-MM-DD), both ends included. Money is a list per
// currency: amounts in different currencies are never added together.
import { z } from 'zod';

export const ANALYTICS_PERIODS = ['7d', '30d', '90d', 'month', 'custom'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const ANALYTICS_PERIOD_LABELS: Record<AnalyticsPeriod, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  month: 'This month',
  custom: 'Custom',
};
/** The longest custom period, in days. */
export const ANALYTICS_MAX_DAYS = 366;
export const ANALYTICS_MESSAGES = {
  customNeedsDates: 'A custom period needs both a from and a to date.',
  datesOnlyForCustom: 'From and to dates are only used with the custom period.',
  badDate: 'Use a real date written as YYYY-MM-DD (years 2000 to 2100).',
  fromAfterTo: 'The from date must not be after the to date.',
  tooLong: `A period can be at most ${ANALYTICS_MAX_DAYS} days long.`,
} as const;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day between 2000-01-01 and 2100-12-31, as YYYY-MM-DD. */
export function isAnalyticsDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 2000 || year > 2100) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

export const analyticsQuerySchema = z
  .object({
    period: z.enum(ANALYTICS_PERIODS).default('30d'),
    from: z.string().max(10).optional(),
    to: z.string().max(10).optional(),
    event_id: z.string().max(64).optional(),
  })
  .superRefine((query, context) => {
    const issue = (path: 'from' | 'to' | 'period', message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (query.period !== 'custom') {
      if (query.from !== undefined || query.to !== undefined) issue('period', ANALYTICS_MESSAGES.datesOnlyForCustom);
      return;
    }
    if (query.from === undefined || query.to === undefined) return issue('period', ANALYTICS_MESSAGES.customNeedsDates);
    if (!isAnalyticsDay(query.from)) return issue('from', ANALYTICS_MESSAGES.badDate);
    if (!isAnalyticsDay(query.to)) return issue('to', ANALYTICS_MESSAGES.badDate);
    if (query.from > query.to) return issue('from', ANALYTICS_MESSAGES.fromAfterTo);
    if (daysBetween(query.from, query.to) > ANALYTICS_MAX_DAYS) issue('to', ANALYTICS_MESSAGES.tooLong);
  });
export type AnalyticsQuery = z.input<typeof analyticsQuerySchema>;

export const analyticsPeriodSchema = z.object({
  period: z.enum(ANALYTICS_PERIODS),
  from: z.string(),
  to: z.string(),
  previous_from: z.string(),
  previous_to: z.string(),
  /** 'vs last month' for this month, else 'vs previous N days'. */
  change_label: z.string(),
  event_id: z.string().nullable(),
});

/** A count with the previous period's and the % change (one decimal; 0 -> n is 100). */
const countCard = z.object({ value: z.number(), previous: z.number(), change: z.number() });
const moneyCard = z.array(
  z.object({ currency: z.string(), value: z.number(), previous: z.number(), change: z.number() }),
);
export type CountCard = z.infer<typeof countCard>;
export type MoneyCard = z.infer<typeof moneyCard>;

export const analyticsSummarySchema = z.object({
  period: analyticsPeriodSchema,
  cards: z.object({
    total_revenue: moneyCard,
    tickets_sold: countCard,
    upcoming_events: countCard,
    /**
     * Percent, one decimal, never above 100: visitors of the period who placed a paid order / unique visitors of
     * the storefront (of the event's page when filtered), the same count as page_views.visitors.
     */
    conversion_rate: countCard.extend({ ordering_visitors: z.number(), visitors: z.number() }),
    new_customers: countCard,
    returning_customers: countCard,
    /** Revenue / paid orders, per currency, minor units. */
    average_spend: moneyCard,
    page_views: countCard.extend({ visitors: z.number() }),
  }),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummarySchema>;

export const analyticsChartSchema = z.object({
  period: analyticsPeriodSchema,
  currencies: z.array(z.string()),
  days: z.array(
    z.object({ day: z.string(), tickets: z.number(), orders: z.number(), revenue: z.record(z.string(), z.number()) }),
  ),
});
export type AnalyticsChart = z.infer<typeof analyticsChartSchema>;

const moneyList = z.array(z.object({ currency: z.string(), amount_minor: z.number() }));

export const analyticsEventsSchema = z.object({
  period: analyticsPeriodSchema,
  events: z.array(
    z.object({
      event_id: z.string(),
      name: z.string(),
      starts_at: z.string().nullable(),
      orders: z.number(),
      tickets: z.number(),
      revenue: moneyList,
      views: z.number(),
      visitors: z.number(),
      /** Visitors of the event's page who placed a paid order for it. */
      ordering_visitors: z.number(),
      /** Percent, one decimal: ordering_visitors / visitors; null when the page had no visitors. */
      conversion_rate: z.number().nullable(),
    }),
  ),
});
export type AnalyticsEvents = z.infer<typeof analyticsEventsSchema>;

export const analyticsRecentSalesSchema = z.object({
  sales: z.array(
    z.object({
      event_id: z.string(),
      event_name: z.string(),
      email: z.string(),
      tickets: z.number(),
      amount_minor: z.number(),
      currency: z.string(),
      paid_at: z.string(),
    }),
  ),
});
export type AnalyticsRecentSales = z.infer<typeof analyticsRecentSalesSchema>;

export const analyticsRegionsSchema = z.object({
  period: analyticsPeriodSchema,
  regions: z.array(
    z.object({
      /** ISO 3166-1 alpha-2, or null when the buyer gave none. */
      country: z.string().nullable(),
      orders: z.number(),
      tickets: z.number(),
      revenue: moneyList,
    }),
  ),
});
export type AnalyticsRegions = z.infer<typeof analyticsRegionsSchema>;
