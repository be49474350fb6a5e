// Production mail: a pooled nodemailer SMTP transport built from SMTP_URL (smtp:// upgrades with STARTTLS when the
// server offers it, smtps:// is TLS from the start). Nodemailer's own logging stays off, so neither message
// bodies nor the credentials in the URL reach the logs.
import nodemailer from 'nodemailer';
import type { Mailer, OutgoingMail } from './mailer.js';
import { senderFor } from './sender.js';

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ url: smtpUrl, pool: true, logger: false, debug: false });
  return {
    kind: 'smtp',
    async send(mail: OutgoingMail) {
      // The sender is given as { name, address } so nodemailer quotes or encodes the name itself.
      const sender = senderFor(from, mail.fromName);
      await transport.sendMail({
        from: sender.name ? { name: sender.name, address: sender.address } : sender.address,
        to: mail.to,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: (mail.attachments ?? []).map((attachment) => ({
          filename: attachment.filename,
          contentType: attachment.contentType,
          content: attachment.content,
          ...(attachment.cid ? { cid: attachment.cid, contentDisposition: 'inline' as const } : {}),
        })),
      });
    },
    async close() {
      transport.close();
    },
  };
}
