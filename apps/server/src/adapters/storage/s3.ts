// Production storage: any S3-compatible bucket (AWS S3, Cloudflare R2, MinIO...), addressed path-style when
// an endpoint is given. Without S3_PUBLIC_URL the bucket stays private and our server proxies /uploads/<key>.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertValidStorageKey } from './keys.js';
import type { FileStorage } from './storage.js';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Public origin (and optional path) the bucket is served from, e.g. https://cdn.example.com */
  publicUrl?: string | undefined;
}

export function createS3Storage(options: S3StorageOptions): FileStorage {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
    // The SDK's default CRC checksums on every request are not understood by every S3-compatible store.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const bucket = options.bucket;
  const publicBase = options.publicUrl?.replace(/\/+$/, '');

  return {
    kind: 's3',

    async put(key, body, contentType) {
      assertValidStorageKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
          // Keys are never reused, so whatever serves the bucket may cache forever.
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },

    async get(key) {
      assertValidStorageKey(key);
      try {
        const result = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!result.Body) return null;
        const bytes = await result.Body.transformToByteArray();
        return {
          body: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          contentType: result.ContentType ?? 'application/octet-stream',
        };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
        throw error;
      }
    },

    async delete(key) {
      assertValidStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    publicUrl(key) {
      assertValidStorageKey(key);
      return publicBase ? `${publicBase}/${key}` : `/uploads/${key}`;
    },
  };
}
