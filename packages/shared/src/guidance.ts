// The dashboard's guidance from draft to on sale: the getting-started checklist and publishing the drafts
// that waited for payouts (decision 028).
import { z } from 'zod';

export const CHECKLIST_ITEMS = ['payouts', 'first_event', 'publish', 'share'] as const;
export type ChecklistItem = (typeof CHECKLIST_ITEMS)[number];

/** The checklist's texts (the dashboard home shows them in this order). */
export const CHECKLIST_TEXTS: Record<ChecklistItem, { title: string; text: string }> = {
  payouts: { title: 'Enable payouts', text: 'Connect a payout account so you can publish events and sell tickets.' },
  first_event: {
    title: 'Create your first event',
    text: 'Add the artwork, the date and the ticket price. Create Event publishes it at once when payouts are enabled; until then it is saved as a draft.',
  },
  publish: {
    title: 'Publish it',
    text: 'Publishing puts the event on your storefront and opens ticket sales. Drafts saved before payouts were enabled are published from Your events.',
  },
  share: { title: 'Share the link', text: 'Copy or open your storefront link and send it to your fans.' },
};

/** GET /api/dashboard/checklist: each item is worked out from the organisation's data on every request. */
export const checklistSchema = z.object({
  items: z.object({
    payouts: z.boolean(),
    first_event: z.boolean(),
    publish: z.boolean(),
    share: z.boolean(),
  }),
  /** All four done: the dashboard no longer shows the checklist. */
  all_done: z.boolean(),
  /** Drafts that have not ended and are ready to publish (nothing missing), waiting to be published. */
  waiting_drafts: z.number().int().nonnegative(),
  /** Drafts that have not ended but cannot be published yet, each with what publishing still needs. */
  incomplete_drafts: z.array(z.object({ id: z.string(), name: z.string(), missing: z.array(z.string()) })),
  /** The storefront's address, to copy or open. */
  storefront_url: z.string(),
});
export type Checklist = z.infer<typeof checklistSchema>;

/** POST /api/dashboard/checklist/link-shared: the organiser copied or opened the storefront link. */
export const linkSharedInputSchema = z.strictObject({ via: z.enum(['copied', 'opened']) });
export type LinkSharedInput = z.infer<typeof linkSharedInputSchema>;

/** POST /api/events/publish-drafts: each waiting draft published, or why not. */
export const publishDraftsResultSchema = z.object({
  published: z.array(z.object({ id: z.string(), name: z.string() })),
  not_published: z.array(z.object({ id: z.string(), name: z.string(), message: z.string() })),
});
export type PublishDraftsResult = z.infer<typeof publishDraftsResultSchema>;

export const PUBLISH_DRAFTS_TEXTS = {
  offer: (count: number) =>
    `${count === 1 ? 'One draft is' : `${count} drafts are`} ready to publish now that payouts are enabled.`,
  /** A draft that is not offered: what publishing it still needs follows, one line each. */
  incomplete: (name: string) => `${name || 'Untitled event'} is not ready to publish yet. It needs:`,
  finish: (name: string) => `Finish ${name || 'Untitled event'}`,
  button: (count: number) => (count === 1 ? 'Publish draft' : `Publish ${count} drafts`),
  published: (count: number) => `${count === 1 ? 'One event was' : `${count} events were`} published.`,
  notPublished: (name: string, message: string) => `${name || 'Untitled event'} was not published: ${message}`,
} as const;

/** The event wizard's step 1 notice while payouts are not enabled. */
export const DRAFT_NOTICE =
  'Payouts are not enabled yet, so this event will be saved as a draft. Enable payouts in Billing to publish it.';
/** The same notice once the wizard's 'Free event' is on: a free event is published without payouts (decision 124). */
export const FREE_EVENT_NOTICE = 'This event is free, so it can be published without payouts.';
