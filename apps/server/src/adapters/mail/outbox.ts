// Embedded-default mail: messages are stored in the mail_outbox table instead of being sent, so sign-up and
// password reset work with no SMTP server; developers read them at /dev/mailbox.
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';
import type { Mailer, OutgoingMail } from './mailer.js';

export interface OutboxMessage {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  createdAt: Date;
}

export function createOutboxMailer(db: Database, from: string): Mailer {
  return {
    kind: 'outbox',
    async send(mail: OutgoingMail) {
      await db
        .insert(mailOutbox)
        .values({ to: mail.to, from, subject: mail.subject, text: mail.text, html: mail.html });
    },
  };
}

/** The newest messages first; `to` matches the recipient address case-insensitively. */
export async function listOutbox(db: Database, limit = 50, filter: { to?: string } = {}): Promise<OutboxMessage[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(filter.to ? eq(sql`lower(${mailOutbox.to})`, filter.to.trim().toLowerCase()) : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
}
