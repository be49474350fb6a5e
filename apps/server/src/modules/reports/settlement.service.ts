// Settlement reports (decision 136): an event's or a period's counted orders summed per event and currency in one
// SQL read, scoped by the organisation. Every figure is a sum of integer minor-unit columns of the orders, so the
// report equals the orders to the penny; the CSV and PDF only format these numbers. VAT refunded and the provider's
// fees (decision 141) are order columns too: the refunds and the provider-fee job keep them, never a document.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { SettlementFigures } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { event } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';

/** The statuses of an order that sold: paid, then perhaps refunded in part or in full. */
export const COUNTED_STATUSES = ['paid', 'partially_refunded', 'refunded'] as const;

export interface SettlementEvent {
  eventId: string;
  eventName: string;
  /** The event's start as an ISO instant; null for an event with no date yet. */
  startsAt: string | null;
  /** The start's day in the event's own time zone (YYYY-MM-DD). */
  localDay: string | null;
  timeZone: string;
}

export interface SettlementRow extends SettlementEvent {
  figures: SettlementFigures;
}

export interface EventSettlementResult extends SettlementEvent {
  currencies: SettlementFigures[];
}

export interface PeriodSettlementResult {
  from: string;
  to: string;
  events: SettlementRow[];
  totals: SettlementFigures[];
}

/** Figures whose every count and amount is zero, in `currency`. */
export function emptyFigures(currency: string): SettlementFigures {
  return {
    currency,
    orders: 0,
    tickets: 0,
    comp_orders: 0,
    comp_tickets: 0,
    door_orders: 0,
    gross_minor: 0,
    discount_minor: 0,
    sales_minor: 0,
    refunded_minor: 0,
    fan_fee_minor: 0,
    fan_fee_refunded_minor: 0,
    absorbed_fee_minor: 0,
    door_sales_minor: 0,
    door_refunded_minor: 0,
    door_net_minor: 0,
    provider_fee_minor: 0,
    platform_provider_fee_minor: 0,
    provider_payment_orders: 0,
    provider_fee_unreported_orders: 0,
    payout_minor: 0,
    vat_minor: 0,
    vat_refunded_minor: 0,
    vat_net_minor: 0,
  };
}

type Summed = Exclude<keyof SettlementFigures, 'currency'>;
const SUMMED: Summed[] = Object.keys(emptyFigures('GBP')).filter((key): key is Summed => key !== 'currency');

/** The figures worked out from the others rather than summed in SQL. */
const DERIVED = new Set<Summed>(['door_net_minor', 'payout_minor', 'vat_net_minor']);

/** Adds figures of one currency (a period's totals). */
export function addFigures(into: SettlementFigures, more: SettlementFigures): SettlementFigures {
  if (into.currency !== more.currency) throw new Error('Settlement figures of different currencies are never added');
  const sum = { ...into };
  for (const key of SUMMED) sum[key] = into[key] + more[key];
  return sum;
}

/** A database sum as an exact integer (sums of bigint come back as text). */
function exact(value: unknown): number {
  const number = Number(value ?? 0);
  if (!Number.isSafeInteger(number)) throw new Error(`Settlement sum is not a safe integer: ${String(value)}`);
  return number;
}

// Per order: face = what it sold for (after the promo); refunded face = min(refunded, face) because a refund gives
// back ticket and add-on prices first and the fan's booking fee only beyond them (an event cancellation, decision
// 025; ordinary refunds keep the fee, decision 032). The absorbed fee is never refunded (decision 135).
const FACE_REFUNDED = sql.raw('least(o.refunded_minor, o.amount_minor)');

async function readRows(db: Database, organizationId: string, where: SQL): Promise<SettlementRow[]> {
  const result = await db.execute(sql`
    select o.event_id, e.name, e.time_zone, o.currency,
      to_char(e.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as starts_at,
      to_char(e.starts_at at time zone e.time_zone, 'YYYY-MM-DD') as local_day,
      count(*) as orders,
      sum(o.quantity) as tickets,
      count(*) filter (where o.channel = 'comp') as comp_orders,
      coalesce(sum(o.quantity) filter (where o.channel = 'comp'), 0) as comp_tickets,
      count(*) filter (where o.channel = 'door') as door_orders,
      sum(o.amount_minor + o.discount_minor) as gross_minor,
      sum(o.discount_minor) as discount_minor,
      sum(o.amount_minor) as sales_minor,
      sum(${FACE_REFUNDED}) as refunded_minor,
      sum(o.fee_minor) as fan_fee_minor,
      sum(o.refunded_minor - ${FACE_REFUNDED}) as fan_fee_refunded_minor,
      sum(o.absorbed_fee_minor) as absorbed_fee_minor,
      sum(o.vat_minor) as vat_minor,
      sum(o.vat_refunded_minor) as vat_refunded_minor,
      coalesce(sum(o.provider_fee_minor) filter (where o.provider_fee_payer = 'organizer'), 0) as provider_fee_minor,
      coalesce(sum(o.provider_fee_minor) filter (where o.provider_fee_payer = 'platform'), 0)
        as platform_provider_fee_minor,
      count(*) filter (where o.payment_intent_id is not null) as provider_payment_orders,
      count(*) filter (where o.payment_intent_id is not null and o.provider_fee_minor is null)
        as provider_fee_unreported_orders,
      coalesce(sum(o.amount_minor) filter (where o.channel = 'door'), 0) as door_sales_minor,
      coalesce(sum(${FACE_REFUNDED}) filter (where o.channel = 'door'), 0) as door_refunded_minor
    from "order" o
    join event e on e.id = o.event_id and e.organization_id = o.organization_id
    where o.organization_id = ${organizationId}
      and o.status in ('paid', 'partially_refunded', 'refunded')
      and ${where}
    group by o.event_id, e.name, e.time_zone, e.starts_at, o.currency
    order by e.starts_at nulls last, e.name, o.event_id, o.currency`);
  return (result as unknown as { rows: Array<Record<string, unknown>> }).rows.map((row) => {
    const figures = emptyFigures(String(row.currency));
    for (const key of SUMMED) if (!DERIVED.has(key)) figures[key] = exact(row[key]);
    figures.door_net_minor = figures.door_sales_minor - figures.door_refunded_minor;
    figures.vat_net_minor = figures.vat_minor - figures.vat_refunded_minor;
    // What the provider pays the organiser: online sales less their refunds, the absorbed fees and the provider's
    // fees charged to the organiser's account (decision 141; fees not reported yet are not taken off).
    figures.payout_minor =
      figures.sales_minor -
      figures.door_sales_minor -
      (figures.refunded_minor - figures.door_refunded_minor) -
      figures.absorbed_fee_minor -
      figures.provider_fee_minor;
    return {
      eventId: String(row.event_id),
      eventName: String(row.name),
      startsAt: row.starts_at === null ? null : String(row.starts_at),
      localDay: row.local_day === null ? null : String(row.local_day),
      timeZone: String(row.time_zone),
      figures,
    };
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every counted order of one of the organisation's events; another organisation's event (or none) is a 404. */
export async function settlementForEvent(
  db: Database,
  organizationId: string,
  eventId: string,
): Promise<EventSettlementResult> {
  const [found] = UUID.test(eventId)
    ? await db
        .select({
          id: event.id,
          name: event.name,
          timeZone: event.timeZone,
          startsAt: event.startsAt,
          localDay: sql<string | null>`to_char(${event.startsAt} at time zone ${event.timeZone}, 'YYYY-MM-DD')`,
        })
        .from(event)
        .where(and(eq(event.id, eventId.toLowerCase()), eq(event.organizationId, organizationId)))
        .limit(1)
    : [];
  if (!found) throw new AppError('NOT_FOUND', 'Event not found');
  const rows = await readRows(db, organizationId, sql`o.event_id = ${found.id}`);
  return {
    eventId: found.id,
    eventName: found.name,
    startsAt: found.startsAt ? found.startsAt.toISOString().replace(/\.\d{3}Z$/, 'Z') : null,
    localDay: found.localDay,
    timeZone: found.timeZone,
    currencies: rows.map((row) => row.figures),
  };
}

/** The instant a UTC day starts. */
const startOfDay = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * The orders paid from `from` to `to` (UTC days, both included), with their refunds so far: one row per event and
 * currency, and the totals per currency.
 */
export async function settlementForPeriod(
  db: Database,
  organizationId: string,
  period: { from: string; to: string },
): Promise<PeriodSettlementResult> {
  const start = startOfDay(period.from);
  const end = new Date(startOfDay(period.to).getTime() + 86_400_000);
  const rows = await readRows(
    db,
    organizationId,
    sql`o.paid_at >= ${start.toISOString()}::timestamptz and o.paid_at < ${end.toISOString()}::timestamptz`,
  );
  const totals = new Map<string, SettlementFigures>();
  for (const row of rows) {
    const currency = row.figures.currency;
    totals.set(currency, addFigures(totals.get(currency) ?? emptyFigures(currency), row.figures));
  }
  return {
    from: period.from,
    to: period.to,
    events: rows,
    totals: [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
  };
}
