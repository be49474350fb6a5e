// The development mailbox: reads the mail outbox as JSON (/api/dev/mail, for tests and scripts) and as a page
// (/dev/mailbox). Registered only outside production, so in production neither path exists.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { getOutboxAttachment, listOutbox, type OutboxMessage } from '../../adapters/mail/outbox.js';
import { notFound } from '../../lib/errors.js';
import { isLoopbackAddress } from '../../lib/loopback.js';
import { escapeHtml, renderPage } from '../../lib/html.js';
import { attachmentHeaders, attachmentUrl, previewDocument } from './dev-mail.preview.js';

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
  createdAt: z.string(),
  attachments: z.array(devMailAttachmentSchema),
});

export const devMailAttachmentParamsSchema = z.object({
  id: z.uuid(),
  attachmentId: z.uuid(),
});

export type DevMailMessage = z.infer<typeof devMailMessageSchema>;

const mailboxCss = `header{margin-bottom:32px}.badge{display:inline-block;padding:2px 10px;border-radius:999px;background:#00ea6f;color:#0a0a0a;font-size:13px;font-weight:700;letter-spacing:.02em}h1{margin:12px 0 8px;font-size:28px}article{border:1px solid #262626;border-radius:12px;margin:0 0 24px;overflow:hidden;background:#111}article>dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0;padding:16px 20px;border-bottom:1px solid #262626}dt{color:#a3a3a3}dd{margin:0;overflow-wrap:anywhere}.subject{font-weight:700}details{border-bottom:1px solid #262626}summary{cursor:pointer;padding:10px 20px;color:#a3a3a3}pre{margin:0;padding:0 20px 16px;white-space:pre-wrap;overflow-wrap:anywhere;font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}iframe{display:block;width:100%;height:560px;border:0;background:#0a0a0a}form{display:flex;gap:8px;flex-wrap:wrap;margin-top:16px}input{flex:1 1 240px;padding:8px 12px;border-radius:8px;border:1px solid #404040;background:#0a0a0a;color:inherit;font:inherit}ul.attachments{margin:0;padding:0;list-style:none}ul.attachments li{margin:0 0 2px}button{padding:8px 16px;border-radius:8px;border:0;background:#00ea6f;color:#0a0a0a;font:inherit;font-weight:700;cursor:pointer}`;

function toDevMailMessage(message: OutboxMessage): DevMailMessage {
  return {
    id: message.id,
    to: message.to,
    from: message.from,
    subject: message.subject,
    text: message.text,
    html: message.html,
    createdAt: message.createdAt.toISOString(),
    attachments: message.attachments,
  };
}

function renderAttachmentList(message: OutboxMessage): string {
  if (message.attachments.length === 0) return '';
  const items = message.attachments
    .map(
      (attachment) =>
        `<li><a href="${escapeHtml(attachmentUrl(message.id, attachment.id))}" download="${escapeHtml(attachment.filename)}">${escapeHtml(attachment.filename)}</a> <span class="muted">${escapeHtml(attachment.contentType)}, ${escapeHtml(formatSize(attachment.size))}${attachment.cid ? ', inline' : ''}</span></li>`,
    )
    .join('');
  return `<dt>Attachments</dt><dd><ul class="attachments">${items}</ul></dd>\n`;
}

function formatSize(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}

function renderMessage(message: OutboxMessage): string {
  const iso = message.createdAt.toISOString();
  return `<article>
<dl>
<dt>From</dt><dd>${escapeHtml(message.from)}</dd>
<dt>To</dt><dd>${escapeHtml(message.to)}</dd>
<dt>Subject</dt><dd class="subject">${escapeHtml(message.subject)}</dd>
<dt>Sent</dt><dd><time datetime="${escapeHtml(iso)}">${escapeHtml(iso.replace('T', ' ').slice(0, 19))} UTC</time></dd>
${renderAttachmentList(message)}</dl>
<details><summary>Plain text</summary><pre>${escapeHtml(message.text)}</pre></details>
<iframe title="${escapeHtml(`HTML part of: ${message.subject}`)}" sandbox="allow-popups allow-popups-to-escape-sandbox" referrerpolicy="no-referrer" loading="lazy" srcdoc="${escapeHtml(previewDocument(message))}"></iframe>
</article>`;
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
      const messages = await listOutbox(db, limit, { to });
      const smtpNote =
        app.mailer.kind === 'smtp'
          ? '<p class="muted">SMTP_URL is set, so new e-mails are delivered through SMTP and no longer appear here.</p>'
          : '';
      const list =
        messages.length > 0
          ? messages.map(renderMessage).join('\n')
          : `<p class="muted">No e-mails${to ? ` to ${escapeHtml(to)}` : ''} yet.</p>`;
      const body = `<main>
<header>
<span class="badge">Development outbox</span>
<h1>Mailbox</h1>
<p class="muted">E-mails Marquee would have sent, newest first. They were kept in the database and not delivered to anyone. This page does not exist in production.</p>
${smtpNote}
<form method="get" action="/dev/mailbox">
<input type="email" name="to" placeholder="Filter by recipient e-mail" value="${escapeHtml(to ?? '')}" aria-label="Recipient e-mail">
<button type="submit">Filter</button>
</form>
</header>
${list}
</main>`;
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex')
        .send(renderPage({ title: 'Development outbox · Marquee', body, css: mailboxCss }));
    },
  );
}
