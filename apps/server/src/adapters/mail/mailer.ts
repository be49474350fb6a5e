// The mail adapter: one interface, sent through SMTP when SMTP_URL is set, otherwise kept in the database
// outbox (readable at /dev/mailbox outside production).
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { createOutboxMailer } from './outbox.js';
import { createSmtpMailer } from './smtp.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
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
