// Messages to ticket holders (decision 154): preview, test send, send and history, for the organisation's owner
// or an admin (door staff are refused; another organisation's event is a 404). Not a PRO feature. Origin is
// checked by the plugin on every route here except the unsubscribe link's POST, which its signed token
// authorises (mail providers post to it with no cookie and no Origin, RFC 8058).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  HOLDER_AUDIENCES,
  holderMessageDraftSchema,
  holderMessageListSchema,
  holderMessagePreviewSchema,
  holderMessageSchema,
  holderMessageSendSchema,
  holderMessageTestSchema,
} from '@marquee/shared';
import { requireOrganization } from '../auth/auth.guard.js';
import type { HolderMessages } from './holder-messages.jobs.js';
import { audienceSize, listMessages, previewMessage, sendMessage, sendTestMessage } from './holder-messages.service.js';
import { unsubscribeAskPage, unsubscribeDonePage, unsubscribeInvalidPage } from './unsubscribe-page.js';
import { unsubscribe, unsubscribeView } from './unsubscribe.js';

/** A page of the unsubscribe link: never cached, and its address (the token) never sent on as a referrer. */
const sendHtml = (reply: FastifyReply, status: number, html: string) =>
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'same-origin')
    .send(html);

// Any id up to 64 characters, like every event route: one that names no event of the organisation is a 404.
const idParams = z.object({ id: z.string().max(64) });
// In the query, not the path: a token naming a long address is longer than the router takes in a path segment.
const tokenQuery = z.object({ t: z.string().max(1000) });

export function holderMessageRoutes(app: FastifyInstance, holder: HolderMessages) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = holder;
  const actor = async (request: Parameters<typeof requireOrganization>[0]) => {
    const auth = await requireOrganization(request);
    return { organizationId: auth.organizationId, userId: auth.userId, email: auth.email };
  };

  api.post(
    '/api/events/:id/messages/preview',
    { schema: { params: idParams, body: holderMessageDraftSchema, response: { 200: holderMessagePreviewSchema } } },
    async (request) => previewMessage(deps, await actor(request), request.params.id, request.body),
  );

  api.get(
    '/api/events/:id/messages/audience',
    {
      schema: {
        params: idParams,
        querystring: z.object({ audience: z.enum(HOLDER_AUDIENCES), ticket_type_id: z.string().uuid().optional() }),
        response: { 200: z.object({ recipients: z.number().int() }) },
      },
    },
    async (request) => ({
      recipients: await audienceSize(deps, await actor(request), request.params.id, request.query),
    }),
  );

  api.post(
    '/api/events/:id/messages/test',
    { schema: { params: idParams, body: holderMessageDraftSchema, response: { 200: holderMessageTestSchema } } },
    async (request) => sendTestMessage(deps, await actor(request), request.params.id, request.body),
  );

  api.post(
    '/api/events/:id/messages',
    {
      schema: {
        params: idParams,
        body: holderMessageSendSchema,
        response: { 200: holderMessageSchema, 201: holderMessageSchema },
      },
    },
    async (request, reply) => {
      const { message, created } = await sendMessage(deps, await actor(request), request.params.id, request.body);
      return reply.status(created ? 201 : 200).send(message);
    },
  );

  api.get(
    '/api/events/:id/messages',
    { schema: { params: idParams, response: { 200: holderMessageListSchema } } },
    async (request) => {
      const { organizationId } = await actor(request);
      // The event must be the organisation's (a 404 otherwise), even with no messages yet.
      await holder.assertEvent(organizationId, request.params.id);
      return { messages: await listMessages(app.db, organizationId, request.params.id) };
    },
  );

  // The unsubscribe link: its own scope takes the one-click POST's form body (RFC 8058 sends
  // `List-Unsubscribe=One-Click`, urlencoded or multipart); the body says nothing the URL does not.
  void app.register(async (scope) => {
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data'])
      scope.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 8 * 1024 }, (_request, _body, done) =>
        done(null, {}),
      );
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    typed.get('/unsubscribe', { schema: { querystring: tokenQuery } }, async (request, reply) => {
      const target = deps.tokens.targetOf(request.query.t);
      const view = target ? await unsubscribeView(app.db, target) : null;
      if (!target || !view) return sendHtml(reply, 404, unsubscribeInvalidPage());
      return sendHtml(
        reply,
        200,
        unsubscribeAskPage(
          view.companyName,
          target.email,
          `/unsubscribe?t=${encodeURIComponent(request.query.t)}`,
          view.unsubscribed,
        ),
      );
    });
    typed.post(
      '/unsubscribe',
      { schema: { querystring: tokenQuery }, config: { crossSite: true } },
      async (request, reply) => {
        const target = deps.tokens.targetOf(request.query.t);
        const view = target ? await unsubscribeView(app.db, target) : null;
        if (!target || !view) return sendHtml(reply, 404, unsubscribeInvalidPage());
        await unsubscribe(app.db, target);
        return sendHtml(reply, 200, unsubscribeDonePage(view.companyName, target.email));
      },
    );
  });
}
