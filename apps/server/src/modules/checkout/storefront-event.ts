// What the storefront needs of one live event to sell it: the event's facts and each visible ticket type with
// its price, booking fee and what is left (expired holds are released first, so availability is current).
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  feeModeOf,
  unitPrice,
  type FeeMode,
  type VatSetting,
  type LineVat,
  type VatCategory,
  lineVatOf,
  chargedPrice,
  effectiveWindow,
  instantToLocal,
  eventSalesState,
  windowState,
  type CurrencyCode,
  type Question,
  type SalesWindow,
  type TicketNameMode,
} from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { sharedRead } from '../../db/shared-read.js';
import { event, organizationSettings, ticketType } from '../../db/schema/index.js';
import { toPublicEvent, type PublicEvent } from '../events/events.public.js';
import { generalOf } from '../events/events.rows.js';
import { releaseExpiredHolds, type LineQuantity } from '../stock/stock.js';
import type { Tx } from '../../db/tx.js';
import { reducedRatesOf } from '../vat/vat.service.js';
import type { QuotaCounters } from '../quotas/quota-counters.js';
import type { CheckoutQuestions } from '../questions/checkout-answers.js';

export type EventRow = typeof event.$inferSelect;
export type TicketTypeRow = typeof ticketType.$inferSelect;

export interface SellableTicketType {
  id: string;
  name: string;
  description: string;
  /** The price, or a pay-what-you-want type's suggested price (the amount field's default). */
  priceMinor: number;
  /** The booking fee the fan pays on top of the price (0 when the organiser absorbs it, decision 135). */
  feeMinor: number;
  /** What the fan pays for one: the headline price (decision 135). */
  allInMinor: number;
  feeMode: FeeMode;
  /** The VAT inside the price: its category and rate from lineVatOf() (decisions 138, 139). */
  vat: LineVat;
  /** Pay what you want (decision 133): the least the fan may choose (0 = any amount); null = a fixed price. */
  minimumMinor: number | null;
  currency: CurrencyCode;
  /** Tickets left for this type, counting the venue limit; null = unlimited. */
  remaining: number | null;
  maxPerOrder: number;
  /** Whether the type's sales window (inside the event's) is open now, not yet open or over. */
  sale: 'before' | 'open' | 'after';
  /** When the type's window opens (null = no start). */
  salesStartAt: Date | null;
  /** A hidden type shown because an access code unlocked it. */
  unlocked: boolean;
}

/** An add-on as the event page offers it (decision 134). */
export interface SellableAddOn {
  id: string;
  name: string;
  description: string;
  priceMinor: number;
  /** As a ticket type's: the fan's booking fee and the all-in price. */
  feeMinor: number;
  allInMinor: number;
  feeMode: FeeMode;
  vat: LineVat;
  currency: CurrencyCode;
  /** Left to sell; null = no stock limit. */
  remaining: number | null;
  maxPerOrder: number;
}
type AddOnJson = {
  id: string;
  name: string;
  description: string;
  price_minor: number | string;
  capacity: number | null;
  sold: number;
  held: number;
  max_per_order: number;
  vat_category: VatCategory;
};

export interface StorefrontEvent {
  row: EventRow;
  /** The event's shared quotas: a type shows what the fullest of its quotas leaves. */
  quotas: QuotaCounters[];
  /** The event as every public page shows it. */
  event: PublicEvent;
  types: SellableTicketType[];
  startLocal: string;
  endLocal: string;
  lastEntryLocal: string;
  /** Why the event cannot be bought now, or null when it can. */
  closedReason: 'ended' | 'cancelled' | null;
  /** Sales as a whole: some shown type on sale now, none yet (but one will be), or all closed. */
  salesState: 'before' | 'open' | 'after';
  /** While nothing is on sale yet, when the first shown type opens (a waiting room keys off this); else null. */
  salesOpensAt: Date | null;
  /** Places are owed to the waiting list or to resale listings: the hold checks the gate again (decision 035). */
  keepOwed: boolean;
  /** Some pending hold of the event had run out when this was read (`releaseExpiredHolds` frees it). */
  expiredHolds: boolean;
  /** Dates in a series (decision 132): the series' live dates that have not ended, this one too; [] = single. */
  dates: SeriesDate[];
  /** The checkout's questions and name-on-ticket setting (decision 130). */
  asked: CheckoutQuestions;
  /** The event's add-ons, in the organiser's order (decision 134). */
  addOns: SellableAddOn[];
  /** The organiser's VAT registration as it stands (decision 138); null: not registered. */
  vat: VatSetting | null;
}

/** One date of a series as the event page offers it. */
export interface SeriesDate {
  id: string;
  slug: string;
  startLocal: string;
  /** Nothing left: the venue is full or every shown type is. */
  soldOut: boolean;
}
type SeriesDateRow = { id: string; slug: string; starts_at: string | null; time_zone: string; sold_out: boolean };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Tickets left for a type: the least its own capacity, the venue's and each of its shared quotas leave. */
export function remainingFor(type: TicketTypeRow, row: EventRow, quotas: readonly QuotaCounters[]): number | null {
  const limits = [type, row, ...quotas.filter((quota) => type.quotaIds.includes(quota.id))].flatMap((counters) =>
    counters.capacity === null ? [] : [Math.max(0, counters.capacity - counters.sold - counters.held)],
  );
  return limits.length === 0 ? null : Math.min(...limits);
}

export const eventWindow = (row: EventRow): SalesWindow => ({ startAt: row.salesStartAt, endAt: row.salesEndAt });
const typeWindow = (row: EventRow, type: TicketTypeRow): SalesWindow =>
  effectiveWindow(eventWindow(row), { startAt: type.salesStartAt, endAt: type.salesEndAt });

/**
 * A sellable's price fields at a VAT-inclusive face value: what the fan pays on top, the all-in price, who pays the
 * fee, the VAT rate.
 */
export function sellablePrice(
  priceMinor: number,
  currency: CurrencyCode,
  feeMode: FeeMode,
  vat: LineVat,
): { feeMinor: number; allInMinor: number; feeMode: FeeMode; vat: LineVat } {
  const price = unitPrice(priceMinor, currency, feeMode, vat);
  return { feeMinor: price.fanFeeMinor, allInMinor: price.allInMinor, feeMode, vat };
}

export function toSellable(
  type: TicketTypeRow,
  row: EventRow,
  quotas: readonly QuotaCounters[],
  now: Date,
  vat: VatSetting | null,
): SellableTicketType {
  const priceMinor = chargedPrice(type.priceMinor ?? 0, vat, type.vatCategory);
  const window = typeWindow(row, type);
  const currency = type.currency as CurrencyCode;
  return {
    id: type.id,
    name: type.name,
    description: type.description,
    priceMinor,
    ...sellablePrice(priceMinor, currency, feeModeOf(row.absorbFee), lineVatOf(vat, type.vatCategory)),
    minimumMinor: type.minPriceMinor === null ? null : chargedPrice(type.minPriceMinor, vat, type.vatCategory),
    currency,
    remaining: remainingFor(type, row, quotas),
    maxPerOrder: type.maxPerOrder,
    sale: windowState(window, now),
    salesStartAt: window.startAt,
    unlocked: type.hidden,
  };
}

/** The event's currency: its first type's (an event without types sells no add-ons). */
const currencyOf = (types: TicketTypeRow[]) => (generalOf(types)?.currency ?? 'GBP') as CurrencyCode;

function toSellableAddOn(
  entry: AddOnJson,
  currency: CurrencyCode,
  feeMode: FeeMode,
  vat: VatSetting | null,
): SellableAddOn {
  const category = entry.vat_category ?? 'standard';
  const priceMinor = chargedPrice(Number(entry.price_minor), vat, category);
  return {
    id: entry.id,
    name: entry.name,
    description: entry.description,
    priceMinor,
    ...sellablePrice(priceMinor, currency, feeMode, lineVatOf(vat, category)),
    currency,
    remaining: entry.capacity === null ? null : Math.max(0, entry.capacity - entry.sold - entry.held),
    maxPerOrder: entry.max_per_order,
  };
}

/**
 * Places the public checkout must leave alone (decision 035): places that came back while fans wait on the
 * waiting list are theirs (the waiting-list run offers them), and a venue place given back by a resale listing
 * is for a buyer of the listed type only.
 * - `closedTypes`: types the line waits for (every type when someone waits for 'any ticket'): sold out to the public.
 * - `venueOwed`: per type, venue places owed to others: the line's wants of the other types (as far as those
 *   types have places of their own) and the other types' open listings.
 */
interface OwedPlaces {
  closedTypes: Set<string> | 'all';
  venueFree: number | null;
  venueOwed: Map<string, number>;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export type OwedEntry = { kind: string; ticket_type_id: string | null; quantity: number };

// One probe of the two partial indexes; nothing more while nobody waits and nothing is listed.
export const owedEntries = (eventId: unknown) => sql`
  select 'waiting' as kind, ticket_type_id, sum(quantity)::int as quantity from waitlist_entry
    where event_id = ${eventId} and status = 'waiting' group by ticket_type_id
  union all
  select 'listed', ticket_type_id, count(*)::int from resale_listing
    where event_id = ${eventId} and status = 'listed' group by ticket_type_id`;

async function owedPlaces(db: Database | Tx, row: EventRow, types: TicketTypeRow[]): Promise<OwedPlaces | null> {
  return owedFrom(rowsOf<OwedEntry>(await db.execute(owedEntries(row.id))), row, types);
}

function owedFrom(found: OwedEntry[], row: EventRow, types: TicketTypeRow[]): OwedPlaces | null {
  if (found.length === 0) return null;
  const waiting = found.filter((entry) => entry.kind === 'waiting');
  const closedTypes: OwedPlaces['closedTypes'] = waiting.some((entry) => entry.ticket_type_id === null)
    ? 'all'
    : new Set(waiting.map((entry) => entry.ticket_type_id!));
  const venueFree = row.capacity === null ? null : Math.max(0, row.capacity - row.sold - row.held);
  const venueOwed = new Map<string, number>();
  if (venueFree !== null) {
    const ownRoom = (typeId: string | null) => {
      const type = types.find((candidate) => candidate.id === typeId);
      if (!type) return 0;
      return type.capacity === null ? Infinity : Math.max(0, type.capacity - type.sold - type.held);
    };
    const byType = new Map<string, number>();
    for (const entry of found) {
      if (!entry.ticket_type_id) continue;
      const owed =
        entry.kind === 'listed'
          ? Number(entry.quantity)
          : Math.min(Number(entry.quantity), ownRoom(entry.ticket_type_id));
      byType.set(entry.ticket_type_id, (byType.get(entry.ticket_type_id) ?? 0) + owed);
    }
    const total = [...byType.values()].reduce((sum, value) => sum + value, 0);
    for (const type of types) venueOwed.set(type.id, total - (byType.get(type.id) ?? 0));
  }
  return { closedTypes, venueFree, venueOwed };
}

/** What the public checkout may take of a type, after the places owed to the line and to listings. */
function publicRemaining(type: SellableTicketType, owed: OwedPlaces | null): SellableTicketType {
  if (!owed) return type;
  if (owed.closedTypes === 'all' || owed.closedTypes.has(type.id)) return { ...type, remaining: 0 };
  if (owed.venueFree === null) return type;
  const left = Math.max(0, owed.venueFree - (owed.venueOwed.get(type.id) ?? 0));
  return { ...type, remaining: type.remaining === null ? left : Math.min(type.remaining, left) };
}

/**
 * Whether the public gate keeps these tickets from a buyer although the counters have room for them: places
 * owed to the waiting list or to another type's listing (the rule `loadStorefrontEvent` applies to the public
 * checkout). Read from `row` and `types` as given; a late payment passes them locked (decision 035). Lines the
 * counters cannot fit anyway are not the gate's to refuse.
 */
export async function owedToOthers(
  db: Database | Tx,
  row: EventRow,
  types: TicketTypeRow[],
  quotas: readonly QuotaCounters[],
  lines: LineQuantity[],
): Promise<boolean> {
  const owed = await owedPlaces(db, row, types);
  if (!owed) return false;
  const wanted = new Map<string, number>();
  for (const line of lines) wanted.set(line.ticketTypeId, (wanted.get(line.ticketTypeId) ?? 0) + line.quantity);
  return [...wanted].some(([typeId, quantity]) => {
    const type = types.find((candidate) => candidate.id === typeId);
    if (!type) return false;
    // Places only: prices do not matter here.
    const sellable = toSellable(type, row, quotas, new Date(), null);
    const fits = sellable.remaining === null || quantity <= sellable.remaining;
    const left = publicRemaining(sellable, owed).remaining;
    return fits && left !== null && quantity > left;
  });
}

/**
 * A live (or cancelled) event of this organisation with its visible ticket types, or null (drafts and others'
 * events are 404).
 * One query for the event and its types, which also says whether a hold has run out; if one has, expired holds
 * are released and the event read again, unless `releaseExpired` is false (the checkout's hold does that itself,
 * only when tickets seem to have run out).
 */
export async function loadStorefrontEvent(
  db: Database,
  organizationId: string,
  eventId: string,
  now = new Date(),
  options: { releaseExpired?: boolean; unlockedTypeIds?: readonly string[] } = {},
): Promise<StorefrontEvent | null> {
  if (!UUID.test(eventId)) return null;
  const read = () => readStorefrontEvent(db, { organizationId }, { eventId }, now, options);
  const found = await read();
  // The read itself says whether a hold has run out, so the common case (none) costs no second statement.
  if (!found?.expiredHolds || options.releaseExpired === false) return found;
  await releaseExpiredHolds(db, { eventId, now });
  return read();
}

/**
 * The same by the address a page posts to: the event's id, or one of its slugs (current or old), in the one
 * statement (the checkout's hold reads its event this way, one round trip instead of two), of the organisation
 * with this id or of the one a storefront host stands for (the checkout reads it so, beside the host's lookup,
 * instead of after it). Expired holds are not released here.
 */
export async function loadStorefrontEventByRef(
  db: Database,
  owner: string | StorefrontHost,
  ref: string,
  now = new Date(),
): Promise<StorefrontEvent | null> {
  if (ref.length > 200) return null;
  const address = UUID.test(ref) ? { eventId: ref } : { ref };
  return readStorefrontEvent(
    db,
    typeof owner === 'string' ? { organizationId: owner } : { host: owner },
    address,
    now,
    {},
  );
}

// The event with its types, read by id or by a slug the page was addressed by; every event page and every
// checkout runs one of them, so both are prepared (decision 038). `owner` is the organisation: its id, or (for the
// checkout, which reads beside the host's lookup) the organisation that the host stands for, as that lookup finds it.
const storefrontEventQuery = (name: string, eventId: (owner: SQL) => SQL, owner: SQL) =>
  preparedQuery(name, (db, statement) =>
    db
      .select({
        event,
        type: ticketType,
        owed: sql<OwedEntry[] | null>`(select json_agg(o) from (${owedEntries(eventId(owner))}) o)`,
        // The probe `releaseExpiredHolds` makes first (the partial pending-hold index), riding along.
        expired: sql<boolean>`exists (select 1 from "order" where status = 'pending' and event_id = ${eventId(owner)}
          and hold_expires_at < ${sql.placeholder('now')}::timestamptz)`,
        // The series' other dates ride along too (nothing is read for a single event). Like the parts below, it
        // names the event by the statement's parameters, not the joined row, so it runs once, not once per type.
        dates: sql<SeriesDateRow[] | null>`(
          select json_agg(d order by d.starts_at, d.id) from (
            select s.id, s.slug, s.starts_at, s.time_zone,
              (s.capacity is not null and s.sold + s.held >= s.capacity) or not exists (
                select 1 from ticket_type t where t.event_id = s.id and not t.hidden and t.price_minor is not null
                  and (t.capacity is null or t.sold + t.held < t.capacity)) as sold_out
            from event e join event s on s.organization_id = e.organization_id and s.series_id = e.series_id
            where e.id = ${eventId(owner)} and e.organization_id = ${owner}
              and s.status = 'live' and (s.ends_at is null or s.ends_at > ${sql.placeholder('now')}::timestamptz)
          ) d)`,
        // The checkout's questions and name-on-ticket setting (decision 130).
        asked: sql<{ ticketNames: TicketNameMode | null; questions: Question[] | null }>`json_build_object(
          'ticketNames', (select a.ticket_names from event_attendee_settings a
            where a.event_id = ${eventId(owner)} and a.organization_id = ${owner}),
          'questions', (select json_agg(json_build_object('id', q.id, 'label', q.label, 'kind', q.kind,
              'options', q.options, 'required', q.required, 'scope', q.scope, 'ticket_type_ids', q.ticket_type_ids,
              'position', q.position) order by q.position, q.created_at)
            from event_question q where q.event_id = ${eventId(owner)} and q.organization_id = ${owner}))`,
        // The event's add-ons (none: null), in the organiser's order (decision 134).
        addOns: sql<AddOnJson[] | null>`(select json_agg(json_build_object('id', a.id, 'name', a.name,
          'description', a.description, 'price_minor', a.price_minor, 'capacity', a.capacity, 'sold', a.sold,
          'held', a.held, 'max_per_order', a.max_per_order, 'vat_category', a.vat_category) order by a.sort, a.created_at, a.id) from add_on a
          where a.event_id = ${eventId(owner)} and a.organization_id = ${owner})`,
        // The organiser's VAT registration (not registered: null), decision 138.
        vat: sql<{
          rate_bp: number;
          reduced_rate_bp: number | null;
          second_reduced_rate_bp: number | null;
          inclusive: boolean;
        } | null>`(select json_build_object('rate_bp', t.rate_bp, 'reduced_rate_bp', t.reduced_rate_bp,
          'second_reduced_rate_bp', t.second_reduced_rate_bp, 'inclusive', t.prices_include_vat) from organization_tax t where t.organization_id = ${owner} and t.registered)`,
        // The event's shared quotas (none: null), read once for the statement.
        quotas: sql<QuotaCounters[] | null>`(select json_agg(json_build_object('id', q.id, 'name', q.name,
          'capacity', q.capacity, 'sold', q.sold, 'held', q.held)) from ticket_quota q
          where q.event_id = ${eventId(owner)} and q.organization_id = ${owner})`,
      })
      .from(event)
      .leftJoin(ticketType, and(eq(ticketType.eventId, event.id), eq(ticketType.organizationId, owner)))
      .where(and(eq(event.id, eventId(owner)), eq(event.organizationId, owner)))
      .orderBy(asc(ticketType.sort), asc(ticketType.createdAt))
      .prepare(statement),
  );
const byId = () => sql`${sql.placeholder('eventId')}::uuid`;
const bySlug = (owner: SQL) =>
  sql`(select event_id from event_slug where organization_id = ${owner} and slug = ${sql.placeholder('ref')})`;
const ownerId = sql`${sql.placeholder('organizationId')}`;
// The host's organisation as findStorefrontOrganization reads it (both columns have unique indexes).
const ownerOfSubdomain = sql`(select ${organizationSettings.organizationId} from ${organizationSettings}
  where lower(${organizationSettings.subdomain}) = ${sql.placeholder('host')})`;
const ownerOfDomain = sql`(select ${organizationSettings.organizationId} from ${organizationSettings}
  where lower(${organizationSettings.customDomain}) = ${sql.placeholder('host')} and ${organizationSettings.customDomainVerified})`;
const eventQueries = {
  id: {
    id: storefrontEventQuery('storefront_event_by_id', byId, ownerId),
    ref: storefrontEventQuery('storefront_event_by_slug', bySlug, ownerId),
  },
  subdomain: {
    id: storefrontEventQuery('storefront_event_by_id_on_subdomain', byId, ownerOfSubdomain),
    ref: storefrontEventQuery('storefront_event_by_slug_on_subdomain', bySlug, ownerOfSubdomain),
  },
  custom: {
    id: storefrontEventQuery('storefront_event_by_id_on_domain', byId, ownerOfDomain),
    ref: storefrontEventQuery('storefront_event_by_slug_on_domain', bySlug, ownerOfDomain),
  },
};

/** A storefront's host: an organisation's subdomain or its custom domain. */
export type StorefrontHost = { kind: 'subdomain'; subdomain: string } | { kind: 'custom'; domain: string };
/** Whose event: the organisation's id, or the organisation a storefront host stands for. */
type Owner = { organizationId: string } | { host: StorefrontHost };
type EventReadArgs = { owner: Owner; now: Date } & ({ eventId: string } | { ref: string });

const ownerKey = (owner: Owner) =>
  'organizationId' in owner
    ? owner.organizationId
    : owner.host.kind === 'subdomain'
      ? `s:${owner.host.subdomain}`
      : `d:${owner.host.domain}`;

// A rush's requests for one event share its read; the expired-hold probe uses the latest caller's clock (a hold
// that ran out by then is released by whoever finds it, each with its own clock).
const sharedEventRead = sharedRead((db, waiting: readonly EventReadArgs[]) => {
  const latest = waiting.reduce((found, args) => (args.now > found.now ? args : found));
  const { owner } = latest;
  const queries =
    'organizationId' in owner
      ? eventQueries.id
      : owner.host.kind === 'subdomain'
        ? eventQueries.subdomain
        : eventQueries.custom;
  const values = {
    now: latest.now.toISOString(),
    ...('organizationId' in owner
      ? { organizationId: owner.organizationId }
      : { host: owner.host.kind === 'subdomain' ? owner.host.subdomain : owner.host.domain }),
  };
  return 'eventId' in latest
    ? queries.id(db, { ...values, eventId: latest.eventId })
    : queries.ref(db, { ...values, ref: latest.ref });
});

async function readStorefrontEvent(
  db: Database,
  owner: Owner,
  address: { eventId: string } | { ref: string },
  now: Date,
  options: { unlockedTypeIds?: readonly string[] },
): Promise<StorefrontEvent | null> {
  // The places owed to the waiting list and listings ride along as JSON: one statement for the whole read, shared
  // by the requests reading the same event at the same moment (decision 042).
  const joined =
    'eventId' in address
      ? await sharedEventRead(db, `${ownerKey(owner)}|id:${address.eventId}`, { owner, eventId: address.eventId, now })
      : await sharedEventRead(db, `${ownerKey(owner)}|ref:${address.ref}`, { owner, ref: address.ref, now });
  const row = joined[0]?.event;
  // A cancelled event keeps its page, which says so and sells nothing.
  if (!row || (row.status !== 'live' && row.status !== 'cancelled')) return null;
  const types = joined.flatMap((item) => (item.type ? [item.type] : []));
  const local = (instant: Date | null) => (instant ? instantToLocal(instant, row.timeZone) : '');
  const unlocked = new Set(options.unlockedTypeIds ?? []);
  const shown = types.filter((type) => (!type.hidden || unlocked.has(type.id)) && type.priceMinor !== null);
  const sales = eventSalesState(
    eventWindow(row),
    shown.map((type) => ({ startAt: type.salesStartAt, endAt: type.salesEndAt })),
    now,
  );
  const owed = owedFrom(joined[0]?.owed ?? [], row, types);
  const quotas = joined[0]?.quotas ?? [];
  const taxed = joined[0]?.vat;
  const vat: VatSetting | null = taxed
    ? {
        rateBp: Number(taxed.rate_bp),
        reducedBp: reducedRatesOf({
          reducedRateBp: taxed.reduced_rate_bp,
          secondReducedRateBp: taxed.second_reduced_rate_bp,
        }),
        inclusive: taxed.inclusive,
      }
    : null;
  return {
    row,
    quotas,
    vat,
    event: toPublicEvent(row, generalOf(types), vat),
    types: shown.map((type) => publicRemaining(toSellable(type, row, quotas, now, vat), owed)),
    salesState: sales.state,
    salesOpensAt: sales.opensAt,
    keepOwed: owed !== null,
    expiredHolds: joined[0]?.expired === true,
    asked: {
      ticketNames: joined[0]?.asked?.ticketNames ?? 'off',
      questions: joined[0]?.asked?.questions ?? [],
    },
    addOns: (joined[0]?.addOns ?? []).map((entry) =>
      toSellableAddOn(entry, currencyOf(types), feeModeOf(row.absorbFee), vat),
    ),
    dates: (joined[0]?.dates ?? []).map((date) => ({
      id: date.id,
      slug: date.slug,
      startLocal: date.starts_at ? instantToLocal(new Date(date.starts_at), date.time_zone) : '',
      soldOut: date.sold_out,
    })),
    startLocal: local(row.startsAt),
    endLocal: local(row.endsAt),
    lastEntryLocal: local(row.lastEntryAt),
    closedReason:
      row.status === 'cancelled' ? 'cancelled' : row.endsAt && row.endsAt.getTime() <= now.getTime() ? 'ended' : null,
  };
}
