// The checkout's summary page at its address (with a declined or cancelled payment's message), the return page
// that waits for the payment to be confirmed, and the order-link lookup page, on the organiser's host.
import type { NoticeMessage } from './notice.js';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { CHECKOUT_TEXT, findOrderByToken } from '../modules/checkout/checkout.service.js';
import { renderLookupPage, renderMessagePage } from './checkout-pages.js';
import { checkoutSummary } from './checkout-summary.js';
import { organizationFor, sendHtml, sendStorefrontNotFound } from './respond.js';
import type { QueueGate } from './queue-gate.js';

const constraints = { site: 'storefront' };

const DECLINE_REASONS: Record<string, string> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
  processing_error: 'An error occurred while processing your card.',
};

/** GET /checkout/:token (with a declined or cancelled payment's message), its return page and the lookup page. */
export function checkoutSummaryRoutes(
  app: FastifyInstance,
  deps: { db: Database; appUrl: string; paymentOrigins: string[]; queue: Pick<QueueGate, 'pace'> },
) {
  const { db } = deps;
  const summary = checkoutSummary(deps);

  app.get<{ Params: { token: string }; Querystring: Record<string, string> }>(
    '/checkout/:token',
    { constraints },
    async (request, reply) => {
      const organization = await organizationFor(db, request, reply, deps.appUrl);
      if (!organization) return reply;
      const query = request.query ?? {};
      let message: NoticeMessage | undefined;
      if (query.payment === 'declined') {
        const reason = DECLINE_REASONS[String(query.reason)] ?? DECLINE_REASONS.card_declined!;
        message = {
          kind: 'alert',
          text: `The payment did not go through: ${reason} Your tickets are still held; try again or use another card.`,
        };
      } else if (query.payment === 'cancelled') {
        message = { kind: 'note', text: 'Payment cancelled. Your tickets are still held until the time below.' };
      }
      return summary(request, reply, organization, request.params.token, message);
    },
  );

  app.get<{ Params: { token: string } }>('/checkout/:token/return', { constraints }, async (request, reply) => {
    const organization = await organizationFor(db, request, reply, deps.appUrl);
    if (!organization) return reply;
    const current = await findOrderByToken(db, organization.organizationId, request.params.token);
    if (!current) return sendStorefrontNotFound(reply);
    // An order held with an admission from the waiting room: the wait for its payment is timed (decision 148).
    if (current.queuePlace !== null) deps.queue.pace.mark(request, current.eventId);
    if (current.status === 'paid' || current.status === 'partially_refunded')
      return reply.redirect(`/orders/${current.accessToken}`, 303);
    // A payment that did not match the order (decision 050): refunded, never paid.
    if (current.status === 'payment_review') {
      return sendHtml(
        reply,
        200,
        renderMessagePage(organization, {
          title: CHECKOUT_TEXT.paymentReviewTitle,
          text: CHECKOUT_TEXT.paymentReview,
          link: { href: '/', label: 'See all events' },
        }),
      );
    }
    // Paid after the hold ran out and the tickets sold out: refunded (or about to be), never paid.
    if (
      (current.status === 'cancelled' || current.status === 'refunded') &&
      current.paymentIntentId &&
      !current.paidAt
    ) {
      return sendHtml(
        reply,
        200,
        renderMessagePage(organization, {
          title: 'Sorry, these tickets sold out',
          text: 'Your payment arrived after your hold had expired, and the tickets (or the uses of the code you entered) ran out meanwhile. We have refunded the full amount; we have e-mailed you the details.',
          link: { href: '/', label: 'See all events' },
        }),
      );
    }
    reply.header('refresh', '2');
    return sendHtml(
      reply,
      202,
      renderMessagePage(organization, {
        title: 'Processing your payment',
        text: 'We are confirming your payment with the payment provider. This page refreshes by itself; your tickets appear here in a moment.',
        refreshSeconds: 2,
      }),
    );
  });

  app.get('/orders/lookup', { constraints }, async (request, reply) => {
    const organization = await organizationFor(db, request, reply, deps.appUrl);
    if (!organization) return reply;
    return sendHtml(reply, 200, renderLookupPage(organization, {}));
  });
}
