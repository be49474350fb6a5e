// The fan's order page (reached by the token link from the e-mail or the return page) and 'find my order',
// which e-mails an address its order links and answers the same whether or not any order exists.
import type { FastifyInstance } from 'fastify';
import { BILLING_MESSAGES, isValidEmail } from '@marquee/shared';
import { findOrderByToken } from '../modules/checkout/checkout.service.js';
import { takeToken } from '../modules/checkout/rate-limit.js';
import { renderLookupPage } from './checkout-pages.js';
import { sendOrderPage, type OrderPageDeps } from './order-page.js';
import { findStorefrontOrganization, sendHtml, sendStorefrontNotFound } from './respond.js';

const constraints = { site: 'storefront' };

const DONE_MESSAGES: Record<string, string> = {
  'refund-requested': 'Your refund request has been sent to the organiser. We will e-mail you their answer.',
  listed:
    'Your ticket is listed for resale at face value. If it sells, it stops working and we refund you its price; until then you can withdraw it.',
  withdrawn: 'Your listing is withdrawn. The ticket is yours again and still valid.',
  billing: BILLING_MESSAGES.saved,
  reissued: BILLING_MESSAGES.reissued,
  transferred:
    'Ticket sent. The new holder has been e-mailed their own ticket, and the QR code you had for it no longer works.',
};

export function orderPageRoutes(app: FastifyInstance, deps: OrderPageDeps) {
  const { db } = deps;

  app.get<{ Params: { token: string }; Querystring: { done?: string } }>(
    '/orders/:token',
    { constraints },
    async (request, reply) => {
      const organization = await findStorefrontOrganization(db, request.siteHost, deps.appUrl);
      if (!organization) return sendStorefrontNotFound(reply);
      const current = await findOrderByToken(db, organization.organizationId, request.params.token);
      if (!current) return sendStorefrontNotFound(reply);
      if (current.status === 'pending') return reply.redirect(`/checkout/${current.accessToken}`, 303);
      const done = DONE_MESSAGES[String(request.query.done ?? '')];
      return sendOrderPage(deps, reply, organization, current, done ? { message: { kind: 'note', text: done } } : {});
    },
  );

  // The tickets as a PDF and the event as a calendar file, for a paid order only.
  app.get<{ Params: { token: string; file: string } }>(
    '/orders/:token/:file',
    { constraints },
    async (request, reply) => {
      const file = request.params.file;
      if (file !== 'tickets.pdf' && file !== 'calendar.ics') return sendStorefrontNotFound(reply);
      const organization = await findStorefrontOrganization(db, request.siteHost, deps.appUrl);
      if (!organization) return sendStorefrontNotFound(reply);
      const current = await findOrderByToken(db, organization.organizationId, request.params.token);
      if (!current) return sendStorefrontNotFound(reply);
      const documents = await deps.notifier.documents({
        orderId: current.id,
        organizationId: organization.organizationId,
      });
      if (!documents) return sendStorefrontNotFound(reply);
      reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'same-origin')
        .header('x-content-type-options', 'nosniff');
      if (file === 'tickets.pdf') {
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="tickets-${documents.code}.pdf"`)
          .send(await documents.pdf());
      }
      const ics = documents.ics();
      if (!ics) return sendStorefrontNotFound(reply);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${documents.code}.ics"`)
        .send(ics);
    },
  );

  app.post('/orders/lookup', { constraints }, async (request, reply) => {
    const organization = await findStorefrontOrganization(db, request.siteHost, deps.appUrl);
    if (!organization) return sendStorefrontNotFound(reply);
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase().slice(0, 254) : '';
    if (!isValidEmail(email)) {
      return sendHtml(
        reply,
        400,
        renderLookupPage(organization, { error: 'Enter a valid email address, like name@example.com', email }),
      );
    }
    const scale = (max: number) => Math.max(1, Math.round(max * deps.rateLimitMultiplier));
    const allowed =
      (await takeToken(db, `lookup:ip:${request.ip}`, { max: scale(10), windowSeconds: 600 })) &&
      (await takeToken(db, `lookup:email:${organization.organizationId}:${email}`, {
        max: scale(3),
        windowSeconds: 3600,
      }));
    // The answer is the same whether or not the address has orders (or was rate limited), so it reveals nothing.
    if (allowed) {
      await deps.notifier.sendOrderLinks({
        organizationId: organization.organizationId,
        email,
        origin: `${request.protocol}://${request.host}`,
      });
    }
    return sendHtml(reply, 200, renderLookupPage(organization, { sent: true }));
  });
}
