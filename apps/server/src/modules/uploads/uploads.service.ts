// Image uploads: the spec's size and type rules checked on the bytes themselves, then every image decoded and
// re-encoded to WebP so nothing we store or serve can be anything but a plain image.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { IMAGE_MAX_BYTES, IMAGE_MIN_BYTES, IMAGE_SIZE_MESSAGE, IMAGE_TYPE_MESSAGE } from '@marquee/shared';
import type { FileStorage } from '../../adapters/storage/storage.js';
import type { Database } from '../../db/client.js';
import { upload } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { previewKey, storePreview } from './artwork-preview.js';
import { storeVariants, variantKeys } from './variants.js';

export const UPLOAD_PURPOSES = ['brand-image', 'logo', 'cover', 'event-artwork'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** Decoding is refused above this many pixels: a small, highly compressed file could otherwise expand to gigabytes. */
export const MAX_INPUT_PIXELS = 40_000_000;

// Logos are shown small and square-ish; the other images span a page at most.
const bounds: Record<UploadPurpose, { width: number; height?: number }> = {
  logo: { width: 512, height: 512 },
  'brand-image': { width: 1600 },
  cover: { width: 1600 },
  'event-artwork': { width: 1600 },
};

type ImageFormat = 'jpeg' | 'png' | 'gif';

const startsWith = (bytes: Buffer, signature: number[]) =>
  bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);

/** The format the bytes say they are; the declared content type and the file name are never trusted. */
export function detectImageFormat(bytes: Buffer): ImageFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  const head = bytes.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  return null;
}

const unsupportedType = () => new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_TYPE_MESSAGE);

/**
 * Checks an uploaded file in the same order as the web app's validateImageFile (type, then size).
 * `tooLarge` is set when the upload was cut off at the size limit, so `bytes` is only its beginning.
 */
export function checkImageFile(bytes: Buffer, tooLarge: boolean): ImageFormat {
  const format = detectImageFormat(bytes);
  if (!format) throw unsupportedType();
  if (tooLarge || bytes.length > IMAGE_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_SIZE_MESSAGE);
  if (bytes.length < IMAGE_MIN_BYTES) {
    throw new AppError('VALIDATION_ERROR', IMAGE_SIZE_MESSAGE, [{ path: 'file', message: IMAGE_SIZE_MESSAGE }]);
  }
  return format;
}

export interface ProcessedImage {
  body: Buffer;
  contentType: 'image/webp';
  width: number;
  height: number;
}

/**
 * Decodes and re-encodes to WebP: metadata (EXIF, GPS, ICC comments) is dropped after applying the EXIF
 * orientation, and animated GIFs keep their first frame only. A file that does not decode, or whose content
 * is not the format its magic bytes claim, is refused with the spec's type message.
 */
export async function processImage(
  bytes: Buffer,
  format: ImageFormat,
  purpose: UploadPurpose,
): Promise<ProcessedImage> {
  // 'truncated' refuses cut-off files but tolerates the harmless warnings real cameras produce.
  const input = { failOn: 'truncated', limitInputPixels: MAX_INPUT_PIXELS, animated: false } as const;
  // Reads the header only, so the pixel check below happens before anything is decoded.
  const metadata = await sharp(bytes, { ...input, limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!metadata || metadata.format !== format) throw unsupportedType();
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) {
    throw new AppError('VALIDATION_ERROR', 'Image dimensions are too large (at most 40 megapixels)', [
      { path: 'file', message: 'Image dimensions are too large (at most 40 megapixels)' },
    ]);
  }
  const { width, height } = bounds[purpose];
  try {
    const { data, info } = await sharp(bytes, input)
      .autoOrient()
      .resize({ width, height, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    return { body: data, contentType: 'image/webp', width: info.width, height: info.height };
  } catch {
    throw unsupportedType();
  }
}

export interface CreateImageUploadInput {
  userId: string;
  organizationId: string | null;
  purpose: UploadPurpose;
  bytes: Buffer;
  tooLarge: boolean;
}

export interface ImageUpload {
  id: string;
  url: string;
  width: number;
  height: number;
  contentType: 'image/webp';
}

/** What the organiser is told when the file store refuses a write (it is down, full or misconfigured). */
export const STORAGE_WRITE_FAILED_MESSAGE =
  'The image could not be stored just now, so nothing was saved. Please try again.';

/** Removes an image and every variant it may have; deleting one that was never written is not an error. */
async function removeStored(storage: FileStorage, key: string) {
  for (const stored of [key, ...variantKeys(key), previewKey(key)]) await storage.delete(stored).catch(() => undefined);
}

export async function createImageUpload(
  deps: { db: Database; storage: FileStorage },
  input: CreateImageUploadInput,
): Promise<ImageUpload> {
  const format = checkImageFile(input.bytes, input.tooLarge);
  const image = await processImage(input.bytes, format, input.purpose);
  const id = randomUUID();
  const key = `images/${id}.webp`;
  try {
    await deps.storage.put(key, image.body, image.contentType);
    await storeVariants(deps.storage, key, image.body, image.width);
    if (input.purpose === 'event-artwork') await storePreview(deps.storage, key, image.body);
  } catch (error) {
    // Nothing is kept of a write that failed part-way: no file, no variant, no row.
    await removeStored(deps.storage, key);
    throw new AppError('SERVICE_UNAVAILABLE', STORAGE_WRITE_FAILED_MESSAGE, undefined, { cause: error });
  }
  try {
    await deps.db.insert(upload).values({
      id,
      organizationId: input.organizationId,
      userId: input.userId,
      key,
      contentType: image.contentType,
      byteSize: image.body.length,
      width: image.width,
      height: image.height,
      purpose: input.purpose,
    });
  } catch (error) {
    // No row, no file: an orphan in storage would never be cleaned up.
    await removeStored(deps.storage, key);
    throw error;
  }
  return {
    id,
    url: deps.storage.publicUrl(key),
    width: image.width,
    height: image.height,
    contentType: image.contentType,
  };
}
