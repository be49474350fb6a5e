// The e-mails checkout sends, built from one loaded context. Plain branded messages through the shared
// layout; the ticket documents (PDF, calendar file, inline QR images) plug in through `hasDocuments`.
import { formatEventTime, formatMoney, formatPreviewDate, toCurrencyCode } from '@marquee/shared';
import type { OutgoingMail } from '../../adapters/mail/mailer.js';
import { renderEmail } from '../../adapters/mail/templates.js';
import type { event, order, orderLine, organizationSettings } from '../../db/schema/index.js';

export interface MailContext {
  order: typeof order.$inferSelect;
  event: typeof event.$inferSelect;
  settings: typeof organizationSettings.$inferSelect;
  lines: Array<typeof orderLine.$inferSelect>;
  tickets: Array<{ code: string; holderName: string; typeName: string; status: string; qrPayload: string }>;
  /** The organiser's storefront origin, e.g. http://acme.localhost:3000 */
  origin: string;
  appUrl: string;
  startLocal: string;
}

type Mail = Omit<OutgoingMail, 'to'>;

const money = (context: MailContext, minor: number) => formatMoney(minor, toCurrencyCode(context.order.currency));
const when = (context: MailContext) =>
  context.startLocal
    ? `${formatPreviewDate(context.startLocal)} · ${formatEventTime(context.startLocal)} (${context.event.timeZone.replace(/_/g, ' ')})`
    : 'Date to be announced';

export const buildMail = {
  hasDocuments: false,

  async orderConfirmation(context: MailContext): Promise<Mail> {
    const orderUrl = `${context.origin}/orders/${context.order.accessToken}`;
    return {
      subject: `Your tickets for ${context.event.name} (${context.order.code})`,
      ...renderEmail({
        preheader: `${context.order.quantity} ticket(s) for ${context.event.name}, ${when(context)}`,
        heading: `You're going to ${context.event.name}`,
        paragraphs: [
          `${context.settings.companyName} confirms your order ${context.order.code}.`,
          `${when(context)} · ${context.event.location}`,
          ...context.lines.map(
            (line) => `${line.name} × ${line.quantity}: ${money(context, line.unitPriceMinor * line.quantity)}`,
          ),
          `Booking fee: ${money(context, context.order.feeMinor)}. Total paid: ${money(context, context.order.amountMinor + context.order.feeMinor)}.`,
          ...context.tickets.map((entry) => `Ticket ${entry.code}: ${entry.typeName}, ${entry.holderName}`),
          'Open your order to show the QR codes at the door.',
        ],
        cta: { label: 'View your tickets', url: orderUrl },
      }),
    };
  },

  async organiserSale(context: MailContext): Promise<Mail> {
    const buyer = `${context.order.firstName} ${context.order.lastName}`.trim();
    return {
      subject: `New sale: ${context.order.quantity} ticket(s) for ${context.event.name}`,
      ...renderEmail({
        preheader: `${buyer} bought ${context.order.quantity} ticket(s)`,
        heading: `New sale for ${context.event.name}`,
        paragraphs: [
          `${buyer} bought ${context.lines.map((line) => `${line.quantity} × ${line.name}`).join(', ')} (order ${context.order.code}).`,
          `Ticket revenue: ${money(context, context.order.amountMinor)}.`,
          'You can turn these e-mails off in Profile > Notifications.',
        ],
        cta: { label: 'Open the event', url: `${context.appUrl}/dashboard/events/view/${context.event.id}` },
      }),
    };
  },

  async lateRefund(context: MailContext): Promise<Mail> {
    return {
      subject: `Your order for ${context.event.name} could not be completed: refunded`,
      ...renderEmail({
        preheader: 'Your payment has been refunded in full',
        heading: 'Sorry, the tickets sold out',
        paragraphs: [
          `Your payment for ${context.event.name} (order ${context.order.code}) arrived after your 15-minute hold had run out, and the tickets sold out meanwhile.`,
          `We have refunded the full ${money(context, context.order.amountMinor + context.order.feeMinor)}. It may take 5-10 days to appear on your statement.`,
        ],
      }),
    };
  },

  async orderLinks(
    settings: MailContext['settings'],
    rows: Array<{ order: MailContext['order']; event: MailContext['event'] }>,
    origin: string,
  ): Promise<Mail> {
    return {
      subject: `Your orders with ${settings.companyName}`,
      ...renderEmail({
        preheader: 'The links to your tickets',
        heading: 'Your order links',
        paragraphs: rows.map(
          (row) => `${row.event.name} (${row.order.code}): ${origin}/orders/${row.order.accessToken}`,
        ),
      }),
    };
  },
};
