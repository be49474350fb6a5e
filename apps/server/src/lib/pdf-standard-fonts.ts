// pdfkit parses a standard PDF font's metrics (its AFM glyph widths and kerning pairs) into tables for every
// document that uses the font: about 0.5 ms a font, a few per tickets PDF, for every sale (issue 33). The tables
// are read-only once made, so one parsed copy per process serves every document: `useStandardFonts` gives a new
// document the fonts it names, made from the copies, in pdfkit's own per-document font cache, where `doc.font(name)`
// finds them. What pdfkit writes for them (a Type1 font dictionary per document) is unchanged.
//
// This reaches into pdfkit's font internals (pdfkit 0.20: `_fontFamilies`, `_fontCount`, a StandardFont's fields),
// pinned in package.json; pdf-standard-fonts.test.ts fails if they change shape.
/** The fonts pdfkit builds in (PDF's standard 14, the ones we use). */
export type StandardFontName = 'Helvetica' | 'Helvetica-Bold' | 'Courier' | 'Courier-Bold';

interface StandardFontInternals {
  document: unknown;
  name: string;
  id: string;
  /** The parsed metrics: what is shared. */
  font: object;
  ascender: number;
  descender: number;
  bbox: number[];
  lineGap: number;
  xHeight: number;
  capHeight: number;
}

interface DocumentInternals {
  _font: StandardFontInternals | null;
  _fontFamilies: Record<string, StandardFontInternals>;
  _fontCount: number;
}

const parsed = new Map<StandardFontName, StandardFontInternals>();

function internals(doc: PDFKit.PDFDocument): DocumentInternals {
  const inside = doc as unknown as Partial<DocumentInternals>;
  if (typeof inside._fontFamilies !== 'object' || typeof inside._fontCount !== 'number')
    throw new Error('pdfkit no longer keeps its fonts as pdf-standard-fonts.ts expects');
  return inside as DocumentInternals;
}

/**
 * Makes `names` ready in `doc` from the process's parsed copies, parsing (in this document) those not yet seen. A
 * document made with `font: ''` (no default font, so no Helvetica parsed for it) is left on the first of them.
 */
export function useStandardFonts(doc: PDFKit.PDFDocument, names: readonly StandardFontName[]): void {
  const inside = internals(doc);
  const current = inside._font;
  for (const name of names) {
    if (inside._fontFamilies[name]) continue;
    const first = parsed.get(name);
    if (!first) {
      doc.font(name);
      const made = inside._fontFamilies[name] as StandardFontInternals | undefined;
      if (!made || typeof made.font !== 'object') throw new Error(`pdfkit made no standard font ${name}`);
      parsed.set(name, made);
      continue;
    }
    inside._fontCount += 1;
    const font: StandardFontInternals = Object.assign(Object.create(Object.getPrototypeOf(first) as object), {
      document: doc,
      name: first.name,
      id: `F${inside._fontCount}`,
      font: first.font,
      ascender: first.ascender,
      descender: first.descender,
      bbox: first.bbox,
      lineGap: first.lineGap,
      xHeight: first.xHeight,
      capHeight: first.capHeight,
    });
    inside._fontFamilies[name] = font;
  }
  if (current) inside._font = current;
  else if (names[0]) doc.font(names[0]);
}

/** The parsed metrics `doc` uses for `name`, for tests: the same object in every document of the process. */
export function standardFontMetrics(doc: PDFKit.PDFDocument, name: StandardFontName): object | undefined {
  return internals(doc)._fontFamilies[name]?.font;
}
