// Tracking links of the caller's organisation (decision 156): create, list, rename and archive. Every query is
// scoped by organisation; a link's event must be one of the organisation's (else 404), its code unique in it.
import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { type z } from 'zod';
import {
  TRACKING_LINK_MESSAGES,
  type trackingLinkInputSchema,
  trackingLinkUrl,
  type TrackingLink,
  type trackingLinkUpdateSchema,
} from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { event, trackingLink } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { isUniqueViolation } from '../../db/errors.js';
import { storefrontOrigin, type EventsContext } from '../events/events.service.js';

type LinkInput = z.output<typeof trackingLinkInputSchema>;
type LinkUpdate = z.output<typeof trackingLinkUpdateSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** 8 characters of an alphabet without look-alikes (about 40 bits). */
export function newTrackingCode(): string {
  return [...randomBytes(8)].map((byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');
}

const linkColumns = {
  id: trackingLink.id,
  name: trackingLink.name,
  kind: trackingLink.kind,
  code: trackingLink.code,
  eventId: trackingLink.eventId,
  eventName: event.name,
  eventSlug: event.slug,
  utmSource: trackingLink.utmSource,
  utmMedium: trackingLink.utmMedium,
  utmCampaign: trackingLink.utmCampaign,
  utmContent: trackingLink.utmContent,
  utmTerm: trackingLink.utmTerm,
  createdAt: trackingLink.createdAt,
  archivedAt: trackingLink.archivedAt,
};

export type LinkRow = {
  id: string;
  name: string;
  kind: 'promoter' | 'campaign';
  code: string;
  eventId: string | null;
  eventName: string | null;
  eventSlug: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmContent: string | null;
  utmTerm: string | null;
  createdAt: Date;
  archivedAt: Date | null;
};

export function toLinkDto(row: LinkRow, origin: string): TrackingLink {
  const utm = {
    utm_source: row.utmSource,
    utm_medium: row.utmMedium,
    utm_campaign: row.utmCampaign,
    utm_content: row.utmContent,
    utm_term: row.utmTerm,
  };
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    code: row.code,
    event_id: row.eventId,
    event_name: row.eventName,
    ...utm,
    url: trackingLinkUrl(origin, { code: row.code, event_slug: row.eventSlug, ...utm }),
    created_at: row.createdAt.toISOString(),
    archived_at: row.archivedAt?.toISOString() ?? null,
  };
}

export async function originFor(db: Database, organizationId: string, context: EventsContext) {
  return (await storefrontOrigin(db, organizationId, context)) ?? context.appUrl;
}

/** The organisation's links (archived ones too when asked), newest first. */
export async function linkRows(db: Database, organizationId: string, includeArchived: boolean): Promise<LinkRow[]> {
  return db
    .select(linkColumns)
    .from(trackingLink)
    .leftJoin(event, and(eq(event.id, trackingLink.eventId), eq(event.organizationId, organizationId)))
    .where(
      and(
        eq(trackingLink.organizationId, organizationId),
        includeArchived ? undefined : isNull(trackingLink.archivedAt),
      ),
    )
    .orderBy(desc(trackingLink.createdAt), desc(trackingLink.id));
}

async function linkRow(db: Database, organizationId: string, id: string): Promise<LinkRow> {
  if (!UUID.test(id)) throw new AppError('NOT_FOUND', 'Tracking link not found');
  const [row] = await db
    .select(linkColumns)
    .from(trackingLink)
    .leftJoin(event, and(eq(event.id, trackingLink.eventId), eq(event.organizationId, organizationId)))
    .where(and(eq(trackingLink.organizationId, organizationId), eq(trackingLink.id, id.toLowerCase())))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Tracking link not found');
  return row;
}

async function ownEvent(db: Database, organizationId: string, eventId: string | null): Promise<string | null> {
  if (eventId === null || eventId === '') return null;
  if (UUID.test(eventId)) {
    const [row] = await db
      .select({ id: event.id })
      .from(event)
      .where(and(eq(event.organizationId, organizationId), eq(event.id, eventId.toLowerCase())))
      .limit(1);
    if (row) return row.id;
  }
  throw new AppError('NOT_FOUND', TRACKING_LINK_MESSAGES.eventNotFound);
}

const codeTaken = () =>
  new AppError('CONFLICT', TRACKING_LINK_MESSAGES.codeTaken, [
    { path: 'code', message: TRACKING_LINK_MESSAGES.codeTaken },
  ]);

export async function createLink(db: Database, organizationId: string, input: LinkInput): Promise<LinkRow> {
  const eventId = await ownEvent(db, organizationId, input.event_id);
  // A made code is tried again on the (very unlikely) clash; a typed one is the organiser's to change.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const code = input.code ?? newTrackingCode();
    try {
      const [created] = await db
        .insert(trackingLink)
        .values({
          organizationId,
          eventId,
          name: input.name,
          kind: input.kind,
          code,
          utmSource: input.utm_source,
          utmMedium: input.utm_medium,
          utmCampaign: input.utm_campaign,
          utmContent: input.utm_content,
          utmTerm: input.utm_term,
        })
        .returning({ id: trackingLink.id });
      return linkRow(db, organizationId, created!.id);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (input.code) throw codeTaken();
    }
  }
  throw codeTaken();
}

export async function updateLink(
  db: Database,
  organizationId: string,
  id: string,
  input: LinkUpdate,
): Promise<LinkRow> {
  const current = await linkRow(db, organizationId, id);
  const set: Partial<typeof trackingLink.$inferInsert> = {};
  if (input.name !== undefined) set.name = input.name;
  if (input.archived !== undefined) set.archivedAt = input.archived ? (current.archivedAt ?? new Date()) : null;
  if (Object.keys(set).length > 0)
    await db
      .update(trackingLink)
      .set(set)
      .where(and(eq(trackingLink.organizationId, organizationId), eq(trackingLink.id, current.id)));
  return linkRow(db, organizationId, current.id);
}
