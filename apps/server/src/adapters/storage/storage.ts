// Where uploaded files live: the local file system under DATA_DIR by default, an S3-compatible bucket when
// S3_BUCKET is set (local.ts, s3.ts; adapters/compose.ts picks one). Keys are always made by the server
// (e.g. images/<uuid>.webp), never taken from a client.

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
