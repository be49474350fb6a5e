// The outbox keeps attachments: the JSON lists them, a route serves each one, and the mailbox page links them
// and shows inline images in the preview.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { branding, event, order, tickets } from '../../../test/ticket-fixtures.js';
import type { OutgoingMail } from '../../adapters/mail/mailer.js';
import { orderConfirmationEmail } from '../ticket-documents/ticket-documents.emails.js';
import type { DevMailMessage } from './dev-mail.routes.js';

let t: TestApp;
let sent: OutgoingMail;
let message: DevMailMessage;

beforeAll(async () => {
  t = await createTestApp();
  sent = await orderConfirmationEmail({ branding, event, order, tickets });
  await t.app.mailer.send(sent);
  await t.app.mailer.send({
    to: 'mallory@example.com',
    subject: 'Hostile attachments',
    text: 'x',
    html: '<p><img src="cid:evil@x"></p>',
    attachments: [
      { filename: 'page.html', contentType: 'text/html', content: Buffer.from('<script>alert(1)</script>') },
      {
        filename: 'evil.svg',
        contentType: 'image/svg+xml',
        content: Buffer.from('<svg onload="alert(1)"/>'),
        cid: 'evil@x',
      },
      { filename: 'naïve "résumé".txt', contentType: 'text/plain', content: Buffer.from('hello') },
    ],
  });
  const response = await t.app.inject({ method: 'GET', url: '/api/dev/mail?to=ada@example.com' });
  message = response.json()[0];
});
afterAll(() => t.close());

const download = (mailId: string, attachmentId: string) =>
  t.app.inject({ method: 'GET', url: `/api/dev/mail/${mailId}/attachments/${attachmentId}` });

describe('GET /api/dev/mail - attachments', () => {
  it('lists each attachment with its id, name, type, size and Content-ID, in the order sent', () => {
    expect(message.from).toBe('Northern Lights Promotions <no-reply@marquee.localhost>');
    expect(message.attachments).toEqual(
      (sent.attachments ?? []).map((attachment) => ({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        filename: attachment.filename,
        contentType: attachment.contentType,
        size: attachment.content.byteLength,
        cid: attachment.cid ?? null,
      })),
    );
    expect(message.attachments.map((attachment) => attachment.filename)).toEqual([
      'ticket-tk-aaaa1111.png',
      'ticket-tk-bbbb2222.png',
      'tickets-MQ-7K3F9X.pdf',
      'summer-jam-at-the-harbour.ics',
    ]);
  });
});

describe('GET /api/dev/mail/:id/attachments/:attachmentId', () => {
  it('serves the stored bytes with their type as a download', async () => {
    const pdf = message.attachments.find((attachment) => attachment.filename.endsWith('.pdf'))!;
    const response = await download(message.id, pdf.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="tickets-MQ-7K3F9X.pdf"; filename*=UTF-8''tickets-MQ-7K3F9X.pdf`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload.equals(sent.attachments![2]!.content)).toBe(true);

    const ics = message.attachments.find((attachment) => attachment.filename.endsWith('.ics'))!;
    const calendar = await download(message.id, ics.id);
    expect(calendar.headers['content-type']).toBe('text/calendar; charset=utf-8; method=PUBLISH');
    expect(calendar.body).toContain('BEGIN:VEVENT');
  });

  it('serves an inline PNG inline and loadable by the sandboxed preview', async () => {
    const qr = message.attachments[0]!;
    const response = await download(message.id, qr.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-disposition']).toMatch(/^inline; /);
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.rawPayload.equals(sent.attachments![0]!.content)).toBe(true);
  });

  it('downloads HTML and SVG, even inline ones, inside a sandbox, so they never run on this origin', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/dev/mail?to=mallory@example.com' });
    const hostile: DevMailMessage = list.json()[0];
    for (const attachment of hostile.attachments.slice(0, 2)) {
      const response = await download(hostile.id, attachment.id);
      expect(response.headers['content-disposition']).toMatch(/^attachment; /);
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(response.headers['cross-origin-resource-policy']).not.toBe('cross-origin');
    }
    const named = await download(hostile.id, hostile.attachments[2]!.id);
    expect(named.headers['content-disposition']).toBe(
      `attachment; filename="na_ve _r_sum__.txt"; filename*=UTF-8''na%C3%AFve%20%22r%C3%A9sum%C3%A9%22.txt`,
    );
  });

  it('answers 404 for an attachment of another message', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/dev/mail?to=mallory@example.com' });
    const other: DevMailMessage = list.json()[0];
    const response = await download(other.id, message.attachments[0]!.id);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  it('answers 400 for ids that are not UUIDs', async () => {
    const response = await download('not-a-uuid', message.attachments[0]!.id);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
  });
});

describe('GET /dev/mailbox - attachments', () => {
  it('links every attachment and shows inline images in the preview through the attachment route', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dev/mailbox?to=ada@example.com' });
    expect(response.statusCode).toBe(200);
    for (const attachment of message.attachments) {
      expect(response.body).toContain(
        `<a href="/api/dev/mail/${message.id}/attachments/${attachment.id}" download="${attachment.filename}">${attachment.filename}</a>`,
      );
    }
    const srcdoc = /srcDoc="([^"]*)"/.exec(response.body)?.[1] ?? '';
    for (const attachment of message.attachments.slice(0, 2)) {
      expect(srcdoc).toContain(`src=&quot;/api/dev/mail/${message.id}/attachments/${attachment.id}&quot;`);
    }
    expect(srcdoc).not.toContain('cid:');
    // The page keeps its content-security policy and the frame stays sandboxed without scripts.
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.body).toMatch(/<iframe [^>]*sandbox="allow-popups allow-popups-to-escape-sandbox"/);
    expect(response.body).toContain('Northern Lights Promotions &lt;no-reply@marquee.localhost&gt;');
  });

  it('escapes attachment names', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dev/mailbox?to=mallory@example.com' });
    expect(response.body).toContain('naïve &quot;résumé&quot;.txt');
    expect(response.body).not.toContain('"résumé"');
  });
});

describe('outbox attachments', () => {
  it('go when their message is deleted', async () => {
    const { mailOutbox, mailOutboxAttachment } = await import('../../db/schema/index.js');
    const { eq } = await import('drizzle-orm');
    const db = t.database.db;
    await db.delete(mailOutbox).where(eq(mailOutbox.id, message.id));
    const left = await db.select().from(mailOutboxAttachment).where(eq(mailOutboxAttachment.mailId, message.id));
    expect(left).toEqual([]);
    const response = await download(message.id, message.attachments[0]!.id);
    expect(response.statusCode).toBe(404);
  });
});
