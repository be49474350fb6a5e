// The organiser's font, served from our own host (decision 026): the Latin subset of each of the seven fonts, in
// the weights the storefront uses, from the @fontsource packages. File names carry a hash of their content, so
// browsers keep them for a year. Text first shows in a local fallback; the page's loader switches to the brand
// font once the page has loaded (page-loader.ts), so on a slow phone network the fonts' 25-50 KB never compete
// with the artwork for bandwidth, and every face uses font-display: swap. Without script a <noscript> style
// applies the font at once; in a tab that has loaded the fonts before, the loader applies it at once.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import type { FontFamily } from '@marquee/shared';
import { AppError } from '../lib/errors.js';

const require = createRequire(import.meta.url);

interface FontSpec {
  /** The @fontsource package (and file prefix). */
  id: string;
  weights: readonly number[];
  /** Local fonts shown until ours arrives (and if it never does). */
  fallback: string;
  /** A display face: headings only; body text stays in the fallback, which reads better at small sizes. */
  display?: boolean;
}

const SANS = 'system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif';

export const FONT_SPECS: Record<FontFamily, FontSpec> = {
  Inter: { id: 'inter', weights: [400, 700], fallback: SANS },
  'DM Sans': { id: 'dm-sans', weights: [400, 700], fallback: SANS },
  'Open Sans': { id: 'open-sans', weights: [400, 700], fallback: SANS },
  Roboto: { id: 'roboto', weights: [400, 700], fallback: SANS },
  Archivo: { id: 'archivo', weights: [400, 700], fallback: SANS },
  'Bebas Neue': { id: 'bebas-neue', weights: [400], fallback: 'Impact,"Arial Narrow Bold",sans-serif', display: true },
  'Geist Mono': {
    id: 'geist-mono',
    weights: [400, 700],
    fallback: 'ui-monospace,SFMono-Regular,Menlo,Consolas,monospace',
  },
};

/** The Latin range of the @fontsource 'latin' subset files. */
const LATIN_RANGE =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';

interface FontFile {
  bytes: Buffer;
  /** The public path, e.g. /_storefront/fonts/inter-latin-400-normal.1a2b3c4d5e.woff2 */
  path: string;
}

const files = new Map<string, FontFile>();
const byFace = new Map<string, FontFile>();

function fontFile(id: string, weight: number): FontFile {
  const key = `${id}-${weight}`;
  const known = byFace.get(key);
  if (known) return known;
  const name = `${id}-latin-${weight}-normal`;
  const bytes = readFileSync(require.resolve(`@fontsource/${id}/files/${name}.woff2`));
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
  const file = { bytes, path: `/_storefront/fonts/${name}.${hash}.woff2` };
  byFace.set(key, file);
  files.set(file.path.slice('/_storefront/fonts/'.length), file);
  return file;
}

export interface BrandFont {
  family: FontFamily;
  /** @font-face rules for the inline stylesheet. */
  css: string;
  /** The file to preload: the weight body text uses (or the headings', for a display face). */
  preloadHref: string;
  /** font-family values for body text and headings, with the brand font... */
  body: string;
  heading: string;
  /** ...and without it, before the page has loaded. */
  fallbackBody: string;
  fallbackHeading: string;
  display: boolean;
}

export function brandFont(family: FontFamily): BrandFont {
  const spec = FONT_SPECS[family];
  const faces = spec.weights.map((weight) => ({ weight, file: fontFile(spec.id, weight) }));
  const css = faces
    .map(
      ({ weight, file }) =>
        `@font-face{font-family:"${family}";font-style:normal;font-weight:${weight};font-display:swap;src:url(${file.path}) format("woff2");unicode-range:${LATIN_RANGE}}`,
    )
    .join('');
  const named = `"${family}",${spec.fallback}`;
  return {
    family,
    css,
    preloadHref: faces[0]!.file.path,
    body: spec.display ? SANS : named,
    heading: named,
    fallbackBody: spec.display ? SANS : spec.fallback,
    fallbackHeading: spec.fallback,
    display: spec.display === true,
  };
}

/** The class on <html> that turns the brand font on (see page-loader.ts). */
export const FONTS_ON_CLASS = 'f';

/** Every font file, loaded once at start-up so a missing package fails the boot, not a fan's request. */
export function loadAllFonts() {
  for (const spec of Object.values(FONT_SPECS)) for (const weight of spec.weights) fontFile(spec.id, weight);
}

export function fontRoutes(app: FastifyInstance) {
  loadAllFonts();
  app.get<{ Params: { file: string } }>(
    '/_storefront/fonts/:file',
    { constraints: { site: 'storefront' } },
    async (request, reply) => {
      const file = files.get(request.params.file);
      // An unknown file answers in the error envelope, like every other missing resource.
      if (!file) throw new AppError('NOT_FOUND', 'Font not found');
      return reply.type('font/woff2').header('cache-control', 'public, max-age=31536000, immutable').send(file.bytes);
    },
  );
}
