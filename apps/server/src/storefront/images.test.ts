import { describe, expect, it } from 'vitest';
import { EVENT_ARTWORK_SIZES, eventArtwork, preloadImageHtml, responsiveImageAttributes } from './images.js';

const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
const url = `/uploads/images/${id}.webp`;
const variant = (width: number) => `/uploads/images/${id}-w${width}.webp`;

describe('responsiveImageAttributes', () => {
  it('offers every variant and the original (1600 px) for an uploaded image', () => {
    expect(responsiveImageAttributes(url, { sizes: '100vw' })).toEqual({
      src: variant(960),
      srcset: `${variant(160)} 160w, ${variant(480)} 480w, ${variant(720)} 720w, ${variant(960)} 960w, ${url} 1600w`,
      sizes: '100vw',
    });
  });

  it('leaves out candidates wider than maxWidth and uses the fallback width as src', () => {
    expect(responsiveImageAttributes(url, { sizes: '88px', maxWidth: 480, fallbackWidth: 160 })).toEqual({
      src: variant(160),
      srcset: `${variant(160)} 160w, ${variant(480)} 480w`,
      sizes: '88px',
    });
  });

  it.each([
    'https://cdn.example.com/images/0f8fad5b-d9cb-469f-a165-70867728950e.webp',
    '/uploads/images/poster.webp',
    `/uploads/images/${id}-w480.webp`,
    `/uploads/other/${id}.webp`,
    `/uploads/images/${id}.png`,
    '',
  ])('keeps a plain src for %j', (other) => {
    expect(responsiveImageAttributes(other, { sizes: '100vw' })).toEqual({ src: other });
  });
});

describe('eventArtwork', () => {
  it('renders a high-priority responsive <img> and a preload naming the same srcset and sizes', () => {
    const { img, preload } = eventArtwork(url, 'Night Owls <Live> artwork');
    const { srcset } = responsiveImageAttributes(url, { sizes: EVENT_ARTWORK_SIZES });
    expect(img).toBe(
      `<img class="art" src="${variant(960)}" srcset="${srcset}" sizes="${EVENT_ARTWORK_SIZES}" alt="Night Owls &lt;Live&gt; artwork" width="960" height="540" fetchpriority="high">`,
    );
    expect(preload).toBe(
      `<link rel="preload" as="image" href="${variant(960)}" imagesrcset="${srcset}" imagesizes="${EVENT_ARTWORK_SIZES}" fetchpriority="high">`,
    );
  });

  it('escapes a URL that is not ours and preloads it plainly', () => {
    const odd = 'https://example.com/a.jpg?x="><script>';
    expect(eventArtwork(odd, 'x').img).toContain('src="https://example.com/a.jpg?x=&quot;&gt;&lt;script&gt;"');
    expect(preloadImageHtml(odd, { sizes: '100vw' })).toBe(
      '<link rel="preload" as="image" href="https://example.com/a.jpg?x=&quot;&gt;&lt;script&gt;" fetchpriority="high">',
    );
  });
});
