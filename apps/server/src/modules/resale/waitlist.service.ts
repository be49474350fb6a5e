// The waiting list (issue 14 point 6, decision 035). On a sold-out event (or type) a fan joins with their e-mail
// and the number of tickets they want. When places come back (a refund, an expired hold, a resale listing, raised
// capacity) the first in line gets an offer: a hold of those places for OFFER_HOURS (a pending order made with the
// checkout's own hold statement, so nobody else can buy them) and an e-mail with the link that pays for it. An
// offer that runs out is released like any hold and the next in line is offered the places.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { event, order, ticketType, waitlistEntry } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { QUEUES, type JobQueue } from '../../jobs/queue.js';
import { holdOrder } from '../checkout/hold.js';
import { releaseExpiredHolds } from '../stock/stock.js';
import type { Tx } from '../../db/tx.js';
import { takeTokens } from '../checkout/rate-limit.js';
import { toSellable, type StorefrontEvent } from '../checkout/storefront-event.js';
import { vatSettingOf } from '../vat/vat.service.js';
import { quotaCountersOf } from '../quotas/quota-counters.js';
import { WAITLIST_MESSAGES } from './resale-messages.js';

export const OFFER_HOURS = 12;
export const WAITLIST_MAX_QUANTITY = 10;

export interface WaitlistMailJob {
  kind: 'joined' | 'offer';
  entryId: string;
  organizationId: string;
}

/**
 * Whether an event's waiting list takes names now, and where its form is. Another page (a sold-out queue, the
 * event page) links to `url` when `open`. Open when the event is on sale (not cancelled or over) and the event or
 * one of its shown types has no places left.
 */
export function waitlistLink(stored: StorefrontEvent): { open: boolean; url: string; soldOutTypeIds: string[] } {
  const url = `/events/${stored.event.slug}/waitlist`;
  if (stored.closedReason || stored.salesState !== 'open') return { open: false, url, soldOutTypeIds: [] };
  const soldOut = stored.types.filter((type) => type.sale === 'open' && type.remaining === 0).map((type) => type.id);
  return { open: soldOut.length > 0, url, soldOutTypeIds: soldOut };
}

/**
 * The most tickets a fan may wait for: what one order could buy of them (decision 035's offer is one order), so
 * the smaller of the event's per-order limit and the type's own (for 'any ticket', the largest of the types on
 * sale), and WAITLIST_MAX_QUANTITY.
 */
export function waitlistMaxQuantity(stored: StorefrontEvent, ticketTypeId: string | null): number {
  const types = stored.types.filter((type) => type.sale === 'open' && (!ticketTypeId || type.id === ticketTypeId));
  const byType = Math.max(0, ...types.map((type) => type.maxPerOrder));
  return Math.max(1, Math.min(WAITLIST_MAX_QUANTITY, stored.row.maxTicketsPerOrder, byType || WAITLIST_MAX_QUANTITY));
}

export interface JoinInput {
  stored: StorefrontEvent;
  email: string;
  quantity: number;
  /** A sold-out type; null = any type. */
  ticketTypeId: string | null;
  ip: string;
  rateLimitMultiplier: number;
  now?: Date;
}

/** Adds a fan to the line; 'already' when the address is in it (nothing sent again). */
export async function joinWaitlist(db: Database, jobs: JobQueue, input: JoinInput): Promise<'joined' | 'already'> {
  const link = waitlistLink(input.stored);
  if (input.stored.closedReason || input.stored.salesState !== 'open')
    throw new AppError('CONFLICT', WAITLIST_MESSAGES.closed);
  if (!link.open) throw new AppError('CONFLICT', WAITLIST_MESSAGES.notSoldOut);
  if (input.ticketTypeId && !link.soldOutTypeIds.includes(input.ticketTypeId)) {
    const known = input.stored.types.some((type) => type.id === input.ticketTypeId);
    throw new AppError(
      known ? 'CONFLICT' : 'BAD_REQUEST',
      known ? WAITLIST_MESSAGES.notSoldOut : WAITLIST_MESSAGES.typeUnknown,
    );
  }
  // 'Any type' only when nothing is left at all; otherwise the fan waits for a sold-out type.
  if (!input.ticketTypeId && link.soldOutTypeIds.length < input.stored.types.filter((t) => t.sale === 'open').length)
    throw new AppError('BAD_REQUEST', WAITLIST_MESSAGES.typeUnknown);
  const max = waitlistMaxQuantity(input.stored, input.ticketTypeId);
  if (!Number.isInteger(input.quantity) || input.quantity < 1 || input.quantity > max)
    throw new AppError('BAD_REQUEST', WAITLIST_MESSAGES.quantity(max));
  const scale = (max: number) => Math.max(1, Math.round(max * input.rateLimitMultiplier));
  const within = await takeTokens(
    db,
    [
      { key: `waitlist:ip:${input.ip}`, max: scale(10), windowSeconds: 60 },
      { key: `waitlist:email:${input.email}`, max: scale(5), windowSeconds: 600 },
    ],
    input.now,
  );
  if (!within) throw new AppError('RATE_LIMITED', WAITLIST_MESSAGES.rateLimited);
  try {
    return await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(waitlistEntry)
        .values({
          organizationId: input.stored.row.organizationId,
          eventId: input.stored.row.id,
          ticketTypeId: input.ticketTypeId,
          email: input.email,
          quantity: input.quantity,
        })
        .returning({ id: waitlistEntry.id });
      const job: WaitlistMailJob = {
        kind: 'joined',
        entryId: created!.id,
        organizationId: input.stored.row.organizationId,
      };
      await jobs.send(QUEUES.waitlistMail, job, tx);
      return 'joined' as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return 'already';
    throw error;
  }
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Offers that ended: paid ones are done, the others (expired, cancelled) pass their turn on. */
async function settleOffers(tx: Tx, eventId: string, now: Date) {
  await tx.execute(sql`
    update waitlist_entry w
    set status = case when o.status in ('paid', 'partially_refunded', 'refunded') then 'purchased' else 'expired' end,
      updated_at = ${now.toISOString()}::timestamptz
    from "order" o
    where w.offer_order_id = o.id and w.event_id = ${eventId} and w.status = 'offered' and o.status <> 'pending'`);
}

export interface WaitlistRunOptions {
  eventId: string;
  organizationId: string;
  now?: Date;
  /** How long an offer holds its places (OFFER_HOURS by default; tests shorten it). */
  offerSeconds?: number;
}

/**
 * Passes on offers that ran out and offers the places left to the line, first come first served. One run per
 * event at a time (an advisory lock for the transaction), so two runs never skip someone. Returns the offers made.
 */
export async function runWaitlist(db: Database, jobs: JobQueue, options: WaitlistRunOptions): Promise<string[]> {
  const now = options.now ?? new Date();
  const { eventId, organizationId } = options;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`waitlist:${eventId}`}))`);
    await releaseExpiredHolds(tx, { eventId, now });
    await settleOffers(tx, eventId, now);
    const [row] = await tx
      .select()
      .from(event)
      .where(and(eq(event.id, eventId), eq(event.organizationId, organizationId)))
      .limit(1);
    if (!row) return [];
    if (row.status !== 'live' || (row.endsAt && row.endsAt.getTime() <= now.getTime())) return [];
    const offered: string[] = [];
    const waiting = await tx
      .select()
      .from(waitlistEntry)
      .where(and(eq(waitlistEntry.eventId, eventId), eq(waitlistEntry.status, 'waiting')))
      .orderBy(asc(waitlistEntry.createdAt), asc(waitlistEntry.id))
      .limit(50);
    lineRun: for (const entry of waiting) {
      // Counters as they are now (each hold below changes them).
      const [fresh] = await tx.select().from(event).where(eq(event.id, eventId)).limit(1);
      const quotas = await quotaCountersOf(tx, organizationId, [eventId]);
      const vat = await vatSettingOf(tx, organizationId);
      const types = (
        await tx
          .select()
          .from(ticketType)
          .where(and(eq(ticketType.eventId, eventId), eq(ticketType.hidden, false)))
          .orderBy(asc(ticketType.sort), asc(ticketType.createdAt))
      )
        .filter((type) => type.priceMinor !== null && (!entry.ticketTypeId || type.id === entry.ticketTypeId))
        .map((type) => toSellable(type, fresh!, quotas, now, vat))
        .filter((type) => type.sale === 'open' && (type.remaining === null || type.remaining > 0));
      const type = types[0];
      // The first in line waits for places of their type: nobody behind them jumps the line for that type.
      if (!type) {
        if (!entry.ticketTypeId) break;
        continue;
      }
      const quantity = Math.min(entry.quantity, type.remaining ?? entry.quantity);
      const hold = await tx.transaction(async (savepoint) =>
        holdOrder(savepoint, {
          organizationId,
          eventId,
          buyer: {
            firstName: '',
            lastName: '',
            email: entry.email,
            phone: '',
            country: '',
            // Not asked yet: the offer page asks them before Pay (waitlist-offer.ts).
            ageConfirmed: false,
            termsAccepted: false,
            marketingConsent: false,
          },
          submissionKey: `waitlist:${entry.id}`,
          lines: [{ ticketTypeId: type.id, quantity, type }],
          now,
          holdSeconds: options.offerSeconds ?? OFFER_HOURS * 3600,
          maxTicketsPerEmail: fresh!.maxTicketsPerEmail,
        }),
      );
      switch (hold.kind) {
        case 'held':
          break;
        case 'sold_out':
        case 'quota_sold_out':
        case 'not_on_sale':
          break lineRun;
        case 'add_on_sold_out':
          // An offer holds tickets only.
          throw new Error('A waiting-list hold carried add-ons');
        case 'buyer_limit':
        case 'submitted':
          // Already holds or bought as many as allowed (or an offer was made before): their turn is over.
          await tx
            .update(waitlistEntry)
            .set({ status: 'expired', updatedAt: now })
            .where(eq(waitlistEntry.id, entry.id));
          continue;
        case 'rate_limited':
        case 'code_used_up':
        case 'place_taken':
          // The offer's hold counts no limits, uses no code and has no waiting-room place.
          throw new Error(`A waiting-list hold was refused as ${hold.kind}`);
        default:
          return hold satisfies never;
      }
      await tx
        .update(waitlistEntry)
        .set({ status: 'offered', offerOrderId: hold.order.id, offeredAt: now, updatedAt: now })
        .where(eq(waitlistEntry.id, entry.id));
      const job: WaitlistMailJob = { kind: 'offer', entryId: entry.id, organizationId };
      await jobs.send(QUEUES.waitlistMail, job, tx);
      offered.push(entry.id);
    }
    return offered;
  });
}

/** Periodic: every event with a line gets a run (offers that ran out pass on; freed places are offered). */
export async function sweepWaitlists(db: Database, jobs: JobQueue, now = new Date()) {
  const events = rowsOf<{ event_id: string; organization_id: string }>(
    await db.execute(sql`
      select distinct event_id, organization_id from waitlist_entry
      where status in ('waiting', 'offered') limit 200`),
  );
  let offers = 0;
  for (const entry of events) {
    offers += (await runWaitlist(db, jobs, { eventId: entry.event_id, organizationId: entry.organization_id, now }))
      .length;
  }
  return offers;
}

/**
 * The organiser's figure: how many wait (and for how many tickets) and how many hold an offer still open (an
 * offer bought or run out stops counting at once, before the next run marks it).
 */
export async function waitlistCounts(db: Database, organizationId: string, eventId: string) {
  const [row] = rowsOf<{ waiting: number; waiting_tickets: number; offered: number }>(
    await db.execute(sql`
      select
        count(*) filter (where w.status = 'waiting')::int as waiting,
        coalesce(sum(w.quantity) filter (where w.status = 'waiting'), 0)::int as waiting_tickets,
        count(*) filter (where w.status = 'offered' and o.status = 'pending' and o.hold_expires_at > now())::int as offered
      from waitlist_entry w left join "order" o on o.id = w.offer_order_id
      where w.organization_id = ${organizationId} and w.event_id = ${eventId} and w.status in ('waiting', 'offered')`),
  );
  return {
    waiting: Number(row?.waiting ?? 0),
    waitingTickets: Number(row?.waiting_tickets ?? 0),
    offered: Number(row?.offered ?? 0),
  };
}

/** The pending offer order of an entry (for the offer e-mail's link). */
export async function offerOrderOf(db: Database, entryId: string, organizationId: string) {
  const [row] = await db
    .select({ entry: waitlistEntry, order })
    .from(waitlistEntry)
    .innerJoin(order, eq(order.id, waitlistEntry.offerOrderId))
    .where(and(eq(waitlistEntry.id, entryId), eq(waitlistEntry.organizationId, organizationId)))
    .limit(1);
  return row;
}
