// The organiser's view of the waiting list (decision 035): how many fans wait for an event and how many hold an
// offer. Owners and admins, like the rest of the event page; another organisation's event is a 404, like every
// event route.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { waitlistCountsSchema } from '@marquee/shared';
import { event } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { requireOrganization } from '../auth/auth.guard.js';
import { EVENT_NOT_FOUND } from '../events/events.service.js';
import { waitlistCounts } from './waitlist.service.js';

const idParams = z.object({ id: z.string().max(64) });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function waitlistApiRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  api.get(
    '/api/events/:id/waitlist',
    { schema: { params: idParams, response: { 200: waitlistCountsSchema } } },
    async (request) => {
      const auth = await requireOrganization(request);
      const [found] = UUID.test(request.params.id)
        ? await db
            .select({ id: event.id })
            .from(event)
            .where(and(eq(event.id, request.params.id), eq(event.organizationId, auth.organizationId)))
            .limit(1)
        : [];
      if (!found) throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
      const counts = await waitlistCounts(db, auth.organizationId, found.id);
      return { waiting: counts.waiting, waiting_tickets: counts.waitingTickets, offered: counts.offered };
    },
  );
}
