// Responsive variants of uploaded images: narrower WebP copies stored beside the original under keys derived
// from it (images/<uuid>.webp -> images/<uuid>-w480.webp), made at upload and, for images stored before
// variants existed, made from the original on first request and kept (decision 014). E-mails get a PNG copy
// (images/<uuid>-mail.png): mail clients such as Outlook on Windows show no WebP.
import sharp from 'sharp';
import type { FileStorage } from '../../adapters/storage/storage.js';

/** Widths of the stored copies; the original (at most 1600 px wide) is the widest candidate. */
export const VARIANT_WIDTHS = [160, 480, 720, 960] as const;
export type VariantWidth = (typeof VARIANT_WIDTHS)[number];

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const originalKeyPattern = new RegExp(`^images/(${uuid})\\.webp$`);
const variantKeyPattern = new RegExp(`^images/(${uuid})-w(\\d+)\\.webp$`);

const mailKeyPattern = new RegExp(`^images/(${uuid})-mail\\.png$`);
/** The e-mail header draws a logo at most 160 x 40 px: its PNG copy is twice that, for sharp high-DPI screens. */
export const MAIL_IMAGE_BOX = { width: 320, height: 80 } as const;

/** True for keys the upload service makes for originals (only these have variants). */
export const isOriginalImageKey = (key: string) => originalKeyPattern.test(key);

export function variantKey(originalKey: string, width: VariantWidth): string {
  const match = originalKeyPattern.exec(originalKey);
  if (!match) throw new Error(`Not an uploaded image key: ${originalKey}`);
  return `images/${match[1]}-w${width}.webp`;
}

/** The original a variant key is made from, or null when the key is not a variant of one of our widths. */
export function parseVariantKey(key: string): { originalKey: string; width: VariantWidth } | null {
  const match = variantKeyPattern.exec(key);
  if (!match) return null;
  const width = Number(match[2]) as VariantWidth;
  if (!VARIANT_WIDTHS.includes(width)) return null;
  return { originalKey: `images/${match[1]}.webp`, width };
}

/** The key of an original's PNG copy for e-mails. */
export function mailImageKey(originalKey: string): string {
  const match = originalKeyPattern.exec(originalKey);
  if (!match) throw new Error(`Not an uploaded image key: ${originalKey}`);
  return `images/${match[1]}-mail.png`;
}

/**
 * Where an e-mail finds an uploaded image as PNG: `/uploads/images/<uuid>-mail.png` on the app's address (made on
 * first request, whatever the storage; a public bucket's copy of an older image may not exist). An address that is
 * not one of our uploads is kept only when it names a PNG, JPEG or GIF, which every mail client shows; else null.
 */
export function mailImageUrl(imageUrl: string | null | undefined, appUrl: string): string | null {
  const value = imageUrl?.trim() ?? '';
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value, appUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const upload = new RegExp(`/(images/${uuid}\\.webp)$`).exec(url.pathname);
  if (upload) return `${appUrl.replace(/\/+$/, '')}/uploads/${mailImageKey(upload[1]!)}`;
  return /\.(?:png|jpe?g|gif)$/i.test(url.pathname) ? url.href : null;
}

/** The PNG copy for e-mails: fits MAIL_IMAGE_BOX, never enlarged, transparency kept. */
export function makeMailImage(original: Buffer): Promise<Buffer> {
  return sharp(original)
    .resize({ ...MAIL_IMAGE_BOX, fit: 'inside', withoutEnlargement: true })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/**
 * A copy at most `width` pixels wide. Never enlarged: an original that is already narrow enough is used as it
 * is, so a variant key always holds an image and the page's srcset never points at a missing file.
 */
export async function makeVariant(original: Buffer, originalWidth: number, width: VariantWidth): Promise<Buffer> {
  if (originalWidth <= width) return original;
  // Quality a little under the original's 82: these copies are shown at or below their pixel size.
  return sharp(original).resize({ width, withoutEnlargement: true }).webp({ quality: 75, effort: 4 }).toBuffer();
}

/** Every variant key of an original. */
export const variantKeys = (originalKey: string) => VARIANT_WIDTHS.map((width) => variantKey(originalKey, width));

/** Encodes every variant of a freshly stored original, then stores them. */
export async function storeVariants(
  storage: FileStorage,
  originalKey: string,
  original: Buffer,
  originalWidth: number,
): Promise<void> {
  const bodies = await Promise.all(VARIANT_WIDTHS.map((width) => makeVariant(original, originalWidth, width)));
  await Promise.all(
    VARIANT_WIDTHS.map((width, index) => storage.put(variantKey(originalKey, width), bodies[index]!, 'image/webp')),
  );
}

/**
 * The stored file for `key`; when it is a missing variant of a stored original (an image uploaded before
 * variants existed, or an e-mail's PNG copy), makes it from the original, stores it and returns it. Only our few
 * widths and the PNG copy are accepted, so a visitor can cause at most that many encodes per image, once each.
 */
export async function getStoredImage(
  storage: FileStorage,
  key: string,
): Promise<{ body: Buffer; contentType: string } | null> {
  const stored = await storage.get(key);
  if (stored) return stored;
  const mail = mailKeyPattern.exec(key);
  if (mail) {
    const original = await storage.get(`images/${mail[1]}.webp`);
    if (!original) return null;
    const body = await makeMailImage(original.body);
    await storage.put(key, body, 'image/png');
    return { body, contentType: 'image/png' };
  }
  const variant = parseVariantKey(key);
  if (!variant) return null;
  const original = await storage.get(variant.originalKey);
  if (!original) return null;
  const metadata = await sharp(original.body).metadata();
  const body = await makeVariant(original.body, metadata.width ?? 0, variant.width);
  await storage.put(key, body, 'image/webp');
  return { body, contentType: 'image/webp' };
}
