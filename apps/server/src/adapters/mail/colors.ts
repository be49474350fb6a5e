// Colour helpers for organiser-branded e-mails: saved colours are checked before they reach a style attribute,
// and text on a brand colour is black or white, whichever contrasts more (WCAG relative luminance).
const hexColor = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** '#ABC' -> '#aabbcc'; anything that is not a hex colour gives the fallback. */
export function normalizeHexColor(value: string | null | undefined, fallback: string): string {
  const color = value?.trim() ?? '';
  if (!hexColor.test(color)) return fallback;
  return color.length === 4 ? `#${[...color.slice(1)].map((c) => c + c).join('')}`.toLowerCase() : color.toLowerCase();
}

function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Near-black or white, whichever reads better on the colour (a six-digit hex). */
export function textOn(background: string): string {
  return contrastRatio(background, '#0a0a0a') >= contrastRatio(background, '#ffffff') ? '#0a0a0a' : '#ffffff';
}
