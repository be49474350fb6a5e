// The checkout's summary (the held tickets, the Pay form, the buyer's details for a waiting-list offer), the
// return page that waits for the payment to be confirmed, and the order-link lookup page, on the organiser's
// host; with the replies every checkout page shares.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CURRENCY_COUNTRY, isCountryCode, type CurrencyCode } from '@marquee/shared';
import type { Database } from '../db/client.js';
import { CHECKOUT_TEXT, findOrderByToken, orderLines } from '../modules/checkout/checkout.service.js';
import { findPublicEvent } from '../modules/events/events.public.js';
import type { CheckoutFormErrors, CheckoutFormState } from './checkout-form.js';
import { renderLookupPage, renderMessagePage, renderSummaryPage } from './checkout-pages.js';
import { offerDetailsView } from './offer-details.js';
import {
  findStorefrontOrganization,
  sendStorefrontNotFound,
  type StorefrontOrganization,
} from './storefront.routes.js';

const constraints = { site: 'storefront' };

const DECLINE_REASONS: Record<string, string> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
  processing_error: 'An error occurred while processing your card.',
};

/**
 * Pages carrying an order's token: never stored, and their address is never sent to another site as a referrer.
 * 'same-origin' rather than 'no-referrer': with no-referrer a browser sends `Origin: null` on the page's own form
 * posts, which the cross-site check refuses.
 */
export function sendHtml(reply: FastifyReply, status: number, html: string, cache = 'no-store') {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', cache)
    .header('referrer-policy', 'same-origin')
    .send(html);
}

/** Region of the browser's first language ('en-GB' -> GB), else the country the event's currency suggests. */
export function defaultCountry(request: FastifyRequest, currency: CurrencyCode | undefined): string {
  const first = String(request.headers['accept-language'] ?? '').split(',')[0] ?? '';
  const region = first.split(';')[0]?.trim().split('-')[1]?.toUpperCase();
  if (region && isCountryCode(region)) return region;
  return CURRENCY_COUNTRY[currency ?? 'GBP'] ?? 'GB';
}

export async function organizationFor(db: Database, request: FastifyRequest, reply: FastifyReply, appUrl: string) {
  const organization = await findStorefrontOrganization(db, request.siteHost, appUrl);
  if (!organization) await sendStorefrontNotFound(reply);
  return organization;
}

export type CheckoutSummary = ReturnType<typeof checkoutSummary>;

/** The summary page of a held order (or where it went: paid, expired, cancelled). */
export function checkoutSummary(deps: { db: Database; paymentOrigins: string[] }) {
  const { db } = deps;
  return async function summary(
    request: FastifyRequest,
    reply: FastifyReply,
    organization: StorefrontOrganization,
    token: string,
    message: { kind: 'alert' | 'note'; text: string } | undefined,
    status = 200,
    posted?: { form: CheckoutFormState; errors: CheckoutFormErrors },
  ) {
    const current = await findOrderByToken(db, organization.organizationId, token);
    if (!current) return sendStorefrontNotFound(reply);
    if (current.status === 'paid' || current.status === 'partially_refunded')
      return reply.redirect(`/orders/${current.accessToken}`, 303);
    const event = await findPublicEvent(db, organization.organizationId, current.eventId);
    const expired =
      current.status !== 'pending' || !current.holdExpiresAt || current.holdExpiresAt.getTime() <= Date.now();
    if (expired) {
      const review = current.status === 'payment_review';
      const text = review
        ? CHECKOUT_TEXT.paymentReview
        : current.status === 'cancelled'
          ? 'This order was cancelled and its tickets released.'
          : CHECKOUT_TEXT.holdExpired;
      return sendHtml(
        reply,
        410,
        renderMessagePage(organization, {
          title: review
            ? CHECKOUT_TEXT.paymentReviewTitle
            : current.status === 'cancelled'
              ? 'Order cancelled'
              : 'Your hold has expired',
          text,
          link: event
            ? { href: `/events/${event.slug}`, label: 'Start again' }
            : { href: '/', label: 'See all events' },
        }),
      );
    }
    // The Pay form posts here and is redirected to the provider's page: form-action must allow that origin.
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string') {
      reply.header(
        'content-security-policy',
        csp.replace("form-action 'self'", `form-action 'self' ${deps.paymentOrigins.join(' ')}`),
      );
    }
    return sendHtml(
      reply,
      status,
      renderSummaryPage({
        organization,
        eventName: event?.name ?? 'Tickets',
        eventId: current.eventId,
        timeZone: event?.timeZone ?? 'UTC',
        order: current,
        lines: await orderLines(db, current),
        token: current.accessToken,
        message,
        details: await offerDetailsView(db, current, defaultCountry(request, current.currency as CurrencyCode), posted),
      }),
    );
  };
}

/** GET /checkout/:token (with a declined or cancelled payment's message), its return page and the lookup page. */
export function checkoutSummaryRoutes(
  app: FastifyInstance,
  deps: { db: Database; appUrl: string },
  summary: CheckoutSummary,
) {
  const { db } = deps;

  app.get<{ Params: { token: string }; Querystring: Record<string, string> }>(
    '/checkout/:token',
    { constraints },
    async (request, reply) => {
      const organization = await organizationFor(db, request, reply, deps.appUrl);
      if (!organization) return reply;
      const query = request.query ?? {};
      let message: { kind: 'alert' | 'note'; text: string } | undefined;
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
