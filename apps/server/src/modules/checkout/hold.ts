// A checkout's hold in ONE SQL statement (one round trip, one commit): the ticket types' and the event's `held`
// counters go up, and the pending order, its lines and its audit row are written. Capacity is enforced by the
// CHECK constraints on those counters (`sold + held <= capacity`), so a hold that does not fit fails as a whole
// with a check violation, and concurrent holds on the same event queue on its row lock: never oversold, in any
// number of server processes. The statement turns off the wait for the WAL flush for its own commit only
// (`set_config(..., true)`): a hold is short-lived and self-consistent, so a crash loses at most the last
// moments of holds, never half of one, and the hot event row is not locked across a disk flush.
import { sql, type SQL } from 'drizzle-orm';
import { bookingFee, type BuyerDetails, type CurrencyCode } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { executeNamed } from '../../db/prepared.js';
import { pgConstraint, pgErrorCode } from '../../db/errors.js';
import type { order } from '../../db/schema/index.js';
import { newAccessToken, newOrderCode } from './codes.js';
import { NotEnoughTickets, retryOnDeadlock, type LineQuantity } from './inventory.js';
import { limitCtes, type LimitRule } from './rate-limit.js';
import type { SellableTicketType } from './storefront-event.js';

export type OrderRow = typeof order.$inferSelect;

export interface HoldLine extends LineQuantity {
  type: SellableTicketType;
  /** The unit price after a promo code's discount (the type's price without one). */
  unitPriceMinor?: number;
}

export interface HoldRequest {
  organizationId: string;
  eventId: string;
  buyer: BuyerDetails;
  submissionKey: string;
  lines: HoldLine[];
  now: Date;
  holdSeconds: number;
  /** The event's limit of tickets per buyer e-mail (held and bought). */
  maxTicketsPerEmail: number;
  /** A promo code the order uses (one use taken with the hold) and what it takes off in all. */
  promo?: { id: string; code: string; discountMinor: number } | null;
  /** An access code that unlocked a chosen hidden type (one use taken with the hold). */
  accessCodeId?: string | null;
  /**
   * The storefront read found places owed to the waiting list or to resale listings (decision 035): the
   * statement checks the public gate again against the event's counters as it locks them.
   */
  keepOwed?: boolean;
  /** The waiting-room place of the admission that made this hold (one live order per admission). */
  queuePlace?: number | null;
  /**
   * Rate limits counted by the same statement (decision 039): one hit on each key, and nothing held when a count
   * goes over its max (`holdOrder` throws RateLimited). A hold that fails writes nothing, its hits included.
   */
  limits?: Array<LimitRule & { key: string }>;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Column names as the driver returns them (snake_case) -> the Drizzle row. */
function toOrderRow(raw: Record<string, unknown>): OrderRow {
  const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string | Date));
  return {
    id: raw.id as string,
    organizationId: raw.organization_id as string,
    eventId: raw.event_id as string,
    code: raw.code as string,
    accessToken: raw.access_token as string,
    status: raw.status as OrderRow['status'],
    channel: raw.channel as OrderRow['channel'],
    firstName: raw.first_name as string,
    lastName: raw.last_name as string,
    customerEmail: raw.customer_email as string,
    phone: (raw.phone as string | null) ?? null,
    country: (raw.country as string | null) ?? null,
    marketingConsent: Boolean(raw.marketing_consent),
    quantity: Number(raw.quantity),
    amountMinor: Number(raw.amount_minor),
    feeMinor: Number(raw.fee_minor),
    refundedMinor: Number(raw.refunded_minor),
    refundedTickets: Number(raw.refunded_tickets ?? 0),
    currency: raw.currency as string,
    submissionKey: (raw.submission_key as string | null) ?? null,
    holdExpiresAt: date(raw.hold_expires_at),
    paymentProvider: (raw.payment_provider as string | null) ?? null,
    checkoutSessionId: (raw.checkout_session_id as string | null) ?? null,
    checkoutUrl: (raw.checkout_url as string | null) ?? null,
    paymentIntentId: (raw.payment_intent_id as string | null) ?? null,
    promoCodeId: (raw.promo_code_id as string | null) ?? null,
    promoCode: (raw.promo_code as string | null) ?? null,
    discountMinor: Number(raw.discount_minor ?? 0),
    accessCodeId: (raw.access_code_id as string | null) ?? null,
    queuePlace: raw.queue_place === null || raw.queue_place === undefined ? null : Number(raw.queue_place),
    createdAt: date(raw.created_at)!,
    updatedAt: date(raw.updated_at)!,
    paidAt: date(raw.paid_at),
  } satisfies Record<keyof OrderRow, unknown>;
}

const unitPrice = (line: HoldLine) => line.unitPriceMinor ?? line.type.priceMinor;

function holdStatement(request: HoldRequest): SQL {
  const { lines, buyer, now, organizationId: org, eventId } = request;
  const currency = lines[0]!.type.currency as CurrencyCode;
  // The booking fee is the one fee function's, on each ticket's price after any discount.
  const amount = lines.reduce((sum, line) => sum + unitPrice(line) * line.quantity, 0);
  const fee = lines.reduce((sum, line) => sum + bookingFee(unitPrice(line), currency) * line.quantity, 0);
  const quantity = lines.reduce((sum, line) => sum + line.quantity, 0);
  const at = now.toISOString();
  const expires = new Date(now.getTime() + request.holdSeconds * 1000).toISOString();
  // Types in id order, the same order every other counter update takes its row locks in.
  const sorted = [...lines].sort((a, b) => a.ticketTypeId.localeCompare(b.ticketTypeId));
  const wanted = sql.join(
    sorted.map(
      (line) =>
        sql`(${line.ticketTypeId}::uuid, ${line.quantity}::int, ${line.type.name}::text, ${unitPrice(line)}::bigint, ${bookingFee(unitPrice(line), currency)}::bigint)`,
    ),
    sql`, `,
  );
  const codeIds = [request.accessCodeId, request.promo?.id].filter((id): id is string => Boolean(id)).sort();
  // A code's use and the buyer's tickets are counters with CHECKs too (`uses <= max_uses`, `tickets <=
  // max_tickets`): an over-used code or a buyer over the limit fails the whole statement, nothing written.
  const codeUses = codeIds.length
    ? sql`codes as (
      update event_code set uses = uses + 1
      where id in (${sql.join(
        codeIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) and event_id = ${eventId} and organization_id = ${org} and (select ok from allowed)
      returning id
    ),`
    : sql``;
  // `types` runs first (the event update reads it), so the type rows are locked before the event row, as in
  // fulfilment; the event takes exactly the tickets the types took. A type deleted meanwhile fails the whole
  // statement on order_line's foreign key, so counters and order always agree. A type may appear on two lines
  // (discounted and full price), so the counters take each type's sum.
  // The rate limits come first: every write below waits on `allowed`, so a request over a limit writes nothing else.
  // `room` reads the counters as the statement starts, without locking them: when the tickets are already gone, the
  // statement writes and locks nothing and answers `room = false` (a failed CHECK, which a rush's last losers
  // would otherwise all run into one after another, costs far more than this read).
  const limits = request.limits?.length
    ? limitCtes(request.limits, now, sql`(select ok from room)`)
    : sql`allowed as (select (select ok from room) as ok)`;
  return sql`
    with wanted (ticket_type_id, quantity, name, unit_price, unit_fee) as (values ${wanted}),
    per_type as (select ticket_type_id, sum(quantity)::int as quantity from wanted group by ticket_type_id),
    room as (
      select coalesce((select e.capacity is null or e.capacity - e.sold - e.held >= ${quantity}::int
          from event e where e.id = ${eventId} and e.organization_id = ${org}), true)
        and not exists (select 1 from ticket_type t join per_type w on w.ticket_type_id = t.id
          where t.organization_id = ${org} and t.capacity is not null and t.capacity - t.sold - t.held < w.quantity) as ok
    ),
    ${limits},
    durability as (select set_config('synchronous_commit', 'off', true) as value),
    ${codeUses}
    buyer as (
      insert into buyer_tickets (organization_id, event_id, email, tickets, max_tickets)
      select ${org}, ${eventId}, ${buyer.email}, ${quantity}, ${request.maxTicketsPerEmail}
      where (select ok from allowed) and (select ok from room)
      on conflict (event_id, email) do update
        set tickets = buyer_tickets.tickets + excluded.tickets, max_tickets = excluded.max_tickets
      returning tickets
    ),
    ${request.keepOwed ? owedCte(eventId) : sql``}
    types as (
      update ticket_type t set held = t.held + w.quantity
      from per_type w
      where t.id = w.ticket_type_id and t.event_id = ${eventId} and t.organization_id = ${org}
        and (select ok from allowed)
      returning t.id, w.quantity
    ),
    venue as (
      update event set held = ${request.keepOwed ? heldKeepingOwed : sql`held + (select coalesce(sum(quantity), 0) from types)`}
      where id = ${eventId} and organization_id = ${org} and (select value from durability) is not null
        and (select ok from allowed)
      returning id
    ),
    created as (
      insert into "order" (organization_id, event_id, code, access_token, status, first_name, last_name,
        customer_email, phone, country, marketing_consent, quantity, amount_minor, fee_minor, currency,
        submission_key, hold_expires_at, created_at, updated_at, promo_code_id, promo_code, discount_minor,
        access_code_id, queue_place)
      select ${org}, venue.id, ${newOrderCode()}, ${newAccessToken()}, 'pending', ${buyer.firstName.trim()},
        ${buyer.lastName.trim()}, ${buyer.email}, ${buyer.phone.trim() || null}, ${buyer.country},
        ${buyer.marketingConsent}, ${quantity}, ${amount}, ${fee}, ${currency}, ${request.submissionKey},
        ${expires}::timestamptz, ${at}::timestamptz, ${at}::timestamptz, ${request.promo?.id ?? null}::uuid,
        ${request.promo?.code ?? null}, ${request.promo?.discountMinor ?? 0}, ${request.accessCodeId ?? null}::uuid,
        ${request.queuePlace ?? null}::bigint
      from venue
      returning *
    ),
    order_lines as (
      insert into order_line (organization_id, order_id, ticket_type_id, name, quantity, unit_price_minor, unit_fee_minor)
      select ${org}, created.id, w.ticket_type_id, w.name, w.quantity, w.unit_price, w.unit_fee from created, wanted w
    ),
    audit as (
      insert into order_change (organization_id, order_id, action, to_status, actor_type, at)
      select ${org}, created.id, 'held', 'pending', 'fan', ${at}::timestamptz from created
    )
    select room.ok as hold_room, allowed.ok as hold_allowed, created.* from room, allowed left join created on true`;
}

/**
 * The public gate (decision 035, as `owedPlaces` in storefront-event.ts reads it) for the chosen types: `closed`
 * when a fan waits for one of them or for any ticket; `places`: venue places owed to other types, their open
 * listings and their line's wants (as far as those types have places of their own).
 */
const owedCte = (eventId: string) => sql`owed as (
      select exists (select 1 from waitlist_entry where event_id = ${eventId} and status = 'waiting'
          and (ticket_type_id is null or ticket_type_id in (select ticket_type_id from per_type))) as closed,
        (select count(*)::int from resale_listing where event_id = ${eventId} and status = 'listed'
          and ticket_type_id not in (select ticket_type_id from per_type))
        + (select coalesce(sum(least(w.quantity, coalesce(greatest(0, t.capacity - t.sold - t.held), w.quantity))), 0)::int
          from (select ticket_type_id, sum(quantity)::int as quantity from waitlist_entry
            where event_id = ${eventId} and status = 'waiting' and ticket_type_id is not null
              and ticket_type_id not in (select ticket_type_id from per_type)
            group by ticket_type_id) w
          join ticket_type t on t.id = w.ticket_type_id) as places
    ),`;

/**
 * The venue's new `held` when places are owed: evaluated on the event row as locked (PostgreSQL re-reads a row a
 * concurrent hold changed), so of two racing buyers only one can take the last place not owed to others. A hold
 * the gate refuses sets -1, which fails the event's CHECK exactly as a hold that does not fit: nothing is written.
 */
const heldKeepingOwed = sql`case
        when (select closed from owed) then -1
        when capacity is null
          or capacity - sold - held - (select coalesce(sum(quantity), 0) from types) >= (select places from owed)
          then held + (select coalesce(sum(quantity), 0) from types)
        else -1 end`;

/** A rate limit of the hold (per IP, per e-mail) was over: nothing was held. */
export class RateLimited extends Error {
  constructor() {
    super('Too many checkouts started');
  }
}

/** A code ran out of uses between the page and the hold (another fan took the last one). */
export class CodeUsedUp extends Error {
  constructor() {
    super('A code has no uses left');
  }
}

/** The buyer's e-mail already holds or has bought the event's limit of tickets. */
export class BuyerLimitReached extends Error {
  constructor() {
    super('The buyer reached the per-person ticket limit');
  }
}

/** The order codes' unique index: a clash of two random codes, so the hold is simply tried again. */
const CODE_CLASH = new Set(['order_code_idx', 'order_access_token_idx']);

/**
 * Holds the lines' tickets and writes the pending order. Throws NotEnoughTickets when a type or the venue has
 * too few left, a unique violation on the submission key when the same form already made an order, and returns
 * null when the event or a ticket type went away meanwhile (nothing is written then).
 */
export async function holdOrder(db: Database, request: HoldRequest): Promise<OrderRow | null> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const result = await retryOnDeadlock(() => executeNamed(db, 'checkout_hold', holdStatement(request)));
      const [raw] = rowsOf<Record<string, unknown>>(result);
      if (raw?.hold_room === false) throw new NotEnoughTickets(null);
      if (raw?.hold_allowed === false) throw new RateLimited();
      return raw?.id ? toOrderRow(raw) : null;
    } catch (error) {
      const code = pgErrorCode(error);
      const constraint = pgConstraint(error);
      if (code === '23514' && constraint === 'ticket_type_sold_check') throw new NotEnoughTickets(null);
      if (code === '23514' && constraint === 'event_inventory_check') throw new NotEnoughTickets(null);
      if (code === '23514' && constraint === 'event_code_uses_check') throw new CodeUsedUp();
      if (code === '23514' && constraint === 'buyer_tickets_limit_check') throw new BuyerLimitReached();
      if (code === '23505' && constraint && CODE_CLASH.has(constraint) && attempt < 3) continue;
      // A ticket type deleted since the event was read (order_line's foreign key): nothing was written.
      if (code === '23503') return null;
      throw error;
    }
  }
}
