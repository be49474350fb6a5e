// The receipt's fonts: the WOFF unpacked to the font it wraps (same glyphs and metrics as fontkit reads from
// the WOFF itself), parsed once per process, and documents made with them embed the font and read back.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../../test/pdf-text.js';
import { documentFonts, registerDocumentFonts } from './pdf-fonts.js';
import { woffToSfnt } from './woff-sfnt.js';

const require = createRequire(import.meta.url);
const woff = readFileSync(require.resolve('@fontsource/inter/files/inter-latin-700-normal.woff'));
const sample = 'Receipt MQ-7Q2K9: £43.20, VAT 20% (Ünïcødé)';

async function pdfWith(text: string): Promise<Buffer> {
  const doc = new PDFDocument({ compress: false });
  registerDocumentFonts(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  doc.font('Bold').text(text);
  doc.end();
  return done;
}

describe('the receipt fonts', () => {
  it('unpacks a WOFF to a font with the same glyphs and metrics, starting with the sfnt flavour', () => {
    const sfnt = woffToSfnt(woff);
    expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4));
    const fromWoff = fontkit.create(woff) as fontkit.Font;
    const fromSfnt = fontkit.create(sfnt) as fontkit.Font;
    expect(fromSfnt.numGlyphs).toBe(fromWoff.numGlyphs);
    expect(fromSfnt.unitsPerEm).toBe(fromWoff.unitsPerEm);
    expect(fromSfnt.familyName).toBe('Inter');
    const advances = (font: fontkit.Font) => font.layout(sample).glyphs.map((glyph) => glyph.advanceWidth);
    expect(advances(fromSfnt)).toEqual(advances(fromWoff));
  });

  it('refuses what is not a WOFF 1.0 file, and a table that does not unpack to its stated length', () => {
    expect(() => woffToSfnt(Buffer.from('wOF2 is not WOFF 1.0 at all, nor long enough to be one'))).toThrow(
      'Not a WOFF 1.0 file',
    );
    const damaged = Buffer.from(woff);
    damaged.writeUInt32BE(damaged.readUInt32BE(44 + 12) + 1, 44 + 12); // the first table's stated length
    expect(() => woffToSfnt(damaged)).toThrow('A WOFF table does not unpack to its stated length');
  });

  it('parses the fonts once per process and every document made with them embeds them and reads back', async () => {
    expect(documentFonts().bold).toBe(documentFonts().bold);
    for (const text of [sample, 'A second receipt, from the same parsed font']) {
      const pdf = await pdfWith(text);
      expect(pdf.toString('latin1')).toContain('/FontFile2');
      expect((await readPdf(pdf)).pages[0]).toContain(text);
    }
  });
});
