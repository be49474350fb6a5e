// The waiting list's storefront routes (decision 035): GET shows the join form of a sold-out event, POST joins
// (plain form; rate limited; a second join of the same address says so and sends nothing) and redirects to the
// confirmation (?done=joined|already), so a reload sends nothing again. The e-mails' leave link: GET asks, POST
// leaves and redirects back to the page, which then says so. Origin is checked by the plugin; the form's fields
// are checked here (control characters, sizes, e-mail, quantity).
import type { NoticeMessage } from './notice.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isValidEmail } from '@marquee/shared';
import type { Database } from '../db/client.js';
import type { JobQueue } from '../jobs/queue.js';
import { AppError } from '../lib/errors.js';
import { loadStorefrontEvent } from '../modules/checkout/storefront-event.js';
import { WAITLIST_MESSAGES } from '../modules/resale/resale-messages.js';
import { leavePath, leaveView, leaveWaitlist } from '../modules/resale/waitlist-leave.js';
import { joinWaitlist } from '../modules/resale/waitlist.service.js';
import type { Waitlist } from '../modules/resale/waitlist.jobs.js';
import { findPublicEventAddress, redirectToCurrent } from './event-address.js';
import { findStorefrontOrganization, sendHtml, sendStorefrontNotFound } from './respond.js';
import { renderLeavePage, renderWaitlistPage, type WaitlistDone, type WaitlistFormState } from './waitlist-pages.js';

const constraints = { site: 'storefront' };
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const field = (body: unknown, name: string) => {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value.trim() : '';
};

export interface WaitlistRoutesDeps {
  db: Database;
  appUrl: string;
  jobs: JobQueue;
  waitlist: Waitlist;
  rateLimitMultiplier: number;
}

export function waitlistRoutes(app: FastifyInstance, deps: WaitlistRoutesDeps) {
  const { db } = deps;

  async function load(request: FastifyRequest<{ Params: { ref: string } }>, reply: FastifyReply) {
    const organization = await findStorefrontOrganization(db, request.siteHost, deps.appUrl);
    if (!organization) {
      await sendStorefrontNotFound(reply);
      return null;
    }
    const address = await findPublicEventAddress(db, organization.organizationId, request.params.ref);
    if (!address) {
      await sendStorefrontNotFound(reply);
      return null;
    }
    if (address.moved) {
      await redirectToCurrent(request, reply, address.slug, '/waitlist');
      return null;
    }
    const stored = await loadStorefrontEvent(db, organization.organizationId, address.id);
    if (!stored) {
      await sendStorefrontNotFound(reply);
      return null;
    }
    return { organization, stored };
  }

  app.get<{ Params: { ref: string }; Querystring: { done?: unknown } }>(
    '/events/:ref/waitlist',
    { constraints },
    async (request, reply) => {
      const found = await load(request, reply);
      if (!found) return reply;
      const done = request.query.done;
      return sendHtml(
        reply,
        200,
        renderWaitlistPage(
          found.organization,
          found.stored,
          { email: '', quantity: '1', type: '' },
          undefined,
          done === 'joined' || done === 'already' ? done : undefined,
        ),
      );
    },
  );

  app.post<{ Params: { ref: string } }>('/events/:ref/waitlist', { constraints }, async (request, reply) => {
    const found = await load(request, reply);
    if (!found) return reply;
    const state: WaitlistFormState = {
      email: field(request.body, 'email').toLowerCase().slice(0, 255),
      quantity: field(request.body, 'quantity').slice(0, 4),
      type: field(request.body, 'type').slice(0, 64),
    };
    const page = (status: number, kind: NoticeMessage['kind'], text: string) =>
      sendHtml(reply, status, renderWaitlistPage(found.organization, found.stored, state, { kind, text }));
    if (CONTROL.test(state.email) || CONTROL.test(state.type))
      return page(400, 'alert', 'Contains characters that are not allowed');
    if (state.email.length > 254 || !isValidEmail(state.email)) return page(400, 'alert', WAITLIST_MESSAGES.email);
    if (state.type && !UUID.test(state.type)) return page(400, 'alert', WAITLIST_MESSAGES.typeUnknown);
    const quantity = /^\d{1,3}$/.test(state.quantity) ? Number(state.quantity) : NaN;
    try {
      const outcome = await joinWaitlist(db, deps.jobs, {
        stored: found.stored,
        email: state.email,
        quantity,
        ticketTypeId: state.type || null,
        ip: request.ip,
        rateLimitMultiplier: deps.rateLimitMultiplier,
      });
      if (outcome === 'joined') {
        try {
          await deps.waitlist.deliverQueued();
        } catch (error) {
          request.log.warn({ err: error }, 'waiting-list e-mail left to the worker');
        }
      }
      const done: WaitlistDone = outcome;
      return reply.redirect(`/events/${found.stored.event.slug}/waitlist?done=${done}`, 303);
    } catch (error) {
      if (error instanceof AppError && error.statusCode < 500) {
        return page(error.statusCode, 'alert', error.message);
      }
      throw error;
    }
  });

  // The e-mails' leave link, on the organiser's storefront: an unknown or altered token, or another organisation's
  // entry, is the 404 page.
  async function leaveTarget(request: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) {
    const organization = await findStorefrontOrganization(db, request.siteHost, deps.appUrl);
    const entryId = deps.waitlist.leaveTokens.entryOf(request.params.token);
    const view = organization && entryId ? await leaveView(db, organization.organizationId, entryId) : null;
    if (!organization || !entryId || !view) {
      await sendStorefrontNotFound(reply);
      return null;
    }
    return { organization, entryId, view };
  }

  app.get<{ Params: { token: string } }>('/waitlist/leave/:token', { constraints }, async (request, reply) => {
    const target = await leaveTarget(request, reply);
    if (!target) return reply;
    const action = leavePath(deps.waitlist.leaveTokens, target.entryId);
    return sendHtml(reply, 200, renderLeavePage(target.organization, target.view, action));
  });

  app.post<{ Params: { token: string } }>('/waitlist/leave/:token', { constraints }, async (request, reply) => {
    const target = await leaveTarget(request, reply);
    if (!target) return reply;
    if (await leaveWaitlist(db, deps.jobs, target.organization.organizationId, target.entryId)) {
      try {
        // An offer given up goes to the next in line at once (the worker retries what fails).
        await deps.waitlist.deliverQueued();
      } catch (error) {
        request.log.warn({ err: error }, 'waiting-list run left to the worker');
      }
    }
    return reply.redirect(leavePath(deps.waitlist.leaveTokens, target.entryId), 303);
  });
}
