// Production mail: a pooled nodemailer SMTP transport built from SMTP_URL (smtp:// upgrades with STARTTLS when the
// server offers it, smtps:// is TLS from the start). Nodemailer's own logging stays off, so neither message
// bodies nor the credentials in the URL reach the logs.
import nodemailer from 'nodemailer';
import type { Mailer, OutgoingMail } from './mailer.js';

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ url: smtpUrl, pool: true, logger: false, debug: false });
  return {
    kind: 'smtp',
    async send(mail: OutgoingMail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
    async close() {
      transport.close();
    },
  };
}
