import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { Document, renderHtml } from '../lib/document.js';
import { EVENT_ARTWORK_SIZES, responsiveImageAttributes } from './images.js';
import { EventArtwork } from './responsive-img.js';

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

describe('EventArtwork', () => {
  // React preloads a whole document's eager images from the head (decision 060): the artwork's preload is React's.
  const page = (artworkUrl: string, alt: string) =>
    renderHtml(
      createElement(Document, { title: 'Event', children: createElement(EventArtwork, { url: artworkUrl, alt }) }),
    );

  it('renders a high-priority responsive <img>, preloaded from the head with the same srcset and sizes', () => {
    const html = page(url, 'Night Owls <Live> artwork');
    const { srcset } = responsiveImageAttributes(url, { sizes: EVENT_ARTWORK_SIZES });
    expect(html).toContain(
      `<img src="${variant(960)}" srcSet="${srcset}" sizes="${EVENT_ARTWORK_SIZES}" alt="Night Owls &lt;Live&gt; artwork" class="art" width="960" height="540" fetchPriority="high"/>`,
    );
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(
      `<link rel="preload" as="image" imageSrcSet="${srcset}" imageSizes="${EVENT_ARTWORK_SIZES}" fetchPriority="high"/>`,
    );
  });

  it('escapes a URL that is not ours and preloads it plainly', () => {
    const html = page('https://example.com/a.jpg?x="><script>', 'x');
    expect(html).toContain('src="https://example.com/a.jpg?x=&quot;&gt;&lt;script&gt;"');
    expect(html).toContain(
      '<link rel="preload" as="image" href="https://example.com/a.jpg?x=&quot;&gt;&lt;script&gt;" fetchPriority="high"/>',
    );
    expect(html).not.toContain('<script>');
  });
});
