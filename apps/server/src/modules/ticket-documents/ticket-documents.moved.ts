// The e-mail each ticket holder gets when the organiser moves the event (or one date of a series, decision 132)
// to another time: the new time beside the old, their tickets still valid, and the order page (the buyer's only:
// someone who received a ticket by transfer has no link to the buyer's order) for a refund where it is allowed.
import type { OutgoingMail } from '../../adapters/mail/mailer.js';
import { renderEmail } from '../../adapters/mail/templates.js';
import { formatEventWhen, resolveBranding } from './ticket-documents.format.js';
import type { DocumentBranding, DocumentEvent, DocumentOrder } from './ticket-documents.types.js';

export interface EventMovedInput {
  branding: DocumentBranding;
  /** The event as it is now (its new times). */
  event: DocumentEvent;
  order: DocumentOrder;
  /** Where the e-mail goes and whom it greets: the buyer, or a holder who received tickets by transfer. */
  to: { email: string; name: string; isBuyer: boolean };
  /** The start and end before the move. */
  previous: Pick<DocumentEvent, 'startsAt' | 'endsAt'>;
  refundsAllowed: boolean;
}

export function eventMovedEmail({
  branding: rawBranding,
  event,
  order,
  to,
  previous,
  refundsAllowed,
}: EventMovedInput): OutgoingMail {
  const branding = resolveBranding(rawBranding);
  const now = formatEventWhen(event);
  const before = formatEventWhen({ ...previous, timeZone: event.timeZone });
  const refund = refundsAllowed
    ? to.isBuyer
      ? 'If you can no longer come, you can ask for a refund from your order page.'
      : `If you can no longer come, ask ${order.buyerName || 'the person who gave you the ticket'} to request a refund from their order page.`
    : null;
  const content = renderEmail({
    sender: {
      name: branding.companyName,
      primaryColor: branding.primaryColor,
      secondaryColor: branding.secondaryColor,
      logoUrl: branding.logoUrl,
    },
    preheader: `${event.name} has moved to ${now}. Your tickets are valid for the new time.`,
    heading: `${event.name} has a new time`,
    paragraphs: [
      `Hi ${to.name || 'there'}, ${branding.companyName} has moved ${event.name}. Your tickets stay valid for the new time: there is nothing you need to do.`,
      ...(refund ? [refund] : []),
    ],
    blocks: [
      {
        kind: 'rows',
        title: event.name,
        rows: [
          { label: 'Now', value: now },
          { label: 'Was', value: before },
          { label: 'Where', value: event.location || 'To be announced' },
          { label: 'Order', value: order.code },
        ],
      },
      ...(to.isBuyer ? [{ kind: 'button' as const, label: 'View your order', url: order.orderUrl }] : []),
    ],
    footer: `You received this e-mail because you hold tickets from order ${order.code} with ${branding.companyName} on Marquee.`,
  });
  return {
    to: to.email,
    fromName: branding.companyName,
    subject: `New time: ${event.name} is now ${now}`,
    ...content,
  };
}
