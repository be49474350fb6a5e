// Embedded-default mail: messages are stored in the mail_outbox table instead of being sent, so sign-up and
// password reset work with no SMTP server; developers read them at /dev/mailbox.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { mailOutbox, mailOutboxAttachment } from '../../db/schema/index.js';
import { mailHeaders, type Mailer, type OutgoingMail } from './mailer.js';
import { formatSender, senderFor } from './sender.js';

export interface OutboxAttachmentInfo {
  id: string;
  filename: string;
  contentType: string;
  size: number;
  cid: string | null;
}

export interface OutboxMessage {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers it carried (List-Unsubscribe...), null when none. */
  headers: Record<string, string> | null;
  createdAt: Date;
  attachments: OutboxAttachmentInfo[];
}

export interface OutboxAttachment extends OutboxAttachmentInfo {
  content: Buffer;
}

export function createOutboxMailer(db: Database, from: string): Mailer {
  return {
    kind: 'outbox',
    async send(mail: OutgoingMail, handOver?: () => Promise<void>) {
      const headers = mailHeaders(mail.headers) ?? null;
      await handOver?.();
      const sender = formatSender(senderFor(from, mail.fromName));
      // One transaction, so a message never shows up without the attachments it was sent with.
      await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(mailOutbox)
          .values({ to: mail.to, from: sender, subject: mail.subject, text: mail.text, html: mail.html, headers })
          .returning({ id: mailOutbox.id });
        const attachments = mail.attachments ?? [];
        if (attachments.length === 0) return;
        await tx.insert(mailOutboxAttachment).values(
          attachments.map((attachment, position) => ({
            mailId: row!.id,
            position,
            filename: attachment.filename,
            contentType: attachment.contentType,
            cid: attachment.cid ?? null,
            size: attachment.content.byteLength,
            content: attachment.content,
          })),
        );
      });
    },
  };
}

/** The newest messages first, each with its attachments' details (not their bytes); `to` is case-insensitive. */
export async function listOutbox(db: Database, limit = 50, filter: { to?: string } = {}): Promise<OutboxMessage[]> {
  const messages = await db
    .select()
    .from(mailOutbox)
    .where(filter.to ? eq(sql`lower(${mailOutbox.to})`, filter.to.trim().toLowerCase()) : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
  if (messages.length === 0) return [];

  const attachments = await db
    .select({
      id: mailOutboxAttachment.id,
      mailId: mailOutboxAttachment.mailId,
      filename: mailOutboxAttachment.filename,
      contentType: mailOutboxAttachment.contentType,
      size: mailOutboxAttachment.size,
      cid: mailOutboxAttachment.cid,
    })
    .from(mailOutboxAttachment)
    .where(
      inArray(
        mailOutboxAttachment.mailId,
        messages.map((message) => message.id),
      ),
    )
    .orderBy(asc(mailOutboxAttachment.position));
  const byMail = new Map<string, OutboxAttachmentInfo[]>();
  for (const { mailId, ...attachment } of attachments) {
    const list = byMail.get(mailId) ?? [];
    list.push(attachment);
    byMail.set(mailId, list);
  }
  return messages.map((message) => ({ ...message, attachments: byMail.get(message.id) ?? [] }));
}

/** One attachment with its bytes, or null when that message has no such attachment. */
export async function getOutboxAttachment(
  db: Database,
  mailId: string,
  attachmentId: string,
): Promise<OutboxAttachment | null> {
  const [row] = await db
    .select({
      id: mailOutboxAttachment.id,
      filename: mailOutboxAttachment.filename,
      contentType: mailOutboxAttachment.contentType,
      size: mailOutboxAttachment.size,
      cid: mailOutboxAttachment.cid,
      content: mailOutboxAttachment.content,
    })
    .from(mailOutboxAttachment)
    .where(and(eq(mailOutboxAttachment.mailId, mailId), eq(mailOutboxAttachment.id, attachmentId)))
    .limit(1);
  return row ?? null;
}
