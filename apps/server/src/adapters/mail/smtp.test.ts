// Sends through the real nodemailer transport to a real SMTP server listening on 127.0.0.1.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { branding, event, order, tickets } from '../../../test/ticket-fixtures.js';
import { orderConfirmationEmail } from '../../modules/ticket-documents/ticket-documents.emails.js';
import { createMailer } from '../compose.js';
import { verificationCodeEmail } from './templates.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

const received: Received[] = [];
let server: SMTPServer;
let port: number;
let t: TestApp;

beforeAll(async () => {
  server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith('@rejected.example')) return callback(new Error('550 No such user'));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  port = (server.server.address() as AddressInfo).port;
  t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Marquee <hello@marquee.test>' } });
});

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The decoded bodies of a multipart message's parts, keyed by content type. */
function mimeParts(raw: string): Map<string, string> {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  if (!boundary) throw new Error('not a multipart message');
  const parts = new Map<string, string>();
  for (const part of raw.split(`--${boundary}`).slice(1)) {
    const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
    const body = rest.join('\n\n');
    const type = /content-type:\s*([^;\r\n]+)/i.exec(head)?.[1]?.trim().toLowerCase();
    if (!type) continue;
    const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(head)?.[1]?.toLowerCase();
    const decoded =
      encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : encoding === 'quoted-printable'
          ? body
              .replace(/=\r?\n/g, '')
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
          : body;
    parts.set(type, decoded);
  }
  return parts;
}

interface MimePart {
  headers: string;
  body: Buffer;
}

/** Every leaf part of a (nested) multipart message, with its headers and decoded body. */
function leafParts(raw: string): MimePart[] {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((match) => match[1]!);
  const escaped = boundaries.map((boundary) => boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const chunks = raw.split(new RegExp(`\r?\n--(?:${escaped.join('|')})(?:--)?\r?\n`));
  return chunks.slice(1).flatMap((chunk) => {
    const split = chunk.search(/\r?\n\r?\n/);
    if (split < 0) return [];
    const headers = chunk.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
    if (/content-type:\s*multipart\//i.test(headers)) return [];
    const body = chunk.slice(split).trim();
    const base64 = /content-transfer-encoding:\s*base64/i.test(headers);
    return [{ headers, body: base64 ? Buffer.from(body.replace(/\s+/g, ''), 'base64') : Buffer.from(body) }];
  });
}

describe('SMTP mailer', () => {
  it('is chosen when SMTP_URL is set', () => {
    expect(t.app.mailer.kind).toBe('smtp');
    expect(createMailer(t.config, t.database.db).kind).toBe('smtp');
  });

  it('delivers a verification e-mail with a text and an HTML part, both carrying the code', async () => {
    await t.app.mailer.send({ to: 'ada@example.com', ...verificationCodeEmail({ code: '482913' }) });

    expect(received).toHaveLength(1);
    const message = received[0]!;
    expect(message.from).toBe('hello@marquee.test');
    expect(message.to).toEqual(['ada@example.com']);
    expect(message.raw).toMatch(/^To: ada@example\.com\r?$/m);
    expect(message.raw).toMatch(/^From: Marquee <hello@marquee\.test>\r?$/m);
    expect(message.raw).toMatch(/^Subject: 482913 is your Marquee verification code\r?$/m);
    expect(message.raw).toMatch(/^Content-Type: multipart\/alternative;/m);

    const parts = mimeParts(message.raw);
    expect(parts.get('text/plain')).toContain('482913');
    expect(parts.get('text/html')).toContain('482913');
    expect(parts.get('text/html')).toContain('<table role="presentation"');
  });

  it('keeps nothing in the outbox when sending through SMTP', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/dev/mail' });
    expect(response.json()).toEqual([]);
  });

  it('delivers the order confirmation with inline QR images by Content-ID and the PDF and calendar files', async () => {
    received.length = 0;
    const mail = await orderConfirmationEmail({ branding, event, order, tickets });
    await t.app.mailer.send(mail);

    expect(received).toHaveLength(1);
    const { raw } = received[0]!;
    // The organiser's name with MAIL_FROM's address.
    expect(raw).toMatch(/^From: Northern Lights Promotions <hello@marquee\.test>\r?$/m);
    expect(raw).toMatch(/^Content-Type: multipart\/mixed;/m);
    expect(raw).toMatch(/Content-Type: multipart\/related;/);

    const parts = leafParts(raw);
    const html = parts.find((part) => /content-type:\s*text\/html/i.test(part.headers));
    expect(html).toBeDefined();
    for (const attachment of (mail.attachments ?? []).filter((item) => item.cid)) {
      const part = parts.find((item) => item.headers.includes(`Content-ID: <${attachment.cid}>`));
      expect(part, attachment.cid).toBeDefined();
      expect(part!.headers).toMatch(/Content-Disposition: inline/i);
      expect(part!.headers).toMatch(/Content-Type: image\/png/i);
      expect(part!.body.equals(attachment.content)).toBe(true);
    }
    const pdf = parts.find((part) => /filename="?tickets-MQ-7K3F9X\.pdf/.test(part.headers));
    expect(pdf?.headers).toMatch(/Content-Disposition: attachment/i);
    expect(pdf?.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const ics = parts.find((part) => /filename="?summer-jam-at-the-harbour\.ics/.test(part.headers));
    expect(ics?.headers).toMatch(/Content-Type: text\/calendar/i);
    expect(ics?.body.toString('utf8')).toContain('BEGIN:VEVENT');
  });

  it('quotes or encodes a sender name and never lets it add a header', async () => {
    received.length = 0;
    await t.app.mailer.send({
      to: 'ada@example.com',
      fromName: 'Tom "The Bomb" Ltd.\r\nBcc: victim@example.com',
      replyTo: 'box-office@northern.example',
      ...verificationCodeEmail({ code: '123123' }),
    });
    await t.app.mailer.send({
      to: 'ada@example.com',
      fromName: 'Łódź Events',
      ...verificationCodeEmail({ code: '321321' }),
    });

    const [quoted, encoded] = received;
    expect(quoted!.raw).not.toMatch(/^Bcc:/im);
    expect(quoted!.to).toEqual(['ada@example.com']);
    expect(quoted!.raw).toMatch(
      /^From: "Tom \\"The Bomb\\" Ltd\. Bcc: victim@example\.com" <hello@marquee\.test>\r?$/m,
    );
    expect(quoted!.raw).toMatch(/^Reply-To: box-office@northern\.example\r?$/m);
    expect(encoded!.raw).toMatch(/^From: =\?UTF-8\?[QB]\?.+\?= <hello@marquee\.test>\r?$/m);
  });

  it('gives every copy of one message the same Message-ID, derived without the address, and others their own', async () => {
    const messageId = (raw: string) => /^Message-ID: (.*)$/im.exec(raw)?.[1]?.trim();
    const key = 'order-mail:00000000-0000-4000-8000-000000000001:order-confirmation:copy@example.com';
    for (const which of [key, key, `${key}-other`])
      await t.app.mailer.send({ to: 'copy@example.com', key: which, ...verificationCodeEmail({ code: '111111' }) });
    const ids = received.filter((message) => message.to.includes('copy@example.com')).map((m) => messageId(m.raw));
    expect(ids).toHaveLength(3);
    expect(ids[0]).toMatch(/^<[0-9a-f]{32}@marquee\.test>$/);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
    expect(ids[0]).not.toContain('copy');
  });

  it('waits for a claim renewal before handing a message over, and sends nothing when it throws', async () => {
    const before = received.length;
    let renewed = 0;
    await t.app.mailer.send({ to: 'claimed@example.com', ...verificationCodeEmail({ code: '222222' }) }, async () => {
      renewed += 1;
    });
    await expect(
      t.app.mailer.send({ to: 'lost@example.com', ...verificationCodeEmail({ code: '333333' }) }, async () => {
        throw new Error('claim lost');
      }),
    ).rejects.toThrow('claim lost');
    expect(renewed).toBe(1);
    expect(received.slice(before).map((message) => message.to)).toEqual([['claimed@example.com']]);
  });

  it('rejects when the server refuses the recipient, so the caller can decide', async () => {
    await expect(
      t.app.mailer.send({ to: 'ghost@rejected.example', ...verificationCodeEmail({ code: '000000' }) }),
    ).rejects.toThrow(/550|No such user/);
  });
});
