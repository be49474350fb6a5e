// What checkout uses to turn a paid order into what the fan receives: pure renderers and e-mail builders.
export type { DocumentBranding, DocumentEvent, DocumentOrder, DocumentTicket } from './ticket-documents.types.js';
export { qrPng, qrSvg } from './ticket-documents.qr.js';
export { renderTicketsPdf } from './ticket-documents.pdf.js';
export { canRenderEventIcs, eventIcsUid, renderEventIcs } from './ticket-documents.ics.js';
export { formatEventWhen, slugify } from './ticket-documents.format.js';
export {
  lateOrderRefundedEmail,
  orderConfirmationEmail,
  orderLinksEmail,
  organiserSaleEmail,
  paymentReviewEmail,
  saleDigestEmail,
  type OrderLink,
  type SaleDigestOrder,
} from './ticket-documents.emails.js';
export { eventCancelledEmail } from './ticket-documents.cancellation.js';
export { refundDeclinedEmail, refundIssuedEmail, ticketTransferredEmail } from './ticket-documents.after-sale.js';
export { eventMovedEmail } from './ticket-documents.moved.js';
export { toWinAnsi } from './ticket-documents.pdf-text.js';
