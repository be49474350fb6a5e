// The standard fonts' parsed metrics are made once per process and shared by every document, which still draws
// and embeds each font as pdfkit does on its own (what a viewer reads is the same).
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../test/pdf-text.js';
import { standardFontMetrics, useStandardFonts } from './pdf-standard-fonts.js';

async function render(shared: boolean): Promise<{ pdf: Buffer; doc: PDFKit.PDFDocument }> {
  const doc = new PDFDocument(shared ? { font: '', compress: false } : { compress: false });
  if (shared) useStandardFonts(doc, ['Helvetica', 'Helvetica-Bold', 'Courier-Bold']);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  doc.text('Night Owls Live, AVAWAY kerning: £21.60', { width: 200 });
  doc.font('Helvetica-Bold').text('General Admission');
  doc.font('Courier-Bold').text('T-AAAA1111');
  doc.end();
  return { pdf: await done, doc };
}

const fontsOf = (pdf: Buffer) => [...pdf.toString('latin1').matchAll(/\/BaseFont \/([\w-]+)/g)].map((m) => m[1]).sort();

describe('the standard fonts shared by every document', () => {
  it('gives every document the same parsed metrics, and what it draws reads as pdfkit draws it alone', async () => {
    const first = await render(true);
    const second = await render(true);
    const alone = await render(false);
    for (const name of ['Helvetica', 'Helvetica-Bold', 'Courier-Bold'] as const) {
      expect(standardFontMetrics(second.doc, name)).toBeDefined();
      expect(standardFontMetrics(second.doc, name)).toBe(standardFontMetrics(first.doc, name));
      expect(standardFontMetrics(alone.doc, name) ?? null).not.toBe(standardFontMetrics(first.doc, name));
    }
    expect((await readPdf(second.pdf)).pages).toEqual((await readPdf(alone.pdf)).pages);
    expect(fontsOf(second.pdf)).toEqual(fontsOf(alone.pdf));
    // The text's layout (line breaks, kerning) is pdfkit's own: the content streams are the same.
    const stream = (pdf: Buffer) => pdf.toString('latin1').match(/stream\n([\s\S]*?)endstream/)![1];
    expect(stream(second.pdf)).toBe(stream(alone.pdf));
  });
});
