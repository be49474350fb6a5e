// Guidance API: the dashboard's getting-started checklist, the 'link shared' mark, and publishing the drafts
// that waited for payouts. Each acts for the caller's organisation only.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checklistSchema, linkSharedInputSchema, publishDraftsResultSchema } from '@marquee/shared';
import type { Config } from '../../config.js';
import { requireOrganization } from '../auth/auth.guard.js';
import type { AssertCanSell, EventsContext } from '../events/events.service.js';
import { getChecklist, publishWaitingDrafts, recordLinkShared } from './guidance.service.js';

export function guidanceRoutes(app: FastifyInstance, deps: { config: Config; assertCanSell: AssertCanSell }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const context: EventsContext = { appUrl: deps.config.appUrl, publicHost: deps.config.publicHost };

  api.get('/api/dashboard/checklist', { schema: { response: { 200: checklistSchema } } }, async (request) => {
    const { organizationId } = await requireOrganization(request);
    return getChecklist(db, organizationId, context);
  });

  api.post(
    '/api/dashboard/checklist/link-shared',
    { schema: { body: linkSharedInputSchema, response: { 200: checklistSchema } } },
    async (request) => {
      const { organizationId } = await requireOrganization(request);
      return recordLinkShared(db, organizationId, request.body, context);
    },
  );

  api.post(
    '/api/events/publish-drafts',
    { schema: { response: { 200: publishDraftsResultSchema } } },
    async (request) => {
      const auth = await requireOrganization(request);
      const actor = { organizationId: auth.organizationId, userId: auth.userId };
      return publishWaitingDrafts(db, actor, { assertCanSell: deps.assertCanSell }, context);
    },
  );
}
