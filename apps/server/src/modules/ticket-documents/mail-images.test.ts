// The fan's e-mail shows only images every mail client shows: the tickets' QR codes as inline PNG parts and the
// organiser's uploaded logo (stored as WebP, which Outlook on Windows does not show) as a hosted PNG copy.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../adapters/storage/local.js';
import { asBrowser } from '../../../test/auth-helpers.js';
import {
  buyer,
  createLiveEvent,
  payWithCard,
  postCheckout,
  sellingOrganiser,
  tokenFrom,
} from '../../../test/checkout-helpers.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let root: string;
const host = 'logo-mail.localhost:3000';

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-mail-images-'));
  t = await createTestApp({ storage: createLocalStorage({ root }) });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(root, { recursive: true, force: true });
});

async function uploadLogo(cookie: string): Promise<string> {
  // Random pixels do not compress: a 600 x 200 logo is within the upload's 50-750 KB.
  const pixels = randomBytes(600 * 200 * 4);
  const bytes = await sharp(pixels, { raw: { width: 600, height: 200, channels: 4 } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('purpose', 'logo');
  form.append('file', new File([new Uint8Array(bytes)], 'logo.png', { type: 'image/png' }));
  const request = new Request('http://localhost/api/uploads/image', { method: 'POST', body: form });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/uploads/image',
    headers: { cookie, origin: 'http://localhost:3000', 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  expect(response.statusCode).toBe(201);
  return response.json().url as string;
}

describe("the fan's confirmation e-mail", () => {
  it('shows the uploaded logo as a PNG (never WebP) and each QR code as an inline PNG', async () => {
    const owner = await sellingOrganiser(t.app, 'logo-mail');
    const logo = await uploadLogo(owner.cookie);
    expect(logo).toMatch(/^\/uploads\/images\/[0-9a-f-]{36}\.webp$/);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/org/settings',
      headers: asBrowser(owner),
      payload: { company_name: 'Logo Mail Events', logo_url: logo },
    });
    expect(saved.statusCode).toBe(200);
    const live = await createLiveEvent(t.app, owner);
    const held = await postCheckout(t.app, host, live.id, {
      ...buyer,
      email: 'logo-fan@example.com',
      [`qty_${live.ticket_types[0]!.id}`]: '1',
    });
    const token = tokenFrom(held.headers.location);
    const paid = await payWithCard(t.app, host, token);
    const back = new URL(String(paid.headers.location));
    await t.app.inject({ method: 'GET', url: back.pathname + back.search, headers: { host } });

    const mails = (
      await t.app.inject({ method: 'GET', url: '/api/dev/mail?to=logo-fan%40example.com' })
    ).json() as Array<{
      subject: string;
      html: string;
      attachments: Array<{ cid: string | null; contentType: string }>;
    }>;
    const confirmation = mails.find((mail) => mail.subject.startsWith('Your tickets for'));
    expect(confirmation).toBeTruthy();
    const sources = [...confirmation!.html.matchAll(/<img[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1]!);
    expect(sources).toHaveLength(2);
    const [logoSource, qrSource] = sources;
    expect(confirmation!.html).not.toMatch(/\.webp|data:|\.svg/i);
    expect(qrSource).toMatch(/^cid:/);
    expect(confirmation!.attachments.filter((part) => part.cid).map((part) => part.contentType)).toEqual(['image/png']);

    const logoId = /\/images\/([0-9a-f-]{36})\.webp$/.exec(logo)![1];
    expect(logoSource).toBe(`${t.config.appUrl}/uploads/images/${logoId}-mail.png`);
    // The copy is made on the mail client's first request, on any host, and kept.
    const image = await t.app.inject({ method: 'GET', url: new URL(logoSource!).pathname, headers: { host } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta.format).toBe('png');
    expect(meta.hasAlpha).toBe(true);
    // Twice the 160 x 40 box the header draws it in, the logo's shape kept (600 x 200 -> 240 x 80).
    expect([meta.width, meta.height]).toEqual([240, 80]);
    expect(fs.existsSync(path.join(root, `images/${logoId}-mail.png`))).toBe(true);
  });

  it('a request for the PNG copy of an image that does not exist is a 404', async () => {
    const missing = await t.app.inject({
      method: 'GET',
      url: '/uploads/images/0b7c1f7e-1a2b-4c3d-8e9f-001122334455-mail.png',
    });
    expect(missing.statusCode).toBe(404);
  });
});
