// Settlement reports as A4 PDFs (decision 136), drawn with pdfkit in the standard Helvetica the tickets PDF and
// the door list use (text folded to Windows-1252 by toWinAnsi). An event's report lists each currency's lines; a
// period's report has a row per event and currency, then each currency's totals line by line. The notes say whose
// the provider's fees are (decision 141), how many are not reported, what VAT is, and that door takings are outside
// the payout.
import PDFDocument from 'pdfkit';
import { formatMoney, isCurrencyCode, SETTLEMENT_LINES, SETTLEMENT_MESSAGES } from '@marquee/shared';
import type { SettlementFigures } from '@marquee/shared';
import { toWinAnsi } from '../ticket-documents/index.js';
import { decimal } from './settlement.csv.js';
import type { EventSettlementResult, PeriodSettlementResult } from './settlement.service.js';

const page = { width: 595.28, height: 841.89, margin: 48 };
const inner = page.width - 2 * page.margin;
const ink = '#171717';
const muted = '#525252';
const rule = '#d4d4d4';
const rowHeight = 17;

export const money = (amountMinor: number, currency: string) =>
  isCurrencyCode(currency) ? formatMoney(amountMinor, currency) : `${decimal(amountMinor, currency)} ${currency}`;

export interface SettlementPdfContext {
  /** What the provider's fees are and whose (SETTLEMENT_MESSAGES.providerFees). */
  providerNote: string;
  generatedAt: Date;
  compress?: boolean;
}

function startDocument(title: string, context: SettlementPdfContext) {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    bufferPages: true,
    compress: context.compress ?? true,
    info: { Title: toWinAnsi(title), Creator: 'Marquee' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  let y = page.margin;
  const ensure = (height: number) => {
    if (y + height <= page.height - page.margin - 16) return;
    doc.addPage({ size: 'A4', margin: 0 });
    y = page.margin;
  };
  const text = (
    value: string,
    options: {
      x?: number;
      width?: number;
      font?: string;
      size?: number;
      color?: string;
      align?: 'left' | 'right';
    } = {},
  ) => {
    doc
      .font(options.font ?? 'Helvetica')
      .fontSize(options.size ?? 10)
      .fillColor(options.color ?? ink)
      .text(toWinAnsi(value), options.x ?? page.margin, y, {
        width: options.width ?? inner,
        // One line: a long name ends in an ellipsis instead of running into the next row.
        height: (options.size ?? 10) + 4,
        align: options.align ?? 'left',
        lineBreak: false,
        ellipsis: true,
      });
  };
  const line = (color = rule, width = 0.4) =>
    doc
      .moveTo(page.margin, y)
      .lineTo(page.width - page.margin, y)
      .strokeColor(color)
      .lineWidth(width)
      .stroke();
  const heading = (subtitle: string) => {
    text(title, { font: 'Helvetica-Bold', size: 18 });
    y += 26;
    text(subtitle, { color: muted });
    y += 22;
  };
  const finish = (notes: string[]) => {
    ensure(notes.length * 14 + 12);
    y += 10;
    for (const note of notes) {
      doc.font('Helvetica').fontSize(8.5).fillColor(muted).text(toWinAnsi(note), page.margin, y, { width: inner });
      y = doc.y + 4;
    }
    const range = doc.bufferedPageRange();
    for (let index = range.start; index < range.start + range.count; index += 1) {
      doc.switchToPage(index);
      doc
        .font('Helvetica')
        .fontSize(8)
        .fillColor(muted)
        .text(`Page ${index + 1} of ${range.count}`, page.margin, page.height - page.margin, {
          width: inner,
          align: 'right',
          lineBreak: false,
        });
    }
    doc.end();
    return done;
  };
  return {
    doc,
    text,
    line,
    heading,
    finish,
    ensure,
    get y() {
      return y;
    },
    set y(value: number) {
      y = value;
    },
  };
}

const notes = (context: SettlementPdfContext, extra: string[] = []) => [
  ...extra,
  SETTLEMENT_MESSAGES.doorNotInPayout,
  `${context.providerNote}.`,
  `${SETTLEMENT_MESSAGES.vatNote}.`,
  `Generated ${context.generatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
];

/** One currency's lines: label on the left, amount on the right, the payout in bold. */
function drawLines(pdf: ReturnType<typeof startDocument>, figures: SettlementFigures) {
  pdf.ensure(rowHeight * (SETTLEMENT_LINES.length + 3));
  pdf.text(
    `${figures.currency}: ${figures.orders} orders, ${figures.tickets} tickets (${figures.comp_tickets} comp tickets), ${figures.door_orders} door sales`,
    { font: 'Helvetica-Bold', size: 11 },
  );
  pdf.y += rowHeight;
  if (figures.provider_payment_orders > 0) {
    pdf.text(
      `${SETTLEMENT_MESSAGES.providerFeesUnreported(figures.provider_fee_unreported_orders, figures.provider_payment_orders)}.`,
      { size: 9, color: muted },
    );
    pdf.y += rowHeight - 2;
  }
  pdf.y += 2;
  for (const entry of SETTLEMENT_LINES) {
    const strong = entry.key === 'payout_minor';
    if (strong) pdf.line(ink, 0.8);
    if (strong) pdf.y += 4;
    const font = strong ? 'Helvetica-Bold' : 'Helvetica';
    pdf.text(entry.label, { font, width: inner - 140 });
    pdf.text(money(figures[entry.key], figures.currency), {
      font,
      x: page.margin + inner - 140,
      width: 140,
      align: 'right',
    });
    pdf.y += rowHeight;
    if (strong) {
      pdf.y += 6;
      pdf.text('Details', { font: 'Helvetica-Bold', size: 9, color: muted });
      pdf.y += rowHeight - 2;
    }
  }
  pdf.y += 8;
}

export function eventSettlementPdf(report: EventSettlementResult, context: SettlementPdfContext): Promise<Buffer> {
  const pdf = startDocument(`Settlement: ${report.eventName || 'Untitled event'}`, context);
  pdf.heading(report.localDay ? `Event date ${report.localDay} · all orders to date` : 'All orders to date');
  if (report.currencies.length === 0) {
    pdf.text(SETTLEMENT_MESSAGES.noSales, { color: muted });
    pdf.y += rowHeight;
  }
  for (const figures of report.currencies) drawLines(pdf, figures);
  return pdf.finish(notes(context));
}

/** Period table columns: x offsets and widths within the inner width (499.28 points). */
const columns = [
  { title: 'Event', width: 104 },
  { title: 'Date', width: 60 },
  { title: 'Sales', width: 67, key: 'sales_minor' },
  { title: 'Refunds', width: 67, key: 'refunded_minor' },
  { title: 'Fees absorbed', width: 67, key: 'absorbed_fee_minor' },
  { title: 'Provider fees', width: 67, key: 'provider_fee_minor' },
  { title: 'Net payout', width: 67.28, key: 'payout_minor' },
] as const;

export function periodSettlementPdf(report: PeriodSettlementResult, context: SettlementPdfContext): Promise<Buffer> {
  const pdf = startDocument(`Settlement: ${report.from} to ${report.to}`, context);
  pdf.heading('Orders paid in the period (UTC days), with their refunds so far');
  const header = () => {
    let x = page.margin;
    for (const column of columns) {
      pdf.text(column.title, {
        x,
        width: column.width - 4,
        font: 'Helvetica-Bold',
        size: 9,
        color: muted,
        align: 'key' in column ? 'right' : 'left',
      });
      x += column.width;
    }
    pdf.y += rowHeight - 3;
    pdf.line(ink, 0.8);
    pdf.y += 4;
  };
  if (report.events.length === 0) {
    pdf.text(SETTLEMENT_MESSAGES.noSales, { color: muted });
    pdf.y += rowHeight;
  } else header();
  for (const entry of report.events) {
    if (pdf.y + rowHeight > page.height - page.margin - 16) {
      pdf.ensure(page.height);
      header();
    }
    let x = page.margin;
    for (const column of columns) {
      const value =
        'key' in column
          ? money(entry.figures[column.key], entry.figures.currency)
          : column.title === 'Event'
            ? entry.eventName || 'Untitled event'
            : (entry.localDay ?? '');
      pdf.text(value, { x, width: column.width - 4, size: 9, align: 'key' in column ? 'right' : 'left' });
      x += column.width;
    }
    pdf.y += rowHeight - 4;
    pdf.line();
    pdf.y += 4;
  }
  pdf.y += 14;
  for (const figures of report.totals) {
    pdf.ensure(rowHeight * (SETTLEMENT_LINES.length + 3));
    pdf.text(`Total in ${figures.currency}`, { font: 'Helvetica-Bold', size: 13 });
    pdf.y += rowHeight + 4;
    drawLines(pdf, figures);
  }
  return pdf.finish(notes(context, ['Full figures per event are in the CSV.']));
}
