// The fonts a receipt or credit note embeds (decision 137): Inter, the storefront's default brand font, from the
// same @fontsource package the storefront serves (its Latin subset, regular and bold, WOFF). Embedded (subset),
// unlike the tickets PDF's standard Helvetica, so every viewer and screen reader gets the same glyphs and text.
// Parsed once per process (issue 33): pdfkit accepts a parsed fontkit font and only subsets it per document, so
// the tables are read once, from the unpacked sfnt (woff-sfnt.ts), not re-inflated for every receipt.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { woffToSfnt } from './woff-sfnt.js';

const require = createRequire(import.meta.url);

export interface DocumentFonts {
  regular: fontkit.Font;
  bold: fontkit.Font;
}

let loaded: DocumentFonts | null = null;

function parsed(file: string): fontkit.Font {
  const font = fontkit.create(woffToSfnt(readFileSync(require.resolve(`@fontsource/inter/files/${file}`))));
  if (!('layout' in font)) throw new Error(`${file} is a font collection, not a font`);
  return font;
}

export function documentFonts(): DocumentFonts {
  loaded ??= { regular: parsed('inter-latin-400-normal.woff'), bold: parsed('inter-latin-700-normal.woff') };
  return loaded;
}

/** Registers the fonts as 'Regular' and 'Bold'; pdfkit takes a parsed fontkit font, which its types omit. */
export function registerDocumentFonts(doc: PDFKit.PDFDocument): void {
  const fonts = documentFonts();
  doc.registerFont('Regular', fonts.regular as unknown as Buffer);
  doc.registerFont('Bold', fonts.bold as unknown as Buffer);
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
