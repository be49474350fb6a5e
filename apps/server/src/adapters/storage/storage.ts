// Where uploaded files live: the local file system under DATA_DIR by default, an S3-compatible bucket when
// S3_BUCKET is set. Keys are always made by the server (e.g. images/<uuid>.webp), never taken from a client.
import path from 'node:path';
import type { Config } from '../../config.js';
import { createLocalStorage } from './local.js';
import { createS3Storage } from './s3.js';

export { assertValidStorageKey, InvalidStorageKeyError, isValidStorageKey } from './keys.js';

export interface FileStorage {
  kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The stored bytes and their content type, or null when nothing is stored under the key. */
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  /** Removes the object; removing a key that holds nothing is not an error. */
  delete(key: string): Promise<void>;
  /** The URL a browser loads the file from: same-origin `/uploads/<key>` unless a public bucket URL is set. */
  publicUrl(key: string): string;
}

export function createStorage(config: Config): FileStorage {
  const env = config.raw;
  if (env.S3_BUCKET) {
    return createS3Storage({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      publicUrl: env.S3_PUBLIC_URL,
    });
  }
  return createLocalStorage({ root: path.join(config.dataDir, 'uploads') });
}
