// The fan's after-sale forms on the order page (decision 032): ask for a refund ('Refunds Allowed' on) and send
// a ticket to someone else ('Resale allowed' on; the filled-in form asks for a confirmation first). The order's
// token is the fan's capability, as for the page itself; Origin is checked by the plugin. A refusal re-renders the
// page with its message and status; success redirects back to the page (303) with what was done.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AFTER_SALE_MESSAGES, HOLDER_NAME_MAX, isValidEmail, REFUND_REASON_MAX } from '@marquee/shared';
import { AppError } from '../lib/errors.js';
import { deviceOf } from '../modules/audit/audit.js';
import { requestRefund } from '../modules/refunds/refunds.service.js';
import { transferTicket } from '../modules/transfers/transfers.service.js';
import { findPlacedOrder, sendOrderPage, type OrderPageDeps } from './order-page.js';
import { sendStorefrontNotFound } from './respond.js';

export type AfterSaleRouteDeps = OrderPageDeps;

const constraints = { site: 'storefront' };
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const field = (body: unknown, name: string, max: number) => {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value.trim().slice(0, max + 1) : '';
};

export function afterSaleRoutes(app: FastifyInstance, deps: AfterSaleRouteDeps) {
  const { db } = deps;

  const load = (siteHost: FastifyRequest['siteHost'], token: string) => findPlacedOrder(deps, siteHost, token);

  app.post<{ Params: { token: string } }>('/orders/:token/refund-request', { constraints }, async (request, reply) => {
    const found = await load(request.siteHost, request.params.token);
    if (!found) return sendStorefrontNotFound(reply);
    const reason = field(request.body, 'reason', REFUND_REASON_MAX);
    const refuse = (text: string, status: number) =>
      sendOrderPage(deps, reply, found.organization, found.current, { message: { kind: 'alert', text }, status });
    if (!reason) return refuse('Tell the organiser why you want a refund', 400);
    if (reason.length > REFUND_REASON_MAX) return refuse(AFTER_SALE_MESSAGES.reasonTooLong, 400);
    if (CONTROL.test(reason)) return refuse(AFTER_SALE_MESSAGES.badCharacters, 400);
    try {
      await requestRefund(db, {
        organizationId: found.organization.organizationId,
        orderId: found.current.id,
        reason,
        device: deviceOf(request),
      });
    } catch (error) {
      if (error instanceof AppError && error.statusCode < 500) return refuse(error.message, error.statusCode);
      throw error;
    }
    return reply.redirect(`/orders/${found.current.accessToken}?done=refund-requested`, 303);
  });

  app.post<{ Params: { token: string } }>('/orders/:token/transfer', { constraints }, async (request, reply) => {
    const found = await load(request.siteHost, request.params.token);
    if (!found) return sendStorefrontNotFound(reply);
    const code = field(request.body, 'ticket', 40);
    const name = field(request.body, 'name', HOLDER_NAME_MAX);
    const email = field(request.body, 'email', 254).toLowerCase();
    const refuse = (text: string, status: number) =>
      sendOrderPage(deps, reply, found.organization, found.current, {
        message: { kind: 'alert', text },
        transfer: { code, name: name.slice(0, HOLDER_NAME_MAX), email: email.slice(0, 254) },
        status,
      });
    if (!name) return refuse(AFTER_SALE_MESSAGES.holderNameRequired, 400);
    if (name.length > HOLDER_NAME_MAX || CONTROL.test(name) || /[\r\n\t]/.test(name))
      return refuse(AFTER_SALE_MESSAGES.badCharacters, 400);
    if (email.length > 254 || !isValidEmail(email)) return refuse(AFTER_SALE_MESSAGES.holderEmailInvalid, 400);
    const confirm = field(request.body, 'confirm', 10);
    // Sending cannot be undone: the filled-in form first asks the fan to confirm (or to change the details).
    if (confirm === 'edit')
      return sendOrderPage(deps, reply, found.organization, found.current, { transfer: { code, name, email } });
    if (confirm !== 'yes')
      return sendOrderPage(deps, reply, found.organization, found.current, { transferConfirm: { code, name, email } });
    try {
      await transferTicket(db, deps.jobs, {
        organizationId: found.organization.organizationId,
        orderId: found.current.id,
        ticketCode: code,
        holderName: name,
        holderEmail: email,
        device: deviceOf(request),
      });
    } catch (error) {
      if (error instanceof AppError && error.statusCode < 500) return refuse(error.message, error.statusCode);
      throw error;
    }
    try {
      await deps.afterSale.deliverQueued();
    } catch (error) {
      request.log.warn({ err: error }, 'transfer e-mail left to the worker');
    }
    return reply.redirect(`/orders/${found.current.accessToken}?done=transferred`, 303);
  });
}
