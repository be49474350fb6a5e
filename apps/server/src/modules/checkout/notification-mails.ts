// The e-mails checkout sends, built from one loaded context: our rows mapped onto the ticket documents' plain
// shapes (branding, event, order, tickets), then the documents' e-mail builders.
import { isSold, SALE_DIGEST_MINUTES, toCurrencyCode, type TicketState } from '@marquee/shared';
import type { OutgoingMail } from '../../adapters/mail/mailer.js';
import type { event, order, orderLine, organizationSettings } from '../../db/schema/index.js';
import {
  eventCancelledEmail,
  eventMovedEmail,
  lateOrderRefundedEmail,
  orderConfirmationEmail,
  orderLinksEmail,
  organiserSaleEmail,
  paymentReviewEmail,
  renderEventIcs,
  renderTicketsPdf,
  saleDigestEmail,
  type DocumentBranding,
  type DocumentEvent,
  type DocumentOrder,
  type DocumentTicket,
  type SaleDigestOrder,
} from '../ticket-documents/index.js';
import { mailImageUrl } from '../uploads/variants.js';
import type { OrderAddOnLine } from '../add-ons/order-add-on-lines.js';
import { orderVatRows } from '../vat/order-vat.js';

export interface MailContext {
  order: typeof order.$inferSelect;
  event: typeof event.$inferSelect;
  settings: typeof organizationSettings.$inferSelect;
  lines: Array<typeof orderLine.$inferSelect>;
  /** What the order bought besides its tickets (decision 134): in its summary, its PDF and its e-mails. */
  addOns: OrderAddOnLine[];
  tickets: Array<{
    code: string;
    holderName: string;
    /** Set on a ticket received by transfer; null while it is the buyer's. */
    holderEmail: string | null;
    typeName: string;
    status: TicketState;
    qrPayload: string;
  }>;
  /** The organiser's storefront origin, e.g. http://acme.localhost:3000 */
  origin: string;
  appUrl: string;
}

export function documentBranding(settings: MailContext['settings'], appUrl: string): DocumentBranding {
  return {
    companyName: settings.companyName,
    primaryColor: settings.primaryColor ?? '',
    secondaryColor: settings.secondaryColor ?? '',
    // An absolute address of a PNG copy: mail clients show no relative address, and some show no WebP.
    logoUrl: mailImageUrl(settings.logoUrl, appUrl),
  };
}

export function documentEvent(row: MailContext['event'], origin: string): DocumentEvent {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    location: row.location,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    lastEntryAt: row.lastEntryAt,
    timeZone: row.timeZone,
    minimumAge: row.minimumAge,
    url: `${origin}/events/${row.slug}`,
  };
}

export function documentOrder(
  context: Pick<MailContext, 'order' | 'lines' | 'origin'> & Partial<Pick<MailContext, 'addOns'>>,
): DocumentOrder {
  const current = context.order;
  return {
    code: current.code,
    buyerName: `${current.firstName} ${current.lastName}`.trim(),
    buyerEmail: current.customerEmail,
    currency: toCurrencyCode(current.currency),
    lines: context.lines.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      unitPriceMinor: line.unitPriceMinor,
      unitFeeMinor: line.unitFeeMinor,
    })),
    addOns: (context.addOns ?? []).map((line) => ({
      name: line.name,
      quantity: line.quantity,
      unitPriceMinor: line.unitPriceMinor,
      unitFeeMinor: line.unitFeeMinor,
    })),
    subtotalMinor: current.amountMinor,
    feeMinor: current.feeMinor,
    totalMinor: current.amountMinor + current.feeMinor,
    vatRows: orderVatRows([...context.lines, ...(context.addOns ?? [])], current),
    paidAt: current.paidAt ?? current.updatedAt,
    orderUrl: `${context.origin}/orders/${current.accessToken}`,
  };
}

export const documentTickets = (context: Pick<MailContext, 'tickets'>): DocumentTicket[] =>
  context.tickets
    // Tickets the fan holds: a door sale's are checked in at once, a listed one admits again once withdrawn.
    .filter((entry) => isSold(entry.status))
    .map((entry) => ({
      code: entry.code,
      typeName: entry.typeName,
      holderName: entry.holderName,
      qrPayload: entry.qrPayload,
    }));

/** What a payment held for review differed in, from its audit entry (fulfilment.ts). */
export interface PaymentReviewFacts {
  amountDiffers: boolean;
  currencyDiffers: boolean;
  accountDiffers: boolean;
  /** It matched, but the order had already been paid by an earlier payment. */
  duplicate: boolean;
  paidAmountMinor: number | null;
  paidCurrency: string | null;
  /** The order is in 'payment_review' (it was waiting for the payment); false when it stands (the payment was extra). */
  orderHeld: boolean;
}

type Mail = Omit<OutgoingMail, 'to'>;
/** The event's page in the organiser's dashboard, where its orders are. */
const dashboardUrl = (appUrl: string, eventId: string) => `${appUrl}/dashboard/events/view/${eventId}`;
const withoutRecipient = ({ to: _to, ...mail }: OutgoingMail): Mail => mail;

/** The documents of one order, for the order page's download links. */
export const orderDocuments = {
  pdf: (context: MailContext) =>
    renderTicketsPdf({
      branding: documentBranding(context.settings, context.appUrl),
      event: documentEvent(context.event, context.origin),
      order: documentOrder(context),
      tickets: documentTickets(context),
    }),
  ics: (context: MailContext) =>
    renderEventIcs({ event: documentEvent(context.event, context.origin), order: documentOrder(context) }),
};

export const buildMail = {
  async orderConfirmation(context: MailContext): Promise<Mail> {
    return withoutRecipient(
      await orderConfirmationEmail({
        branding: documentBranding(context.settings, context.appUrl),
        event: documentEvent(context.event, context.origin),
        order: documentOrder(context),
        tickets: documentTickets(context),
      }),
    );
  },

  /** `digestMinutes`: the sale opened a digest's window (decision 147), and the e-mail says what follows. */
  async organiserSale(context: MailContext, digestMinutes?: number): Promise<Mail> {
    return withoutRecipient(
      organiserSaleEmail({
        to: '',
        branding: documentBranding(context.settings, context.appUrl),
        event: documentEvent(context.event, context.origin),
        order: documentOrder(context),
        dashboardUrl: dashboardUrl(context.appUrl, context.event.id),
        digestMinutes,
      }),
    );
  },

  /** The digest of one window's gathered sales (decision 147), their orders in the order they were placed. */
  saleDigest(
    settings: MailContext['settings'],
    window: {
      windowStart: Date;
      windowEnd: Date;
      after: 'sale' | 'summary';
      orders: Array<{ order: MailContext['order']; event: Pick<MailContext['event'], 'id' | 'name' | 'timeZone'> }>;
    },
    appUrl: string,
  ): Mail {
    const events = new Map<string, { name: string; dashboardUrl: string; orders: SaleDigestOrder[] }>();
    for (const { order: current, event: row } of window.orders) {
      const entry = events.get(row.id) ?? { name: row.name, dashboardUrl: dashboardUrl(appUrl, row.id), orders: [] };
      events.set(row.id, entry);
      entry.orders.push({
        code: current.code,
        buyerName: `${current.firstName} ${current.lastName}`.trim(),
        tickets: current.quantity,
        currency: toCurrencyCode(current.currency),
        totalMinor: current.amountMinor + current.feeMinor,
        refundedMinor: current.refundedMinor,
      });
    }
    return withoutRecipient(
      saleDigestEmail({
        to: '',
        branding: documentBranding(settings, appUrl),
        events: [...events.values()],
        windowStart: window.windowStart,
        windowEnd: window.windowEnd,
        // The organisation's zone, else its first event's (the one the orders were placed in).
        timeZone: settings.timeZone ?? window.orders[0]?.event.timeZone ?? 'UTC',
        intervalMinutes: SALE_DIGEST_MINUTES,
        after: window.after,
      }),
    );
  },

  async paymentReview(context: MailContext, facts: PaymentReviewFacts): Promise<Mail> {
    return withoutRecipient(
      paymentReviewEmail({
        to: '',
        branding: documentBranding(context.settings, context.appUrl),
        event: documentEvent(context.event, context.origin),
        order: documentOrder(context),
        ...facts,
        dashboardUrl: dashboardUrl(context.appUrl, context.event.id),
      }),
    );
  },

  async lateRefund(context: MailContext): Promise<Mail> {
    return withoutRecipient(
      lateOrderRefundedEmail({
        branding: documentBranding(context.settings, context.appUrl),
        event: documentEvent(context.event, context.origin),
        order: documentOrder(context),
      }),
    );
  },

  async eventCancelled(context: MailContext, reason: string): Promise<Mail> {
    return withoutRecipient(
      eventCancelledEmail({
        branding: documentBranding(context.settings, context.appUrl),
        event: documentEvent(context.event, context.origin),
        order: documentOrder(context),
        refundedMinor: context.order.refundedMinor,
        reason,
        comp: context.order.channel === 'comp',
      }),
    );
  },

  async eventMoved(
    context: MailContext,
    to: { email: string; name: string; isBuyer: boolean },
    previous: { startsAt: Date; endsAt: Date | null },
  ): Promise<Mail> {
    return withoutRecipient(
      eventMovedEmail({
        branding: documentBranding(context.settings, context.appUrl),
        event: documentEvent(context.event, context.origin),
        order: documentOrder(context),
        to,
        previous,
        refundsAllowed: context.event.refundsAllowed,
      }),
    );
  },

  async orderLinks(
    settings: MailContext['settings'],
    rows: Array<{ order: MailContext['order']; event: MailContext['event'] }>,
    origin: string,
    appUrl: string,
  ): Promise<Mail> {
    return withoutRecipient(
      orderLinksEmail({
        to: '',
        branding: documentBranding(settings, appUrl),
        orders: rows.map((row) => ({
          code: row.order.code,
          eventName: row.event.name,
          eventStartsAt: row.event.startsAt,
          timeZone: row.event.timeZone,
          orderUrl: `${origin}/orders/${row.order.accessToken}`,
        })),
      }),
    );
  },
};
