// The fonts a receipt or credit note embeds (decision 137): Inter, the storefront's default brand font, from the
// same @fontsource package the storefront serves (its Latin subset, regular and bold, WOFF). Embedded (subset),
// unlike the tickets PDF's standard Helvetica, so every viewer and screen reader gets the same glyphs and text.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

let loaded: { regular: Buffer; bold: Buffer } | null = null;

export function documentFonts(): { regular: Buffer; bold: Buffer } {
  loaded ??= {
    regular: readFileSync(require.resolve('@fontsource/inter/files/inter-latin-400-normal.woff')),
    bold: readFileSync(require.resolve('@fontsource/inter/files/inter-latin-700-normal.woff')),
  };
  return loaded;
}

// Letters with no decomposition to drop an accent from.
const plain: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', Ŧ: 'T', ŧ: 't', ı: 'i' };

/** Text the embedded font can draw: a letter it lacks loses its accent ('Ł' -> 'L'); anything else is '?'. */
export function drawable(text: string, has: (codePoint: number) => boolean): string {
  let out = '';
  for (const char of text.replace(/\s+/g, ' ')) {
    if (has(char.codePointAt(0)!)) {
      out += char;
      continue;
    }
    const stripped = (plain[char] ?? char).normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
    out += stripped && [...stripped].every((part) => has(part.codePointAt(0)!)) ? stripped : '?';
  }
  return out;
}
