// The world of the ticket-truth property suite (decision 046): one event of a selling organiser, the operations a
// fan, the organiser and the door perform on it through the real API and storefront (each refusing or doing what
// the product allows), and the truth read straight from the database to hold every screen's figures against.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { EventDto } from '@marquee/shared';
import { canMove, judgeTicket, type TicketState } from '@marquee/shared';
import { order, waitlistEntry } from '../src/db/schema/index.js';
import { runWaitlist } from '../src/modules/resale/waitlist.service.js';
import { asBrowser, type SignedInUser } from './auth-helpers.js';
import { cancelRequest, deliverCheckoutMail, runRefundJobs } from './cancellation-helpers.js';
import { fanPost, refundRequest, runAfterSaleJobs } from './after-sale-helpers.js';
import { checkinPost, DEVICE, doorSale, scan } from './checkin-helpers.js';
import {
  buyer,
  createLiveEvent,
  form,
  offerDetails,
  payWithCard,
  postCheckout,
  tokenFrom,
} from './checkout-helpers.js';

export type Operation =
  | { kind: 'buy'; quantity: number; fan: number }
  | { kind: 'transfer'; ticket: number }
  | { kind: 'refund_ticket'; ticket: number; confirm: boolean }
  | { kind: 'refund_order'; order: number }
  | { kind: 'list'; ticket: number }
  | { kind: 'withdraw'; ticket: number }
  | { kind: 'waitlist_offer'; fan: number }
  | { kind: 'door_sale'; quantity: number; email: boolean }
  | { kind: 'cancel_event' }
  | { kind: 'scan'; ticket: number; unknown: boolean }
  | { kind: 'scan_offline'; ticket: number }
  | { kind: 'undo' };

export interface TicketRow {
  id: string;
  code: string;
  status: TicketState;
  orderId: string;
  holderEmail: string | null;
  priceMinor: number;
  refundedMinor: number;
}

/** A response that broke a promise: a 5xx, or an answer the ticket's state says is wrong. */
export class Broken extends Error {}

export interface World {
  app: FastifyInstance;
  owner: SignedInUser;
  organizationId: string;
  host: string;
  event: EventDto;
  /** Check-in ids the door admitted, newest last (undo takes the last). */
  admissions: string[];
  /** What each operation came to ('transfer 303', 'scan transferred'...), over all the worlds of a run. */
  outcomes: Map<string, number>;
  /** A shared quota over the event's type, smaller than the venue, so it is what sells out (decision 128). */
  quotaId: string;
}

const CAPACITY = 5;
const QUOTA_CAPACITY = 4;

export async function newWorld(
  app: FastifyInstance,
  owner: SignedInUser,
  organizationId: string,
  host: string,
  outcomes: Map<string, number>,
) {
  const event = await createLiveEvent(app, owner, {
    name: `Truth ${randomUUID().slice(0, 8)}`,
    capacity: CAPACITY,
    resale_allowed: true,
    refunds_allowed: true,
    sold_on_entry: true,
  });
  const quota = await app.inject({
    method: 'POST',
    url: `/api/events/${event.id}/quotas`,
    headers: asBrowser(owner),
    payload: { name: 'Standing', capacity: QUOTA_CAPACITY, ticket_type_ids: [event.ticket_types[0]!.id] },
  });
  if (quota.statusCode !== 201) throw new Error(`quota create failed: ${quota.statusCode} ${quota.body}`);
  const quotaId = quota.json().id as string;
  return { app, owner, organizationId, host, event, admissions: [], outcomes, quotaId } satisfies World;
}

/** Fails on a 5xx, whatever the operation. */
function noServerError<R extends { statusCode: number; body: string }>(what: string, response: R): R {
  if (response.statusCode >= 500)
    throw new Broken(`${what} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  return response;
}

const tally = (world: World, outcome: string) => world.outcomes.set(outcome, (world.outcomes.get(outcome) ?? 0) + 1);

/** The event's tickets as the database has them, in a stable order. */
export async function ticketsOf(world: World): Promise<TicketRow[]> {
  const result = await world.app.db.execute(sql`
    select t.id, t.code, t.status, t.order_id as "orderId", t.holder_email as "holderEmail",
      l.unit_price_minor as "priceMinor", t.refunded_minor as "refundedMinor"
    from ticket t join order_line l on l.id = t.order_line_id
    where t.event_id = ${world.event.id} order by t.created_at, t.code`);
  return (result as unknown as { rows: TicketRow[] }).rows.map((row) => ({
    ...row,
    priceMinor: Number(row.priceMinor),
    refundedMinor: Number(row.refundedMinor),
  }));
}

const pick = <T>(items: T[], index: number): T | undefined => (items.length ? items[index % items.length] : undefined);
const fanEmail = (fan: number) => `fan${fan}@example.com`;

async function buy(world: World, quantity: number, email: string) {
  const typeId = world.event.ticket_types[0]!.id;
  const started = noServerError(
    'checkout',
    await postCheckout(world.app, world.host, world.event.id, {
      ...buyer,
      email,
      [`qty_${typeId}`]: String(quantity),
    }),
  );
  tally(world, `buy ${started.statusCode}`);
  if (started.statusCode !== 303) return;
  const token = tokenFrom(started.headers.location);
  noServerError('payment', await payWithCard(world.app, world.host, token));
}

async function orderToken(world: World, orderId: string) {
  const [row] = await world.app.db.select({ token: order.accessToken }).from(order).where(eq(order.id, orderId));
  return row!.token;
}

/** The order a scan expects, from the ticket's state before it: admitted exactly when the ticket is valid. */
function expectScan(what: string, before: TicketRow | undefined, eventId: string, answer: { result: string }) {
  const expected = judgeTicket(before ? { state: before.status, eventId } : null, eventId);
  if (answer.result !== expected)
    throw new Broken(`${what} of a ${before?.status ?? 'unknown'} ticket answered ${answer.result}, not ${expected}`);
}

/** Runs one operation; refusals are fine, a 5xx or a wrong door answer is not. */
export async function perform(world: World, operation: Operation): Promise<void> {
  const { app, owner, host, event } = world;
  const tickets = await ticketsOf(world);
  switch (operation.kind) {
    case 'buy':
      return buy(world, operation.quantity, fanEmail(operation.fan));
    case 'transfer':
    case 'list':
    case 'withdraw': {
      const target = pick(tickets, operation.ticket);
      if (!target) return;
      const path = { transfer: 'transfer', list: 'resale', withdraw: 'resale/withdraw' }[operation.kind];
      const fields: Record<string, string> =
        operation.kind === 'transfer'
          ? { ticket: target.code, name: 'Frank Friend', email: 'frank@example.com', confirm: 'yes' }
          : { ticket: target.code };
      const response = noServerError(
        operation.kind,
        await fanPost(app, host, `/orders/${await orderToken(world, target.orderId)}/${path}`, fields),
      );
      tally(world, `${operation.kind} ${target.status} ${response.statusCode}`);
      const own = target.holderEmail === null;
      const allowed =
        own &&
        (operation.kind === 'transfer'
          ? target.status === 'valid'
          : operation.kind === 'list'
            ? target.status === 'valid'
            : target.status === 'listed');
      // Withdrawing can be refused while a buyer holds the place (none do here) or when no place is left.
      if (operation.kind !== 'withdraw' && allowed !== (response.statusCode === 303))
        throw new Broken(`${operation.kind} of a ${target.status} ticket answered ${response.statusCode}`);
      return;
    }
    case 'refund_ticket': {
      const target = pick(tickets, operation.ticket);
      if (!target) return;
      const response = noServerError(
        'refund',
        await refundRequest(app, owner, target.orderId, {
          ticket_ids: [target.id],
          reason: 'Property test',
          confirm_checked_in: operation.confirm,
        }),
      );
      tally(world, `refund ${target.status}${operation.confirm ? ' confirmed' : ''} ${response.statusCode}`);
      const left = target.priceMinor - target.refundedMinor;
      const allowed =
        canMove(target.status, 'refund') || (target.status === 'checked_in' && operation.confirm && left > 0);
      if (event.status !== 'cancelled' && allowed !== (response.statusCode === 200))
        throw new Broken(
          `refund of a ${target.status} ticket (confirm ${operation.confirm}) answered ${response.statusCode}`,
        );
      return;
    }
    case 'refund_order': {
      const orders = [...new Set(tickets.map((entry) => entry.orderId))];
      const orderId = pick(orders, operation.order);
      if (!orderId) return;
      const open = tickets.filter((entry) => entry.orderId === orderId && canMove(entry.status, 'refund'));
      noServerError(
        'order refund',
        await refundRequest(app, owner, orderId, { ticket_ids: open.map((entry) => entry.id), reason: 'Whole order' }),
      );
      return;
    }
    case 'waitlist_offer': {
      const typeId = event.ticket_types[0]!.id;
      noServerError(
        'waitlist join',
        await app.inject({
          method: 'POST',
          url: `/events/${event.slug}/waitlist`,
          headers: { host, origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded' },
          payload: form({ email: `wait${operation.fan}@example.com`, quantity: '1', type: typeId }),
        }),
      );
      await runWaitlist(app.db, app.jobs, { eventId: event.id, organizationId: world.organizationId });
      const offers = await app.db
        .select({ token: order.accessToken })
        .from(waitlistEntry)
        .innerJoin(order, eq(order.id, waitlistEntry.offerOrderId))
        .where(
          and(eq(waitlistEntry.eventId, event.id), eq(waitlistEntry.status, 'offered'), eq(order.status, 'pending')),
        );
      tally(world, `waitlist offers ${offers.length}`);
      for (const offer of offers)
        noServerError('offer payment', await payWithCard(app, host, offer.token, undefined, offerDetails));
      return;
    }
    case 'door_sale': {
      const sold = noServerError(
        'door sale',
        await doorSale(app, owner, event.id, {
          lines: [{ ticket_type_id: event.ticket_types[0]!.id, quantity: operation.quantity }],
          payment_method: 'cash',
          ...(operation.email ? { email: 'door@example.com' } : {}),
        }),
      );
      tally(world, `door sale ${sold.statusCode}`);
      return;
    }
    case 'cancel_event': {
      noServerError('cancel', await cancelRequest(app, owner, event.id, { reason: 'Storm', confirm: event.name }));
      world.event = { ...event, status: 'cancelled' };
      return;
    }
    case 'scan': {
      const target = operation.unknown ? undefined : pick(tickets, operation.ticket);
      const code = target?.code ?? 'T-2345678923';
      const answer = noServerError('scan', await scan(app, owner, event.id, { code })).json();
      expectScan('scan', target, event.id, answer);
      tally(world, `scan ${answer.result}`);
      if (answer.result === 'admitted') world.admissions.push(answer.check_in_id);
      return;
    }
    case 'scan_offline': {
      const target = pick(tickets, operation.ticket);
      if (!target) return;
      const synced = noServerError(
        'sync',
        await checkinPost(app, owner, `/api/checkin/events/${event.id}/sync`, {
          device_id: DEVICE,
          scans: [
            {
              client_id: `c${randomUUID().replace(/-/g, '')}`,
              code: target.code,
              scanned_at: new Date().toISOString(),
            },
          ],
        }),
      ).json();
      expectScan('offline scan', target, event.id, synced.results[0]);
      tally(world, `offline scan ${synced.results[0].result}`);
      return;
    }
    case 'undo': {
      const last = world.admissions.pop();
      if (!last) return;
      noServerError(
        'undo',
        await checkinPost(app, owner, `/api/checkin/check-ins/${last}/undo`, { device_id: DEVICE }),
      );
      return;
    }
  }
}

/** Runs every job the worker would run after a step (refunds at the provider, e-mails, the waiting list). */
export async function settle(world: World) {
  await runRefundJobs(world.app);
  await runAfterSaleJobs(world.app);
  await deliverCheckoutMail(world.app);
}
