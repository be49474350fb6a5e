import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from '../../../test/fake-s3.js';
import { testConfig } from '../../../test/test-app.js';
import { createLocalStorage } from './local.js';
import { createS3Storage } from './s3.js';
import { createStorage } from '../compose.js';
import { isValidStorageKey, type FileStorage } from './storage.js';

const badKeys = [
  '../secret',
  'images/../../etc/passwd',
  '/etc/passwd',
  'images/..',
  '..',
  '.hidden',
  'images/.tmp-x',
  'images//a.webp',
  'images/a.webp/',
  'Images/A.webp',
  'images\\a.webp',
  'c:/a.webp',
  'images/a b.webp',
  'images/a%2e%2e.webp',
  'a..b.webp',
  '',
];

describe('storage keys', () => {
  it.each(badKeys)('refuses %j', (key) => {
    expect(isValidStorageKey(key)).toBe(false);
  });

  it.each(['images/2f1c9a.webp', 'a', 'exports/2026/orders_1.csv'])('accepts %j', (key) => {
    expect(isValidStorageKey(key)).toBe(true);
  });
});

describe('local storage', () => {
  let root: string;
  let storage: FileStorage;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-storage-'));
    storage = createLocalStorage({ root: path.join(root, 'uploads') });
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('round-trips a file and leaves no temp file behind', async () => {
    const body = Buffer.from('RIFF....WEBPVP8 fake');
    await storage.put('images/one.webp', body, 'image/webp');
    expect(await storage.get('images/one.webp')).toEqual({ body, contentType: 'image/webp' });
    expect(fs.readdirSync(path.join(root, 'uploads/images'))).toEqual(['one.webp']);
    expect(storage.publicUrl('images/one.webp')).toBe('/uploads/images/one.webp');
  });

  it('answers null for a missing key and deletes idempotently', async () => {
    expect(await storage.get('images/missing.webp')).toBeNull();
    await storage.put('images/two.webp', Buffer.from('x'), 'image/webp');
    await storage.delete('images/two.webp');
    await storage.delete('images/two.webp');
    expect(await storage.get('images/two.webp')).toBeNull();
  });

  it('refuses path traversal on every operation and writes nothing outside its root', async () => {
    fs.writeFileSync(path.join(root, 'secret.txt'), 'do not read');
    for (const key of ['../secret.txt', 'images/../../secret.txt', '/etc/passwd', '.tmp-x']) {
      await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/);
      await expect(storage.put(key, Buffer.from('x'), 'text/plain; charset=utf-8')).rejects.toThrow(
        /Invalid storage key/,
      );
      await expect(storage.delete(key)).rejects.toThrow(/Invalid storage key/);
      expect(() => storage.publicUrl(key)).toThrow(/Invalid storage key/);
    }
    expect(fs.readFileSync(path.join(root, 'secret.txt'), 'utf8')).toBe('do not read');
    expect(fs.readdirSync(root).sort()).toEqual(['secret.txt', 'uploads']);
  });

  it('refuses a content type that does not match the key extension', async () => {
    await expect(storage.put('images/three.webp', Buffer.from('x'), 'text/html')).rejects.toThrow(/image\/webp/);
  });
});

describe('S3 storage', () => {
  let fake: FakeS3;
  beforeAll(async () => {
    fake = await startFakeS3();
  });
  afterAll(() => fake.close());

  const options = () => ({
    bucket: 'marquee-files',
    region: 'auto',
    endpoint: fake.endpoint,
    accessKeyId: 'test-key',
    secretAccessKey: 'test-secret',
  });

  it('puts, gets and deletes objects with path-style requests', async () => {
    const storage = createS3Storage(options());
    const body = Buffer.from([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4]);
    fake.requests.length = 0;

    await storage.put('images/abc.webp', body, 'image/webp');
    expect(await storage.get('images/abc.webp')).toEqual({ body, contentType: 'image/webp' });
    await storage.delete('images/abc.webp');
    expect(await storage.get('images/abc.webp')).toBeNull();

    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'PUT /marquee-files/images/abc.webp',
      'GET /marquee-files/images/abc.webp',
      'DELETE /marquee-files/images/abc.webp',
      'GET /marquee-files/images/abc.webp',
    ]);
    const put = fake.requests[0]!;
    expect(put.contentType).toBe('image/webp');
    expect(put.body.equals(body)).toBe(true);
    expect(put.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=test-key\//);
  });

  it('refuses bad keys before sending anything', async () => {
    const storage = createS3Storage(options());
    fake.requests.length = 0;
    await expect(storage.put('../x.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/Invalid storage key/);
    await expect(storage.get('/etc/passwd')).rejects.toThrow(/Invalid storage key/);
    expect(fake.requests).toHaveLength(0);
  });

  it('builds public URLs from S3_PUBLIC_URL, or proxies through /uploads without it', () => {
    expect(createS3Storage(options()).publicUrl('images/a.webp')).toBe('/uploads/images/a.webp');
    expect(
      createS3Storage({ ...options(), publicUrl: 'https://cdn.example.com/files/' }).publicUrl('images/a.webp'),
    ).toBe('https://cdn.example.com/files/images/a.webp');
  });
});

describe('createStorage', () => {
  it('chooses local storage under DATA_DIR/uploads by default', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-data-'));
    try {
      const storage = createStorage(testConfig({ DATA_DIR: dataDir }));
      expect(storage.kind).toBe('local');
      await storage.put('images/x.webp', Buffer.from('x'), 'image/webp');
      expect(fs.existsSync(path.join(dataDir, 'uploads/images/x.webp'))).toBe(true);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('chooses S3 when S3_BUCKET is set', () => {
    const storage = createStorage(
      testConfig({
        S3_BUCKET: 'b',
        S3_ENDPOINT: 'http://127.0.0.1:9',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
        S3_PUBLIC_URL: 'https://cdn.example.com',
      }),
    );
    expect(storage.kind).toBe('s3');
    expect(storage.publicUrl('images/x.webp')).toBe('https://cdn.example.com/images/x.webp');
  });
});
