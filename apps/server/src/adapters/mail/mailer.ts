// The mail adapter: one interface, sent through SMTP when SMTP_URL is set, otherwise kept in the database
// outbox (readable at /dev/mailbox outside production).
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { createOutboxMailer } from './outbox.js';
import { createSmtpMailer } from './smtp.js';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
  /** Content-ID: the part is inline and the HTML refers to it as `cid:{cid}`. Without it, a download. */
  cid?: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Display name shown with MAIL_FROM's address (e.g. the organiser's company); the address never changes. */
  fromName?: string;
  replyTo?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  kind: 'smtp' | 'outbox';
  /** Rejects when the message could not be handed over; the caller decides whether that fails its request. */
  send(mail: OutgoingMail): Promise<void>;
  close?(): Promise<void>;
}

export function createMailer(config: Config, db: Database): Mailer {
  const from = config.raw.MAIL_FROM;
  return config.raw.SMTP_URL ? createSmtpMailer(config.raw.SMTP_URL, from) : createOutboxMailer(db, from);
}
