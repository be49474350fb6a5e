// Production mail: a pooled nodemailer SMTP transport built from SMTP_URL (smtp:// upgrades with STARTTLS when the
// server offers it, smtps:// is TLS from the start). Nodemailer's own logging stays off, so neither message
// bodies nor the credentials in the URL reach the logs. Every wait on the server is bounded, so a hand-over ends
// and a mail job normally finishes well within its expiry (jobs/queue.ts).
import { createHash } from 'node:crypto';
import nodemailer from 'nodemailer';
import { mailHeaders, type Mailer, type OutgoingMail } from './mailer.js';
import { senderFor } from './sender.js';

/** Connecting, the greeting, and each reply (a silent socket): the longest one hand-over waits at each step. */
export const SMTP_TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000 };

/** A Message-ID derived from the message's identity: the same for every copy of one message. */
export function messageIdFor(key: string, senderAddress: string): string {
  const domain = senderAddress.split('@')[1] ?? 'marquee.invalid';
  return `<${createHash('sha256').update(key).digest('hex').slice(0, 32)}@${domain}>`;
}

/** The pool's connections; as many messages are handed over at once, the rest wait here (see handOver). */
export const SMTP_CONNECTIONS = 5;

/** At most `size` holders at once; the others wait in order. */
function slots(size: number) {
  let free = size;
  const waiting: Array<() => void> = [];
  return {
    async acquire() {
      if (free > 0) free -= 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
    },
    release() {
      const next = waiting.shift();
      if (next) next();
      else free += 1;
    },
  };
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const connections = slots(SMTP_CONNECTIONS);
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    logger: false,
    debug: false,
    ...SMTP_TIMEOUTS,
  });
  return {
    kind: 'smtp',
    async send(mail: OutgoingMail, handOver?: () => Promise<void>) {
      // The sender is given as { name, address } so nodemailer quotes or encodes the name itself.
      const sender = senderFor(from, mail.fromName);
      const headers = mailHeaders(mail.headers);
      // One message per pooled connection: the hand-over starts as soon as handOver returns, never after a
      // wait in nodemailer's own queue.
      await connections.acquire();
      try {
        await handOver?.();
        await transport.sendMail({
          from: sender.name ? { name: sender.name, address: sender.address } : sender.address,
          to: mail.to,
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
          subject: mail.subject,
          ...(mail.key ? { messageId: messageIdFor(mail.key, sender.address) } : {}),
          text: mail.text,
          html: mail.html,
          ...(headers ? { headers } : {}),
          attachments: (mail.attachments ?? []).map((attachment) => ({
            filename: attachment.filename,
            contentType: attachment.contentType,
            content: attachment.content,
            ...(attachment.cid ? { cid: attachment.cid, contentDisposition: 'inline' as const } : {}),
          })),
        });
      } finally {
        connections.release();
      }
    },
    async close() {
      transport.close();
    },
  };
}
