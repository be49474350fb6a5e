// A receipt or credit note as a PDF (decision 137): tagged for screen readers (PDF 1.7, a structure tree of
// headings, paragraphs and a table with header cells, the language and the title set), its fonts embedded
// (pdf-fonts.ts). It draws the document's content as issued (its head: document-header.ts), with the buyer's
// business details it was issued with (decision 140).
import PDFDocument from 'pdfkit';
import { formatMoney, PLATFORM_FEE_VAT_BP, toCurrencyCode, vatRateLabel, vatRateText } from '@marquee/shared';
import type { BuyerBusiness, CreditNoteContent, DocumentContent, ReceiptContent } from './document-model.js';
import { documentTitle, drawHeader, formatDay, type Write } from './document-header.js';
import { drawable, registerDocumentFonts } from './pdf-fonts.js';

export type BillingDetails = BuyerBusiness;

export interface DocumentPdfInput {
  number: string;
  issuedAt: Date;
  content: DocumentContent;
  billing: BillingDetails | null;
  /** Leave content streams uncompressed (tests read them); production output is compressed. */
  compress?: boolean;
}

const margin = 56;
const width = 595.28 - margin * 2;
const ink = '#171717';
const muted = '#525252';

type Struct = PDFKit.PDFStructureElement;

export { documentTitle };

export async function renderDocumentPdf(input: DocumentPdfInput): Promise<Buffer> {
  const { content } = input;
  const title = documentTitle(content, input.number);
  const doc = new PDFDocument({
    size: 'A4',
    margin,
    compress: input.compress ?? true,
    pdfVersion: '1.7',
    tagged: true,
    lang: 'en-GB',
    displayTitle: true,
    info: { Title: title, Author: content.seller.name, Subject: `Order ${content.orderCode}`, Creator: 'Marquee' },
  });
  registerDocumentFonts(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const root = doc.struct('Document');
  doc.addStructure(root);
  const current = doc as unknown as { _font?: { font?: { hasGlyphForCodePoint(code: number): boolean } } };
  const fit = (text: string) => drawable(text, (code) => current._font?.font?.hasGlyphForCodePoint(code) ?? true);
  const write: Write = (parent, tag, text, font = 'Regular', size = 10.5, color = ink) => {
    doc.font(font).fontSize(size).fillColor(color);
    parent.add(
      doc.struct(tag, {}, () => {
        doc.text(fit(text), margin, doc.y, { width });
      }),
    );
  };
  const gap = (points: number) => (doc.y += points);
  const money = (minor: number) => formatMoney(minor, toCurrencyCode(content.currency));

  drawHeader(root, write, gap, input, muted);
  if (content.kind === 'receipt') drawReceipt(doc, root, content, money, write, fit);
  else drawCreditNote(doc, root, content, money, write, fit);
  gap(14);
  // VAT (decision 138): the seller's number and the VAT per rate for an order sold with VAT; else it says so.
  const tax = content.tax;
  if (tax.registered) {
    // The seller's VAT number is in the head (document-header.ts).
    write(root, 'H2', 'VAT', 'Bold', 13);
    // Per rate (decision 139): zero-rated lines as '0% (zero-rated)', exempt lines apart, with no VAT.
    for (const line of tax.lines)
      write(
        root,
        'P',
        line.exempt
          ? `Exempt from VAT: ${money(line.grossMinor)} (no VAT)`
          : `VAT at ${vatRateLabel(line)}: ${money(line.vatMinor)} (net ${money(line.netMinor)}, with VAT ${money(line.grossMinor)})`,
      );
    if (tax.feeVatMinor > 0)
      write(
        root,
        'P',
        `The booking fee is Marquee's service and includes ${money(tax.feeVatMinor)} VAT at ${vatRateText(PLATFORM_FEE_VAT_BP)}.`,
        'Regular',
        9,
        muted,
      );
  } else write(root, 'P', 'This document is not a VAT invoice.', 'Regular', 9, muted);
  root.end();
  doc.end();
  return done;
}

function table(
  doc: PDFKit.PDFDocument,
  root: Struct,
  rows: string[][],
  fit: (text: string) => string,
  columns: Array<number | string> = ['*', 60, 90, 90],
) {
  const header = rows[0]!.map((text) => ({ text: fit(text), type: 'TH' as const, font: { src: 'Bold' } }));
  const body = rows.slice(1).map((row) => row.map((text) => ({ text: fit(text), type: 'TD' as const })));
  doc.font('Regular').fontSize(10.5).fillColor(ink);
  const options = {
    position: { x: margin, y: doc.y },
    maxWidth: width,
    columnStyles: columns,
    defaultStyle: {
      border: { bottom: 0.5 },
      borderColor: '#d4d4d4',
      padding: { top: 4, bottom: 4, left: 2, right: 2 },
    },
    data: [header, ...body],
    structParent: root,
  };
  doc.table(options as PDFKit.Mixins.TableOptionsWithData);
  doc.x = margin;
  doc.y += 8;
}

function drawReceipt(
  doc: PDFKit.PDFDocument,
  root: Struct,
  content: ReceiptContent,
  money: (minor: number) => string,
  write: Write,
  fit: (text: string) => string,
) {
  write(root, 'H2', 'What was bought', 'Bold', 13);
  // A VAT invoice's lines (decisions 139, 140) say what the law asks of each: the unit price without VAT, the VAT
  // rate as sold, the net and the VAT of the line, and its gross amount. Older documents without the unit VAT say
  // their rate only.
  const vatColumn = content.lines.some((line) => line.vatRate !== undefined);
  const netColumns = content.lines.every((line) => line.unitVatMinor !== undefined);
  const rows =
    vatColumn && netColumns ? vatInvoiceRows(content.lines, money) : plainRows(content.lines, money, vatColumn);
  table(doc, root, rows.rows, fit, rows.columns);
  write(root, 'P', `Subtotal: ${money(content.subtotalMinor)}`);
  if (content.discountMinor > 0) {
    const code = content.promoCode ? ` (code ${content.promoCode})` : '';
    write(root, 'P', `Discount${code}: ${money(content.discountMinor)} off, included in the prices above`);
  }
  if (content.bookingFeeMinor > 0) write(root, 'P', `Booking fee: ${money(content.bookingFeeMinor)}`);
  write(root, 'P', `Total paid: ${money(content.totalMinor)}`, 'Bold', 12);
  write(root, 'P', `Paid by: ${content.paymentMethod}, ${formatDay(content.paidAt, content.event.timeZone)}`);
}

type LinesTable = { rows: string[][]; columns: Array<number | string> | undefined };

function vatInvoiceRows(lines: ReceiptContent['lines'], money: (minor: number) => string): LinesTable {
  return {
    rows: [
      ['Item', 'Qty', 'Unit price excl. VAT', 'VAT rate', 'Net', 'VAT', 'Amount'],
      ...lines.map((line) => {
        const vat = (line.unitVatMinor ?? 0) * line.quantity;
        return [
          line.name,
          String(line.quantity),
          money(line.unitPriceMinor - (line.unitVatMinor ?? 0)),
          line.vatRate ?? '',
          money(line.amountMinor - vat),
          money(vat),
          money(line.amountMinor),
        ];
      }),
    ],
    columns: ['*', 30, 72, 78, 62, 55, 62],
  };
}

function plainRows(lines: ReceiptContent['lines'], money: (minor: number) => string, vatColumn: boolean): LinesTable {
  return {
    rows: [
      ['Item', 'Quantity', 'Unit price', ...(vatColumn ? ['VAT rate'] : []), 'Amount'],
      ...lines.map((line) => [
        line.name,
        String(line.quantity),
        money(line.unitPriceMinor),
        ...(vatColumn ? [line.vatRate ?? ''] : []),
        money(line.amountMinor),
      ]),
    ],
    columns: vatColumn ? ['*', 55, 75, 90, 75] : undefined,
  };
}

function drawCreditNote(
  doc: PDFKit.PDFDocument,
  root: Struct,
  content: CreditNoteContent,
  money: (minor: number) => string,
  write: Write,
  fit: (text: string) => string,
) {
  const receiptLabel = content.tax.registered ? 'VAT invoice' : 'receipt';
  if (content.reissuedAs) {
    // A re-issue (decision 140): the receipt cancelled in full, nothing refunded.
    write(root, 'H2', 'What was cancelled', 'Bold', 13);
    write(
      root,
      'P',
      `Cancels ${receiptLabel} ${content.receiptNumber} (${money(content.receiptTotalMinor)} paid) in full.`,
    );
    write(root, 'P', `Re-issued as ${receiptLabel} ${content.reissuedAs} with the buyer’s new business details.`);
    write(root, 'P', 'No money was refunded: the payment stands, under the new receipt.');
    write(root, 'P', `Total credited: ${money(content.refundedMinor)}`, 'Bold', 12);
    return;
  }
  write(root, 'H2', 'What was refunded', 'Bold', 13);
  write(
    root,
    'P',
    `Credit note for ${receiptLabel} ${content.receiptNumber} (${money(content.receiptTotalMinor)} paid)`,
  );
  write(root, 'P', `Reason: ${content.reason}`);
  if (content.tickets.length > 0) {
    doc.y += 6;
    table(
      doc,
      root,
      [['Tickets taken back', 'Quantity'], ...content.tickets.map((entry) => [entry.name, String(entry.quantity)])],
      fit,
      ['*', 80],
    );
  }
  if (content.bookingFeeMinor > 0) write(root, 'P', `Of which booking fee: ${money(content.bookingFeeMinor)}`);
  write(root, 'P', `Total refunded: ${money(content.refundedMinor)}`, 'Bold', 12);
  write(root, 'P', `Refunded to: ${content.paymentMethod}, ${formatDay(content.refundedAt, content.event.timeZone)}`);
}
