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
 * The event page's artwork: the largest thing above the fold, fetched at high priority (React preloads it from the
 * head with the same srcset, so the browser fetches one file). Not decoding="async": the LCP image should be
 * painted in the same frame as the text. Its inline preview (decision 142), a data: URI, is its background: the
 * first paint shows a picture without waiting for the file, which covers it when it arrives.
 */
export function EventArtwork({ url, alt, preview = null }: { url: string; alt: string; preview?: string | null }) {
  return (
    <ResponsiveImg
      className="art"
      url={url}
      sizes={EVENT_ARTWORK_SIZES}
      alt={alt}
      width={960}
      height={540}
      fetchPriority="high"
      {...(preview ? { style: { backgroundImage: `url(${preview})` } } : {})}
    />
  );
}
