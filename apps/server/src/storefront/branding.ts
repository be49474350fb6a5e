// The organiser's branding as CSS for every storefront page: their colours (text always black or white,
// whichever reads better on them) and their font, with safe fallbacks for anything malformed.
import { DEFAULT_PRIMARY_COLOR, FALLBACK_SECONDARY_COLOR, FONT_FAMILIES } from '@marquee/shared';

const hexColor = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const fontFamilies = new Set<string>(FONT_FAMILIES);

/** A colour safe to put in CSS, or the fallback. */
export function cssColor(value: string | null, fallback: string): string {
  const color = value?.trim() ?? '';
  if (!hexColor.test(color)) return fallback;
  return color.length === 4 ? `#${[...color.slice(1)].map((c) => c + c).join('')}` : color.toLowerCase();
}

function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** Black or white, whichever reads better on the colour. */
export const textOn = (hex: string) => (luminance(hex) > 0.35 ? '#0a0a0a' : '#ffffff');

export interface BrandColours {
  primaryColor: string | null;
  secondaryColor: string | null;
  fontFamily: string | null;
}

export interface BrandTheme {
  primary: string;
  secondary: string;
  font: string;
  /** :root variables (--primary, --on-primary, --bg, --text, --muted, --line), colour scheme, body font. */
  css: string;
}

export function brandTheme(branding: BrandColours): BrandTheme {
  const primary = cssColor(branding.primaryColor, DEFAULT_PRIMARY_COLOR);
  const secondary = cssColor(branding.secondaryColor, FALLBACK_SECONDARY_COLOR);
  const font = branding.fontFamily && fontFamilies.has(branding.fontFamily) ? branding.fontFamily : 'Inter';
  const text = textOn(secondary);
  const isDark = text === '#ffffff';
  const muted = isDark ? 'rgba(255,255,255,.72)' : 'rgba(10,10,10,.68)';
  const line = isDark ? 'rgba(255,255,255,.14)' : 'rgba(10,10,10,.14)';
  // The named font is used when the visitor has it; the storefront loads no font files of its own.
  const fallback =
    font === 'Geist Mono'
      ? 'ui-monospace,SFMono-Regular,Menlo,monospace'
      : 'system-ui,-apple-system,"Segoe UI",Roboto,sans-serif';
  const css = `:root{--primary:${primary};--on-primary:${textOn(primary)};--bg:${secondary};--text:${text};--muted:${muted};--line:${line}}
html{color-scheme:${isDark ? 'dark' : 'light'}}body{background:var(--bg);color:var(--text);font-family:"${font}",${fallback};min-height:100vh;display:flex;flex-direction:column}
a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible{outline:2px solid var(--primary);outline-offset:2px}.muted{color:var(--muted)}`;
  return { primary, secondary, font, css };
}
