// srcset/sizes for images we uploaded, so a phone downloads a copy near the size it shows instead of the
// 1600 px original. Our image URLs name their variants by rule; anything else keeps a plain src.
import { VARIANT_WIDTHS, type VariantWidth } from '../modules/uploads/variants.js';

/** Originals are stored at most this wide (uploads.service bounds), so it is the original's srcset width. */
const ORIGINAL_MAX_WIDTH = 1600;
const uploadedImage = /^\/uploads\/images\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.webp$/;

export interface ResponsiveImage {
  src: string;
  srcset?: string;
  sizes?: string;
}

export interface ResponsiveOptions {
  /** The `sizes` attribute: how wide the image is drawn, in CSS terms, e.g. '88px' or '(min-width: 960px) 920px, 100vw'. */
  sizes: string;
  /** The variant used as `src` (browsers without srcset, and the fallback); defaults to the widest variant. */
  fallbackWidth?: VariantWidth;
  /** Largest candidate to offer; wider ones are left out (e.g. 480 for a thumbnail). Defaults to the original. */
  maxWidth?: number;
}

/**
 * `src`, `srcset` and `sizes` for an uploaded image URL (`/uploads/images/<uuid>.webp`). Its variants exist for
 * every such image: stored at upload, or made from the original on first request for older uploads (decision
 * 014). Any other URL (an external link, a public-bucket URL) comes back as a plain `src`.
 */
export function responsiveImageAttributes(url: string, options: ResponsiveOptions): ResponsiveImage {
  const match = uploadedImage.exec(url);
  if (!match) return { src: url };
  const maxWidth = options.maxWidth ?? ORIGINAL_MAX_WIDTH;
  const variantUrl = (width: number) => `/uploads/images/${match[1]}-w${width}.webp`;
  const candidates = VARIANT_WIDTHS.filter((width) => width <= maxWidth).map(
    (width) => `${variantUrl(width)} ${width}w`,
  );
  if (maxWidth >= ORIGINAL_MAX_WIDTH) candidates.push(`${url} ${ORIGINAL_MAX_WIDTH}w`);
  const fallback = options.fallbackWidth ?? VARIANT_WIDTHS.filter((width) => width <= maxWidth).at(-1);
  return {
    src: fallback ? variantUrl(fallback) : url,
    srcset: candidates.join(', '),
    sizes: options.sizes,
  };
}

/**
 * How wide the event page draws its artwork (event-details.tsx): the content column (main is 960 px less 20 px
 * padding each side) on phones; from 720 px the left column of a 1.2fr/1fr grid with a 32 px gap.
 */
export const EVENT_ARTWORK_SIZES =
  '(min-width: 960px) 485px, (min-width: 720px) calc((100vw - 72px) * 0.55), calc(100vw - 40px)';
