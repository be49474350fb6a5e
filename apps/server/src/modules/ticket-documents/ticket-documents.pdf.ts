// The tickets PDF: one A4 page per ticket, headed by the organiser in their colours, with the event, the
// holder, the codes and a QR code large enough to scan from paper or a phone (about 7 cm), and the add-ons the
// order bought.
import PDFDocument from 'pdfkit';
import { useStandardFonts } from '../../lib/pdf-standard-fonts.js';
import { textOn } from '../../adapters/mail/colors.js';
import { formatAge, formatEventWhen, formatLastEntry, resolveBranding } from './ticket-documents.format.js';
import { addOnsText, toWinAnsi } from './ticket-documents.pdf-text.js';
import { QR_MARGIN, qrRuns } from './ticket-documents.qr.js';
import type { DocumentBranding, DocumentEvent, DocumentOrder, DocumentTicket } from './ticket-documents.types.js';

export interface TicketsPdfInput {
  branding: DocumentBranding;
  event: DocumentEvent;
  order: Pick<DocumentOrder, 'code' | 'buyerName' | 'paidAt' | 'addOns'>;
  tickets: DocumentTicket[];
  /** Leave content streams uncompressed (tests read them); production output is compressed. */
  compress?: boolean;
}

const page = { width: 595.28, height: 841.89, margin: 48 };
const ink = '#171717';
const muted = '#525252';
const rule = '#e5e5e5';
const qrSize = 220;

export async function renderTicketsPdf(input: TicketsPdfInput): Promise<Buffer> {
  if (input.tickets.length === 0) throw new Error('A tickets PDF needs at least one ticket');
  const branding = resolveBranding(input.branding);

  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    // No default font parsed for this document: its fonts come from the process's parsed copies.
    font: '',
    compress: input.compress ?? true,
    info: {
      Title: toWinAnsi(`Tickets for ${input.event.name} (${input.order.code})`),
      Author: toWinAnsi(branding.companyName),
      Subject: toWinAnsi(input.event.name),
      Creator: 'Marquee',
    },
  });
  useStandardFonts(doc, ['Helvetica', 'Helvetica-Bold', 'Courier-Bold']);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  input.tickets.forEach((ticket, index) => {
    doc.addPage({ size: 'A4', margin: 0 });
    drawTicketPage(doc, input, branding, ticket, index);
  });
  doc.end();
  return done;
}

function drawTicketPage(
  doc: PDFKit.PDFDocument,
  input: TicketsPdfInput,
  branding: ReturnType<typeof resolveBranding>,
  ticket: DocumentTicket,
  index: number,
): void {
  const { event, order, tickets } = input;
  const contentWidth = page.width - page.margin * 2;
  const left = page.margin;

  // Header band: the organiser's name on their primary colour, with text that reads on it.
  const headerHeight = 88;
  doc.rect(0, 0, page.width, headerHeight).fill(branding.primaryColor);
  const headerText = textOn(branding.primaryColor);
  doc
    .font('Helvetica-Bold')
    .fontSize(22)
    .fillColor(headerText)
    .text(toWinAnsi(branding.companyName), left, 32, { width: contentWidth - 120, lineBreak: false, ellipsis: true });
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(headerText)
    .text('E-TICKET', left, 38, { width: contentWidth, align: 'right', characterSpacing: 2, lineBreak: false });

  // The event.
  let y = headerHeight + 36;
  doc.font('Helvetica-Bold').fontSize(26).fillColor(ink);
  doc.text(toWinAnsi(event.name), left, y, { width: contentWidth, height: 100, ellipsis: true });
  y = doc.y + 10;
  const facts = [
    formatEventWhen(event),
    event.location,
    [formatLastEntry(event), formatAge(event.minimumAge)].filter(Boolean).join('  ·  '),
  ].filter((line): line is string => Boolean(line && line.trim()));
  doc.font('Helvetica').fontSize(12).fillColor(muted);
  for (const line of facts) {
    doc.text(toWinAnsi(line), left, y, { width: contentWidth, height: 40, ellipsis: true });
    y = doc.y + 4;
  }

  y += 20;
  doc
    .moveTo(left, y)
    .lineTo(page.width - page.margin, y)
    .lineWidth(1)
    .strokeColor(rule)
    .stroke();
  y += 28;

  // Details on the left, the QR code on the right.
  const detailsWidth = contentWidth - qrSize - 24;
  let detailY = y;
  const detail = (label: string, value: string, mono = false) => {
    doc.font('Helvetica-Bold').fontSize(9).fillColor(muted);
    doc.text(label.toUpperCase(), left, detailY, { width: detailsWidth, characterSpacing: 1, lineBreak: false });
    doc
      .font(mono ? 'Courier-Bold' : 'Helvetica-Bold')
      .fontSize(mono ? 17 : 15)
      .fillColor(ink);
    doc.text(toWinAnsi(value), left, detailY + 12, { width: detailsWidth, height: 40, ellipsis: true });
    detailY = doc.y + 16;
  };
  detail('Ticket type', ticket.typeName);
  detail('Ticket holder', ticket.holderName);
  detail('Ticket code', ticket.code, true);
  detail('Order', order.code, true);
  detail('Ticket', `${index + 1} of ${tickets.length}`);

  const qrX = page.width - page.margin - qrSize;
  drawQr(doc, ticket.qrPayload, qrX, y, qrSize);
  doc.font('Courier-Bold').fontSize(12).fillColor(ink);
  doc.text(toWinAnsi(ticket.code), qrX, y + qrSize + 6, { width: qrSize, align: 'center', lineBreak: false });

  // How to use it, then a footer band in the secondary colour.
  const noteY = Math.max(detailY, y + qrSize + 30) + 24;
  doc.font('Helvetica').fontSize(11).fillColor(muted);
  doc.text(
    'Show this QR code at the entrance, on your phone or printed. Each ticket admits one person and is ' +
      'valid for one entry; do not share it, as only the first scan is accepted.',
    left,
    noteY,
    { width: contentWidth },
  );

  const footerHeight = 44;
  const footerY = page.height - footerHeight;
  // What the order bought besides its tickets, so the fan can show it (decision 134).
  const addOns = addOnsText(order.addOns ?? []);
  if (addOns) {
    const addOnsY = doc.y + 16;
    doc.font('Helvetica-Bold').fontSize(12).fillColor(ink);
    doc.text('With this order: ', left, addOnsY, { width: contentWidth, continued: true });
    doc.font('Helvetica').text(toWinAnsi(addOns), { height: footerY - addOnsY - 16, ellipsis: true });
  }
  doc.rect(0, footerY, page.width, footerHeight).fill(branding.secondaryColor);
  doc.font('Helvetica').fontSize(9).fillColor(textOn(branding.secondaryColor));
  doc.text(
    toWinAnsi(`Sold by ${branding.companyName} · Order ${order.code} for ${order.buyerName} · Powered by Marquee`),
    left,
    footerY + 17,
    { width: contentWidth, lineBreak: false, ellipsis: true },
  );
}

/** The ticket's QR code as vector rectangles (one filled path), its quiet zone white, in a `side` pt square. */
function drawQr(doc: PDFKit.PDFDocument, payload: string, x: number, y: number, side: number): void {
  const { size, runs } = qrRuns(payload);
  const unit = side / (size + 2 * QR_MARGIN);
  doc.save();
  doc.rect(x, y, side, side).fill('#ffffff');
  for (const [row, column, length] of runs)
    doc.rect(x + (column + QR_MARGIN) * unit, y + (row + QR_MARGIN) * unit, length * unit, unit);
  doc.fill('#000000');
  doc.restore();
}
