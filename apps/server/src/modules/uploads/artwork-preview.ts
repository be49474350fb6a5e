// The event artwork's inline preview (decision 142): a small WebP copy of an uploaded image, at most
// PREVIEW_MAX_BYTES, that the event page carries in its HTML as a data: URI behind the artwork, so the first screen
// paints a picture with the text instead of one round trip later; the full image covers it when it arrives. Made at
// upload beside the other variants (images/<uuid>-preview.webp) and, for images stored before, on first use. None
// for an image with transparency (the preview would show through it) or one that cannot be made small enough.
import sharp from 'sharp';
import type { FileStorage } from '../../adapters/storage/storage.js';

/** Small enough that an event page with its preview still arrives in the first round trip of a new connection. */
export const PREVIEW_MAX_BYTES = 6 * 1024;
/** Wide enough for a phone's first screen; the full image replaces it at once on wider and denser screens. */
export const PREVIEW_WIDTH = 480;
const QUALITIES = [50, 35, 20] as const;

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const originalKeyPattern = new RegExp(`^images/(${uuid})\\.webp$`);
const uploadPathPattern = new RegExp(`/(images/${uuid}\\.webp)$`);

export function previewKey(originalKey: string): string {
  const match = originalKeyPattern.exec(originalKey);
  if (!match) throw new Error(`Not an uploaded image key: ${originalKey}`);
  return `images/${match[1]}-preview.webp`;
}

/** The preview's bytes, or null when the image has transparency or no quality makes it small enough. */
export async function makePreview(original: Buffer): Promise<Buffer | null> {
  const image = sharp(original);
  const { hasAlpha } = await image.metadata();
  if (hasAlpha) return null;
  for (const quality of QUALITIES) {
    const body = await image
      .clone()
      .resize({ width: PREVIEW_WIDTH, withoutEnlargement: true })
      .webp({ quality, effort: 4 })
      .toBuffer();
    if (body.length <= PREVIEW_MAX_BYTES) return body;
  }
  return null;
}

/** Encodes and stores an original's preview (at upload); an image that gets none stores nothing. */
export async function storePreview(storage: FileStorage, originalKey: string, original: Buffer): Promise<void> {
  const body = await makePreview(original);
  if (body) await storage.put(previewKey(originalKey), body, 'image/webp');
}

const dataUri = (body: Buffer) => `data:image/webp;base64,${body.toString('base64')}`;

/**
 * The preview of the uploaded image at `imageUrl` as a data: URI, or null (not one of our uploads, no preview, or
 * storage failing: the page then shows the artwork as before). Read once per image and process and kept; an image
 * stored before previews existed gets its preview made from the original and stored, once.
 */
export function artworkPreviews(storage: FileStorage): (imageUrl: string) => Promise<string | null> {
  const known = new Map<string, Promise<string | null>>();
  const read = async (key: string): Promise<string | null> => {
    const stored = await storage.get(previewKey(key));
    if (stored) return dataUri(stored.body);
    const original = await storage.get(key);
    if (!original) return null;
    const body = await makePreview(original.body);
    if (!body) return null;
    await storage.put(previewKey(key), body, 'image/webp');
    return dataUri(body);
  };
  return (imageUrl) => {
    const key = uploadPathPattern.exec(imageUrl.split(/[?#]/)[0] ?? '')?.[1];
    if (!key) return Promise.resolve(null);
    let pending = known.get(key);
    if (!pending) {
      if (known.size >= 512) known.clear();
      // A failed read is not kept: the next page asks storage again.
      pending = read(key).catch(() => {
        known.delete(key);
        return null;
      });
      known.set(key, pending);
    }
    return pending;
  };
}
