// Reading a guest-list CSV file into comps (decision 126): csv-parse reads the text (quotes, commas and line breaks
// inside quoted fields, a byte-order mark, CRLF), the header names the columns in any order and case, and every
// row is checked against the same schema as the one-at-a-time form, its ticket type found by name. Every problem
// of every row is reported with its line number; one problem anywhere and nothing is imported.
import { parse } from 'csv-parse/sync';
import {
  COMP_CSV_COLUMNS,
  COMP_CSV_REQUIRED,
  COMP_MESSAGES,
  MAX_COMP_IMPORT_ROWS,
  compInputSchema,
  type CompRowError,
} from '@marquee/shared';
import { AppError } from '../../lib/errors.js';
import type { CompRow, EventType } from './comps.service.js';

type Column = (typeof COMP_CSV_COLUMNS)[number];

/** Header names a file may use for each column (lower-cased, spaces and underscores dropped). */
const HEADER_NAMES: Record<string, Column> = {
  name: 'name',
  holdername: 'name',
  guest: 'name',
  guestname: 'name',
  email: 'email',
  emailaddress: 'email',
  type: 'type',
  tickettype: 'type',
  quantity: 'quantity',
  qty: 'quantity',
  tickets: 'quantity',
  note: 'note',
  notes: 'note',
};

const refused = (message: string) => new AppError('UNPROCESSABLE', message);

const typeKey = (name: string) => name.trim().toLowerCase();

/**
 * The file's good rows as comps to issue and each bad line's problems (the caller adds the duplicates and refuses
 * the whole file if any); a 422 for a file that cannot be read as a guest list at all.
 */
export function readCompCsv(text: string, types: EventType[]): { rows: CompRow[]; errors: CompRowError[] } {
  let records: Array<{ record: string[]; line: number }>;
  try {
    records = (
      parse(text, {
        bom: true,
        relax_column_count: true,
        skip_empty_lines: true,
        trim: true,
        info: true,
        // One more than the limit, so a file with too many rows is told how many it has without reading them all.
        to: MAX_COMP_IMPORT_ROWS + 2,
      }) as unknown as Array<{ record: string[]; info: { lines: number } }>
    ).map(({ record, info }) => ({ record, line: info.lines }));
  } catch (error) {
    throw refused(COMP_MESSAGES.unreadable(error instanceof Error ? error.message.replace(/^Invalid \w+: /, '') : ''));
  }
  const [header, ...body] = records;
  if (!header || body.length === 0) throw refused(COMP_MESSAGES.empty);
  if (body.length > MAX_COMP_IMPORT_ROWS) {
    const rows = text.split(/\r\n|\r|\n/).filter((line) => line.trim() !== '').length - 1;
    throw refused(COMP_MESSAGES.tooManyRows(rows));
  }
  const at = new Map<Column, number>();
  header.record.forEach((name, index) => {
    const column = HEADER_NAMES[name.toLowerCase().replace(/[\s_-]/g, '')];
    if (column && !at.has(column)) at.set(column, index);
  });
  const missing = COMP_CSV_REQUIRED.filter((column) => !at.has(column));
  if (missing.length > 0) throw refused(COMP_MESSAGES.missingColumns(missing));

  const typeByName = new Map(types.map((type) => [typeKey(type.name), type]));
  const errors: CompRowError[] = [];
  const rows: CompRow[] = [];
  for (const { record, line } of body) {
    const cell = (column: Column) => {
      const index = at.get(column);
      return index === undefined ? '' : (record[index] ?? '');
    };
    const typeName = cell('type');
    const type = typeByName.get(typeKey(typeName));
    const rowErrors: CompRowError[] = [];
    if (!type)
      rowErrors.push({
        line,
        column: 'type',
        message: typeName ? COMP_MESSAGES.typeUnknown(typeName) : COMP_MESSAGES.typeRequired,
      });
    const parsed = compInputSchema.safeParse({
      name: cell('name'),
      email: cell('email'),
      ticket_type_id: type?.id ?? '-',
      quantity: cell('quantity') === '' ? Number.NaN : cell('quantity'),
      note: cell('note'),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        const column: Column | null =
          field === 'ticket_type_id'
            ? 'type'
            : (COMP_CSV_COLUMNS as readonly string[]).includes(field)
              ? (field as Column)
              : null;
        if (!rowErrors.some((earlier) => earlier.column === column))
          rowErrors.push({ line, column, message: issue.message });
      }
    }
    errors.push(...rowErrors);
    if (rowErrors.length === 0 && parsed.success && type)
      rows.push({
        line,
        name: parsed.data.name,
        email: parsed.data.email,
        ticketTypeId: type.id,
        quantity: parsed.data.quantity,
        note: parsed.data.note,
      });
  }
  return { rows, errors };
}
