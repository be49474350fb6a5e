// The organiser's branding as CSS for every storefront page: their colours and font (decision 026). Text is
// always readable on the colours chosen: body text is near-black or white, whichever contrasts more with the
// background (never below 4.5:1); the primary colour is used as text or a focus ring only in a shade that keeps
// 4.5:1 against the background; muted text is the lightest mix that still keeps 4.5:1.
import {
  boundedMemo,
  DEFAULT_FONT_FAMILY,
  DEFAULT_PRIMARY_COLOR,
  FALLBACK_SECONDARY_COLOR,
  FONT_FAMILIES,
  type FontFamily,
} from '@marquee/shared';
import { contrastRatio, normalizeHexColor, textOn as nearBlackOrWhite } from '../adapters/mail/colors.js';
import { brandFont, FONTS_ON_CLASS } from './fonts.js';

export { contrastRatio };

/** WCAG AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

const fontFamilies = new Set<string>(FONT_FAMILIES);

/**
 * Text for a background: near-black or white, whichever contrasts more; on a mid tone where neither reaches
 * 4.5:1 (e.g. #777777), pure black or white, one of which always does (at least 4.58:1).
 */
export function textOn(background: string): string {
  const text = nearBlackOrWhite(background);
  if (contrastRatio(text, background) >= MIN_TEXT_CONTRAST) return text;
  return contrastRatio('#000000', background) >= contrastRatio('#ffffff', background) ? '#000000' : '#ffffff';
}

/** A colour safe to put in CSS, or the fallback. */
export const cssColor = (value: string | null, fallback: string) => normalizeHexColor(value, fallback);

const hex = (value: number) => Math.round(value).toString(16).padStart(2, '0');

/** `from` moved towards `to` by `amount` (0..1), in sRGB. */
export function mixColors(from: string, to: string, amount: number): string {
  const channel = (color: string, offset: number) => parseInt(color.slice(offset, offset + 2), 16);
  return `#${[1, 3, 5].map((offset) => hex(channel(from, offset) + (channel(to, offset) - channel(from, offset)) * amount)).join('')}`;
}

/**
 * `color` if it reads on `background` at `minimum`:1, else the nearest shade of it towards the background's text
 * colour that does (the brand stays recognisable; the text stays readable).
 */
export function readableOn(color: string, background: string, minimum = MIN_TEXT_CONTRAST): string {
  if (contrastRatio(color, background) >= minimum) return color;
  const target = textOn(background);
  for (let step = 1; step <= 20; step++) {
    const shade = mixColors(color, target, step / 20);
    if (contrastRatio(shade, background) >= minimum) return shade;
  }
  return target;
}

export interface BrandColours {
  primaryColor: string | null;
  secondaryColor: string | null;
  fontFamily: string | null;
}

export interface BrandTheme {
  primary: string;
  secondary: string;
  /** Body text on the background. */
  text: string;
  /** Text on primary-coloured buttons and badges. */
  onPrimary: string;
  /** The primary colour as text or an outline on the background (a readable shade of it). */
  accent: string;
  muted: string;
  font: FontFamily;
  /** For the head (layout.tsx FontHead): the font's preload (fontsAtOnce), or the font at once when the browser
   * runs no script. */
  fontHeadPart: { kind: 'preload'; href: string } | { kind: 'noscript'; css: string };
  /** @font-face rules, :root variables, colour scheme, fonts for body and headings, focus rings. */
  css: string;
}

export interface BrandThemeOptions {
  /**
   * Apply the brand font from the first paint, preloaded: for pages without artwork whose script does not switch
   * fonts (the waiting room). By default the font waits for the page to load (PAGE_LOADER, page-loader.ts).
   */
  fontsAtOnce?: boolean;
}

// Every storefront page and e-mail computes its organiser's theme (contrast checks, mixes); the same few brands
// come back on every request, so themes are kept (shared: callers only read them).
const themes = boundedMemo<BrandTheme>(2000);

export function brandTheme(branding: BrandColours, options: BrandThemeOptions = {}): BrandTheme {
  const key = `${branding.primaryColor}|${branding.secondaryColor}|${branding.fontFamily}|${options.fontsAtOnce === true}`;
  return themes(key, () => computeTheme(branding, options));
}

function computeTheme(branding: BrandColours, options: BrandThemeOptions): BrandTheme {
  const primary = cssColor(branding.primaryColor, DEFAULT_PRIMARY_COLOR);
  const secondary = cssColor(branding.secondaryColor, FALLBACK_SECONDARY_COLOR);
  const font = (
    branding.fontFamily && fontFamilies.has(branding.fontFamily) ? branding.fontFamily : DEFAULT_FONT_FAMILY
  ) as FontFamily;
  const text = textOn(secondary);
  const isDark = text === '#ffffff';
  const onPrimary = textOn(primary);
  const accent = readableOn(primary, secondary);
  // The palest mix of text into the background that still reads at 4.5:1.
  let muted = text;
  for (const amount of [0.7, 0.75, 0.8, 0.85, 0.9, 0.95]) {
    const shade = mixColors(secondary, text, amount);
    if (contrastRatio(shade, secondary) >= MIN_TEXT_CONTRAST) {
      muted = shade;
      break;
    }
  }
  const line = mixColors(secondary, text, 0.18);
  const face = brandFont(font);
  const headingList = 'h1,h2,h3,.display';
  const weight = face.display ? ';font-weight:400;letter-spacing:.02em' : '';
  const on = (selectors: string) =>
    selectors
      .split(',')
      .map((selector) => `.${FONTS_ON_CLASS} ${selector}`)
      .join(',');
  // A page with artwork shows the fallback until it has loaded, then the script's class turns the font on.
  const fonts = options.fontsAtOnce
    ? `body{font-family:${face.body}}${headingList}{font-family:${face.heading}${weight}}`
    : `body{font-family:${face.fallbackBody}}${headingList}{font-family:${face.fallbackHeading}${weight}}` +
      `${on('body')}{font-family:${face.body}}${on(headingList)}{font-family:${face.heading}}`;
  const css = `${face.css}:root{--primary:${primary};--on-primary:${onPrimary};--accent:${accent};--bg:${secondary};--text:${text};--muted:${muted};--line:${line}}
html{color-scheme:${isDark ? 'dark' : 'light'}}body{background:var(--bg);color:var(--text);min-height:100vh;display:flex;flex-direction:column}${fonts}
a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,summary:focus-visible{outline:2px solid var(--accent);outline-offset:2px}.muted{color:var(--muted)}`;
  const noscriptCss = `body{font-family:${face.body}}${headingList}{font-family:${face.heading}}`;
  const fontHeadPart = options.fontsAtOnce
    ? ({ kind: 'preload', href: face.preloadHref } as const)
    : ({ kind: 'noscript', css: noscriptCss } as const);
  return { primary, secondary, text, onPrimary, accent, muted, font, fontHeadPart, css };
}
