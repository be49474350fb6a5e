// The event artwork's inline preview (decision 142): the event page carries a small WebP of the artwork in its
// HTML, under the artwork, so its first paint shows a picture; the file itself covers it when it arrives.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../adapters/storage/local.js';
import type { FileStorage } from '../adapters/storage/storage.js';
import { artworkPreviews, makePreview, PREVIEW_MAX_BYTES, previewKey } from '../modules/uploads/artwork-preview.js';
import { createLiveEvent, sellingOrganiser } from '../../test/checkout-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import type { SignedInUser } from '../../test/auth-helpers.js';

let t: TestApp;
let root: string;
let owner: SignedInUser;
const host = 'preview-nights.localhost:3000';

/** A photo-like picture: smooth gradients with fine noise, within the upload's 50-750 KB. */
function photoLike(width: number, height: number, channels: 3 | 4 = 3) {
  const pixels = Buffer.alloc(width * height * channels);
  for (let index = 0; index < width * height; index += 1) {
    const x = index % width;
    const y = Math.floor(index / width);
    const noise = ((index * 7919) % 61) - 30;
    pixels[index * channels] = (x / width) * 200 + 30 + noise;
    pixels[index * channels + 1] = (y / height) * 160 + 40 - noise;
    pixels[index * channels + 2] = ((x + y) / (width + height)) * 180 + 50;
    if (channels === 4) pixels[index * channels + 3] = x < width / 2 ? 255 : 0;
  }
  const image = sharp(pixels, { raw: { width, height, channels } });
  return channels === 4 ? image.png().toBuffer() : image.jpeg({ quality: 92 }).toBuffer();
}

async function uploadArtwork(bytes: Buffer, type: 'image/jpeg' | 'image/png'): Promise<string> {
  const form = new FormData();
  form.append('purpose', 'event-artwork');
  form.append('file', new File([new Uint8Array(bytes)], type === 'image/png' ? 'art.png' : 'art.jpg', { type }));
  const request = new Request('http://localhost/api/uploads/image', { method: 'POST', body: form });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/uploads/image',
    headers: {
      cookie: owner.cookie,
      origin: 'http://localhost:3000',
      'content-type': request.headers.get('content-type')!,
    },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().url as string;
}

const keyOf = (url: string) => url.replace(/^\/uploads\//, '');
const storedFile = (key: string) => path.join(root, key);

async function eventPage(artworkUrl: string): Promise<string> {
  const live = await createLiveEvent(t.app, owner, { artwork_url: artworkUrl });
  const page = await t.app.inject({ method: 'GET', url: `/events/${live.slug}`, headers: { host } });
  expect(page.statusCode).toBe(200);
  return page.body;
}

/** The artwork's inline preview <img>, decoded; null when the page has none. */
async function previewOf(html: string) {
  const img =
    /<img class="art-preview" src="data:image\/webp;base64,([A-Za-z0-9+/=]+)" alt="" width="480" height="270"\/>/.exec(
      html,
    );
  if (!img) return null;
  const bytes = Buffer.from(img[1]!, 'base64');
  return { bytes, metadata: await sharp(bytes).metadata() };
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-artwork-preview-'));
  t = await createTestApp({ storage: createLocalStorage({ root }) });
  owner = await sellingOrganiser(t.app, 'preview-nights');
});
afterAll(async () => {
  await t.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('the event page', () => {
  it("paints the artwork's preview with the page: a 480 px WebP of at most 6 KB under the full image", async () => {
    const url = await uploadArtwork(await photoLike(1600, 900), 'image/jpeg');
    expect(fs.existsSync(storedFile(previewKey(keyOf(url))))).toBe(true);
    const html = await eventPage(url);
    const preview = await previewOf(html);
    expect(preview?.metadata).toMatchObject({ format: 'webp', width: 480, height: 270 });
    expect(preview!.bytes.length).toBeLessThanOrEqual(PREVIEW_MAX_BYTES);
    // The full artwork is still the image itself, responsive, fetched once the page is laid out (not preloaded
    // from the head, where it would race the page for the first round trip) and decoded off the main thread.
    const box = /<div class="art-box"><img class="art-preview" [^>]*\/>(<img [^>]*\/>)<\/div>/.exec(html)![1]!;
    expect(box).toMatch(/^<img src="\/uploads\/images\/[0-9a-f-]{36}-w960\.webp" srcSet="[^"]+"/);
    expect(box).toContain('class="art"');
    expect(box).toContain('loading="lazy" decoding="async"');
    expect(html).not.toContain('rel="preload" as="image"');
  });

  it('makes the preview of an image stored before previews on its first view, and stores it', async () => {
    const url = await uploadArtwork(await photoLike(1200, 675), 'image/jpeg');
    fs.rmSync(storedFile(previewKey(keyOf(url))));
    const preview = await previewOf(await eventPage(url));
    expect(preview?.metadata.width).toBe(480);
    expect(fs.readFileSync(storedFile(previewKey(keyOf(url))))).toEqual(preview!.bytes);
  });

  it('has no preview for artwork with transparency, nor for an image that is not one of our uploads', async () => {
    const transparent = await uploadArtwork(await photoLike(560, 315, 4), 'image/png');
    expect(fs.existsSync(storedFile(previewKey(keyOf(transparent))))).toBe(false);
    expect(await previewOf(await eventPage(transparent))).toBeNull();
    const html = await eventPage('/uploads/images/poster.webp');
    expect(html).toContain('class="art"');
    expect(await previewOf(html)).toBeNull();
  });
});

describe('artworkPreviews', () => {
  const original = 'images/0f8fad5b-d9cb-469f-a165-70867728950e.webp';
  it('reads storage once per image, and asks again after a failed read', async () => {
    const body = (await makePreview(
      await sharp(await photoLike(960, 540))
        .webp()
        .toBuffer(),
    ))!;
    let reads = 0;
    let failing = true;
    const storage: FileStorage = {
      kind: 'local',
      put: async () => undefined,
      delete: async () => undefined,
      publicUrl: (key) => `/uploads/${key}`,
      get: async (key) => {
        reads += 1;
        if (failing) throw new Error('storage is down');
        return key === previewKey(original) ? { body, contentType: 'image/webp' } : null;
      },
    };
    const previews = artworkPreviews(storage);
    expect(await previews(`/uploads/${original}`)).toBeNull();
    failing = false;
    const uri = await previews(`/uploads/${original}`);
    expect(uri).toBe(`data:image/webp;base64,${body.toString('base64')}`);
    await previews(`https://cdn.example.com/${original}`);
    expect(reads).toBe(2);
    expect(await previews('https://example.com/poster.jpg')).toBeNull();
    expect(reads).toBe(2);
  });
});
