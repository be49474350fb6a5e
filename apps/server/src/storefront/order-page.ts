// The fan's order page (its tickets with their QR codes, refunds, listings), and the placed order a token names:
// shared by the order page's routes and the after-sale and resale forms posted from it.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { formatEventTime, formatPreviewDate, instantToLocal, isFreeOrder, isFreePrice, isSold } from '@marquee/shared';
import type { Database } from '../db/client.js';
import { orderChange, orderLine, orderRefund, ticket, ticketType } from '../db/schema/index.js';
import { findOrderByToken, orderLines, type OrderRow } from '../modules/checkout/checkout.service.js';
import type { CheckoutNotifier } from '../modules/checkout/notifier.js';
import type { TicketSigner } from '../modules/checkout/ticket-qr.js';
import { qrRuns } from '../modules/ticket-documents/ticket-documents.qr.js';
import { findPublicEventAnyStatus } from '../modules/checkout/order-event.js';
import { orderAddOnLines } from '../modules/add-ons/order-add-on-lines.js';
import type { JobQueue } from '../jobs/queue.js';
import type { AfterSale } from '../modules/refunds/after-sale.jobs.js';
import type { Waitlist } from '../modules/resale/waitlist.jobs.js';
import type { AfterSaleView, FanTicket } from './after-sale-pages.js';
import { listingsOfOrder } from '../modules/resale/resale.service.js';
import { renderOrderPage } from './order-view.js';
import { fanDetails } from '../modules/questions/fan-answers.js';
import { orderReceiptView, type BillingPosted } from './receipt-view.js';
import {
  findStorefrontOrganization,
  sendHtml,
  sendStorefrontNotFound,
  type StorefrontOrganization,
} from './respond.js';

export interface OrderPageDeps {
  db: Database;
  signer: TicketSigner;
  notifier: CheckoutNotifier;
  rateLimitMultiplier: number;
  /** The app's origin: the storefront footer links Marquee's terms and privacy there. */
  appUrl: string;
  jobs: JobQueue;
  afterSale: AfterSale;
  waitlist: Waitlist;
}

/** The order a token names on this organiser's host once it is placed (not a pending hold), or null. */
export async function findPlacedOrder(
  deps: { db: Database; appUrl: string },
  siteHost: FastifyRequest['siteHost'],
  token: string,
) {
  const organization = await findStorefrontOrganization(deps.db, siteHost, deps.appUrl);
  if (!organization) return null;
  const current = await findOrderByToken(deps.db, organization.organizationId, token);
  return current && current.status !== 'pending' ? { organization, current } : null;
}

/** Renders the order page (after a form too, with its message and status). */
export async function sendOrderPage(
  deps: Pick<OrderPageDeps, 'db' | 'signer' | 'notifier'>,
  reply: FastifyReply,
  organization: StorefrontOrganization,
  current: OrderRow,
  extras: Pick<AfterSaleView, 'message' | 'transfer' | 'transferConfirm'> & {
    status?: number;
    billing?: BillingPosted;
  },
) {
  const { db } = deps;
  const event = await findPublicEventAnyStatus(db, organization.organizationId, current.eventId);
  if (!event) return sendStorefrontNotFound(reply);
  const rows = await db
    .select({
      id: ticket.id,
      code: ticket.code,
      status: ticket.status,
      holderName: ticket.holderName,
      holderEmail: ticket.holderEmail,
      transferredFromId: ticket.transferredFromId,
      checkedInAt: ticket.checkedInAt,
      typeName: ticketType.name,
      priceMinor: orderLine.unitPriceMinor,
    })
    .from(ticket)
    .innerJoin(ticketType, eq(ticketType.id, ticket.ticketTypeId))
    .innerJoin(orderLine, eq(orderLine.id, ticket.orderLineId))
    .where(and(eq(ticket.orderId, current.id), eq(ticket.organizationId, organization.organizationId)))
    .orderBy(asc(ticket.createdAt), asc(ticket.code));
  // The buyer sees their own tickets; a ticket they sent away belongs to its new holder (and its QR to them).
  const recipients = new Map(
    rows.filter((row) => row.transferredFromId).map((row) => [row.transferredFromId!, row.holderName]),
  );
  const listings = await listingsOfOrder(db, organization.organizationId, current.id);
  const listingOf = (ticketId: string) => {
    const found = listings.filter((entry) => entry.ticketId === ticketId).at(-1);
    return found && found.status !== 'withdrawn'
      ? { status: found.status, priceMinor: found.priceMinor, currency: found.currency }
      : null;
  };
  const tickets = rows
    .filter((row) => row.holderEmail === null)
    .map((row): FanTicket => ({
      code: row.code,
      typeName: row.typeName,
      holderName: row.holderName,
      status: row.status,
      transferredTo: recipients.get(row.id) ?? null,
      checkedIn: row.checkedInAt !== null,
      listing: listingOf(row.id),
      free: isFreePrice(row.priceMinor),
      // The symbol is drawn by the page (QrCode); made once per payload and kept (the e-mail and PDF share it).
      qr: isSold(row.status) ? qrRuns(deps.signer.payloadFor({ code: row.code, eventId: current.eventId })) : null,
    }));
  const [request] = await db
    .select({ status: orderRefund.status, declineReason: orderRefund.declineReason })
    .from(orderRefund)
    .where(and(eq(orderRefund.orderId, current.id), eq(orderRefund.requestedBy, 'fan')))
    .orderBy(desc(orderRefund.createdAt))
    .limit(1);
  // A second payment for the order after it had been paid: refunded through the review (fulfilment.ts).
  const [secondPayment] = await db
    .select({ id: orderChange.id })
    .from(orderChange)
    .where(
      and(
        eq(orderChange.orderId, current.id),
        eq(orderChange.organizationId, organization.organizationId),
        eq(orderChange.action, 'payment_review'),
        sql`${orderChange.detail}->'reasons' @> '["duplicate"]'::jsonb`,
      ),
    )
    .limit(1);
  const startLocal = event.startsAt ? instantToLocal(event.startsAt, event.timeZone) : '';
  const over = event.endsAt ? event.endsAt.getTime() < Date.now() : false;
  const active =
    (current.status === 'paid' || current.status === 'partially_refunded') && event.status !== 'cancelled' && !over;
  return sendHtml(
    reply,
    extras.status ?? 200,
    renderOrderPage({
      organization,
      order: current,
      lines: await orderLines(db, current),
      addOns: await orderAddOnLines(db, current),
      tickets,
      event: {
        id: event.id,
        slug: event.slug,
        name: event.name,
        when: startLocal
          ? `${formatPreviewDate(startLocal)} · ${formatEventTime(startLocal)} (${event.timeZone.replace(/_/g, ' ')})`
          : '',
        location: event.location,
      },
      token: current.accessToken,
      secondPaymentRefunded: secondPayment !== undefined,
      detailsLink: await fanDetails(db, current).then((details) => (details ? { open: details.open } : null)),
      documents: deps.notifier.hasDocuments,
      receipt: await orderReceiptView(db, current, extras.billing),
      afterSale: {
        token: current.accessToken,
        // A comp was not paid for: nothing to refund (decision 126).
        refundsAllowed: event.refundsAllowed && current.channel !== 'comp',
        resaleAllowed: event.resaleAllowed,
        // A comp has its own words (decision 126); a free order's 'refund' is a cancellation (decision 125).
        free: isFreeOrder(current) && current.channel !== 'comp',
        active,
        request:
          request && (request.status === 'requested' || request.status === 'declined')
            ? { status: request.status, declineReason: request.declineReason }
            : null,
        ...(extras.message ? { message: extras.message } : {}),
        ...(extras.transfer ? { transfer: extras.transfer } : {}),
        ...(extras.transferConfirm ? { transferConfirm: extras.transferConfirm } : {}),
      },
    }),
  );
}
