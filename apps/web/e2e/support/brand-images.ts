// Brand images that look like an organiser's (a gradient poster, a round logo, a wide cover) for the branded
// storefront spec and its screenshots. A little grain keeps each file above the 50 KB upload minimum.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

async function render(svg: string, width: number, height: number): Promise<Buffer> {
  const grain = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .resize(width, height)
    .composite([{ input: grain, blend: 'soft-light' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

export interface BrandArt {
  artwork: Buffer;
  logo: Buffer;
  cover: Buffer;
}

/** Poster, logo and cover in two colours, with the organiser's initials on the logo. */
export async function makeBrandArt(from: string, to: string, initials: string, title: string): Promise<BrandArt> {
  const gradient = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`;
  const artwork = await render(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675">${gradient}<rect width="1200" height="675" fill="url(#g)"/>
<circle cx="960" cy="140" r="220" fill="#ffffff" fill-opacity=".18"/><circle cx="180" cy="600" r="260" fill="#000000" fill-opacity=".16"/>
<text x="80" y="400" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="96" fill="#ffffff">${title}</text></svg>`,
    1200,
    675,
  );
  const logo = await render(
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">${gradient}<rect width="400" height="400" fill="url(#g)"/>
<text x="200" y="250" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="150" fill="#ffffff">${initials}</text></svg>`,
    400,
    400,
  );
  const cover = await render(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="560">${gradient}<rect width="1600" height="560" fill="url(#g)"/>
<circle cx="1300" cy="120" r="320" fill="#ffffff" fill-opacity=".14"/><circle cx="300" cy="520" r="280" fill="#000000" fill-opacity=".14"/></svg>`,
    1600,
    560,
  );
  return { artwork, logo, cover };
}
