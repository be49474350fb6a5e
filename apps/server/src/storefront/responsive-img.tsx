// An uploaded image as an <img> with srcset and sizes (images.ts). React escapes the attributes; in a whole
// document it also preloads every image that is not lazy or low priority, from the head, in page order.
import type { ImgHTMLAttributes } from 'react';
import { EVENT_ARTWORK_SIZES, responsiveImageAttributes, type ResponsiveOptions } from './images.js';

export interface ResponsiveImgProps
  extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes'>, ResponsiveOptions {
  url: string;
  alt: string;
}

export function ResponsiveImg({ url, sizes, fallbackWidth, maxWidth, alt, ...rest }: ResponsiveImgProps) {
  const image = responsiveImageAttributes(url, {
    sizes,
    ...(fallbackWidth ? { fallbackWidth } : {}),
    ...(maxWidth ? { maxWidth } : {}),
  });
  return (
    <img src={image.src} srcSet={image.srcset} sizes={image.srcset ? image.sizes : undefined} alt={alt} {...rest} />
  );
}

/**
 * The event page's artwork, the largest thing above the fold. With its inline preview (decision 142), a data: URI
 * drawn under it in the same box (decorative: the artwork carries the alt text), the first paint shows the picture
 * with the text; the file itself is fetched once the page is laid out (lazy, decoded off the main thread) and covers
 * the preview when it arrives. Without one, the file is fetched at high priority (React preloads it from the head
 * with the same srcset, so the browser fetches one file) and decoded in the same frame as the text.
 */
export function EventArtwork({ url, alt, preview = null }: { url: string; alt: string; preview?: string | null }) {
  const image = (
    <ResponsiveImg
      className="art"
      url={url}
      sizes={EVENT_ARTWORK_SIZES}
      alt={alt}
      width={960}
      height={540}
      {...(preview ? { loading: 'lazy' as const, decoding: 'async' as const } : { fetchPriority: 'high' as const })}
    />
  );
  if (!preview) return image;
  return (
    <div className="art-box">
      <img className="art-preview" src={preview} alt="" width={480} height={270} />
      {image}
    </div>
  );
}
