// The fan's names-and-answers page (decision 130): GET shows the names on their tickets and their answers, POST
// saves corrections until the organiser's deadline. The order's token is the fan's capability, as for the order
// page; Origin is checked by the plugin. A refused form comes back with every value kept and each error beside its
// field; after the deadline nothing is saved and the page says why.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { QUESTION_MESSAGES } from '@marquee/shared';
import { deviceOf } from '../modules/audit/audit.js';
import { findPublicEventAnyStatus } from '../modules/checkout/order-event.js';
import { fanDetails, saveFanDetails, type FanDetails } from '../modules/questions/fan-answers.js';
import { isAttendeeField } from '../modules/questions/checkout-answers.js';
import { findPlacedOrder, type OrderPageDeps } from './order-page.js';
import { renderOrderDetailsPage } from './order-details-page.js';
import { sendHtml, sendStorefrontNotFound, type StorefrontOrganization } from './respond.js';
import type { NoticeMessage } from './notice.js';
import type { OrderRow } from '../modules/checkout/checkout.service.js';

const constraints = { site: 'storefront' };

export function orderDetailsRoutes(app: FastifyInstance, deps: OrderPageDeps) {
  const { db } = deps;

  async function send(
    reply: FastifyReply,
    organization: StorefrontOrganization,
    current: OrderRow,
    details: FanDetails,
    options: {
      values?: Record<string, string>;
      errors?: Record<string, string>;
      message?: NoticeMessage;
      status?: number;
    },
  ) {
    const event = await findPublicEventAnyStatus(db, organization.organizationId, current.eventId);
    if (!event) return sendStorefrontNotFound(reply);
    return sendHtml(
      reply,
      options.status ?? 200,
      renderOrderDetailsPage({
        organization,
        orderCode: current.code,
        token: current.accessToken,
        eventName: event.name,
        timeZone: event.timeZone,
        details,
        values: options.values ?? details.values,
        errors: options.errors,
        message: options.message,
      }),
    );
  }

  app.get<{ Params: { token: string }; Querystring: { done?: string } }>(
    '/orders/:token/details',
    { constraints },
    async (request, reply) => {
      const found = await findPlacedOrder(deps, request.siteHost, request.params.token);
      if (!found) return sendStorefrontNotFound(reply);
      const details = await fanDetails(db, found.current);
      if (!details) return sendStorefrontNotFound(reply);
      const message =
        request.query.done === 'saved' ? ({ kind: 'note', text: QUESTION_MESSAGES.saved } as const) : undefined;
      return send(reply, found.organization, found.current, details, message ? { message } : {});
    },
  );

  app.post<{ Params: { token: string } }>('/orders/:token/details', { constraints }, async (request, reply) => {
    const found = await findPlacedOrder(deps, request.siteHost, request.params.token);
    if (!found) return sendStorefrontNotFound(reply);
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
    const posted: Record<string, string> = {};
    for (const [key, value] of Object.entries(body))
      if (isAttendeeField(key) && typeof value === 'string' && key.length <= 100) posted[key] = value.slice(0, 4000);
    const outcome = await saveFanDetails(db, found.current, posted, deviceOf(request));
    if (outcome.kind === 'saved') return reply.redirect(`/orders/${found.current.accessToken}/details?done=saved`, 303);
    if (outcome.kind === 'invalid')
      return send(reply, found.organization, found.current, outcome.details, {
        values: posted,
        errors: outcome.fields,
        message: { kind: 'alert', text: 'Please check the highlighted fields.' },
        status: 400,
      });
    const details = await fanDetails(db, found.current);
    if (!details) return sendStorefrontNotFound(reply);
    return send(reply, found.organization, found.current, details, {
      message: { kind: 'alert', text: QUESTION_MESSAGES.editClosed },
      status: 409,
    });
  });
}
