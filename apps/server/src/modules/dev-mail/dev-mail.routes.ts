// The development mailbox: reads the mail outbox as JSON (/api/dev/mail, for tests and scripts) and as a page
// (/dev/mailbox). Registered only outside production, so in production neither path exists.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { getOutboxAttachment, listOutbox, type OutboxMessage } from '../../adapters/mail/outbox.js';
import { notFound } from '../../lib/errors.js';
import { isLoopbackAddress } from '../../lib/loopback.js';
import { attachmentHeaders } from './dev-mail.preview.js';
import { renderMailboxPage } from './dev-mail-pages.js';

export const devMailQuerySchema = z.object({
  to: z.string().trim().min(1).max(320).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const devMailAttachmentSchema = z.object({
  id: z.string(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  cid: z.string().nullable(),
});

export const devMailMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** Extra headers the message carried (List-Unsubscribe, List-Unsubscribe-Post...), null when none. */
  headers: z.record(z.string(), z.string()).nullable(),
  createdAt: z.string(),
  attachments: z.array(devMailAttachmentSchema),
});

export const devMailAttachmentParamsSchema = z.object({
  id: z.uuid(),
  attachmentId: z.uuid(),
});

export type DevMailMessage = z.infer<typeof devMailMessageSchema>;

function toDevMailMessage(message: OutboxMessage): DevMailMessage {
  return {
    id: message.id,
    to: message.to,
    from: message.from,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers,
    createdAt: message.createdAt.toISOString(),
    attachments: message.attachments,
  };
}

/** How long the mailbox waits for the mail lane to finish before it answers with what the outbox holds. */
const LANE_WAIT_MS = 20_000;

async function settled(work: Promise<void>, waitMs: number) {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]);
  clearTimeout(timer);
}

export function devMailRoutes(app: FastifyInstance, db: Database, options: { open: boolean }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // The codes in the outbox unlock every account: only the machine itself may read it, unless DEV_MAILBOX=open.
  const onlyLoopback = async (request: FastifyRequest) => {
    if (!options.open && !isLoopbackAddress(request.ip)) throw notFound();
  };

  routes.get(
    '/api/dev/mail',
    {
      onRequest: onlyLoopback,
      schema: { querystring: devMailQuerySchema, response: { 200: z.array(devMailMessageSchema) } },
    },
    async (request, reply) => {
      // What the mail lane has yet to make (a sale's e-mails come just after it) is waited for, up to a bound.
      await settled(app.mailLane.idle(), LANE_WAIT_MS);
      const messages = await listOutbox(db, request.query.limit, { to: request.query.to });
      return reply.header('cache-control', 'no-store').send(messages.map(toDevMailMessage));
    },
  );

  routes.get(
    '/api/dev/mail/:id/attachments/:attachmentId',
    { onRequest: onlyLoopback, schema: { params: devMailAttachmentParamsSchema } },
    async (request, reply) => {
      const attachment = await getOutboxAttachment(db, request.params.id, request.params.attachmentId);
      if (!attachment) throw notFound('No such attachment');
      return reply.headers(attachmentHeaders(attachment)).type(attachment.contentType).send(attachment.content);
    },
  );

  routes.get(
    '/dev/mailbox',
    { onRequest: onlyLoopback, schema: { querystring: devMailQuerySchema } },
    async (request, reply) => {
      const { to, limit } = request.query;
      await settled(app.mailLane.idle(), LANE_WAIT_MS);
      const messages = await listOutbox(db, limit, { to });
      const html = renderMailboxPage({ messages, to, smtp: app.mailer.kind === 'smtp' });
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex')
        .send(html);
    },
  );
}
