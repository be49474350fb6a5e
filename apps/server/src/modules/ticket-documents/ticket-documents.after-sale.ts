// The e-mails after the sale (decision 032): a refund issued (by the organiser, or a fan's request approved), a
// fan's refund request declined, and the ticket a fan sent to someone else (the new holder's own QR code and PDF,
// without the buyer's order link or prices).
import { formatMoney } from '@marquee/shared';
import type { MailAttachment, OutgoingMail } from '../../adapters/mail/mailer.js';
import { renderEmail, type EmailSender } from '../../adapters/mail/templates.js';
import { formatEventWhen, resolveBranding, slugify, type ResolvedBranding } from './ticket-documents.format.js';
import { canRenderEventIcs, renderEventIcs } from './ticket-documents.ics.js';
import { renderTicketsPdf } from './ticket-documents.pdf.js';
import { qrPng } from './ticket-documents.qr.js';
import type { DocumentBranding, DocumentEvent, DocumentOrder, DocumentTicket } from './ticket-documents.types.js';

const senderOf = (branding: ResolvedBranding): EmailSender => ({
  name: branding.companyName,
  primaryColor: branding.primaryColor,
  secondaryColor: branding.secondaryColor,
  logoUrl: branding.logoUrl,
});

export interface RefundIssuedInput {
  branding: DocumentBranding;
  event: DocumentEvent;
  order: DocumentOrder;
  amountMinor: number;
  /** Codes of the tickets that no longer admit. */
  ticketCodes: string[];
  reason: string;
  /** The fan asked for it. */
  requested: boolean;
  /** The refund of a ticket the fan listed for resale, which sold (decision 035). */
  resold?: boolean;
}

/** A free order's 'refund' (decision 125): its tickets are cancelled; there is no money to speak of. */
function freeCancelledEmail(input: RefundIssuedInput): OutgoingMail {
  const branding = resolveBranding(input.branding);
  const { order, event } = input;
  const tickets = input.ticketCodes.length;
  const content = renderEmail({
    sender: senderOf(branding),
    preheader: `Your free tickets for ${event.name} (order ${order.code}) are cancelled.`,
    heading: input.requested ? 'Your tickets are cancelled, as you asked' : 'Your tickets are cancelled',
    paragraphs: [
      `Hi ${order.buyerName}, ${branding.companyName} has cancelled ${tickets === 1 ? 'a free ticket' : 'free tickets'} of your order ${order.code} for ${event.name}. Nothing was charged, so there is nothing to refund.`,
      `${tickets === 1 ? 'This ticket is' : 'These tickets are'} no longer valid: ${input.ticketCodes.join(', ')}.`,
    ],
    blocks: [
      {
        kind: 'rows',
        title: `Order ${order.code}`,
        rows: [
          { label: 'Event', value: event.name },
          { label: 'When', value: formatEventWhen(event) },
          { label: 'Reason', value: input.reason },
        ],
      },
      { kind: 'button', label: 'View your order', url: order.orderUrl },
    ],
    footer: `You received this e-mail because you placed order ${order.code} with ${branding.companyName} on Marquee.`,
  });
  return {
    to: order.buyerEmail,
    fromName: branding.companyName,
    subject: `Your tickets for ${event.name} are cancelled (${order.code})`,
    ...content,
  };
}

export function refundIssuedEmail(input: RefundIssuedInput): OutgoingMail {
  if (input.order.totalMinor === 0 && input.amountMinor === 0 && input.ticketCodes.length > 0)
    return freeCancelledEmail(input);
  const branding = resolveBranding(input.branding);
  const { order, event } = input;
  const amount = formatMoney(input.amountMinor, order.currency);
  const tickets = input.ticketCodes.length;
  const content = renderEmail({
    sender: senderOf(branding),
    preheader: `${amount} refunded for order ${order.code} (${event.name}).`,
    heading: input.resold
      ? 'Your ticket was resold'
      : input.requested
        ? 'Your refund request was approved'
        : 'You have been refunded',
    paragraphs: [
      `Hi ${order.buyerName}, ${branding.companyName} has refunded ${amount} for your order ${order.code} for ${event.name}, to the card or account you paid with. Refunds can take 5-10 days to appear on your statement.`,
      tickets > 0
        ? `${tickets === 1 ? 'This ticket is' : 'These tickets are'} no longer valid: ${input.ticketCodes.join(', ')}. The booking fee is not refunded.`
        : 'Your tickets stay valid.',
    ],
    blocks: [
      {
        kind: 'rows',
        title: `Order ${order.code}`,
        rows: [
          { label: 'Event', value: event.name },
          { label: 'When', value: formatEventWhen(event) },
          { label: 'Reason', value: input.reason },
          { label: 'Refunded', value: amount, strong: true },
        ],
      },
      { kind: 'button', label: 'View your order', url: order.orderUrl },
    ],
    footer: `You received this e-mail because you placed order ${order.code} with ${branding.companyName} on Marquee.`,
  });
  return {
    to: order.buyerEmail,
    fromName: branding.companyName,
    subject: `Refund of ${amount} for ${event.name} (${order.code})`,
    ...content,
  };
}

export interface RefundDeclinedInput {
  branding: DocumentBranding;
  event: DocumentEvent;
  order: DocumentOrder;
  reason: string;
}

export function refundDeclinedEmail({
  branding: rawBranding,
  event,
  order,
  reason,
}: RefundDeclinedInput): OutgoingMail {
  const branding = resolveBranding(rawBranding);
  const content = renderEmail({
    sender: senderOf(branding),
    preheader: `Your refund request for order ${order.code} was declined. Your tickets stay valid.`,
    heading: 'Your refund request was declined',
    paragraphs: [
      `Hi ${order.buyerName}, ${branding.companyName} has declined your refund request for order ${order.code} for ${event.name}. Your tickets stay valid and nothing has been charged or refunded.`,
    ],
    blocks: [
      { kind: 'rows', title: 'Message from the organiser', rows: [{ label: 'Reason', value: reason }] },
      { kind: 'button', label: 'View your order', url: order.orderUrl },
    ],
    footer: `You received this e-mail because you placed order ${order.code} with ${branding.companyName} on Marquee.`,
  });
  return {
    to: order.buyerEmail,
    fromName: branding.companyName,
    subject: `Your refund request for ${event.name} (${order.code})`,
    ...content,
  };
}

export interface TicketTransferredInput {
  branding: DocumentBranding;
  event: DocumentEvent;
  /** The new holder's name and address; the order's code. */
  holder: { name: string; email: string };
  fromName: string;
  orderCode: string;
  ticket: DocumentTicket;
  paidAt: Date;
}

/** The new holder's ticket: its QR inline, the one-ticket PDF and the calendar file. */
export async function ticketTransferredEmail(input: TicketTransferredInput): Promise<OutgoingMail> {
  const branding = resolveBranding(input.branding);
  const { event, ticket } = input;
  // The PDF's order block names the holder, with no prices (they are the buyer's business).
  const documentOrder: DocumentOrder = {
    code: input.orderCode,
    buyerName: input.holder.name,
    buyerEmail: input.holder.email,
    currency: 'GBP',
    lines: [],
    subtotalMinor: 0,
    feeMinor: 0,
    totalMinor: 0,
    paidAt: input.paidAt,
    orderUrl: event.url,
  };
  const [qr, pdf] = await Promise.all([
    qrPng(ticket.qrPayload),
    renderTicketsPdf({ branding: input.branding, event, order: documentOrder, tickets: [ticket] }),
  ]);
  const cid = `ticket-${ticket.code.replace(/[^A-Za-z0-9.-]/g, '-')}@marquee`;
  const content = renderEmail({
    sender: senderOf(branding),
    preheader: `${input.fromName} sent you a ticket for ${event.name}.`,
    heading: `You have a ticket for ${event.name}`,
    paragraphs: [
      `Hi ${input.holder.name}, ${input.fromName} has sent you a ticket for ${event.name}. It is yours now: show its QR code at the entrance, on your phone or printed. It is also in the attached PDF.`,
    ],
    blocks: [
      {
        kind: 'rows',
        title: 'Event',
        rows: [
          { label: 'When', value: formatEventWhen(event) },
          ...(event.location.trim() ? [{ label: 'Where', value: event.location }] : []),
          { label: 'Ticket', value: `${ticket.code} · ${ticket.typeName}` },
        ],
      },
      {
        kind: 'image',
        cid,
        alt: `QR code for ticket ${ticket.code}`,
        width: 220,
        caption: [ticket.code, ticket.typeName, ticket.holderName],
      },
      { kind: 'paragraph', text: `Event details: ${event.url}` },
    ],
    footer: `You received this e-mail because a ticket holder sent you a ticket sold by ${branding.companyName} on Marquee.`,
  });
  const attachments: MailAttachment[] = [
    { filename: `ticket-${slugify(ticket.code, '1')}.png`, contentType: 'image/png', content: qr, cid },
    { filename: `ticket-${ticket.code}.pdf`, contentType: 'application/pdf', content: pdf },
  ];
  if (canRenderEventIcs(event)) {
    attachments.push({
      filename: `${slugify(event.name)}.ics`,
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      content: Buffer.from(renderEventIcs({ event, order: documentOrder }), 'utf8'),
    });
  }
  return {
    to: input.holder.email,
    fromName: branding.companyName,
    subject: `Your ticket for ${event.name} (${ticket.code})`,
    ...content,
    attachments,
  };
}
