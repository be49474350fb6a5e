// The order's receipt and credit notes as PDFs, and the buyer's business details form (decision 137), on the
// organiser's host. The order's token is the fan's capability, as for the tickets PDF: a document is found only
// within the order the token names (another order's number is a 404). Origin is checked by the plugin.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { BILLING_MESSAGES, parseBillingDetails, type BillingField } from '@marquee/shared';
import { findOrderByToken } from '../modules/checkout/checkout.service.js';
import {
  billingRefusal,
  documentPdf,
  findDocument,
  receiptOf,
  receiptRefusal,
  saveBilling,
} from '../modules/receipts/documents.service.js';
import type { DocumentRow } from '../modules/receipts/issue.js';
import { checkoutSummary } from './checkout-summary.js';
import { findPlacedOrder, sendOrderPage, type OrderPageDeps } from './order-page.js';
import { organizationFor, sendHtml, sendStorefrontNotFound, type StorefrontOrganization } from './respond.js';
import { renderMessagePage } from './checkout-pages.js';

const constraints = { site: 'storefront' };

async function sendPdf(reply: FastifyReply, db: OrderPageDeps['db'], document: DocumentRow) {
  return reply
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'same-origin')
    .header('x-content-type-options', 'nosniff')
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${document.number}.pdf"`)
    .send(await documentPdf(db, document));
}

/** The posted form's fields as typed (kept for the refused form), and what they say. */
function readBilling(body: unknown) {
  const fields = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const text = (key: BillingField) => (typeof fields[key] === 'string' ? (fields[key] as string).slice(0, 2000) : '');
  const values = { company_name: text('company_name'), address: text('address'), vat_id: text('vat_id') };
  return { values, parsed: parseBillingDetails(values) };
}

/** Why the receipt cannot be had (409), with the way back to the order. */
function sendNoReceipt(reply: FastifyReply, organization: StorefrontOrganization, token: string, text: string) {
  const link = { href: `/orders/${token}`, label: 'Back to your order' };
  return sendHtml(reply, 409, renderMessagePage(organization, { title: 'No receipt for this order', text, link }));
}

const checkAlert = { kind: 'alert', text: 'Please check the highlighted fields.' } as const;

export function receiptRoutes(app: FastifyInstance, deps: OrderPageDeps & { paymentOrigins: string[] }) {
  const { db } = deps;
  const summary = checkoutSummary(deps);

  app.get<{ Params: { token: string } }>('/orders/:token/receipt.pdf', { constraints }, async (request, reply) => {
    // Any order the token names, a hold not yet paid too: that one is told it has no receipt yet.
    const organization = await organizationFor(db, request, reply, deps.appUrl);
    if (!organization) return reply;
    const current = await findOrderByToken(db, organization.organizationId, request.params.token);
    if (!current) return sendStorefrontNotFound(reply);
    const refused = receiptRefusal(current);
    if (refused) return sendNoReceipt(reply, organization, current.accessToken, refused);
    const receipt = await receiptOf(db, current);
    if (!receipt) return sendNoReceipt(reply, organization, current.accessToken, BILLING_MESSAGES.orderNotPaid);
    return sendPdf(reply, db, receipt);
  });

  app.get<{ Params: { token: string; file: string } }>(
    '/orders/:token/credit-notes/:file',
    { constraints },
    async (request, reply) => {
      const match = /^(C-\d{6,12})\.pdf$/.exec(request.params.file);
      const found = match ? await findPlacedOrder(deps, request.siteHost, request.params.token) : null;
      if (!found || !match) return sendStorefrontNotFound(reply);
      const creditNote = await findDocument(db, found.current, 'credit_note', match[1]!);
      if (!creditNote) return sendStorefrontNotFound(reply);
      return sendPdf(reply, db, creditNote);
    },
  );

  // A receipt by its number: the current one or one cancelled by a re-issue (decision 140), as it was issued.
  app.get<{ Params: { token: string; file: string } }>(
    '/orders/:token/receipts/:file',
    { constraints },
    async (request, reply) => {
      const match = /^(R-\d{6,12})\.pdf$/.exec(request.params.file);
      const found = match ? await findPlacedOrder(deps, request.siteHost, request.params.token) : null;
      if (!found || !match) return sendStorefrontNotFound(reply);
      const receipt = await findDocument(db, found.current, 'receipt', match[1]!);
      if (!receipt) return sendStorefrontNotFound(reply);
      const refused = receiptRefusal(found.current);
      if (refused) return sendNoReceipt(reply, found.organization, found.current.accessToken, refused);
      return sendPdf(reply, db, receipt);
    },
  );

  app.post<{ Params: { token: string } }>('/orders/:token/billing', { constraints }, async (request, reply) => {
    const found = await findPlacedOrder(deps, request.siteHost, request.params.token);
    if (!found) return sendStorefrontNotFound(reply);
    const refused = billingRefusal(found.current);
    if (refused)
      return sendOrderPage(deps, reply, found.organization, found.current, {
        status: 409,
        message: { kind: 'alert', text: refused },
      });
    const { values, parsed } = readBilling(request.body);
    if (!parsed.ok)
      return sendOrderPage(deps, reply, found.organization, found.current, {
        status: 400,
        billing: { values, errors: parsed.errors, message: checkAlert },
      });
    const outcome = await saveBilling(db, found.current, parsed.value);
    if ('refused' in outcome)
      return sendOrderPage(deps, reply, found.organization, found.current, {
        status: 409,
        message: { kind: 'alert', text: outcome.refused },
      });
    const done = outcome.reissued ? 'reissued#documents-title' : 'billing#billing';
    return reply.redirect(`/orders/${found.current.accessToken}?done=${done}`, 303);
  });

  app.post<{ Params: { token: string } }>('/checkout/:token/billing', { constraints }, async (request, reply) => {
    const organization = await organizationFor(db, request, reply, deps.appUrl);
    if (!organization) return reply;
    const current = await findOrderByToken(db, organization.organizationId, request.params.token);
    if (!current) return sendStorefrontNotFound(reply);
    const token = current.accessToken;
    // Refused: the summary says why (a hold that ended is its 410 page).
    const refused = billingRefusal(current);
    if (refused) return summary(request, reply, organization, token, { kind: 'alert', text: refused }, 409);
    const { values, parsed } = readBilling(request.body);
    if (!parsed.ok)
      return summary(request, reply, organization, token, undefined, 400, undefined, {
        values,
        errors: parsed.errors,
        message: checkAlert,
      });
    const outcome = await saveBilling(db, current, parsed.value);
    if ('refused' in outcome)
      return summary(request, reply, organization, token, { kind: 'alert', text: outcome.refused }, 409);
    return summary(request, reply, organization, token, { kind: 'note', text: BILLING_MESSAGES.saved });
  });
}
