// The e-mails a fan (and the organiser) get around an order, in the organiser's branding and sent under their
// company name. Builders return a complete OutgoingMail; checkout decides when to send them.
import { formatMoney, isCurrencyCode, priceText, type CurrencyCode } from '@marquee/shared';
import type { MailAttachment, OutgoingMail } from '../../adapters/mail/mailer.js';
import { renderEmail, type EmailBlock, type EmailSender } from '../../adapters/mail/templates.js';
import {
  formatAge,
  formatDay,
  formatEventWhen,
  formatLastEntry,
  formatStartDay,
  formatTime,
  resolveBranding,
  slugify,
  type ResolvedBranding,
} from './ticket-documents.format.js';
import { canRenderEventIcs, renderEventIcs } from './ticket-documents.ics.js';
import { renderTicketsPdf } from './ticket-documents.pdf.js';
import { qrPng } from './ticket-documents.qr.js';
import type { DocumentBranding, DocumentEvent, DocumentOrder, DocumentTicket } from './ticket-documents.types.js';

function senderOf(branding: ResolvedBranding): EmailSender {
  return {
    name: branding.companyName,
    primaryColor: branding.primaryColor,
    secondaryColor: branding.secondaryColor,
    logoUrl: branding.logoUrl,
  };
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function eventRows(event: DocumentEvent): EmailBlock {
  const lastEntry = formatLastEntry(event);
  return {
    kind: 'rows',
    title: 'Event',
    rows: [
      { label: 'When', value: formatEventWhen(event) },
      ...(event.location.trim() ? [{ label: 'Where', value: event.location }] : []),
      ...(lastEntry ? [{ label: 'Entry', value: lastEntry }] : []),
      { label: 'Age', value: formatAge(event.minimumAge) },
    ],
  };
}

function orderRows(order: DocumentOrder, title = `Order ${order.code}`): EmailBlock {
  return {
    kind: 'rows',
    title,
    rows: [
      ...order.lines.map((line) => ({
        label: `${line.quantity} × ${line.name}`,
        value: priceText(line.quantity * line.unitPriceMinor, order.currency),
      })),
      // The add-ons (decision 134) are in the order's total: listed after the tickets, so the rows add up to it.
      ...(order.addOns ?? []).map((line) => ({
        label: `${line.quantity} × ${line.name}`,
        value: priceText(line.quantity * line.unitPriceMinor, order.currency),
      })),
      // A free order has no booking fee to show (decision 124).
      ...(order.feeMinor === 0 ? [] : [{ label: 'Booking fee', value: formatMoney(order.feeMinor, order.currency) }]),
      { label: 'Total', value: priceText(order.totalMinor, order.currency), strong: true },
      // VAT inside the prices and the fee (decision 138), when the organiser is registered.
      ...(order.vatRows ?? []).map((row) => ({ label: row.label, value: formatMoney(row.vatMinor, order.currency) })),
    ],
  };
}

const ticketCount = (order: DocumentOrder) => order.lines.reduce((sum, line) => sum + line.quantity, 0);

/** A Content-ID built only from characters that are safe in a header and in a src attribute. */
function qrContentId(ticket: DocumentTicket, index: number): string {
  return `ticket-${index + 1}-${ticket.code.replace(/[^A-Za-z0-9.-]/g, '-')}@marquee`;
}

export interface OrderConfirmationInput {
  branding: DocumentBranding;
  event: DocumentEvent;
  order: DocumentOrder;
  tickets: DocumentTicket[];
}

/** The tickets: each QR inline (cid:), the order summary, the order link, the tickets PDF and a calendar file. */
export async function orderConfirmationEmail({
  branding: rawBranding,
  event,
  order,
  tickets,
}: OrderConfirmationInput): Promise<OutgoingMail> {
  const branding = resolveBranding(rawBranding);
  const [qrImages, pdf] = await Promise.all([
    Promise.all(tickets.map((ticket) => qrPng(ticket.qrPayload))),
    renderTicketsPdf({ branding: rawBranding, event, order, tickets }),
  ]);
  const inline: MailAttachment[] = tickets.map((ticket, index) => ({
    filename: `ticket-${slugify(ticket.code, `${index + 1}`)}.png`,
    contentType: 'image/png',
    content: qrImages[index]!,
    cid: qrContentId(ticket, index),
  }));
  const ticketBlocks: EmailBlock[] = tickets.map((ticket, index) => ({
    kind: 'image',
    cid: inline[index]!.cid!,
    alt: `QR code for ticket ${ticket.code}`,
    width: 220,
    caption: [ticket.code, ticket.typeName, ticket.holderName],
  }));
  const count = plural(tickets.length, 'ticket');
  const day = formatStartDay(event.startsAt, event.timeZone);

  const content = renderEmail({
    sender: senderOf(branding),
    preheader: `${count} for ${event.name}, ${day}. Order ${order.code}.`,
    heading: `You're going to ${event.name}`,
    paragraphs: [
      `${order.buyerName ? `Hi ${order.buyerName}` : 'Hello'}, thank you for your order. Your ${count} ${tickets.length === 1 ? 'is' : 'are'} below and in the attached PDF. Show the QR code at the entrance, on your phone or printed.`,
    ],
    blocks: [
      eventRows(event),
      { kind: 'button', label: 'View your order', url: order.orderUrl },
      orderRows(order),
      { kind: 'paragraph', text: tickets.length === 1 ? 'Your ticket' : 'Your tickets' },
      ...ticketBlocks,
      {
        kind: 'paragraph',
        text: `Your order page always shows your current tickets; keep its link to yourself, as anyone with it can see them. Event details: ${event.url}`,
      },
    ],
    footer: `You received this e-mail because you bought tickets from ${branding.companyName} on Marquee (order ${order.code}).`,
  });

  const attachments: MailAttachment[] = [
    ...inline,
    { filename: `tickets-${order.code}.pdf`, contentType: 'application/pdf', content: pdf },
  ];
  if (canRenderEventIcs(event)) {
    attachments.push({
      filename: `${slugify(event.name)}.ics`,
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      content: Buffer.from(renderEventIcs({ event, order }), 'utf8'),
    });
  }
  return {
    to: order.buyerEmail,
    fromName: branding.companyName,
    subject: `Your tickets for ${event.name} (${order.code})`,
    ...content,
    attachments,
  };
}

export interface LateOrderRefundedInput {
  branding: DocumentBranding;
  event: DocumentEvent;
  order: DocumentOrder;
}

/** The payment came after the hold expired and the event sold out meanwhile: no tickets, full refund. */
export function lateOrderRefundedEmail({ branding: rawBranding, event, order }: LateOrderRefundedInput): OutgoingMail {
  const branding = resolveBranding(rawBranding);
  const total = formatMoney(order.totalMinor, order.currency);
  const content = renderEmail({
    sender: senderOf(branding),
    preheader: `Your order ${order.code} is not confirmed and ${total} has been refunded in full.`,
    heading: 'Your order could not be completed',
    paragraphs: [
      `Hi ${order.buyerName}, your payment for ${event.name} reached us after your reservation had run out, and the tickets sold out in the meantime. Your order ${order.code} is therefore not confirmed and you have no tickets for this event.`,
      `We have refunded the full amount of ${total} to the card or account you paid with. Refunds can take 5-10 days to appear on your statement.`,
      'We are sorry for the disappointment.',
    ],
    blocks: [
      {
        kind: 'rows',
        title: `Order ${order.code}`,
        rows: [
          { label: 'Event', value: event.name },
          { label: 'When', value: formatEventWhen(event) },
          { label: 'Refunded', value: total, strong: true },
        ],
      },
      { kind: 'button', label: 'View your order', url: order.orderUrl },
    ],
    footer: `You received this e-mail because you placed order ${order.code} with ${branding.companyName} on Marquee.`,
  });
  return {
    to: order.buyerEmail,
    fromName: branding.companyName,
    subject: `Your order ${order.code} for ${event.name} was refunded`,
    ...content,
  };
}

export interface OrderLink {
  code: string;
  eventName: string;
  eventStartsAt: Date | null;
  timeZone: string;
  orderUrl: string;
}

export interface OrderLinksInput {
  to: string;
  branding: DocumentBranding;
  orders: OrderLink[];
}

/** The fan asked the organiser's page for their order links again; with no orders, it says so. */
export function orderLinksEmail({ to, branding: rawBranding, orders }: OrderLinksInput): OutgoingMail {
  const branding = resolveBranding(rawBranding);
  const blocks: EmailBlock[] = orders.flatMap((order): EmailBlock[] => [
    {
      kind: 'rows',
      title: order.eventName,
      rows: [
        { label: 'Date', value: formatStartDay(order.eventStartsAt, order.timeZone) },
        { label: 'Order', value: order.code },
      ],
    },
    { kind: 'button', label: `View order ${order.code}`, url: order.orderUrl },
  ]);
  const paragraphs =
    orders.length > 0
      ? [
          `Here ${orders.length === 1 ? 'is the link to your order' : `are the links to your ${orders.length} orders`} with ${branding.companyName}. Each link opens the order and its tickets; keep them to yourself, as anyone with a link can see the tickets.`,
        ]
      : [`We could not find any orders for this e-mail address with ${branding.companyName}.`];
  const content = renderEmail({
    sender: senderOf(branding),
    preheader:
      orders.length > 0
        ? `Links to ${plural(orders.length, 'order')} with ${branding.companyName}.`
        : 'No orders found.',
    heading: 'Your orders',
    paragraphs,
    blocks: [...blocks, { kind: 'paragraph', text: 'If you did not ask for this e-mail, you can ignore it.' }],
    footer: `You received this e-mail because someone asked ${branding.companyName}'s page on Marquee for the orders of this address.`,
  });
  return { to, fromName: branding.companyName, subject: `Your orders with ${branding.companyName}`, ...content };
}

export interface OrganiserSaleInput {
  to: string;
  branding: DocumentBranding;
  event: DocumentEvent;
  order: DocumentOrder;
  /** The event in the organiser's dashboard. */
  dashboardUrl: string;
  /**
   * Set when the organiser chose the digest (decision 147): this is the first sale after a quiet spell, and the
   * sales in the next this many minutes come in one e-mail.
   */
  digestMinutes?: number;
}

/** Tells the organiser about a sale: who bought what, the total and where to see it. */
export function organiserSaleEmail({
  to,
  branding: rawBranding,
  event,
  order,
  dashboardUrl,
  digestMinutes,
}: OrganiserSaleInput): OutgoingMail {
  const branding = resolveBranding(rawBranding);
  const count = plural(ticketCount(order), 'ticket');
  const total = priceText(order.totalMinor, order.currency);
  const content = renderEmail({
    sender: senderOf(branding),
    preheader: `${order.buyerName} bought ${count} for ${event.name} (${total}).`,
    heading: `New order for ${event.name}`,
    paragraphs: [
      `${order.buyerName} (${order.buyerEmail}) bought ${count} for ${event.name}, ${formatEventWhen(event)}.`,
    ],
    blocks: [
      orderRows(order),
      { kind: 'button', label: 'View the event in your dashboard', url: dashboardUrl },
      {
        kind: 'paragraph',
        text:
          digestMinutes === undefined
            ? 'To get fewer e-mails about sales, or none, change Sale e-mails in Profile > Notifications.'
            : `Sales in the next ${digestMinutes} minutes will come together in one e-mail when those ${digestMinutes} minutes are up. To change this, go to Profile > Notifications.`,
      },
    ],
    footer: `You received this e-mail because you sell tickets as ${branding.companyName} on Marquee.`,
  });
  // From "<company> via Marquee": the organiser is the reader here, and the message is Marquee's report to them.
  return {
    to,
    fromName: `${branding.companyName} via Marquee`,
    subject: `New order ${order.code}: ${count} for ${event.name} (${total})`,
    ...content,
  };
}

/** One order in a sale digest, as it stands when the digest is made. */
export interface SaleDigestOrder {
  code: string;
  /** Blank when the buyer's details were erased. */
  buyerName: string;
  tickets: number;
  currency: CurrencyCode;
  /** What the buyer paid (tickets, add-ons and booking fee), as the single-sale e-mail's total. */
  totalMinor: number;
  /** Refunded since it was paid (0: nothing). */
  refundedMinor: number;
}

export interface SaleDigestInput {
  to: string;
  branding: DocumentBranding;
  /** The window's orders by event, in the order they were paid. */
  events: Array<{ name: string; dashboardUrl: string; orders: SaleDigestOrder[] }>;
  windowStart: Date;
  windowEnd: Date;
  /** The zone the window's times are written in (the organisation's). */
  timeZone: string;
  /** SALE_DIGEST_MINUTES, said in the e-mail. */
  intervalMinutes: number;
  /** What came before it: the sale e-mailed on its own that opened the window, or the previous summary. */
  after: 'sale' | 'summary';
}

/** Sums per currency, in the order the currencies first appear (amounts in different currencies are never added). */
function perCurrency(orders: SaleDigestOrder[], amount: (order: SaleDigestOrder) => number) {
  const sums = new Map<CurrencyCode, number>();
  for (const order of orders) sums.set(order.currency, (sums.get(order.currency) ?? 0) + amount(order));
  return [...sums];
}

/**
 * The organiser's digest of the sales gathered in one window (decision 147): each order with its buyer, tickets and
 * amount (one refunded since says so), the counts and totals, and each event's page in the dashboard.
 */
export function saleDigestEmail(input: SaleDigestInput): OutgoingMail {
  const branding = resolveBranding(input.branding);
  const orders = input.events.flatMap((entry) => entry.orders);
  const ticketTotal = orders.reduce((sum, order) => sum + order.tickets, 0);
  const totals = perCurrency(orders, (order) => order.totalMinor);
  const refunds = perCurrency(orders, (order) => order.refundedMinor).filter(([, minor]) => minor > 0);
  const counts = `${plural(orders.length, 'order')}, ${plural(ticketTotal, 'ticket')}`;
  const totalText = totals.map(([currency, minor]) => priceText(minor, currency)).join(' and ');
  const single = input.events.length === 1 ? input.events[0]! : null;
  const what = single ? single.name : `${input.events.length} events`;
  const { timeZone, intervalMinutes: minutes } = input;
  const between = `between ${formatTime(input.windowStart, timeZone)} and ${formatTime(input.windowEnd, timeZone)} on ${formatDay(input.windowStart, timeZone)} (${timeZone})`;
  const orderValue = (order: SaleDigestOrder) => {
    const paid = priceText(order.totalMinor, order.currency);
    if (order.refundedMinor === 0) return paid;
    if (order.refundedMinor >= order.totalMinor) return `${paid}, refunded`;
    return `${paid}, ${formatMoney(order.refundedMinor, order.currency)} refunded`;
  };
  const content = renderEmail({
    sender: senderOf(branding),
    preheader: `${counts} for ${what} (${totalText}), ${between}.`,
    heading: `${plural(orders.length, 'new order')} for ${what}`,
    paragraphs: [
      `These orders were paid ${between}, after ${input.after === 'sale' ? 'the sale we e-mailed you about on its own' : 'our last summary'}. An order refunded since says so.`,
    ],
    blocks: [
      ...input.events.flatMap((entry): EmailBlock[] => [
        {
          kind: 'rows',
          title: entry.name,
          rows: entry.orders.map((order) => ({
            label: [order.code, order.buyerName.trim(), plural(order.tickets, 'ticket')].filter(Boolean).join(' · '),
            value: orderValue(order),
          })),
        },
        {
          kind: 'button',
          label: single ? 'View the event in your dashboard' : `View ${entry.name} in your dashboard`,
          url: entry.dashboardUrl,
        },
      ]),
      {
        kind: 'rows',
        title: 'Totals',
        rows: [
          { label: 'Orders', value: String(orders.length) },
          { label: 'Tickets', value: String(ticketTotal) },
          ...totals.map(([currency, minor]) => ({
            label: totals.length === 1 ? 'Paid' : `Paid in ${currency}`,
            value: priceText(minor, currency),
            strong: true,
          })),
          ...refunds.map(([currency, minor]) => ({
            label: refunds.length === 1 && totals.length === 1 ? 'Refunded since' : `Refunded since, ${currency}`,
            value: formatMoney(minor, currency),
          })),
        ],
      },
      {
        kind: 'paragraph',
        text: `While sales keep coming you get one e-mail like this every ${minutes} minutes; the first sale after ${minutes} minutes without one is e-mailed at once. To change this, go to Profile > Notifications.`,
      },
    ],
    footer: `You received this e-mail because you sell tickets as ${branding.companyName} on Marquee.`,
  });
  return {
    to: input.to,
    fromName: `${branding.companyName} via Marquee`,
    subject: `Sales summary: ${counts} for ${what} (${totalText})`,
    ...content,
  };
}

export interface PaymentReviewInput {
  to: string;
  branding: DocumentBranding;
  event: DocumentEvent;
  order: DocumentOrder;
  /** What did not match (decision 050); the paid amount as the provider reported it, when it did. */
  amountDiffers: boolean;
  currencyDiffers: boolean;
  accountDiffers: boolean;
  /** It matched, but the order had already been paid by an earlier payment: a second payment, not needed. */
  duplicate: boolean;
  paidAmountMinor: number | null;
  paidCurrency: string | null;
  /** The order itself is held (it was waiting for this payment); false: the order stands, the payment was extra. */
  orderHeld: boolean;
  dashboardUrl: string;
}

/**
 * A payment that did not match its order, or a second one for an order already paid: no tickets were issued for it
 * and it was refunded in full.
 */
export function paymentReviewEmail(input: PaymentReviewInput): OutgoingMail {
  const { order, event } = input;
  const branding = resolveBranding(input.branding);
  const due = formatMoney(order.totalMinor, order.currency);
  const paidCurrency = input.paidCurrency?.toUpperCase() ?? '';
  const paid =
    input.paidAmountMinor === null
      ? 'an unknown amount'
      : isCurrencyCode(paidCurrency)
        ? formatMoney(input.paidAmountMinor, paidCurrency)
        : `${input.paidAmountMinor} (minor units${paidCurrency ? ` of ${paidCurrency}` : ''})`;
  const reasons = [
    ...(input.amountDiffers || input.currencyDiffers
      ? [`the payment was for ${paid}, but the order total is ${due}`]
      : []),
    ...(input.accountDiffers ? ['the payment was not made out to your payout account'] : []),
  ];
  // A second payment for an order already paid matched it in every way: say why it was still refunded.
  const second = reasons.length === 0 && input.duplicate;
  const summary = second
    ? `A second payment of ${paid} was reported for order ${order.code} (${event.name}): the order had already been paid by an earlier payment, so this second payment was not needed.`
    : `A payment reported for order ${order.code} (${event.name}) did not match the order: ${reasons.join('; ')}.`;
  const content = renderEmail({
    sender: senderOf(branding),
    preheader: second
      ? `A second payment for order ${order.code} was not needed and was refunded. The order is unchanged.`
      : `A payment for order ${order.code} did not match the order and was refunded. No tickets were issued.`,
    heading: 'Payment held for review',
    paragraphs: [
      summary,
      input.orderHeld
        ? 'We have not issued any tickets for it, the tickets the order held are back on sale, and the payment has been refunded in full. There is nothing you need to do, but if you did not expect this, please contact Marquee support with the order code.'
        : 'The order itself is unchanged. We have not issued any tickets for this payment and it has been refunded in full. There is nothing you need to do, but if you did not expect this, please contact Marquee support with the order code.',
    ],
    blocks: [
      {
        kind: 'rows',
        title: `Order ${order.code}`,
        rows: [
          { label: 'Event', value: event.name },
          { label: 'Order total', value: due },
          {
            label: 'Payment received',
            value:
              input.accountDiffers && !input.amountDiffers && !input.currencyDiffers
                ? `${paid} (another account)`
                : paid,
          },
          { label: 'Payment', value: 'Refunded, no tickets issued for it', strong: true },
        ],
      },
      { kind: 'button', label: 'View the event in your dashboard', url: input.dashboardUrl },
    ],
    footer: `You received this e-mail because you sell tickets as ${branding.companyName} on Marquee.`,
  });
  return {
    to: input.to,
    fromName: `${branding.companyName} via Marquee`,
    subject: `Payment held for review: order ${order.code}`,
    ...content,
  };
}
