// A PRO plan invoice as a PDF (decision 149), with the receipts' fonts and tagging (modules/receipts/pdf-fonts.ts):
// who bills whom, the number, the period charged, the amount and whether it was paid.
import PDFDocument from 'pdfkit';
import { formatMoney, toCurrencyCode } from '@marquee/shared';
import { drawable, registerDocumentFonts } from '../receipts/pdf-fonts.js';
import type { PlanInvoiceRow } from './plan.service.js';

const margin = 56;
const width = 595.28 - margin * 2;
const ink = '#171717';
const muted = '#525252';

const day = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);

export async function renderPlanInvoicePdf(
  invoice: PlanInvoiceRow,
  billed: { organizationName: string },
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  const title = `Invoice ${invoice.number}`;
  const doc = new PDFDocument({
    size: 'A4',
    margin,
    compress: options.compress ?? true,
    pdfVersion: '1.7',
    tagged: true,
    lang: 'en-GB',
    displayTitle: true,
    info: { Title: title, Author: 'Marquee', Subject: 'Marquee PRO', Creator: 'Marquee' },
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
  const write = (tag: string, text: string, font = 'Regular', size = 10.5, color = ink) => {
    doc.font(font).fontSize(size).fillColor(color);
    root.add(doc.struct(tag, {}, () => void doc.text(fit(text), margin, doc.y, { width })));
  };
  const amount = formatMoney(invoice.amount, toCurrencyCode(invoice.currency));

  write('H1', title, 'Bold', 20);
  doc.y += 6;
  write('P', `Issued ${day(invoice.issuedAt)}`, 'Regular', 10.5, muted);
  doc.y += 14;
  write('H2', 'From', 'Bold', 12);
  write('P', 'Marquee');
  doc.y += 8;
  write('H2', 'Billed to', 'Bold', 12);
  write('P', billed.organizationName);
  doc.y += 14;
  write('H2', 'Marquee PRO, monthly', 'Bold', 13);
  write('P', `Period: ${day(invoice.periodStart)} to ${day(invoice.periodEnd)}`);
  write('P', `Amount: ${amount}`);
  doc.y += 8;
  write(
    'P',
    invoice.status === 'paid' ? `Paid: ${amount}` : `Payment failed: ${amount} is due`,
    'Bold',
    12,
    invoice.status === 'paid' ? ink : '#b91c1c',
  );
  doc.end();
  return done;
}
