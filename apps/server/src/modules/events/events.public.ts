// What the storefront reads of events: the organisation's live events that have not ended, and one live event,
// as the fan sees them. Drafts, archived and cancelled events and other organisations' events are never public.
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  chargedPrice,
  feeModeOf,
  lineVatOf,
  type CurrencyCode,
  type FeeMode,
  type LineVat,
  type VatSetting,
} from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { event } from '../../db/schema/index.js';
import { isUpcomingSql } from './events.figures.js';
import { vatSettingOf } from '../vat/vat.service.js';
import { findEventRow, generalOf, localOf, ticketTypesFor, type EventRow, type TicketTypeRow } from './events.rows.js';

export interface PublicEvent {
  id: string;
  /** The page's address: /events/{slug}. */
  slug: string;
  name: string;
  description: string;
  artworkUrl: string;
  location: string;
  timeZone: string;
  startLocal: string;
  endLocal: string;
  lastEntryLocal: string;
  lineup: string[];
  minimumAge: number;
  termsOfService: string;
  priceMinor: number | null;
  /** The first type is pay what you want (decision 133): its minimum, `priceMinor` the suggested price; else null. */
  minimumPriceMinor: number | null;
  currency: CurrencyCode;
  /** Who pays the booking fee (decision 135): prices shown are all-in for the fan either way. */
  feeMode: FeeMode;
  /** The VAT inside the general type's price (decisions 138, 139): NO_VAT when the organiser is not registered. */
  vat: LineVat;
  soldOnEntry: boolean;
  refundsAllowed: boolean;
  resaleAllowed: boolean;
  /** The series the event is a date of (decision 132), or null. */
  seriesId: string | null;
}

/** The event as fans see it; prices as they are charged (VAT added when the organiser enters prices without it). */
export function toPublicEvent(row: EventRow, general: TicketTypeRow | undefined, vat: VatSetting | null): PublicEvent {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    artworkUrl: row.artworkUrl,
    location: row.location,
    timeZone: row.timeZone,
    startLocal: localOf(row.startsAt, row.timeZone),
    endLocal: localOf(row.endsAt, row.timeZone),
    lastEntryLocal: localOf(row.lastEntryAt, row.timeZone),
    lineup: row.lineup,
    minimumAge: row.minimumAge,
    termsOfService: row.termsOfService,
    priceMinor: general?.priceMinor == null ? null : chargedPrice(general.priceMinor, vat, general.vatCategory),
    minimumPriceMinor:
      general?.minPriceMinor == null ? null : chargedPrice(general.minPriceMinor, vat, general.vatCategory),
    vat: lineVatOf(vat, general?.vatCategory ?? 'standard'),
    currency: (general?.currency as CurrencyCode | undefined) ?? 'GBP',
    feeMode: feeModeOf(row.absorbFee),
    soldOnEntry: row.soldOnEntry,
    refundsAllowed: row.refundsAllowed,
    resaleAllowed: row.resaleAllowed,
    seriesId: row.seriesId,
  };
}

export const STOREFRONT_EVENTS_LIMIT = 50;

/** The storefront home's list: live events that have not ended, soonest first. */
export async function listPublicEvents(db: Database, organizationId: string, now = new Date()): Promise<PublicEvent[]> {
  const rows = await db
    .select()
    .from(event)
    .where(and(eq(event.organizationId, organizationId), eq(event.status, 'live'), isUpcomingSql(now)))
    .orderBy(sql`${event.startsAt} asc nulls last`, asc(event.createdAt))
    .limit(STOREFRONT_EVENTS_LIMIT);
  const [types, vat] = await Promise.all([
    ticketTypesFor(
      db,
      organizationId,
      rows.map((row) => row.id),
    ),
    vatSettingOf(db, organizationId),
  ]);
  return rows.map((row) => toPublicEvent(row, generalOf(types.get(row.id) ?? []), vat));
}

/** One live event of this organisation, or null (drafts, archived, cancelled and others' events are never public). */
const liveEventName = preparedQuery('public_event_name', (db, name) =>
  db
    .select({ name: event.name })
    .from(event)
    .where(
      and(
        eq(event.id, sql.placeholder('id')),
        eq(event.organizationId, sql.placeholder('organizationId')),
        eq(event.status, 'live'),
      ),
    )
    .limit(1)
    .prepare(name),
);

/** A live event's name (the Pay form's line items), or null. Prepared: every payment reads it (decision 038). */
export async function publicEventName(db: Database, organizationId: string, id: string): Promise<string | null> {
  const [row] = await liveEventName(db, { id, organizationId });
  return row?.name ?? null;
}

export async function findPublicEvent(db: Database, organizationId: string, id: string): Promise<PublicEvent | null> {
  const row = await findEventRow(db, organizationId, id);
  if (!row || row.status !== 'live') return null;
  const [types, vat] = await Promise.all([
    ticketTypesFor(db, organizationId, [row.id]),
    vatSettingOf(db, organizationId),
  ]);
  return toPublicEvent(row, generalOf(types.get(row.id) ?? []), vat);
}
