// Tracking links (decision 156): a promoter's or a campaign's link to the storefront, `/events/{slug}?tl={code}`
// (or the home page), with optional UTM fields; the views, orders and revenue it brought are in Analytics.
import { z } from 'zod';
import { analyticsPeriodSchema } from './analytics.js';
import { noControlChars } from './text-rules.js';

export const TRACKING_LINK_KINDS = ['promoter', 'campaign'] as const;
export type TrackingLinkKind = (typeof TRACKING_LINK_KINDS)[number];
export const TRACKING_LINK_KIND_LABELS: Record<TrackingLinkKind, string> = {
  promoter: 'Promoter',
  campaign: 'Campaign',
};
/** The link's code in `?tl=`: lower-case letters, digits, - and _, 2 to 32 characters. */
export const TRACKING_CODE_PATTERN = /^[a-z0-9][a-z0-9_-]{1,31}$/;
export const TRACKING_LINK_PARAM = 'tl';
export const UTM_FIELDS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'] as const;
export type UtmField = (typeof UTM_FIELDS)[number];

export const TRACKING_LINK_MESSAGES = {
  name: 'Enter a name of 1 to 100 characters',
  code: 'A code is 2 to 32 lower-case letters, digits, - or _ (starting with a letter or digit)',
  codeTaken: 'Another tracking link already uses that code',
  utm: 'UTM values are at most 100 characters, without control characters',
  eventNotFound: 'Event not found',
} as const;

const plainText = (max: number, message: string) => z.string().trim().max(max, message).refine(noControlChars, message);

const utmValue = plainText(100, TRACKING_LINK_MESSAGES.utm)
  .nullable()
  .optional()
  .transform((value) => (value ? value : null));

export const trackingLinkInputSchema = z.object({
  name: plainText(100, TRACKING_LINK_MESSAGES.name).pipe(z.string().min(1, TRACKING_LINK_MESSAGES.name)),
  kind: z.enum(TRACKING_LINK_KINDS),
  /** The event the link opens; null for the storefront's home page. */
  event_id: z.string().max(64).nullable().default(null),
  /** Left empty, a code is made. */
  code: z
    .string()
    .trim()
    .toLowerCase()
    .max(32, TRACKING_LINK_MESSAGES.code)
    .refine((value) => value === '' || TRACKING_CODE_PATTERN.test(value), TRACKING_LINK_MESSAGES.code)
    .optional()
    .transform((value) => (value ? value : null)),
  utm_source: utmValue,
  utm_medium: utmValue,
  utm_campaign: utmValue,
  utm_content: utmValue,
  utm_term: utmValue,
});
export type TrackingLinkInput = z.input<typeof trackingLinkInputSchema>;

export const trackingLinkUpdateSchema = z.object({
  name: plainText(100, TRACKING_LINK_MESSAGES.name).pipe(z.string().min(1, TRACKING_LINK_MESSAGES.name)).optional(),
  archived: z.boolean().optional(),
});

export const trackingLinkSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(TRACKING_LINK_KINDS),
  code: z.string(),
  event_id: z.string().nullable(),
  event_name: z.string().nullable(),
  utm_source: z.string().nullable(),
  utm_medium: z.string().nullable(),
  utm_campaign: z.string().nullable(),
  utm_content: z.string().nullable(),
  utm_term: z.string().nullable(),
  /** The whole link on the organisation's storefront, ready to share. */
  url: z.string(),
  created_at: z.string(),
  archived_at: z.string().nullable(),
});
export type TrackingLink = z.infer<typeof trackingLinkSchema>;

export const trackingLinkListSchema = z.object({ links: z.array(trackingLinkSchema) });

export const analyticsTrackingLinksSchema = z.object({
  period: analyticsPeriodSchema,
  links: z.array(
    trackingLinkSchema.extend({
      views: z.number(),
      /** Paid orders the link brought (an order refunded in full no longer counts, as in the rest of Analytics). */
      orders: z.number(),
      tickets: z.number(),
      revenue: z.array(z.object({ currency: z.string(), amount_minor: z.number() })),
      /** Orders / views as a percentage with one decimal; null without views. */
      conversion_rate: z.number().nullable(),
    }),
  ),
});
export type AnalyticsTrackingLinks = z.infer<typeof analyticsTrackingLinksSchema>;

/** The link's address: the event page (or home page) with `?tl=` and its UTM fields. */
export function trackingLinkUrl(
  storefrontOrigin: string,
  link: { code: string; event_slug: string | null } & Partial<Record<UtmField, string | null>>,
): string {
  const url = new URL(link.event_slug ? `/events/${link.event_slug}` : '/', storefrontOrigin);
  url.searchParams.set(TRACKING_LINK_PARAM, link.code);
  for (const field of UTM_FIELDS) {
    const value = link[field];
    if (value) url.searchParams.set(field, value);
  }
  return url.toString();
}
