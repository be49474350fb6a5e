// Event page addresses (decision 026): /events/{slug} made from the name, unique per organisation. Every slug an
// event has had stays in event_slug, so a link shared before a rename redirects to the current one; a slug once
// public is never given to another event. A draft that was never published keeps no history.
import { and, eq, like, ne, or } from 'drizzle-orm';
import { eventSlugBase, eventSlugCandidate, isEventId } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { event, eventSlug } from '../../db/schema/index.js';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type EventRow = typeof event.$inferSelect;

/**
 * Gives the event the first free slug for its name ('gig', 'gig-2', ...) and returns it. A slug the event
 * already had is reused. `keepOld` false (a never-published draft) forgets the event's other slugs.
 */
export async function assignEventSlug(
  tx: Database | Transaction,
  organizationId: string,
  eventId: string,
  name: string,
  keepOld: boolean,
): Promise<string> {
  const base = eventSlugBase(name);
  const taken = await tx
    .select({ slug: eventSlug.slug, eventId: eventSlug.eventId })
    .from(eventSlug)
    .where(
      and(
        eq(eventSlug.organizationId, organizationId),
        // Slugs hold only [a-z0-9-], so nothing in the pattern is a LIKE wildcard.
        or(eq(eventSlug.slug, base), like(eventSlug.slug, `${base.slice(0, 50)}%`)),
      ),
    );
  const owners = new Map(taken.map((row) => [row.slug, row.eventId]));
  for (let n = 1; n < 10_000; n++) {
    const candidate = eventSlugCandidate(base, n);
    const owner = owners.get(candidate);
    if (owner && owner !== eventId) continue;
    if (!owner) {
      // Another request may have claimed it since we looked: the primary key decides, and we try the next.
      const claimed = await tx
        .insert(eventSlug)
        .values({ organizationId, slug: candidate, eventId })
        .onConflictDoNothing()
        .returning({ slug: eventSlug.slug });
      if (claimed.length === 0) continue;
    }
    if (!keepOld) {
      await tx
        .delete(eventSlug)
        .where(
          and(
            eq(eventSlug.organizationId, organizationId),
            eq(eventSlug.eventId, eventId),
            ne(eventSlug.slug, candidate),
          ),
        );
    }
    await tx
      .update(event)
      .set({ slug: candidate })
      .where(and(eq(event.id, eventId), eq(event.organizationId, organizationId)));
    return candidate;
  }
  throw new Error('No free slug for this event');
}

export type EventAddress =
  /** The event's current address. */
  | { kind: 'current'; row: EventRow }
  /** An old slug or the event's id: redirect to the current slug. */
  | { kind: 'moved'; row: EventRow };

/**
 * What an /events/{ref} path of this organisation names: the event by its current slug, an old slug of it, or its
 * id (the addresses before slugs). Null when nothing of this organisation answers to it.
 */
export async function findEventByAddress(
  db: Database,
  organizationId: string,
  ref: string,
): Promise<EventAddress | null> {
  if (isEventId(ref)) {
    const [row] = await db
      .select()
      .from(event)
      .where(and(eq(event.id, ref), eq(event.organizationId, organizationId)))
      .limit(1);
    return row ? { kind: 'moved', row } : null;
  }
  const [found] = await db
    .select({ row: event })
    .from(eventSlug)
    .innerJoin(event, and(eq(event.id, eventSlug.eventId), eq(event.organizationId, organizationId)))
    .where(and(eq(eventSlug.organizationId, organizationId), eq(eventSlug.slug, ref)))
    .limit(1);
  if (!found) return null;
  return { kind: found.row.slug === ref ? 'current' : 'moved', row: found.row };
}
