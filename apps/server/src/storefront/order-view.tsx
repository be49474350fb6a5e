// The fan's order page (decision 032): the order's state, its tickets with their QR codes and after-sale forms,
// the refund request, the documents' links and the summary. Server-rendered with React (decision 060), branded;
// its data comes from order-page.ts.
import { isFreeOrder, ORDER_STATUS_LABELS, toCurrencyCode } from '@marquee/shared';
import type { OrderAddOnLine } from '../modules/add-ons/order-add-on-lines.js';
import { CHECKOUT_TEXT, type OrderRow } from '../modules/checkout/checkout.service.js';
import { AfterSaleMessage, FanTickets, RefundSection, type AfterSaleView, type FanTicket } from './after-sale-pages.js';
import { SummaryTable, type SummaryLine } from './checkout-pages.js';
import { renderStorefrontPage, type StorefrontFrameOrganization } from './layout.js';
import { OrderAddOns } from './order-add-ons.js';
import { BillingForm, type BillingFormView } from './billing-form.js';
import { OrderDocuments, type DocumentLink } from './order-documents.js';

export interface OrderPageInput {
  organization: StorefrontFrameOrganization;
  order: OrderRow;
  lines: SummaryLine[];
  /** What the order bought besides its tickets (decision 134); empty for most orders. */
  addOns: OrderAddOnLine[];
  tickets: FanTicket[];
  event: { id: string; slug: string; name: string; when: string; location: string };
  token: string;
  /** A second payment for the order arrived after it had been paid and was refunded (decision 050). */
  secondPaymentRefunded: boolean;
  /** Links to the PDF of the tickets and the calendar file, when the documents are available. */
  documents: boolean;
  afterSale: AfterSaleView;
  /** The event asks names or questions: the link to see and correct them (decision 130). */
  detailsLink?: { open: boolean } | null;
  /** The receipt and credit notes (decision 137): whether the receipt can be downloaded, and what was issued. */
  receipt?: { available: boolean; documents: DocumentLink[]; billing: BillingFormView | null };
}

function OrderBody({ input }: { input: OrderPageInput }) {
  const { order: current, token } = input;
  const live = current.status === 'paid' || current.status === 'partially_refunded';
  // Nothing was paid for a free order (decision 124): it is confirmed.
  const statusLabel =
    current.status === 'paid' && isFreeOrder(current) ? 'Confirmed' : ORDER_STATUS_LABELS[current.status];
  return (
    <>
      <h1>{input.event.name}</h1>
      <p className="when">{input.event.when}</p>
      <p className="muted">{input.event.location}</p>
      <p>
        Order <strong>{current.code}</strong> · {statusLabel}
      </p>
      <AfterSaleMessage view={input.afterSale} />
      {current.status === 'paid' ? (
        <p className="note">{`You're going! Show a ticket's QR code at the door. We've e-mailed your tickets to ${current.customerEmail}.`}</p>
      ) : null}
      {input.secondPaymentRefunded ? (
        <p className="note" role="status">
          {CHECKOUT_TEXT.secondPayment}
        </p>
      ) : null}
      {current.status === 'payment_review' ? (
        <div className="alert" role="status">
          <strong>{`${CHECKOUT_TEXT.paymentReviewTitle}.`}</strong> {CHECKOUT_TEXT.paymentReview}
        </div>
      ) : null}
      {input.documents && live ? (
        <div className="actions">
          <a className="button" href={`/orders/${token}/tickets.pdf`}>
            Download tickets (PDF)
          </a>
          <a className="button secondary" href={`/orders/${token}/calendar.ics`}>
            Add to calendar
          </a>
        </div>
      ) : null}
      {input.detailsLink ? (
        <p>
          <a className="inline-link" href={`/orders/${token}/details`}>
            {input.detailsLink.open ? 'See or change names and answers' : 'See names and answers'}
          </a>
        </p>
      ) : null}
      <h2>Tickets</h2>
      <FanTickets tickets={input.tickets} view={input.afterSale} />
      <RefundSection
        view={input.afterSale}
        hasValidTickets={input.tickets.some((ticket) => ticket.status === 'valid' || ticket.status === 'listed')}
      />
      <OrderAddOns
        addOns={input.addOns}
        currency={toCurrencyCode(current.currency)}
        stands={live}
        collectable={input.afterSale.active}
      />
      <h2>Summary</h2>
      {/* The order's total counts its add-ons: the summary lists them after the tickets, so its lines add up. */}
      <SummaryTable order={current} lines={[...input.lines, ...input.addOns]} />
      {input.receipt ? (
        <OrderDocuments token={token} documents={input.receipt.documents} receipt={input.receipt.available} />
      ) : null}
      {input.receipt?.billing ? <BillingForm view={input.receipt.billing} /> : null}
      <p>
        <a href={`/events/${input.event.slug}`}>Back to the event</a>
      </p>
    </>
  );
}

export function renderOrderPage(input: OrderPageInput): string {
  return renderStorefrontPage(input.organization, {
    title: `Order ${input.order.code} · ${input.event.name}`,
    body: <OrderBody input={input} />,
  });
}
