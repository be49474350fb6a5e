// The getting-started checklist and publishing the drafts that waited for payouts (decision 028). Every item
// is worked out from the organisation's own rows on each request, so it can never disagree with the data; which
// drafts are ready, and what the others lack, comes from the publish check itself (publishProblems).
import { and, asc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Checklist, LinkSharedInput, PublishDraftsResult } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { event, eventStatusChange, organizationSettings, pageViewDaily } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import {
  publishEvent,
  publishProblems,
  storefrontOrigin,
  type Actor,
  type AssertCanSell,
  type EventsContext,
} from '../events/events.service.js';
import { canAcceptPayments } from '../payments/payments.service.js';

/** A draft is waiting to be published while it has not ended (no end yet counts as not ended). */
const waitingDraft = (organizationId: string, now: Date) =>
  and(
    eq(event.organizationId, organizationId),
    eq(event.status, 'draft'),
    or(isNull(event.endsAt), gte(event.endsAt, now)),
  );

/** At most this many drafts are read and published by one request (each is a full publish with its own checks). */
export const PUBLISH_DRAFTS_LIMIT = 50;

/**
 * The drafts that have not ended (oldest first, at most PUBLISH_DRAFTS_LIMIT), split by what publishing needs:
 * ready ones (nothing missing) and the others with their missing parts, from the publish check's own rules.
 */
async function waitingDrafts(db: Database, organizationId: string, now: Date) {
  const rows = await db
    .select()
    .from(event)
    .where(waitingDraft(organizationId, now))
    .orderBy(asc(event.createdAt), asc(event.id))
    .limit(PUBLISH_DRAFTS_LIMIT);
  const problems = await publishProblems(db, organizationId, rows);
  const ready = rows.filter((row) => (problems.get(row.id) ?? []).length === 0);
  const incomplete = rows
    .filter((row) => (problems.get(row.id) ?? []).length > 0)
    .map((row) => ({ id: row.id, name: row.name, missing: problems.get(row.id)!.map((field) => field.message) }));
  return { ready: ready.map((row) => ({ id: row.id, name: row.name })), incomplete };
}

export async function getChecklist(db: Database, organizationId: string, context: EventsContext): Promise<Checklist> {
  const now = new Date();
  const [payouts, [counts], drafts, [settings], [views], origin, [everLive]] = await Promise.all([
    canAcceptPayments(db, organizationId),
    db
      .select({
        events: sql<number>`count(*)::int`,
        // Live now, or archived (archived events were live).
        published: sql<number>`(count(*) filter (where ${inArray(event.status, ['live', 'archived'])}))::int`,
      })
      .from(event)
      .where(eq(event.organizationId, organizationId)),
    waitingDrafts(db, organizationId, now),
    db
      .select({ sharedAt: organizationSettings.storefrontLinkSharedAt })
      .from(organizationSettings)
      .where(eq(organizationSettings.organizationId, organizationId))
      .limit(1),
    db
      .select({ any: sql<number>`1` })
      .from(pageViewDaily)
      .where(eq(pageViewDaily.organizationId, organizationId))
      .limit(1),
    storefrontOrigin(db, organizationId, context),
    // Published once and since unpublished (or cancelled): the status history keeps every publish.
    db
      .select({ any: sql<number>`1` })
      .from(eventStatusChange)
      .where(and(eq(eventStatusChange.organizationId, organizationId), eq(eventStatusChange.toStatus, 'live')))
      .limit(1),
  ]);
  const items = {
    payouts,
    first_event: Number(counts?.events ?? 0) > 0,
    publish: Number(counts?.published ?? 0) > 0 || everLive !== undefined,
    // Copied or opened from the dashboard, or anyone has visited the storefront.
    share: Boolean(settings?.sharedAt) || views !== undefined,
  };
  return {
    items,
    all_done: Object.values(items).every(Boolean),
    waiting_drafts: drafts.ready.length,
    incomplete_drafts: drafts.incomplete,
    storefront_url: origin ?? '',
  };
}

/** Records the first time the organiser copied or opened the storefront link (later ones keep the first). */
export async function recordLinkShared(
  db: Database,
  organizationId: string,
  _input: LinkSharedInput,
  context: EventsContext,
): Promise<Checklist> {
  await db
    .update(organizationSettings)
    .set({ storefrontLinkSharedAt: new Date() })
    .where(
      and(eq(organizationSettings.organizationId, organizationId), isNull(organizationSettings.storefrontLinkSharedAt)),
    );
  return getChecklist(db, organizationId, context);
}

/**
 * Publishes every waiting draft that is ready, oldest first, each through the normal publish (completeness checks,
 * payouts check, status history). Drafts that still lack something are not tried: the checklist lists them with
 * what they need. One that fails all the same (changed meanwhile) stays a draft and is reported with the reason.
 */
export async function publishWaitingDrafts(
  db: Database,
  actor: Actor,
  deps: { assertCanSell: AssertCanSell },
  context: EventsContext,
): Promise<PublishDraftsResult> {
  // Refuse the whole request (409 PAYOUTS_NOT_ENABLED) rather than report the same reason for every draft.
  await deps.assertCanSell(db, actor.organizationId);
  const { ready } = await waitingDrafts(db, actor.organizationId, new Date());
  const result: PublishDraftsResult = { published: [], not_published: [] };
  for (const draft of ready) {
    try {
      await publishEvent(db, actor, draft.id, deps, context);
      result.published.push(draft);
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      // e.g. 'The event is not ready to publish: ...' with each missing field.
      result.not_published.push({ ...draft, message: error.message });
    }
  }
  return result;
}
