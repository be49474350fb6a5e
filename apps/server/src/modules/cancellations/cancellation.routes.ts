// Cancelling an event and following its refunds (decision 025). The organisation's owner or an admin only;
// another organisation's event is a 404, like every event route. Origin is checked by the plugin.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cancelEventInputSchema, cancellationProgressSchema } from '@marquee/shared';
import type { JobQueue } from '../../jobs/queue.js';
import { AppError } from '../../lib/errors.js';
import { requireOrganization } from '../auth/auth.guard.js';
import { cancelEvent, cancellationProgress } from './cancellation.service.js';

const idParams = z.object({ id: z.string().max(64) });
const MANAGERS = new Set(['owner', 'admin']);

export function cancellationRoutes(app: FastifyInstance, deps: { jobs: JobQueue }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  api.post(
    '/api/events/:id/cancel',
    { schema: { params: idParams, body: cancelEventInputSchema, response: { 200: cancellationProgressSchema } } },
    async (request) => {
      const auth = await requireOrganization(request);
      if (!MANAGERS.has(auth.role)) throw new AppError('FORBIDDEN', 'Only an owner or admin can cancel an event');
      return cancelEvent(
        db,
        deps.jobs,
        { organizationId: auth.organizationId, userId: auth.userId },
        request.params.id,
        request.body,
      );
    },
  );

  api.get(
    '/api/events/:id/cancellation',
    { schema: { params: idParams, response: { 200: cancellationProgressSchema } } },
    async (request) => {
      const auth = await requireOrganization(request);
      return cancellationProgress(db, auth.organizationId, request.params.id);
    },
  );
}
