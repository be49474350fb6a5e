// A batch of holds of one event (decision 043): one read, the decisions in arrival order (hold-decide.ts), one
// write, whatever the batch's size.
// - Read: the event's, its types' and the batch's codes' counters, the rate-limit windows, the buyers' tickets, the
//   submission keys and waiting-room places already used, the places owed to the waiting list and listings.
// - Write, in ONE statement (atomic: all of it or nothing): counters, code uses, buyers' tickets, rate-limit hits,
//   the orders with their lines and audit rows, each row written once.
// The write adds to the counters; their CHECK constraints (`sold + held <= capacity`, a code's uses, a buyer's
// tickets) and the unique indexes (a form's submission key, an admission's place) refuse it whole if anything the
// decisions relied on changed meanwhile. Capacity is therefore never oversold, in any number of server processes.
// Run as is (`optimistic`), a refused write is decided again from a new read. `locked` runs inside a transaction
// after locking the rate-limit keys, the codes, the buyers, the event's types (in id order), its quotas, the event row
// and its add-ons, so nothing the decisions rely on can change: the fallback after repeated refusals, and a hold inside a
// waiting-list run. Both take row locks in that one order (keys, codes, buyers, types, quotas, event, add-ons), the
// order of every other writer of them. The write does not wait for the WAL flush on commit (`set_config(..., true)`): holds are
// short-lived and self-consistent, so a crash loses at most the last moments of holds, never half of one.
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { holdTypeCounterStep, holdVenueCounterStep, quotaCounterSteps } from '../stock/stock.js';
import type { Database } from '../../db/client.js';
import { pgErrorCode } from '../../db/errors.js';
import { executeNamed } from '../../db/prepared.js';
import { newAccessToken, newOrderCode } from '../../lib/codes.js';
import { decideHolds, type Counters, type HoldState, type HoldWrites, type TypeCounters } from './hold-decide.js';
import type { HoldRequest } from './hold-types.js';
import type { Tx } from '../../db/tx.js';
import { hitsUpsert } from './rate-limit.js';
import { owedEntries, type OwedEntry } from './storefront-event.js';

type Runner = Database | Tx;

const json = (value: unknown) => sql`${JSON.stringify(value)}::json`;
const textArray = (values: unknown[]) => sql`array(select json_array_elements_text(${JSON.stringify(values)}::json))`;
/** A json column as the driver gives it (parsed by node-postgres and PGlite; text otherwise). */
const parsed = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));
const rowOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows[0]!;

type CounterRow = { capacity: number | null; sold: number; held: number };
const counters = (row: CounterRow): Counters => ({
  capacity: row.capacity === null ? null : Number(row.capacity),
  sold: Number(row.sold),
  held: Number(row.held),
});

function lockStatement(organizationId: string, eventId: string, requests: HoldRequest[]): SQL {
  const emails = [...new Set(requests.map((request) => request.buyer.email))];
  return sql`
    with limits as (
      select key from request_limit where key = any(${textArray(keysOf(requests))}) order by key for update
    ),
    codes as (
      select id from event_code
      where id = any(${textArray(codeIdsOf(requests))}::uuid[]) and event_id = ${eventId}
        and organization_id = ${organizationId} and (select count(*) from limits) >= 0
      order by id for update
    ),
    buyers as (
      select email from buyer_tickets
      where event_id = ${eventId} and email = any(${textArray(emails)}) and (select count(*) from codes) >= 0
      order by email for update
    ),
    types as (
      select id from ticket_type
      where event_id = ${eventId} and organization_id = ${organizationId} and (select count(*) from buyers) >= 0
      order by id for update
    ),
    quotas as (
      select id from ticket_quota
      where event_id = ${eventId} and organization_id = ${organizationId} and (select count(*) from types) >= 0
      order by id for update
    ),
    venue as (
      select id from event
      where id = ${eventId} and organization_id = ${organizationId} and (select count(*) from quotas) >= 0
      for update
    ),
    add_ons as (
      select id from add_on
      where event_id = ${eventId} and organization_id = ${organizationId} and (select count(*) from venue) >= 0
      order by id for update
    )
    select id from venue where (select count(*) from add_ons) >= 0`;
}

const codeIdsOf = (requests: HoldRequest[]) =>
  [
    ...new Set(requests.flatMap((request) => [request.accessCodeId, request.promo?.id].filter(Boolean) as string[])),
  ].sort();
const keysOf = (requests: HoldRequest[]) =>
  [...new Set(requests.flatMap((request) => (request.limits ?? []).map((limit) => limit.key)))].sort();

function readStatement(organizationId: string, eventId: string, requests: HoldRequest[]): SQL {
  const keys = keysOf(requests);
  const emails = [...new Set(requests.map((request) => request.buyer.email))];
  const submissions = [...new Set(requests.map((request) => request.submissionKey))];
  const places = [...new Set(requests.flatMap((request) => (request.queuePlace == null ? [] : [request.queuePlace])))];
  const owed = requests.some((request) => request.keepOwed);
  return sql`
    select
      (select row_to_json(v) from (select capacity, sold, held from event
        where id = ${eventId} and organization_id = ${organizationId}) v) as venue,
      (select coalesce(json_agg(json_build_object('id', id, 'capacity', capacity, 'sold', sold, 'held', held,
        'quota_ids', quota_ids)), '[]'::json)
        from ticket_type where event_id = ${eventId} and organization_id = ${organizationId}) as types,
      (select coalesce(json_agg(json_build_object('id', id, 'capacity', capacity, 'sold', sold, 'held', held)),
        '[]'::json) from ticket_quota where event_id = ${eventId} and organization_id = ${organizationId}) as quotas,
      (select coalesce(json_agg(json_build_object('id', id, 'capacity', capacity, 'sold', sold, 'held', held)),
        '[]'::json) from add_on where event_id = ${eventId} and organization_id = ${organizationId}) as add_ons,
      (select coalesce(json_agg(json_build_object('id', id, 'uses', uses, 'max_uses', max_uses)), '[]'::json)
        from event_code where id = any(${textArray(codeIdsOf(requests))}::uuid[]) and event_id = ${eventId}
          and organization_id = ${organizationId}) as codes,
      (select coalesce(json_agg(json_build_object('key', key, 'count', count, 'at', window_started_at)), '[]'::json)
        from request_limit where key = any(${textArray(keys)})) as limits,
      (select coalesce(json_agg(json_build_object('email', email, 'tickets', tickets)), '[]'::json)
        from buyer_tickets where event_id = ${eventId} and email = any(${textArray(emails)})) as buyers,
      (select coalesce(json_agg(submission_key), '[]'::json) from "order"
        where organization_id = ${organizationId} and submission_key = any(${textArray(submissions)})) as submitted,
      (select coalesce(json_agg(queue_place), '[]'::json) from "order"
        where event_id = ${eventId} and queue_place = any(${textArray(places)}::bigint[])
          and status in ('pending', 'paid', 'partially_refunded')) as places,
      case when ${owed}::boolean then (select coalesce(json_agg(o), '[]'::json) from (${owedEntries(eventId)}) o)
        end as owed`;
}

function writeStatement(organizationId: string, eventId: string, writes: HoldWrites): SQL {
  const orders = writes.held.map(({ order }) => ({
    id: order.id,
    code: order.code,
    access_token: order.accessToken,
    first_name: order.firstName,
    last_name: order.lastName,
    customer_email: order.customerEmail,
    phone: order.phone,
    country: order.country,
    marketing_consent: order.marketingConsent,
    quantity: order.quantity,
    amount_minor: order.amountMinor,
    fee_minor: order.feeMinor,
    absorbed_fee_minor: order.absorbedFeeMinor,
    vat_minor: order.vatMinor,
    fee_vat_minor: order.feeVatMinor,
    currency: order.currency,
    submission_key: order.submissionKey,
    hold_expires_at: order.holdExpiresAt,
    created_at: order.createdAt,
    promo_code_id: order.promoCodeId,
    promo_code: order.promoCode,
    discount_minor: order.discountMinor,
    access_code_id: order.accessCodeId,
    queue_place: order.queuePlace,
  }));
  const lines = writes.held.flatMap(({ order, lines }) =>
    lines.map((line) => ({
      order_id: order.id,
      ticket_type_id: line.ticketTypeId,
      name: line.name,
      quantity: line.quantity,
      unit_price_minor: line.unitPriceMinor,
      unit_fee_minor: line.unitFeeMinor,
      unit_vat_minor: line.unitVatMinor,
      vat_rate_bp: line.vatRateBp,
      vat_category: line.vatCategory,
    })),
  );
  // The names on the tickets and the checkout answers (decision 130), written with their orders.
  const holders = writes.held.flatMap(({ order, attendee }) =>
    (attendee?.holders ?? []).map((holder) => ({
      order_id: order.id,
      slot: holder.slot,
      ticket_type_id: holder.ticketTypeId,
      name: holder.name,
    })),
  );
  const answers = writes.held.flatMap(({ order, attendee }) =>
    (attendee?.answers ?? []).map((answer) => ({
      order_id: order.id,
      question_id: answer.questionId,
      slot: answer.slot,
      value: answer.value,
    })),
  );
  const addOnLines = writes.held.flatMap(({ order, addOns }) =>
    addOns.map((line) => ({
      order_id: order.id,
      add_on_id: line.addOnId,
      name: line.name,
      quantity: line.quantity,
      unit_price_minor: line.unitPriceMinor,
      unit_fee_minor: line.unitFeeMinor,
      unit_vat_minor: line.unitVatMinor,
      vat_rate_bp: line.vatRateBp,
      vat_category: line.vatCategory,
    })),
  );
  const hits = writes.limitHits.map((hit) => ({ key: hit.key, count: hit.hits, window_seconds: hit.windowSeconds }));
  const buyers = writes.buyerTickets.map((buyer) => ({
    email: buyer.email,
    tickets: buyer.tickets,
    max_tickets: buyer.maxTickets,
  }));
  // Rows are locked in one order, the one every other writer of these rows follows (decision 043): rate-limit keys,
  // codes, buyers, then the types in id order (one step each), their shared quotas in id order (decision 128) and
  // the event last, each step waiting for the one before it. Writers that took them in different orders could
  // deadlock (PostgreSQL breaks that after a second).
  const types = [...writes.typeHeld].sort((a, b) => a.id.localeCompare(b.id));
  const typeSteps = sql.join(
    [
      sql`type_0 as (select count(*) from buyers)`,
      ...types.map(
        (type, index) =>
          sql`${sql.raw(`type_${index + 1}`)} as (${holdTypeCounterStep(eventId, type.id, type.held, sql.raw(`type_${index}`))})`,
      ),
    ],
    sql`,
    `,
  );
  return sql`
    with durability as (select set_config('synchronous_commit', 'off', true) as value),
    limit_input as (
      select key, count, ${writes.now.toISOString()}::timestamptz as window_started_at, window_seconds
      from json_to_recordset(${json(hits)}) as v(key text, count int, window_seconds int)
    ),
    limits as (${hitsUpsert('limit_input')} returning key),
    codes as (
      update event_code c set uses = c.uses + v.uses
      from (select * from json_to_recordset(${json(writes.codeUses)}) as v(id uuid, uses int) order by id) v
      where c.id = v.id and c.event_id = ${eventId} and (select count(*) from limits) >= 0
      returning c.id
    ),
    buyers as (
      insert into buyer_tickets (organization_id, event_id, email, tickets, max_tickets)
      select ${organizationId}, ${eventId}, v.email, v.tickets, v.max_tickets
      from json_to_recordset(${json(buyers)}) as v(email text, tickets int, max_tickets int)
      where (select count(*) from codes) >= 0
      order by v.email
      on conflict (event_id, email) do update
        set tickets = buyer_tickets.tickets + excluded.tickets, max_tickets = excluded.max_tickets
      returning email
    ),
    ${typeSteps},
    ${quotaCounterSteps(
      'quotas',
      types.map((_, index) => `type_${index + 1}`),
      { held: 1, sold: 0 },
    )},
    venue as (${holdVenueCounterStep(organizationId, eventId, writes.venueHeld, sql.raw('quotas_done'))}),
    -- The add-ons last (decision 134), locked in id order; their CHECK refuses a write that would oversell one.
    add_on_lock as (
      select id from add_on
      where id = any(${textArray(writes.addOnHeld.map((entry) => entry.id))}::uuid[]) and event_id = ${eventId}
        and (select count(*) from venue) >= 0
      order by id for update
    ),
    add_on_counters as (
      update add_on a set held = a.held + v.held
      from json_to_recordset(${json(writes.addOnHeld)}) as v(id uuid, held int)
      where a.id = v.id and a.event_id = ${eventId} and (select count(*) from add_on_lock) >= 0
      returning a.id
    ),
    orders as (
      insert into "order" (id, organization_id, event_id, code, access_token, status, first_name, last_name,
        customer_email, phone, country, marketing_consent, quantity, amount_minor, fee_minor, absorbed_fee_minor,
        vat_minor, fee_vat_minor, currency, submission_key, hold_expires_at, created_at, updated_at, promo_code_id, promo_code, discount_minor,
        access_code_id, queue_place)
      select v.id, ${organizationId}, ${eventId}, v.code, v.access_token, 'pending', v.first_name, v.last_name,
        v.customer_email, v.phone, v.country, v.marketing_consent, v.quantity, v.amount_minor, v.fee_minor, v.absorbed_fee_minor,
        v.vat_minor, v.fee_vat_minor, v.currency, v.submission_key, v.hold_expires_at, v.created_at, v.created_at, v.promo_code_id, v.promo_code,
        v.discount_minor, v.access_code_id, v.queue_place
      from json_to_recordset(${json(orders)}) as v(id uuid, code text, access_token text, first_name text,
        last_name text, customer_email text, phone text, country text, marketing_consent boolean, quantity int,
        amount_minor bigint, fee_minor bigint, absorbed_fee_minor bigint, vat_minor bigint, fee_vat_minor bigint, currency text, submission_key text, hold_expires_at timestamptz,
        created_at timestamptz, promo_code_id uuid, promo_code text, discount_minor bigint, access_code_id uuid,
        queue_place bigint)
    ),
    order_lines as (
      insert into order_line (organization_id, order_id, ticket_type_id, name, quantity, unit_price_minor,
        unit_fee_minor, unit_vat_minor, vat_rate_bp, vat_category)
      select ${organizationId}, v.order_id, v.ticket_type_id, v.name, v.quantity, v.unit_price_minor, v.unit_fee_minor,
        v.unit_vat_minor, v.vat_rate_bp, v.vat_category
      from json_to_recordset(${json(lines)}) as v(order_id uuid, ticket_type_id uuid, name text, quantity int,
        unit_price_minor bigint, unit_fee_minor bigint, unit_vat_minor bigint, vat_rate_bp int, vat_category text)
    ),
    order_add_ons as (
      insert into order_add_on (organization_id, order_id, add_on_id, name, quantity, unit_price_minor,
        unit_fee_minor, unit_vat_minor, vat_rate_bp, vat_category)
      select ${organizationId}, v.order_id, v.add_on_id, v.name, v.quantity, v.unit_price_minor, v.unit_fee_minor,
        v.unit_vat_minor, v.vat_rate_bp, v.vat_category
      from json_to_recordset(${json(addOnLines)}) as v(order_id uuid, add_on_id uuid, name text, quantity int,
        unit_price_minor bigint, unit_fee_minor bigint, unit_vat_minor bigint, vat_rate_bp int, vat_category text)
      where (select count(*) from add_on_counters) >= 0
    ),
    holders as (
      insert into order_holder (organization_id, order_id, slot, ticket_type_id, name)
      select ${organizationId}, v.order_id, v.slot, v.ticket_type_id, v.name
      from json_to_recordset(${json(holders)}) as v(order_id uuid, slot int, ticket_type_id uuid, name text)
    ),
    answers as (
      insert into order_answer (organization_id, order_id, question_id, slot, value)
      select ${organizationId}, v.order_id, v.question_id, v.slot, v.value
      from json_to_recordset(${json(answers)}) as v(order_id uuid, question_id uuid, slot int, value text)
      -- A question the organiser deleted a moment ago takes its answer with it, not the hold.
      where exists (select 1 from event_question q where q.id = v.question_id and q.event_id = ${eventId})
    ),
    audit as (
      insert into order_change (organization_id, order_id, action, to_status, actor_type, at)
      select ${organizationId}, v.id, 'held', 'pending', 'fan', v.created_at
      from json_to_recordset(${json(orders)}) as v(id uuid, created_at timestamptz)
    )
    select (select value from durability) as durability`;
}

async function readState(runner: Runner, requests: HoldRequest[]): Promise<HoldState> {
  const { organizationId, eventId } = requests[0]!;
  const read = rowOf(await executeNamed(runner, 'hold_read', readStatement(organizationId, eventId, requests)));
  const venue = parsed<CounterRow | null>(read.venue);
  return {
    venue: venue ? counters(venue) : null,
    types: new Map(
      parsed<Array<CounterRow & { id: string; quota_ids: string[] | null }>>(read.types).map((row) => [
        row.id,
        { ...counters(row), quotaIds: row.quota_ids ?? [] } satisfies TypeCounters,
      ]),
    ),
    quotas: new Map(parsed<Array<CounterRow & { id: string }>>(read.quotas).map((row) => [row.id, counters(row)])),
    addOns: new Map(parsed<Array<CounterRow & { id: string }>>(read.add_ons).map((row) => [row.id, counters(row)])),
    codes: new Map(
      parsed<Array<{ id: string; uses: number; max_uses: number | null }>>(read.codes).map((row) => [
        row.id,
        { uses: Number(row.uses), maxUses: row.max_uses === null ? null : Number(row.max_uses) },
      ]),
    ),
    limits: new Map(
      parsed<Array<{ key: string; count: number; at: string }>>(read.limits).map((row) => [
        row.key,
        { count: Number(row.count), windowStartedAt: new Date(row.at) },
      ]),
    ),
    buyers: new Map(
      parsed<Array<{ email: string; tickets: number }>>(read.buyers).map((row) => [row.email, Number(row.tickets)]),
    ),
    submitted: new Set(parsed<string[]>(read.submitted)),
    places: new Set(parsed<Array<number | string>>(read.places).map(Number)),
    owed: parsed<OwedEntry[] | null>(read.owed) ?? [],
  };
}

/** What a refused write was refused for: a CHECK, a unique index or a foreign key (something changed meanwhile). */
const REFUSED_WRITE = new Set(['23514', '23505', '23503']);

/** Whether `error` is a batch's write refused by a constraint: the batch may be decided again from a new read. */
export const isRefusedWrite = (error: unknown) => REFUSED_WRITE.has(pgErrorCode(error) ?? '');

/**
 * Holds `requests` (all of one organisation's event, in arrival order), each taken whole or refused whole, and
 * answers each one's outcome. `locked`: inside the transaction `runner`, with the rows locked first. Otherwise the
 * write is refused (isRefusedWrite) when something it relied on changed since the read; nothing is written then.
 */
export async function holdBatch(runner: Runner, requests: HoldRequest[], mode: 'optimistic' | 'locked') {
  const { organizationId, eventId } = requests[0]!;
  if (mode === 'locked') await executeNamed(runner, 'hold_lock', lockStatement(organizationId, eventId, requests));
  const state = await readState(runner, requests);
  const identities = requests.map(() => ({ id: randomUUID(), code: newOrderCode(), accessToken: newAccessToken() }));
  const { outcomes, writes } = decideHolds(requests, state, identities);
  if (writes.held.length > 0 || writes.limitHits.length > 0)
    await executeNamed(runner, 'hold_write', writeStatement(organizationId, eventId, writes));
  return outcomes;
}
