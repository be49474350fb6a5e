// The e-mail a ticket holder gets when the organiser cancels the event: the organiser's reason, and the full
// refund (ticket price and booking fee) already on its way back to the card they paid with.
import { formatMoney, FREE_LABEL } from '@marquee/shared';
import type { OutgoingMail } from '../../adapters/mail/mailer.js';
import { renderEmail } from '../../adapters/mail/templates.js';
import { formatEventWhen, resolveBranding } from './ticket-documents.format.js';
import type { DocumentBranding, DocumentEvent, DocumentOrder } from './ticket-documents.types.js';

export interface EventCancelledInput {
  branding: DocumentBranding;
  event: DocumentEvent;
  order: DocumentOrder;
  /** What was refunded, minor units of the order's currency. */
  refundedMinor: number;
  /** The organiser's reason, as they wrote it. */
  reason: string;
  /** A comp (decision 126): nothing was paid, so the e-mail speaks of no refund. */
  comp?: boolean;
}

export function eventCancelledEmail({
  branding: rawBranding,
  event,
  order,
  refundedMinor,
  reason,
  comp = false,
}: EventCancelledInput): OutgoingMail {
  const branding = resolveBranding(rawBranding);
  if (comp) return compCancelledEmail({ branding: rawBranding, event, order, refundedMinor, reason });
  const refunded = formatMoney(refundedMinor, order.currency);
  // A free order (decision 124): nothing was paid, so nothing is refunded and no money is shown.
  const free = order.totalMinor === 0;
  const content = renderEmail({
    sender: {
      name: branding.companyName,
      primaryColor: branding.primaryColor,
      secondaryColor: branding.secondaryColor,
      logoUrl: branding.logoUrl,
    },
    preheader: free
      ? `${event.name} is cancelled. Your free tickets from order ${order.code} are no longer valid.`
      : `${event.name} is cancelled. Your order ${order.code} has been refunded in full (${refunded}).`,
    heading: `${event.name} is cancelled`,
    paragraphs: [
      `Hi ${order.buyerName}, we are sorry to tell you that ${branding.companyName} has cancelled ${event.name}. Your tickets from order ${order.code} are no longer valid.`,
      free
        ? 'Your tickets were free, so there is nothing to refund.'
        : `We have refunded ${refunded} in full, booking fee included, to the card or account you paid with. Refunds can take 5-10 days to appear on your statement.`,
    ],
    blocks: [
      { kind: 'rows', title: 'Message from the organiser', rows: [{ label: 'Reason', value: reason }] },
      {
        kind: 'rows',
        title: `Order ${order.code}`,
        rows: [
          { label: 'Event', value: event.name },
          { label: 'Was on', value: formatEventWhen(event) },
          ...(free
            ? [{ label: 'Tickets', value: FREE_LABEL }]
            : [
                {
                  label: order.addOns?.length ? 'Tickets and add-ons' : 'Tickets',
                  value: formatMoney(order.subtotalMinor, order.currency),
                },
                // An order whose organiser absorbed the fee has none of the fan's to show (decision 135).
                ...(order.feeMinor === 0
                  ? []
                  : [{ label: 'Booking fee', value: formatMoney(order.feeMinor, order.currency) }]),
                { label: 'Refunded', value: refunded, strong: true },
              ]),
        ],
      },
      { kind: 'button', label: 'View your order', url: order.orderUrl },
    ],
    footer: `You received this e-mail because you placed order ${order.code} with ${branding.companyName} on Marquee.`,
  });
  return {
    to: order.buyerEmail,
    fromName: branding.companyName,
    subject: free
      ? `Cancelled: ${event.name} - your free tickets (${order.code}) are no longer valid`
      : `Cancelled: ${event.name} - your order ${order.code} has been refunded`,
    ...content,
  };
}

/** The same for a comp: its tickets no longer admit, and there was no payment to give back. */
function compCancelledEmail({ branding: rawBranding, event, order, reason }: EventCancelledInput): OutgoingMail {
  const branding = resolveBranding(rawBranding);
  const content = renderEmail({
    sender: {
      name: branding.companyName,
      primaryColor: branding.primaryColor,
      secondaryColor: branding.secondaryColor,
      logoUrl: branding.logoUrl,
    },
    preheader: `${event.name} is cancelled. Your complimentary tickets (${order.code}) are no longer valid.`,
    heading: `${event.name} is cancelled`,
    paragraphs: [
      `Hi ${order.buyerName}, we are sorry to tell you that ${branding.companyName} has cancelled ${event.name}. Your complimentary tickets from ${order.code} are no longer valid.`,
    ],
    blocks: [
      { kind: 'rows', title: 'Message from the organiser', rows: [{ label: 'Reason', value: reason }] },
      {
        kind: 'rows',
        title: `Comp ${order.code}`,
        rows: [
          { label: 'Event', value: event.name },
          { label: 'Was on', value: formatEventWhen(event) },
        ],
      },
    ],
    footer: `You received this e-mail because ${branding.companyName} gave you tickets (${order.code}) on Marquee.`,
  });
  return {
    to: order.buyerEmail,
    fromName: branding.companyName,
    subject: `Cancelled: ${event.name}`,
    ...content,
  };
}
