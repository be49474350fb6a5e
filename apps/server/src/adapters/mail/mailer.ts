// The mail adapter's interface. Implementations: SMTP (smtp.ts) when SMTP_URL is set, otherwise the database
// outbox (outbox.ts, readable at /dev/mailbox outside production); adapters/compose.ts picks one.

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
  /**
   * The message's stable identity: the SMTP mailer derives its Message-ID from a hash of it, so a copy
   * sent again after an unknown outcome carries the same Message-ID, and a receiver that de-duplicates by it shows one copy (decision 051).
   */
  key?: string;
}

export interface Mailer {
  kind: 'smtp' | 'outbox';
  /**
   * Rejects when the message could not be handed over; the caller decides whether that fails its request.
   * `handOver`, when given, is awaited right before the message goes to the server (after any wait for a free
   * connection); if it throws, nothing is sent and send rejects with its error (adapters/mail/once.ts).
   */
  send(mail: OutgoingMail, handOver?: () => Promise<void>): Promise<void>;
  close?(): Promise<void>;
}
