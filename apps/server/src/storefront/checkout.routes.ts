// The fan's path on an organiser's host, as plain HTML forms: event page -> POST checkout (hold) -> summary
// -> POST pay (provider's hosted checkout) -> return ('processing' until the webhook has paid the order) ->
// order page. Every refusal is a page with a clear message; nothing here answers JSON or a bare 500.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CURRENCY_COUNTRY, isCountryCode, type CurrencyCode } from '@marquee/shared';
import type { Database } from '../db/client.js';
import {
  beginPayment,
  CHECKOUT_TEXT,
  CheckoutRefusal,
  findOrderByToken,
  QueueRequired,
  orderLines,
  startCheckout,
  type CheckoutDeps,
} from '../modules/checkout/checkout.service.js';
import { cancelHold, checkoutSubmissionKey } from '../modules/checkout/cancel.js';
import { loadStorefrontEvent, type StorefrontEvent } from '../modules/checkout/storefront-event.js';
import { findPublicEvent } from '../modules/events/events.service.js';
import { CHECKOUT_SCRIPT } from './checkout-script.js';
import { codeView } from './code-entry.js';
import { codesFor, soldOutsideQueue } from '../modules/checkout/drop-rules.js';
import {
  emptyCheckoutForm,
  readCheckoutForm,
  type CheckoutFormErrors,
  type CheckoutFormState,
} from './checkout-form.js';
import { renderLookupPage, renderMessagePage, renderSummaryPage } from './checkout-pages.js';
import { renderEventPage } from './events.render.js';
import { sendStorefrontHtml } from './etag.js';
import {
  findStorefrontOrganization,
  sendStorefrontNotFound,
  type StorefrontOrganization,
} from './storefront.routes.js';
import { orderPageRoutes, type OrderPageDeps } from './order-page.routes.js';
import { waitlistRoutes } from './waitlist.routes.js';
import { offerDetailsView, takeOfferDetails } from './offer-details.js';
import { eventExtrasRoutes, findPublicEventAddress, redirectToCurrent } from './event-address.js';
import type { HoldOutcome } from '../plugins/metrics.js';
import type { PageViewRecorder } from '../modules/analytics/page-views.js';
import { ADMISSION_MESSAGES } from '../modules/queue/tokens.js';
import { queueRoutes, type QueueGate, type QueueRedirect } from './queue.routes.js';

export interface CheckoutRoutesDeps extends CheckoutDeps, OrderPageDeps {
  db: Database;
  /** Origins of the payment provider's hosted checkout: the summary's Pay form is redirected there. */
  paymentOrigins: string[];
  /** Counts the home and event pages' views (decision 023). */
  pageViews: PageViewRecorder;
  /** The waiting room (decision 034): sends fans to the queue and guards the hold. */
  queue: QueueGate;
  queuePowBits: number;
}

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
function defaultCountry(request: FastifyRequest, currency: CurrencyCode | undefined): string {
  const first = String(request.headers['accept-language'] ?? '').split(',')[0] ?? '';
  const region = first.split(';')[0]?.trim().split('-')[1]?.toUpperCase();
  if (region && isCountryCode(region)) return region;
  return CURRENCY_COUNTRY[currency ?? 'GBP'] ?? 'GB';
}

async function organizationFor(db: Database, request: FastifyRequest, reply: FastifyReply, appUrl: string) {
  const organization = await findStorefrontOrganization(db, request.siteHost, appUrl);
  if (!organization) await sendStorefrontNotFound(reply);
  return organization;
}

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** The metrics label of a refused checkout (a fixed set, never what the fan typed). */
function refusalOutcome(error: CheckoutRefusal): HoldOutcome {
  if (error.status === 400) return 'invalid';
  if (error.status === 404) return 'not_on_sale';
  if (error.status === 429) return 'rate_limited';
  if (error.message === CHECKOUT_TEXT.ended) return 'ended';
  if (error.message === CHECKOUT_TEXT.salesPaused) return 'sales_paused';
  return 'sold_out';
}

export function checkoutRoutes(app: FastifyInstance, deps: CheckoutRoutesDeps) {
  const { db } = deps;

  app.get('/_storefront/checkout.js', { constraints }, async (_request, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(CHECKOUT_SCRIPT),
  );

  async function renderEvent(
    request: FastifyRequest,
    reply: FastifyReply,
    organization: StorefrontOrganization,
    eventId: string,
    form: CheckoutFormState | null,
    errors: CheckoutFormErrors,
    status: number,
    preloaded: StorefrontEvent | null = null,
    entered: Array<string | undefined> = [],
    queue: QueueRedirect | null = null,
  ) {
    // Codes are read only when the page has some (typed, carried by the form, or in a ?code= link).
    const resolved = await codesFor(db, organization.organizationId, eventId, entered, new Date());
    let stored =
      preloaded ??
      (await loadStorefrontEvent(db, organization.organizationId, eventId, undefined, {
        unlockedTypeIds: resolved.access?.ticketTypeIds ?? [],
      }));
    if (!stored) return sendStorefrontNotFound(reply);
    // The waiting room guards the general on-sale: a browser without an admission sees only the presale types its
    // code unlocked (sold with their own window, decision 034), or goes to the queue.
    if (queue) {
      const presale = stored.types.filter((type) => soldOutsideQueue(type, queue.opensAt));
      if (presale.length === 0)
        return reply.header('cache-control', 'no-store').redirect(`${queue.url}?code=refused`, 303);
      stored = { ...stored, types: presale };
    }
    const event = stored.event;
    const state = form ?? emptyCheckoutForm(defaultCountry(request, stored.types[0]?.currency));
    const codes = codeView(resolved, stored);
    // The page shows live availability, so a browser revalidates it every time (never from a stale cache);
    // a page answering a posted form carries the fan's details and is never stored, nor one showing codes.
    const html = renderEventPage({
      organization,
      origin: originOf(request),
      event,
      stored,
      form: state,
      errors,
      codes,
      queueUrl: queue?.url ?? null,
    });
    if (queue || form || status !== 200 || entered.some(Boolean)) return sendHtml(reply, status, html, 'no-store');
    // Revalidated by ETag: an unchanged page (same availability) is a 304 with no body.
    reply.header('referrer-policy', 'same-origin');
    return sendStorefrontHtml(request, reply, html, 'no-cache');
  }

  app.get<{ Params: { ref: string }; Querystring: { code?: string | string[] } }>(
    '/events/:ref',
    { constraints },
    async (request, reply) => {
      const organization = await organizationFor(db, request, reply, deps.appUrl);
      if (!organization) return reply;
      const address = await findPublicEventAddress(db, organization.organizationId, request.params.ref);
      if (!address) return sendStorefrontNotFound(reply);
      // An old slug or the id-based address: the one current address, for links and search engines alike.
      if (address.moved) return redirectToCurrent(request, reply, address.slug);
      // The waiting room: from its lobby on, only admitted browsers see the tickets.
      const raw = request.query?.code;
      const entered = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw])
        .filter((value): value is string => typeof value === 'string')
        .slice(0, 4);
      // A browser with a presale code sees its presale types (renderEvent), else the queue.
      const queue = await deps.queue.eventPageRedirect(request, organization.organizationId, address.id);
      if (queue && !entered.some((text) => text.trim()))
        return reply.header('cache-control', 'no-store').redirect(queue.url, 303);
      await renderEvent(request, reply, organization, address.id, null, {}, 200, null, entered, queue);
      // A shown page (200, or 304 when the browser already had it) is a view; a missing event is not.
      if (reply.statusCode === 200 || reply.statusCode === 304) {
        deps.pageViews.record(request, { organizationId: organization.organizationId, eventId: address.id });
      }
      return reply;
    },
  );

  queueRoutes(app, {
    db,
    gate: deps.queue,
    powBits: deps.queuePowBits,
    rateLimitMultiplier: deps.rateLimitMultiplier,
    appUrl: deps.appUrl,
  });

  eventExtrasRoutes(app, {
    db,
    organizationFor: (request, reply) => organizationFor(db, request, reply, deps.appUrl),
  });

  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 32 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    scope.post<{ Params: { ref: string } }>('/events/:ref/checkout', { constraints }, async (request, reply) => {
      const organization = await organizationFor(db, request, reply, deps.appUrl);
      if (!organization) return reply;
      // The form posts to the slug address; an id (older pages still open in a tab) works as well.
      const address = await findPublicEventAddress(db, organization.organizationId, request.params.ref);
      if (!address) {
        app.metrics.checkoutHold('not_on_sale');
        return sendStorefrontNotFound(reply);
      }
      const eventId = address.id;
      const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, string>;
      const form = readCheckoutForm(body);
      // While the queue is on, no hold without this browser's admission, whatever the form sends; only presale
      // types unlocked by the form's access code are sold outside it (startCheckout checks each chosen type).
      const notAdmitted = await deps.queue.checkoutProblem(request, organization.organizationId, eventId);
      const joinQueue = () => {
        app.metrics.checkoutHold('not_admitted');
        return sendHtml(
          reply,
          403,
          renderMessagePage(organization, {
            title: 'Please join the queue',
            text: ADMISSION_MESSAGES[notAdmitted!.problem],
            link: { href: `/queue/${eventId}`, label: 'Join the queue' },
          }),
        );
      };
      if (notAdmitted && !form.accessCode) return joinQueue();
      const queue = notAdmitted ? { url: `/queue/${eventId}`, opensAt: notAdmitted.opensAt } : null;
      try {
        const created = await startCheckout(deps, {
          organizationId: organization.organizationId,
          eventId,
          quantities: form.quantities,
          buyer: form.buyer,
          submissionKey: checkoutSubmissionKey(request, eventId, form),
          ip: request.ip,
          codes: [form.accessCode, form.promoCode],
          queued: queue,
        });
        app.metrics.checkoutHold('held');
        return reply.redirect(`/checkout/${created.accessToken}`, 303);
      } catch (error) {
        if (error instanceof QueueRequired) return joinQueue();
        app.metrics.checkoutHold(error instanceof CheckoutRefusal ? refusalOutcome(error) : 'error');
        if (!(error instanceof CheckoutRefusal)) throw error;
        if (error.status === 404) return sendStorefrontNotFound(reply);
        return renderEvent(
          request,
          reply,
          organization,
          eventId,
          form,
          {
            message: error.message,
            fields: error.fields as Record<string, string>,
          },
          error.status,
          error.event,
          [form.accessCode, form.promoCode],
          queue,
        );
      }
    });

    scope.post<{ Params: { token: string } }>('/checkout/:token/pay', { constraints }, async (request, reply) => {
      const organization = await organizationFor(db, request, reply, deps.appUrl);
      if (!organization) return reply;
      const current = await findOrderByToken(db, organization.organizationId, request.params.token);
      if (!current) return sendStorefrontNotFound(reply);
      if (current.status === 'paid') return reply.redirect(`/orders/${current.accessToken}`, 303);
      // A waiting-list offer is paid only once its buyer's details are given (decision 035).
      const missing = await takeOfferDetails(db, request, current);
      if (missing) return summary(request, reply, organization, request.params.token, undefined, 400, missing);
      const event = await findPublicEvent(db, organization.organizationId, current.eventId);
      try {
        const base = `${originOf(request)}/checkout/${current.accessToken}`;
        const url = await beginPayment(deps, current, {
          successUrl: `${base}/return?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${base}?payment=cancelled`,
          eventName: event?.name ?? 'Tickets',
        });
        return reply.redirect(url, 303);
      } catch (error) {
        if (!(error instanceof CheckoutRefusal)) throw error;
        return summary(
          request,
          reply,
          organization,
          request.params.token,
          { kind: 'alert', text: error.message },
          error.status,
        );
      }
    });

    scope.post<{ Params: { token: string } }>('/checkout/:token/cancel', { constraints }, async (request, reply) => {
      const organization = await organizationFor(db, request, reply, deps.appUrl);
      if (!organization) return reply;
      const current = await findOrderByToken(db, organization.organizationId, request.params.token);
      if (!current) return sendStorefrontNotFound(reply);
      await cancelHold(db, current);
      return reply.redirect(`/events/${current.eventId}`, 303);
    });

    orderPageRoutes(scope, deps);
    waitlistRoutes(scope, deps);
  });

  async function summary(
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
      const text =
        current.status === 'cancelled'
          ? 'This order was cancelled and its tickets released.'
          : CHECKOUT_TEXT.holdExpired;
      return sendHtml(
        reply,
        410,
        renderMessagePage(organization, {
          title: current.status === 'cancelled' ? 'Order cancelled' : 'Your hold has expired',
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
  }

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
