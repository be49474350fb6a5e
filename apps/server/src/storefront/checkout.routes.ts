// The fan's path on an organiser's host, as plain HTML forms: event page -> POST checkout (hold) -> summary
// -> POST pay (provider's hosted checkout) -> return ('processing' until the webhook has paid the order) ->
// order page. Every refusal is a page with a clear message; nothing here answers JSON or a bare 500.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isFreeOrder } from '@marquee/shared';
import type { Database } from '../db/client.js';
import {
  beginPayment,
  confirmFreeCheckout,
  CHECKOUT_TEXT,
  findOrderByToken,
  startCheckout,
  type CheckoutDeps,
  type CheckoutFields,
  type CheckoutRefused,
} from '../modules/checkout/checkout.service.js';
import { cancelHold, checkoutSubmissionKey } from '../modules/checkout/cancel.js';
import {
  loadStorefrontEvent,
  loadStorefrontEventByRef,
  type StorefrontEvent,
} from '../modules/checkout/storefront-event.js';
import { publicEventName } from '../modules/events/events.public.js';
import { CHECKOUT_SCRIPT } from './checkout-script.js';
import { STOREFRONT_SCRIPT_PATH } from './page-loader.js';
import { checkoutSummary, defaultCountry } from './checkout-summary.js';
import { codeView } from './code-entry.js';
import { codesFor, soldOutsideQueue } from '../modules/checkout/drop-rules.js';
import {
  emptyCheckoutForm,
  readCheckoutForm,
  type CheckoutFormErrors,
  type CheckoutFormState,
} from './checkout-form.js';
import { renderMessagePage } from './checkout-pages.js';
import { renderEventPage } from './events.render.js';
import { renderOrderTotal } from './all-in-price.js';
import { quoteOrder } from '../modules/checkout/order-quote.js';
import { sendStorefrontHtml } from './etag.js';
import {
  acceptForms,
  findStorefrontOrganization,
  organizationFor,
  sendHtml,
  sendStorefrontNotFound,
  type StorefrontOrganization,
} from './respond.js';
import type { OrderPageDeps } from './order-page.js';
import { takeOfferDetails } from './offer-details.js';
import { findPublicEventAddress, redirectToCurrent } from './event-address.js';
import type { PageViewRecorder } from '../modules/analytics/page-views.js';
import { ADMISSION_MESSAGES, ADMISSION_USED } from '../modules/queue/tokens.js';
import type { QueueGate, QueueRedirect } from './queue-gate.js';
import { embedBase, renderEmbedMessage } from './embed-layout.js';
import { renderEmbedEventPage, renderEmbedQueueNote } from './embed-pages.js';
import { attributeOrder, trackingCodeOf } from './tracking.js';

export interface CheckoutRoutesDeps extends CheckoutDeps, OrderPageDeps {
  db: Database;
  /** Origins of the payment provider's hosted checkout: the summary's Pay form is redirected there. */
  paymentOrigins: string[];
  /** Counts the home and event pages' views (decision 023). */
  pageViews: PageViewRecorder;
  /** The waiting room (decision 034): sends fans to the queue and guards the hold. */
  queue: QueueGate;
  queuePowBits: number;
  /** The event artwork's inline preview, a data: URI (decision 142; modules/uploads/artwork-preview.ts). */
  artworkPreview: (imageUrl: string) => Promise<string | null>;
}

const constraints = { site: 'storefront' };

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** What the fan is shown for a refused checkout: the 404 page, the queue's page, or the event page's form. */
type RefusalAnswer =
  | { page: 'not_found' }
  | { page: 'queue'; text: string }
  | { page: 'form'; status: number; message: string; fields: CheckoutFields };

/**
 * The one mapping of a refused checkout's outcome to its answer: the page, its message and the HTTP status. The
 * metrics label is the outcome itself. `queueText` is the waiting room's message for this browser's admission.
 */
function refusalAnswer(refused: CheckoutRefused, queueText: string): RefusalAnswer {
  const form = (status: number, message: string, fields: CheckoutFields = {}) =>
    ({ page: 'form', status, message, fields }) as const;
  switch (refused.outcome) {
    case 'not_on_sale':
      return { page: 'not_found' };
    case 'not_admitted':
      return { page: 'queue', text: queueText };
    case 'admission_used':
      return { page: 'queue', text: ADMISSION_USED };
    case 'invalid':
      return form(400, refused.message, refused.fields);
    case 'rate_limited':
      return form(429, CHECKOUT_TEXT.rateLimited);
    case 'ended':
      return form(409, CHECKOUT_TEXT.ended);
    case 'cancelled':
      return form(409, CHECKOUT_TEXT.cancelled);
    case 'sales_paused':
      return form(409, CHECKOUT_TEXT.salesPaused);
    case 'try_again':
      return form(409, CHECKOUT_TEXT.tryAgain);
    case 'closed':
    case 'sold_out':
    case 'quota_sold_out':
    case 'add_on_sold_out':
    case 'code_used_up':
    case 'buyer_limit':
      return form(409, refused.message, refused.fields);
    default:
      return refused satisfies never;
  }
}

export function checkoutRoutes(app: FastifyInstance, deps: CheckoutRoutesDeps) {
  const { db } = deps;
  const summary = checkoutSummary(deps);
  const confirmFree = (current: Parameters<typeof confirmFreeCheckout>[1]) =>
    confirmFreeCheckout({ db, notifier: deps.notifier }, current);

  app.get(STOREFRONT_SCRIPT_PATH, { constraints }, async (_request, reply) =>
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
    trackingCode: string | null = null,
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
      if (presale.length === 0) return queueRedirect(request, reply, organization, `${queue.url}?code=refused`);
      stored = { ...stored, types: presale };
    }
    const event = stored.event;
    const state = form ?? {
      ...emptyCheckoutForm(defaultCountry(request, stored.types[0]?.currency)),
      trackingCode,
    };
    const codes = codeView(resolved, stored);
    const quote = quoteOrder(stored, state, resolved);
    const artworkPreview = event.artworkUrl ? await deps.artworkPreview(event.artworkUrl) : null;
    // The page shows live availability, so a browser revalidates it every time (never from a stale cache);
    // a page answering a posted form carries the fan's details and is never stored, nor one showing codes.
    const html = (embedBase(request) ? renderEmbedEventPage : renderEventPage)({
      organization,
      origin: originOf(request),
      event,
      stored,
      form: state,
      errors,
      codes,
      quote,
      queueUrl: queue?.url ?? null,
      artworkPreview,
    });
    // The embed's pages are never stored: their frame-ancestors follow the organiser's list (decision 153).
    if (queue || form || status !== 200 || entered.some(Boolean) || embedBase(request))
      return sendHtml(reply, status, html, 'no-store');
    // Revalidated by ETag: an unchanged page (same availability) is a 304 with no body.
    reply.header('referrer-policy', 'same-origin');
    return sendStorefrontHtml(request, reply, html, 'no-cache');
  }

  /** To the waiting room; from the embed, a page in the frame that opens it in a new tab (it needs its cookies). */
  function queueRedirect(
    request: FastifyRequest,
    reply: FastifyReply,
    organization: StorefrontOrganization,
    url: string,
  ) {
    if (embedBase(request)) return sendHtml(reply, 200, renderEmbedQueueNote(organization, url));
    return reply.header('cache-control', 'no-store').redirect(url, 303);
  }

  app.get<{ Params: { ref: string }; Querystring: { code?: string | string[]; tl?: string | string[] } }>(
    '/events/:ref',
    { constraints },
    async (request, reply) => {
      const raw = request.query?.code;
      const entered = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw])
        .filter((value): value is string => typeof value === 'string')
        .slice(0, 4);
      const hasCode = entered.some((text) => text.trim());
      // A drop's arriving fans: when this process already holds the event's queue snapshot, straight to the
      // waiting room, without reading the organisation or the event (decision 039).
      const arriving =
        hasCode || embedBase(request) ? null : await deps.queue.addressRedirect(request, request.params.ref);
      if (arriving) return reply.header('cache-control', 'no-store').redirect(arriving.url, 303);
      const organization = await organizationFor(db, request, reply, deps.appUrl);
      if (!organization) return reply;
      const address = await findPublicEventAddress(db, organization.organizationId, request.params.ref);
      if (!address) return sendStorefrontNotFound(reply);
      // An old slug or the id-based address: the one current address, for links and search engines alike.
      if (address.moved) return redirectToCurrent(request, reply, address.slug);
      // The waiting room: from its lobby on, only admitted browsers see the tickets.
      // A browser with a presale code sees its presale types (renderEvent), else the queue.
      const queue = await deps.queue.eventPageRedirect(request, organization.organizationId, address.id);
      if (queue && !hasCode) return queueRedirect(request, reply, organization, queue.url);
      const trackingCode = trackingCodeOf(request.query);
      await renderEvent(request, reply, organization, address.id, null, {}, 200, null, entered, queue, trackingCode);
      // A shown page (200, or 304 when the browser already had it) is a view; a missing event is not.
      if (reply.statusCode === 200 || reply.statusCode === 304) {
        deps.pageViews.record(request, { organizationId: organization.organizationId, eventId: address.id });
        if (trackingCode)
          deps.pageViews.recordLink(request, { organizationId: organization.organizationId, code: trackingCode });
      }
      return reply;
    },
  );

  app.register(async (scope) => {
    acceptForms(scope);

    scope.post<{ Params: { ref: string } }>('/events/:ref/checkout', { constraints }, async (request, reply) => {
      // The form posts to the slug address; an id (older pages still open in a tab) works as well. The event is
      // read with its types here, once, beside the host's lookup (by the organisation the host stands for): the
      // hold uses what this read found, and the payouts check what the host's lookup read.
      const now = new Date();
      const host = request.siteHost;
      const [organization, stored] = await Promise.all([
        findStorefrontOrganization(db, host, deps.appUrl),
        host.kind === 'app' ? null : loadStorefrontEventByRef(db, host, request.params.ref, now),
      ]);
      if (!organization) return sendStorefrontNotFound(reply);
      if (!stored || stored.row.organizationId !== organization.organizationId) {
        app.metrics.checkoutHold('not_on_sale');
        return sendStorefrontNotFound(reply);
      }
      const eventId = stored.row.id;
      const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, string>;
      const form = readCheckoutForm(body);
      // While the queue is on, no hold without this browser's admission, whatever the form sends; only presale
      // types unlocked by the form's access code are sold outside it (startCheckout checks each chosen type).
      const gate = await deps.queue.checkoutProblem(request, organization.organizationId, eventId);
      // An admitted fan's hold is timed for the adaptive admission (decision 148).
      if (gate?.problem === null) deps.queue.pace.mark(request, eventId);
      const asked = stored.asked;
      const notAdmitted = gate?.problem ? gate : null;
      const base = embedBase(request);
      const joinQueue = (text: string) => {
        const page = { title: 'Please join the queue', text };
        const link = { href: `/queue/${eventId}`, label: 'Join the queue' };
        return sendHtml(
          reply,
          403,
          base
            ? renderEmbedMessage(organization, { ...page, link: { ...link, target: '_blank' } })
            : renderMessagePage(organization, { ...page, link }),
        );
      };
      if (notAdmitted && !form.accessCode) {
        app.metrics.checkoutHold('not_admitted');
        return joinQueue(ADMISSION_MESSAGES[notAdmitted.problem]);
      }
      const queue = notAdmitted ? { url: `/queue/${eventId}`, opensAt: notAdmitted.opensAt } : null;
      const result = await startCheckout(deps, {
        organizationId: organization.organizationId,
        eventId,
        quantities: form.quantities,
        amounts: form.amounts ?? {},
        addOns: form.addOns ?? {},
        buyer: form.buyer,
        submissionKey: checkoutSubmissionKey(request, eventId, form),
        ip: request.ip,
        codes: [form.accessCode, form.promoCode],
        queued: queue,
        queuePlace: gate?.problem === null && gate.place > 0 ? gate.place : null,
        preloaded: stored,
        canSell: organization.chargesEnabled,
        attendee: { asked, posted: form.attendee ?? {} },
        now,
      }).catch((error: unknown) => {
        app.metrics.checkoutHold('error');
        throw error;
      });
      app.metrics.checkoutHold(result.outcome);
      if (result.outcome === 'held') {
        // The tracking link the fan came by (decision 156), before anything can pay the order.
        if (form.trackingCode)
          await attributeOrder(db, {
            organizationId: organization.organizationId,
            orderId: result.order.id,
            code: form.trackingCode,
          });
        // The conversion rate: the order is tied to this visitor if they were counted on the event's page today.
        deps.pageViews.recordOrder(request, {
          organizationId: organization.organizationId,
          eventId,
          orderId: result.order.id,
        });
        // Free tickets (decision 124): nothing to pay, so the tickets are issued now and the fan goes to them. A
        // hold that could not be confirmed (it ran out, or was already) is shown by the summary, which says why.
        if (isFreeOrder(result.order) && 'confirmed' in (await confirmFree(result.order)))
          return reply.redirect(`${base}/orders/${result.order.accessToken}`, 303);
        return reply.redirect(`${base}/checkout/${result.order.accessToken}`, 303);
      }
      const answer = refusalAnswer(result, ADMISSION_MESSAGES[notAdmitted?.problem ?? 'missing']);
      switch (answer.page) {
        case 'not_found':
          return sendStorefrontNotFound(reply);
        case 'queue':
          return joinQueue(answer.text);
        case 'form':
          return renderEvent(
            request,
            reply,
            organization,
            eventId,
            form,
            { message: answer.message, fields: answer.fields as Record<string, string> },
            answer.status,
            result.event && { ...result.event, asked },
            [form.accessCode, form.promoCode],
            queue,
          );
      }
    });

    // The order total before the fan leaves the event page (decision 135): without JavaScript the 'Update total'
    // button posts the form here and gets the page back with the total; the page's script posts the same form and
    // takes only the total's fragment. Nothing is held; the waiting room's gate applies as to the page itself.
    scope.post<{ Params: { ref: string } }>('/events/:ref/total', { constraints }, async (request, reply) => {
      const organization = await organizationFor(db, request, reply, deps.appUrl);
      if (!organization) return reply;
      const address = await findPublicEventAddress(db, organization.organizationId, request.params.ref);
      if (!address) return sendStorefrontNotFound(reply);
      const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, string>;
      const form = readCheckoutForm(body);
      const entered = [form.accessCode, form.promoCode];
      const queue = await deps.queue.eventPageRedirect(request, organization.organizationId, address.id);
      if (queue && !entered.some(Boolean)) return queueRedirect(request, reply, organization, queue.url);
      if (request.headers['x-marquee-fragment'] !== 'total')
        return renderEvent(request, reply, organization, address.id, form, {}, 200, null, entered, queue);
      const resolved = await codesFor(db, organization.organizationId, address.id, entered, new Date());
      const stored = await loadStorefrontEvent(db, organization.organizationId, address.id, undefined, {
        unlockedTypeIds: resolved.access?.ticketTypeIds ?? [],
      });
      if (!stored) return sendStorefrontNotFound(reply);
      const totalAction = `${embedBase(request)}/events/${stored.row.slug}/total`;
      const html = renderOrderTotal(quoteOrder(stored, form, resolved), totalAction);
      return sendHtml(reply, 200, html, 'no-store');
    });

    scope.post<{ Params: { token: string } }>('/checkout/:token/pay', { constraints }, async (request, reply) => {
      const organization = await organizationFor(db, request, reply, deps.appUrl);
      if (!organization) return reply;
      const current = await findOrderByToken(db, organization.organizationId, request.params.token);
      if (!current) return sendStorefrontNotFound(reply);
      // Not timed for the adaptive admission (decision 148): this step's time is mostly the payment provider's
      // (Stripe creates the hosted checkout), not this machine's.
      if (current.status === 'paid') return reply.redirect(`/orders/${current.accessToken}`, 303);
      // A waiting-list offer is paid only once its buyer's details are given (decision 035).
      const missing = await takeOfferDetails(db, request, current);
      if (missing) return summary(request, reply, organization, request.params.token, undefined, 400, missing);
      // A free order (a waiting-list offer of a free ticket, or a hold shown again) is confirmed, never paid.
      if (isFreeOrder(current)) {
        const confirmed = await confirmFree(current);
        if ('confirmed' in confirmed) return reply.redirect(`/orders/${current.accessToken}`, 303);
        return summary(
          request,
          reply,
          organization,
          request.params.token,
          { kind: 'alert', text: confirmed.refused },
          409,
        );
      }
      const eventName = await publicEventName(db, organization.organizationId, current.eventId);
      const base = `${originOf(request)}/checkout/${current.accessToken}`;
      const payment = await beginPayment(deps, current, {
        successUrl: `${base}/return?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${base}?payment=cancelled`,
        eventName: eventName ?? 'Tickets',
      });
      if ('url' in payment) return reply.redirect(payment.url, 303);
      return summary(request, reply, organization, request.params.token, { kind: 'alert', text: payment.refused }, 409);
    });

    scope.post<{ Params: { token: string } }>('/checkout/:token/cancel', { constraints }, async (request, reply) => {
      const organization = await organizationFor(db, request, reply, deps.appUrl);
      if (!organization) return reply;
      const current = await findOrderByToken(db, organization.organizationId, request.params.token);
      if (!current) return sendStorefrontNotFound(reply);
      await cancelHold(db, current);
      return reply.redirect(`${embedBase(request)}/events/${current.eventId}`, 303);
    });
  });
}
