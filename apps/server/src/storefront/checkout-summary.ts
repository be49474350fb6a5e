// The checkout's summary page (the held tickets, the Pay form, the buyer's details for a waiting-list offer), or
// where a held order went instead: paid, expired, cancelled.
import type { NoticeMessage } from './notice.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CURRENCY_COUNTRY, isCountryCode, type CurrencyCode } from '@marquee/shared';
import type { Database } from '../db/client.js';
import { CHECKOUT_TEXT, findOrderByToken, orderLines } from '../modules/checkout/checkout.service.js';
import { orderAddOnLines } from '../modules/add-ons/order-add-on-lines.js';
import { findPublicEvent } from '../modules/events/events.public.js';
import type { CheckoutFormErrors, CheckoutFormState } from './checkout-form.js';
import { renderMessagePage, renderSummaryPage } from './checkout-pages.js';
import { offerDetailsView } from './offer-details.js';
import { sendHtml, sendStorefrontNotFound, type StorefrontOrganization } from './respond.js';
import { billingFormView, type BillingPosted } from './receipt-view.js';
import { embedBase, renderEmbedMessage } from './embed-layout.js';

/** Region of the browser's first language ('en-GB' -> GB), else the country the event's currency suggests. */
export function defaultCountry(request: FastifyRequest, currency: CurrencyCode | undefined): string {
  const first = String(request.headers['accept-language'] ?? '').split(',')[0] ?? '';
  const region = first.split(';')[0]?.trim().split('-')[1]?.toUpperCase();
  if (region && isCountryCode(region)) return region;
  return CURRENCY_COUNTRY[currency ?? 'GBP'] ?? 'GB';
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
    message: NoticeMessage | undefined,
    status = 200,
    posted?: { form: CheckoutFormState; errors: CheckoutFormErrors },
    billing?: BillingPosted,
  ) {
    const current = await findOrderByToken(db, organization.organizationId, token);
    if (!current) return sendStorefrontNotFound(reply);
    // In the embed's frame (decision 153) the fan's next pages stay under /embed until the Pay step.
    const base = embedBase(request);
    if (current.status === 'paid' || current.status === 'partially_refunded')
      return reply.redirect(`${base}/orders/${current.accessToken}`, 303);
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
        (base ? renderEmbedMessage : renderMessagePage)(organization, {
          title: review
            ? CHECKOUT_TEXT.paymentReviewTitle
            : current.status === 'cancelled'
              ? 'Order cancelled'
              : 'Your hold has expired',
          text,
          link: event
            ? { href: `${base}/events/${event.slug}`, label: 'Start again' }
            : { href: `${base}/`, label: 'See all events' },
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
        // The tickets, then the add-ons chosen with them (decision 134): the lines add up to the total.
        lines: [...(await orderLines(db, current)), ...(await orderAddOnLines(db, current))],
        token: current.accessToken,
        message,
        details: await offerDetailsView(db, current, defaultCountry(request, current.currency as CurrencyCode), posted),
        // Business details for the receipt, before paying (decision 137).
        // Not in the embed's frame, whose pages stay compact: the order page takes them after paying.
        billing: base ? null : await billingFormView(db, current, `/checkout/${current.accessToken}/billing`, billing),
        embed: base !== '',
      }),
    );
  };
}
