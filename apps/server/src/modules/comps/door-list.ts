// The door list (decision 127): every ticket of an event the door would admit or has admitted (the door's own
// decision, `isOnDoorList`), with holder, e-mail, type, ticket and order reference, whether it is a comp or paid,
// and whether it is checked in; as CSV (cells a spreadsheet would run as formulas defused, as the other exports
// do) and as a printable A4 PDF drawn with pdfkit, the ticket PDF's library and fonts.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import PDFDocument from 'pdfkit';
import { COMP_LABEL, DOOR_LIST_COLUMNS, DOOR_LIST_STATES, isOnDoorList } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { order, orderLine, ticket } from '../../db/schema/index.js';
import { protectCell } from '../customers/customers.export.js';
import { formatEventWhen, toWinAnsi } from '../ticket-documents/index.js';
import { loadCompEvent } from './comps.service.js';

export interface DoorListRow {
  name: string;
  email: string;
  type: string;
  ticket: string;
  order: string;
  kind: typeof COMP_LABEL | 'Paid';
  checkedIn: boolean;
}

export interface DoorList {
  event: Awaited<ReturnType<typeof loadCompEvent>>['event'];
  rows: DoorListRow[];
}

/** The event's door list, sorted by holder name then ticket code. */
export async function loadDoorList(db: Database, organizationId: string, eventId: string): Promise<DoorList> {
  const { event } = await loadCompEvent(db, organizationId, eventId, false);
  const found = await db
    .select({
      code: ticket.code,
      status: ticket.status,
      holderName: ticket.holderName,
      holderEmail: ticket.holderEmail,
      typeName: orderLine.name,
      orderCode: order.code,
      channel: order.channel,
      buyerName: sql<string>`trim(${order.firstName} || ' ' || ${order.lastName})`,
      buyerEmail: order.customerEmail,
    })
    .from(ticket)
    .innerJoin(orderLine, eq(orderLine.id, ticket.orderLineId))
    .innerJoin(order, eq(order.id, ticket.orderId))
    .where(
      and(
        eq(ticket.organizationId, organizationId),
        eq(ticket.eventId, event.id),
        inArray(ticket.status, [...DOOR_LIST_STATES]),
      ),
    )
    .orderBy(asc(ticket.code));
  const rows = found
    .filter((row) => isOnDoorList(row.status))
    .map((row): DoorListRow => ({
      name: row.holderName || row.buyerName,
      email: row.holderEmail ?? row.buyerEmail,
      type: row.typeName,
      ticket: row.code,
      order: row.orderCode,
      kind: row.channel === 'comp' ? COMP_LABEL : 'Paid',
      checkedIn: row.status === 'checked_in',
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en-GB', { sensitivity: 'base' }) || a.ticket.localeCompare(b.ticket));
  return { event, rows };
}

export function doorListCsv(list: DoorList): string {
  return stringify(
    list.rows.map((row) =>
      [row.name, row.email, row.type, row.ticket, row.order, row.kind, row.checkedIn ? 'Yes' : 'No'].map(protectCell),
    ),
    { bom: true, header: true, columns: [...DOOR_LIST_COLUMNS], record_delimiter: 'windows' },
  );
}

const page = { width: 841.89, height: 595.28, margin: 36 };
const rowHeight = 18;
const ink = '#171717';
const muted = '#525252';
const rule = '#d4d4d4';
/** Column widths in points (landscape A4 less margins: 769.89). */
const widths = [180, 200, 110, 95, 80, 44, 60];

/** The door list as a PDF to print: a table, its header repeated on every page, page numbers at the foot. */
export async function doorListPdf(list: DoorList, options: { compress?: boolean } = {}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    bufferPages: true,
    autoFirstPage: false,
    compress: options.compress ?? true,
    info: { Title: toWinAnsi(`Door list: ${list.event.name}`), Creator: 'Marquee' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const checkedIn = list.rows.filter((row) => row.checkedIn).length;
  const comps = list.rows.filter((row) => row.kind === COMP_LABEL).length;
  const when = formatEventWhen({
    startsAt: list.event.startsAt,
    endsAt: list.event.endsAt,
    timeZone: list.event.timeZone,
  });
  let y = 0;
  const cell = (text: string, x: number, width: number, font = 'Helvetica') =>
    doc.font(font).text(toWinAnsi(text), x + 4, y + 5, {
      width: width - 8,
      height: rowHeight - 4,
      lineBreak: false,
      ellipsis: true,
    });
  const newPage = (first: boolean) => {
    doc.addPage({ size: 'A4', layout: 'landscape', margin: 0 });
    y = page.margin;
    if (first) {
      doc.fillColor(ink).font('Helvetica-Bold').fontSize(18);
      doc.text(toWinAnsi(`Door list: ${list.event.name || 'Untitled event'}`), page.margin, y, {
        width: page.width - 2 * page.margin,
      });
      y = doc.y + 4;
      doc.fillColor(muted).font('Helvetica').fontSize(10);
      doc.text(
        toWinAnsi(`${when} · ${list.rows.length} tickets (${comps} comps) · ${checkedIn} checked in when printed`),
        page.margin,
        y,
        { width: page.width - 2 * page.margin },
      );
      y = doc.y + 12;
    }
    doc.fontSize(9).fillColor(muted);
    let x = page.margin;
    DOOR_LIST_COLUMNS.forEach((title, index) => {
      cell(title, x, widths[index]!, 'Helvetica-Bold');
      x += widths[index]!;
    });
    y += rowHeight;
    doc
      .moveTo(page.margin, y)
      .lineTo(page.width - page.margin, y)
      .strokeColor(ink)
      .lineWidth(0.8)
      .stroke();
  };

  newPage(true);
  if (list.rows.length === 0) {
    doc
      .fillColor(muted)
      .font('Helvetica')
      .fontSize(10)
      .text('No valid tickets yet.', page.margin, y + 8);
  }
  for (const row of list.rows) {
    if (y + rowHeight > page.height - page.margin - 16) newPage(false);
    doc.fontSize(9).fillColor(ink);
    const values = [row.name, row.email, row.type, row.ticket, row.order, row.kind, row.checkedIn ? 'Yes' : ''];
    let x = page.margin;
    values.forEach((value, index) => {
      cell(value, x, widths[index]!, index === 3 || index === 4 ? 'Courier' : 'Helvetica');
      x += widths[index]!;
    });
    if (!row.checkedIn) {
      // A box to tick by hand at the door.
      doc
        .rect(x - widths[6]! + 6, y + 4, 9, 9)
        .strokeColor(muted)
        .lineWidth(0.6)
        .stroke();
    }
    y += rowHeight;
    doc
      .moveTo(page.margin, y)
      .lineTo(page.width - page.margin, y)
      .strokeColor(rule)
      .lineWidth(0.4)
      .stroke();
  }

  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    doc
      .fillColor(muted)
      .font('Helvetica')
      .fontSize(8)
      .text(`Page ${index + 1} of ${range.count}`, page.margin, page.height - page.margin, {
        width: page.width - 2 * page.margin,
        align: 'right',
        lineBreak: false,
      });
  }
  doc.end();
  return done;
}
