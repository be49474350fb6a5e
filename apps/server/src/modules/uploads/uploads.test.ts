import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../adapters/storage/local.js';
import { createS3Storage } from '../../adapters/storage/s3.js';
import type { FileStorage } from '../../adapters/storage/storage.js';
import { upload, user } from '../../db/schema/index.js';
import { startFakeS3, type FakeS3 } from '../../../test/fake-s3.js';
import { createTestApp } from '../../../test/test-app.js';
import { createOrganizationFor, signUpAndVerify } from '../../../test/auth-helpers.js';

const SIZE_MESSAGE = 'Image must be between 50KB and 750KB';
const TYPE_MESSAGE = 'Only JPG, PNG, or GIF files are allowed';
const KB = 1024;

interface TestUser {
  userId: string;
  cookie: string;
  organizationId: string | null;
}
let ada: TestUser;
let grace: TestUser;

// The real app with the real sign-in: Ada has no organisation yet (onboarding), Grace has one.
async function buildUploadsApp(storage: FileStorage) {
  const t = await createTestApp({ storage });
  const adaSession = await signUpAndVerify(t.app);
  const graceSession = await signUpAndVerify(t.app);
  const graceOrg = await createOrganizationFor(t.app, graceSession, `grace-${Date.now()}`, 'Grace Events');
  const idOf = async (email: string) =>
    (await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;
  ada = { userId: await idOf(adaSession.email), cookie: adaSession.cookie, organizationId: null };
  grace = { userId: await idOf(graceSession.email), cookie: graceSession.cookie, organizationId: graceOrg.id };
  return t;
}

// Random pixels do not compress, so the file size follows the dimensions.
function noise(width: number, height: number, options: { noiseRows?: number; pageHeight?: number } = {}) {
  const pixels = Buffer.alloc(width * height * 3);
  randomBytes(width * (options.noiseRows ?? height) * 3).copy(pixels);
  return sharp(pixels, { raw: { width, height, channels: 3, pageHeight: options.pageHeight } });
}

async function multipart(fields: Record<string, string>, file?: { bytes: Buffer; name: string; type: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  const request = new Request('http://localhost/api/uploads/image', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

async function postImage(
  app: FastifyInstance,
  file: { bytes: Buffer; name: string; type: string } | undefined,
  options: { purpose?: string; as?: string | null } = {},
) {
  const fields = options.purpose === undefined ? { purpose: 'event-artwork' } : { purpose: options.purpose };
  const body = await multipart(options.purpose === '' ? {} : fields, file);
  const as = options.as === undefined ? 'ada' : options.as;
  return app.inject({
    method: 'POST',
    url: '/api/uploads/image',
    headers: {
      ...body.headers,
      ...(as ? { cookie: (as === 'grace' ? grace : ada).cookie, origin: 'http://localhost:3000' } : {}),
    },
    payload: body.payload,
  });
}

const images = {} as Record<'jpeg' | 'png' | 'gif' | 'small' | 'large' | 'wide' | 'logo' | 'animated', Buffer>;

beforeAll(async () => {
  images.jpeg = await noise(500, 400)
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Copyright: 'secret location' } })
    .toBuffer();
  images.png = await noise(200, 200).png().toBuffer();
  images.gif = await noise(300, 300).gif().toBuffer();
  images.small = await noise(110, 110).png().toBuffer();
  images.large = await noise(520, 520).png().toBuffer();
  images.wide = await noise(2400, 1200, { noiseRows: 40 }).png().toBuffer();
  images.logo = await noise(560, 400).png().toBuffer();
  images.animated = await noise(300, 900, { pageHeight: 300 }).gif().toBuffer();
  for (const name of ['jpeg', 'png', 'gif', 'wide', 'logo', 'animated'] as const) {
    expect(images[name].length, name).toBeGreaterThanOrEqual(50 * KB);
    expect(images[name].length, name).toBeLessThanOrEqual(750 * KB);
  }
  expect(images.small.length).toBeLessThan(50 * KB);
  expect(images.large.length).toBeGreaterThan(750 * KB);
});

describe('uploads on local storage', () => {
  let t: Awaited<ReturnType<typeof buildUploadsApp>>;
  let root: string;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-uploads-'));
    t = await buildUploadsApp(createLocalStorage({ root }));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  describe('POST /api/uploads/image', () => {
    it('201 for a JPEG: stored as WebP without metadata, served with safe headers, recorded in upload', async () => {
      const response = await postImage(t.app, { bytes: images.jpeg, name: 'poster.jpg', type: 'image/jpeg' });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toEqual({
        id: expect.any(String),
        url: expect.stringMatching(/^\/uploads\/images\/[0-9a-f-]{36}\.webp$/),
        width: 500,
        height: 400,
        contentType: 'image/webp',
      });

      const served = await t.app.inject({ method: 'GET', url: body.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-security-policy']).toBe(
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      );
      expect(served.headers['content-disposition']).toBe('inline');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 500, height: 400 });
      expect(meta.exif).toBeUndefined();

      const [row] = await t.database.db.select().from(upload).where(eq(upload.id, body.id));
      expect(row).toMatchObject({
        userId: ada.userId,
        organizationId: null,
        key: body.url.replace('/uploads/', ''),
        contentType: 'image/webp',
        byteSize: served.rawPayload.length,
        width: 500,
        height: 400,
        purpose: 'event-artwork',
      });
    });

    it.each([
      ['PNG', 'png', 'image/png', 200],
      ['GIF', 'gif', 'image/gif', 300],
    ] as const)('201 for a %s', async (_label, name, type, side) => {
      const response = await postImage(t.app, { bytes: images[name], name: `image.${name}`, type });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ width: side, height: side, contentType: 'image/webp' });
    });

    it('201 for a PNG named .gif with a wrong declared type: the content decides', async () => {
      const response = await postImage(t.app, { bytes: images.png, name: 'photo.gif', type: 'application/pdf' });
      expect(response.statusCode).toBe(201);
    });

    it('201 for an animated GIF, keeping its first frame', async () => {
      const response = await postImage(t.app, { bytes: images.animated, name: 'dance.gif', type: 'image/gif' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ width: 300, height: 300 });
      const served = await t.app.inject({ method: 'GET', url: response.json().url });
      expect((await sharp(served.rawPayload).metadata()).pages ?? 1).toBe(1);
    });

    it('201 with the caller’s organisation, resizing a logo to fit 512 px', async () => {
      const response = await postImage(
        t.app,
        { bytes: images.logo, name: 'logo.png', type: 'image/png' },
        { purpose: 'logo', as: 'grace' },
      );
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toMatchObject({ width: 512, height: 366 });
      const [row] = await t.database.db.select().from(upload).where(eq(upload.id, body.id));
      expect(row).toMatchObject({ organizationId: grace.organizationId, userId: grace.userId, purpose: 'logo' });
    });

    it('201 resizing event artwork to 1600 px wide', async () => {
      const response = await postImage(t.app, { bytes: images.wide, name: 'wide.png', type: 'image/png' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ width: 1600, height: 800 });
    });

    it('401 when not signed in, before reading the file', async () => {
      const response = await postImage(t.app, { bytes: images.png, name: 'a.png', type: 'image/png' }, { as: null });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'You need to sign in first' } });
    });

    it('400 with the spec message for a 40 KB image', async () => {
      const response = await postImage(t.app, { bytes: images.small, name: 'tiny.png', type: 'image/png' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message: SIZE_MESSAGE });
    });

    it('413 with the spec message for an 800 KB image', async () => {
      const response = await postImage(t.app, { bytes: images.large, name: 'huge.png', type: 'image/png' });
      expect(response.statusCode).toBe(413);
      expect(response.json().error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: SIZE_MESSAGE });
    });

    it('413 with the spec message for a 5 MB file (kept only up to the limit, the rest discarded)', async () => {
      const huge = Buffer.concat([images.jpeg, randomBytes(5 * 1024 * KB)]);
      const response = await postImage(t.app, { bytes: huge, name: 'huge.jpg', type: 'image/jpeg' });
      expect(response.statusCode).toBe(413);
      expect(response.json().error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: SIZE_MESSAGE });
    });

    it('415 for an HTML file named image.png with type image/png', async () => {
      const html = Buffer.from(`<!doctype html><script>alert(document.cookie)</script>${' '.repeat(60 * KB)}`);
      const response = await postImage(t.app, { bytes: html, name: 'image.png', type: 'image/png' });
      expect(response.statusCode).toBe(415);
      expect(response.json().error).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: TYPE_MESSAGE });
    });

    it('415 for a file of the wrong type even when its size is also wrong (type is checked first)', async () => {
      const response = await postImage(t.app, { bytes: Buffer.from('%PDF-1.7'), name: 'a.pdf', type: 'image/png' });
      expect(response.statusCode).toBe(415);
      expect(response.json().error.message).toBe(TYPE_MESSAGE);
    });

    it('415 for a truncated JPEG whose magic bytes are fine', async () => {
      const truncated = images.jpeg.subarray(0, 100 * KB);
      const response = await postImage(t.app, { bytes: truncated, name: 'cut.jpg', type: 'image/jpeg' });
      expect(response.statusCode).toBe(415);
      expect(response.json().error.message).toBe(TYPE_MESSAGE);
    });

    it('415 for a PNG signature followed by junk', async () => {
      const junk = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(80 * KB)]);
      const response = await postImage(t.app, { bytes: junk, name: 'junk.png', type: 'image/png' });
      expect(response.statusCode).toBe(415);
      expect(response.json().error.message).toBe(TYPE_MESSAGE);
    });

    it('400 without a purpose, or with an unknown one', async () => {
      for (const purpose of ['', 'avatar']) {
        const response = await postImage(t.app, { bytes: images.png, name: 'a.png', type: 'image/png' }, { purpose });
        expect(response.statusCode).toBe(400);
        expect(response.json().error.code).toBe('VALIDATION_ERROR');
        expect(response.json().error.fields[0].path).toBe('purpose');
      }
    });

    it('400 without a file', async () => {
      const response = await postImage(t.app, undefined);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Choose an image to upload' });
    });

    it('400 for a JSON body instead of multipart', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/uploads/image',
        headers: { cookie: ada.cookie, origin: 'http://localhost:3000' },
        payload: { purpose: 'logo' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('BAD_REQUEST');
    });

    it('stores nothing and records nothing for a refused file', async () => {
      const before = await t.database.db.select().from(upload);
      const files = fs.readdirSync(path.join(root, 'images')).length;
      await postImage(t.app, { bytes: images.large, name: 'huge.png', type: 'image/png' });
      await postImage(t.app, { bytes: images.jpeg.subarray(0, 100 * KB), name: 'cut.jpg', type: 'image/jpeg' });
      expect(await t.database.db.select().from(upload)).toHaveLength(before.length);
      expect(fs.readdirSync(path.join(root, 'images'))).toHaveLength(files);
    });
  });

  describe('responsive variants', () => {
    const variantUrl = (url: string, width: number) => url.replace('.webp', `-w${width}.webp`);

    it('POST /api/uploads/image - stores WebP copies 160, 480, 720 and 960 px wide, served as immutable WebP', async () => {
      const response = await postImage(t.app, { bytes: images.wide, name: 'wide.png', type: 'image/png' });
      expect(response.statusCode).toBe(201);
      const { url } = response.json();
      for (const width of [160, 480, 720, 960]) {
        const key = variantUrl(url, width).replace('/uploads/', '');
        expect(fs.existsSync(path.join(root, key)), key).toBe(true);
        const served = await t.app.inject({ method: 'GET', url: variantUrl(url, width) });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe('image/webp');
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(served.headers['content-security-policy']).toContain('sandbox');
        expect(await sharp(served.rawPayload).metadata()).toMatchObject({
          format: 'webp',
          width,
          height: width / 2,
        });
      }
    });

    it('POST /api/uploads/image - never enlarges: copies wider than a 500 px image are the image itself', async () => {
      const { url } = (await postImage(t.app, { bytes: images.jpeg, name: 'a.jpg', type: 'image/jpeg' })).json();
      const original = await t.app.inject({ method: 'GET', url });
      const widths: number[] = [];
      for (const width of [160, 480, 720, 960]) {
        const served = await t.app.inject({ method: 'GET', url: variantUrl(url, width) });
        widths.push((await sharp(served.rawPayload).metadata()).width!);
        if (width > 500) expect(served.rawPayload.equals(original.rawPayload)).toBe(true);
      }
      expect(widths).toEqual([160, 480, 500, 500]);
    });

    it('GET /uploads/images/<uuid>-w160.webp - made from the original when missing (older uploads), then kept', async () => {
      const { url } = (await postImage(t.app, { bytes: images.png, name: 'a.png', type: 'image/png' })).json();
      const file = path.join(root, variantUrl(url, 160).replace('/uploads/', ''));
      fs.rmSync(file);
      const served = await t.app.inject({ method: 'GET', url: variantUrl(url, 160) });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 160, height: 160 });
      expect(fs.readFileSync(file).equals(served.rawPayload)).toBe(true);
    });

    it('GET /uploads/* - 404 for a variant of a missing original or at a width we do not make', async () => {
      const { url } = (await postImage(t.app, { bytes: images.png, name: 'a.png', type: 'image/png' })).json();
      for (const bad of [
        '/uploads/images/00000000-0000-0000-0000-000000000000-w480.webp',
        variantUrl(url, 300),
        variantUrl(url, 1600),
        variantUrl(url, 480).replace('.webp', '.png'),
      ]) {
        const response = await t.app.inject({ method: 'GET', url: bad });
        expect(response.statusCode, bad).toBe(404);
        expect(response.json().error.code).toBe('NOT_FOUND');
      }
      expect(fs.existsSync(path.join(root, variantUrl(url, 300).replace('/uploads/', '')))).toBe(false);
    });
  });

  describe('GET /uploads/*', () => {
    it('404 envelope for an unknown key', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/uploads/images/00000000-0000-0000-0000-000000000000.webp',
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    });

    it.each([
      '/uploads/../package.json',
      '/uploads/..%2f..%2fpackage.json',
      '/uploads/images/%2e%2e/%2e%2e/secret.txt',
      '/uploads/%2fetc%2fpasswd',
      '/uploads/.secret.txt',
      '/uploads/',
    ])('404 for %s', async (url) => {
      fs.writeFileSync(path.join(root, '.secret.txt'), 'TOP-SECRET-CONTENT');
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
      expect(response.body).not.toContain('TOP-SECRET-CONTENT');
    });
  });
});

describe('uploads on S3 storage', () => {
  let fake: FakeS3;
  let storage: FileStorage;
  let t: Awaited<ReturnType<typeof buildUploadsApp>>;
  beforeAll(async () => {
    fake = await startFakeS3();
    storage = createS3Storage({
      bucket: 'files',
      region: 'auto',
      endpoint: fake.endpoint,
      accessKeyId: 'k',
      secretAccessKey: 's',
    });
    t = await buildUploadsApp(storage);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('POST /api/uploads/image puts the WebP in the bucket and GET /uploads/* proxies it back', async () => {
    const response = await postImage(t.app, { bytes: images.png, name: 'a.png', type: 'image/png' });
    expect(response.statusCode).toBe(201);
    const { url } = response.json();
    const key = url.replace('/uploads/', '');
    const variant = (width: number) => key.replace('.webp', `-w${width}.webp`);
    // The original first, then its responsive copies.
    expect(fake.requests[0]).toMatchObject({ method: 'PUT', path: `/files/${key}`, contentType: 'image/webp' });
    expect(fake.requests.slice(1).map((r) => [r.method, r.path, r.contentType])).toEqual(
      expect.arrayContaining([160, 480, 720, 960].map((width) => ['PUT', `/files/${variant(width)}`, 'image/webp'])),
    );
    expect(fake.requests).toHaveLength(5);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.equals(fake.requests[0]!.body)).toBe(true);

    const missing = await t.app.inject({ method: 'GET', url: '/uploads/images/missing.webp' });
    expect(missing.statusCode).toBe(404);
  });

  it.each([
    ['the bucket refuses every write', /./],
    ['a responsive copy fails after the original was stored', /-w480\.webp$/],
  ])('POST /api/uploads/image - 503 with a clear message and no half record when %s', async (_case, failing) => {
    const rows = (await t.database.db.select().from(upload)).length;
    const stored = fake.objects().length;
    fake.failPuts = failing;
    try {
      const response = await postImage(t.app, { bytes: images.png, name: 'a.png', type: 'image/png' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        error: {
          code: 'SERVICE_UNAVAILABLE',
          message: 'The image could not be stored just now, so nothing was saved. Please try again.',
        },
      });
    } finally {
      fake.failPuts = null;
    }
    expect(await t.database.db.select().from(upload)).toHaveLength(rows);
    expect(fake.objects()).toHaveLength(stored);
    // The store is back: the same file goes through.
    const again = await postImage(t.app, { bytes: images.png, name: 'a.png', type: 'image/png' });
    expect(again.statusCode).toBe(201);
  });

  it('GET /uploads/images/<uuid>-w480.webp - a missing variant is made from the original in the bucket and put back', async () => {
    // An image stored before variants existed: only the original is in the bucket.
    const key = 'images/6f1d3c52-2b7e-4c1a-9a8e-0d2f4b5c6a7e.webp';
    await storage.put(key, await noise(800, 400).webp().toBuffer(), 'image/webp');
    fake.requests.length = 0;
    const served = await t.app.inject({ method: 'GET', url: `/uploads/${key.replace('.webp', '-w480.webp')}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 480, height: 240 });
    const variantPath = `/files/${key.replace('.webp', '-w480.webp')}`;
    expect(fake.requests.map((r) => [r.method, r.path])).toEqual([
      ['GET', variantPath],
      ['GET', `/files/${key}`],
      ['PUT', variantPath],
    ]);
  });
});
