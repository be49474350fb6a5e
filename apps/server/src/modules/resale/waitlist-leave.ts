// Leaving the waiting list from its e-mails: each entry has its own link, `/waitlist/leave/<entry id>.<mac>` (an
// HMAC of the entry's id under a key derived from AUTH_SECRET), so nobody can take someone else's place away
// without their e-mail. The link's page asks first; only its form's POST leaves. Leaving with an offer open
// releases the offer's hold, and the places go to the next in line.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { event, order, ticketType, waitlistEntry } from '../../db/schema/index.js';
import type { JobQueue } from '../../jobs/queue.js';
import { cancelHold } from '../checkout/cancel.js';
import { queueWaitlistRun } from './waitlist-queue.js';

export interface LeaveTokens {
  /** The path segment of an entry's leave link. */
  tokenFor(entryId: string): string;
  /** The entry a token names, or null when it is malformed or its MAC does not match. */
  entryOf(token: string): string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MAC_LENGTH = 22; // 16 bytes, base64url

export function createLeaveTokens(authSecret: string): LeaveTokens {
  const key = createHmac('sha256', authSecret).update('marquee-waitlist-leave-v1').digest();
  const mac = (entryId: string) =>
    createHmac('sha256', key).update(entryId).digest().subarray(0, 16).toString('base64url');
  return {
    tokenFor: (entryId) => `${entryId}.${mac(entryId)}`,
    entryOf(token) {
      const [entryId = '', given = '', ...rest] = token.split('.');
      if (rest.length > 0 || !UUID.test(entryId) || given.length !== MAC_LENGTH) return null;
      const expected = Buffer.from(mac(entryId));
      const received = Buffer.from(given);
      return received.length === expected.length && timingSafeEqual(received, expected) ? entryId : null;
    },
  };
}

export const leavePath = (tokens: LeaveTokens, entryId: string) => `/waitlist/leave/${tokens.tokenFor(entryId)}`;

/** What the leave page shows about an entry. */
export interface LeaveView {
  eventName: string;
  eventSlug: string;
  email: string;
  quantity: number;
  typeName: string | null;
  /** 'in-line' (waiting, or holding an offer), 'left', or 'ended' (bought through an offer, or the offer ran out). */
  state: 'in-line' | 'left' | 'ended';
  /** Whether the entry holds an offer that leaving would give up. */
  offerOpen: boolean;
}

async function entryRow(db: Database, organizationId: string, entryId: string) {
  const [row] = await db
    .select({
      entry: waitlistEntry,
      eventName: event.name,
      eventSlug: event.slug,
      typeName: ticketType.name,
      offer: order,
    })
    .from(waitlistEntry)
    .innerJoin(event, eq(event.id, waitlistEntry.eventId))
    .leftJoin(ticketType, eq(ticketType.id, waitlistEntry.ticketTypeId))
    .leftJoin(order, eq(order.id, waitlistEntry.offerOrderId))
    .where(and(eq(waitlistEntry.id, entryId), eq(waitlistEntry.organizationId, organizationId)))
    .limit(1);
  return row ?? null;
}

type EntryRow = NonNullable<Awaited<ReturnType<typeof entryRow>>>;

/** Still in the line: waiting, or holding an offer not yet paid (a paid one is marked bought by the next run). */
const inLine = ({ entry, offer }: EntryRow) =>
  entry.status === 'waiting' || (entry.status === 'offered' && offer?.status === 'pending');

/** The entry of a leave link on this organisation's storefront, or null (another organisation's, or none). */
export async function leaveView(db: Database, organizationId: string, entryId: string): Promise<LeaveView | null> {
  const row = await entryRow(db, organizationId, entryId);
  if (!row) return null;
  const { entry } = row;
  const state = entry.status === 'left' ? 'left' : inLine(row) ? 'in-line' : 'ended';
  return {
    eventName: row.eventName,
    eventSlug: row.eventSlug,
    email: entry.email,
    quantity: entry.quantity,
    typeName: row.typeName,
    state,
    offerOpen: entry.status === 'offered' && state === 'in-line',
  };
}

/**
 * Takes the entry out of the line (waiting or offered -> left). An open offer's hold is cancelled, giving its
 * places back, and a waiting-list run is queued so the next in line is offered them. Returns whether it left now.
 */
export async function leaveWaitlist(
  db: Database,
  jobs: JobQueue,
  organizationId: string,
  entryId: string,
): Promise<boolean> {
  const row = await entryRow(db, organizationId, entryId);
  if (!row || !inLine(row)) return false;
  const now = new Date();
  const [left] = await db
    .update(waitlistEntry)
    .set({ status: 'left', updatedAt: now })
    .where(
      and(
        eq(waitlistEntry.id, entryId),
        eq(waitlistEntry.organizationId, organizationId),
        inArray(waitlistEntry.status, ['waiting', 'offered']),
      ),
    )
    .returning();
  if (!left) return false;
  if (!left.offerOrderId) return true;
  // The offer as it is now (a run may have made it since the read); cancelHold gives the places back only while it
  // is still a pending hold, never once paid.
  const [offer] = await db
    .select()
    .from(order)
    .where(and(eq(order.id, left.offerOrderId), eq(order.organizationId, organizationId)))
    .limit(1);
  if (offer && (await cancelHold(db, offer))) {
    await db.transaction((tx) => queueWaitlistRun(tx, jobs, left.eventId, organizationId));
  }
  return true;
}
