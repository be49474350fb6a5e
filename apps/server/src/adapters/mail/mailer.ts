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
  /**
   * Extra header lines, such as List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on marketing e-mails.
   * Names and values must be single lines (mailHeaders refuses anything else), so no header can be injected.
   */
  headers?: Record<string, string>;
}

/** The extra headers checked: a name of header characters, a value on one line; throws on anything else. */
export function mailHeaders(headers: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!headers || Object.keys(headers).length === 0) return undefined;
  for (const [name, value] of Object.entries(headers)) {
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    if (!/^[A-Za-z0-9-]{1,76}$/.test(name) || /[\u0000-\u001f\u007f]/.test(value) || value.length > 2000)
      throw new Error('mail: a header name or value is not allowed');
  }
  return headers;
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
