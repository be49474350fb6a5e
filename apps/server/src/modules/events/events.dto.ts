// Events as the organiser's API returns them: each row with its ticket types (listed resale tickets counted as
// sold), its sales, the storefront link of a live event and the organisation's currency.
import { eq } from 'drizzle-orm';
import { instantToLocal, type CurrencyCode, type EventDto, type TicketTypeDto } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { organizationSettings } from '../../db/schema/index.js';
import { activeDomain } from '../../lib/storefront-host.js';
import { listedCounts, salesByEvent } from './events.figures.js';
import { generalOf, ticketTypesFor, type EventRow, type TicketTypeRow } from './events.rows.js';
import { stateFromRows } from './events.state.js';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface EventsContext {
  /** APP_URL, for the scheme of public event links */
  appUrl: string;
  /** PUBLIC_HOST, for {subdomain}.{PUBLIC_HOST} */
  publicHost: string;
}

export async function organizationCurrency(db: Database | Transaction, organizationId: string): Promise<CurrencyCode> {
  const [row] = await db
    .select({ currency: organizationSettings.defaultCurrency })
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, organizationId))
    .limit(1);
  return (row?.currency as CurrencyCode | undefined) ?? 'GBP';
}

/** `{scheme}://{active domain}` of the organisation's storefront. */
export async function storefrontOrigin(
  db: Database,
  organizationId: string,
  context: EventsContext,
): Promise<string | null> {
  const [settings] = await db
    .select({
      subdomain: organizationSettings.subdomain,
      customDomain: organizationSettings.customDomain,
      customDomainVerified: organizationSettings.customDomainVerified,
    })
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, organizationId))
    .limit(1);
  if (!settings) return null;
  return `${new URL(context.appUrl).protocol}//${activeDomain(settings, context.publicHost)}`;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toTicketTypeDto(type: TicketTypeRow, timeZone: string): TicketTypeDto {
  const local = (instant: Date | null) => (instant ? instantToLocal(instant, timeZone) : null);
  return {
    id: type.id,
    name: type.name,
    description: type.description,
    price_minor: type.priceMinor,
    minimum_price_minor: type.minPriceMinor,
    currency: type.currency as CurrencyCode,
    capacity: type.capacity,
    sold: type.sold,
    held: type.held,
    max_per_order: type.maxPerOrder,
    hidden: type.hidden,
    vat_category: type.vatCategory,
    sort: type.sort,
    sales_start_local: local(type.salesStartAt),
    sales_end_local: local(type.salesEndAt),
  };
}

function toDto(
  row: EventRow,
  types: TicketTypeRow[],
  sales: { tickets: number; revenueMinor: number } | undefined,
  origin: string | null,
  fallbackCurrency: CurrencyCode,
): EventDto {
  const state = stateFromRows(row, generalOf(types), fallbackCurrency);
  return {
    id: row.id,
    status: row.status,
    name: row.name,
    slug: row.slug,
    description: row.description,
    artwork_url: row.artworkUrl,
    location: row.location,
    start_local: state.startLocal,
    end_local: state.endLocal,
    last_entry_local: state.lastEntryLocal,
    time_zone: row.timeZone,
    starts_at: iso(row.startsAt),
    ends_at: iso(row.endsAt),
    last_entry_at: iso(row.lastEntryAt),
    lineup: row.lineup,
    minimum_age: row.minimumAge,
    terms_of_service: row.termsOfService,
    sold_on_entry: row.soldOnEntry,
    refunds_allowed: row.refundsAllowed,
    resale_allowed: row.resaleAllowed,
    remove_on_event_end: row.removeOnEventEnd,
    absorb_fee: row.absorbFee,
    currency: state.currency,
    price: state.price,
    free: state.free,
    capacity: state.capacity,
    ticket_types: types.map((type) => toTicketTypeDto(type, row.timeZone)),
    sold: row.sold,
    held: row.held,
    revenue_minor: sales?.revenueMinor ?? 0,
    // Only a live event has a page; drafts, archived and cancelled events answer 404 on the storefront.
    public_url: row.status === 'live' && origin ? `${origin}/events/${row.slug}` : null,
    published_at: iso(row.publishedAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Event rows -> DTOs with their ticket types, sales and links, in the order given. */
export async function toDtos(
  db: Database,
  organizationId: string,
  rows: EventRow[],
  context: EventsContext,
): Promise<EventDto[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [types, sales, origin, currency, listed] = await Promise.all([
    ticketTypesFor(db, organizationId, ids),
    salesByEvent(db, organizationId, ids),
    storefrontOrigin(db, organizationId, context),
    organizationCurrency(db, organizationId),
    listedCounts(db, ids),
  ]);
  // A ticket listed for resale still counts as sold until it is resold (decision 035).
  return rows.map((row) =>
    toDto(
      { ...row, sold: row.sold + (listed.byEvent.get(row.id) ?? 0) },
      (types.get(row.id) ?? []).map((type) => ({ ...type, sold: type.sold + (listed.byType.get(type.id) ?? 0) })),
      sales.get(row.id),
      origin,
      currency,
    ),
  );
}
