// The fan's resale forms on the order page (decision 035): list a ticket at face value, withdraw the listing.
// The order's token is the capability, as for the page itself; Origin is checked by the plugin. A refusal
// re-renders the page with its message and status; success redirects back (303) with what was done.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.js';
import { deviceOf } from '../modules/audit/audit.js';
import { listTicket, withdrawListing } from '../modules/resale/resale.service.js';
import { findPlacedOrder, sendOrderPage, type OrderPageDeps } from './order-page.js';
import { sendStorefrontNotFound } from './respond.js';

const constraints = { site: 'storefront' };

const ticketField = (body: unknown) => {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>).ticket : undefined;
  return typeof value === 'string' && /^T-[A-Z0-9]{4,20}$/.test(value.trim()) ? value.trim() : '';
};

export function resaleRoutes(app: FastifyInstance, deps: OrderPageDeps) {
  const { db } = deps;

  const load = (siteHost: FastifyRequest['siteHost'], token: string) => findPlacedOrder(deps, siteHost, token);

  for (const action of ['list', 'withdraw'] as const) {
    const path = action === 'list' ? '/orders/:token/resale' : '/orders/:token/resale/withdraw';
    app.post<{ Params: { token: string } }>(path, { constraints }, async (request, reply) => {
      const found = await load(request.siteHost, request.params.token);
      if (!found) return sendStorefrontNotFound(reply);
      const code = ticketField(request.body);
      const refuse = (text: string, status: number) =>
        sendOrderPage(deps, reply, found.organization, found.current, { message: { kind: 'alert', text }, status });
      if (!code) return refuse('Ticket not found', 404);
      const input = {
        organizationId: found.organization.organizationId,
        orderId: found.current.id,
        ticketCode: code,
        device: deviceOf(request),
      };
      try {
        if (action === 'list') await listTicket(db, deps.jobs, input);
        else await withdrawListing(db, input);
      } catch (error) {
        if (error instanceof AppError && error.statusCode < 500) return refuse(error.message, error.statusCode);
        throw error;
      }
      if (action === 'list') {
        try {
          await deps.waitlist.deliverQueued();
        } catch (error) {
          request.log.warn({ err: error }, 'waiting-list offer left to the worker');
        }
      }
      return reply.redirect(
        `/orders/${found.current.accessToken}?done=${action === 'list' ? 'listed' : 'withdrawn'}`,
        303,
      );
    });
  }
}
