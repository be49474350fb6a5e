// Reads a PDF the way a viewer does (pdf.js, Firefox's engine): page count and each page's text, so tests
// check what a fan would see rather than pdfkit's internal byte layout.
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const require = createRequire(import.meta.url);
const standardFontDataUrl = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

export async function readPdf(pdf: Buffer): Promise<{ pages: string[]; title: string | undefined }> {
  const document = await getDocument({
    data: new Uint8Array(pdf),
    standardFontDataUrl,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
          .join('')
          .replace(/[ \t]+/g, ' '),
      );
    }
    const { info } = await document.getMetadata();
    return { pages, title: (info as { Title?: string }).Title };
  } finally {
    await document.destroy();
  }
}
