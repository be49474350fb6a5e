// Guest list and comps (issue 31, point 2; decision 126): complimentary tickets the organiser issues one at a time
// or from a CSV file, their request and answer shapes, the rules each row is checked against (shared so the
// dashboard can say the same words) and the door list's columns.
import { z } from 'zod';
import { isValidEmail } from './auth.js';
import { CURRENCY_CODES } from './constants.js';
import { judgeTicket, TICKET_STATES, type TicketState } from './tickets.js';

/** Rows one CSV import may hold (the speed floor is 5,000 rows in under 10 s). */
export const MAX_COMP_IMPORT_ROWS = 5000;
/** The largest CSV text an import accepts (about 400 characters a row at the row limit). */
export const MAX_COMP_IMPORT_CHARS = 2_000_000;
/** Tickets one comp (one row) may hold. */
export const MAX_COMP_QUANTITY = 50;
export const COMP_NAME_MAX = 120;
export const COMP_NOTE_MAX = 500;
export const COMPS_PAGE_SIZE = 50;

/** The CSV file's columns, as its header row names them (any case, any order; `note` may be left out). */
export const COMP_CSV_COLUMNS = ['name', 'email', 'type', 'quantity', 'note'] as const;
export const COMP_CSV_REQUIRED = ['name', 'email', 'type', 'quantity'] as const;

export const COMP_MESSAGES = {
  nameRequired: 'Enter the guest’s name',
  nameTooLong: `The name must be ${COMP_NAME_MAX} characters or less`,
  emailInvalid: 'Enter a valid email address, like name@example.com',
  typeUnknown: (name: string) => `There is no ticket type called “${name}” for this event`,
  typeRequired: 'Choose a ticket type',
  quantity: `Quantity must be a whole number from 1 to ${MAX_COMP_QUANTITY}`,
  noteTooLong: `The note must be ${COMP_NOTE_MAX} characters or less`,
  badCharacters: 'Contains characters that are not allowed',
  duplicateInFile: (line: number) => `The same guest and ticket type are already on line ${line}`,
  duplicateExisting: 'This guest already has a comp of this ticket type for this event',
  tooManyRows: (rows: number) =>
    `The file has ${rows.toLocaleString('en-GB')} guests; import at most ${MAX_COMP_IMPORT_ROWS.toLocaleString('en-GB')} at a time`,
  empty: 'The file has no guests: the first line names the columns, each line after it is one guest',
  missingColumns: (columns: string[]) =>
    `The first line must name the columns name, email, type and quantity (missing: ${columns.join(', ')})`,
  unreadable: (detail: string) => `The file could not be read as CSV: ${detail}`,
  fileTooLarge: `The file is too large: at most ${(MAX_COMP_IMPORT_CHARS / 1_000_000).toLocaleString('en-GB')} MB`,
  notEnoughPlaces: (what: string, left: number, asked: number) =>
    `Not enough places for these comps: ${what} has ${left} left and ${asked} were asked for; nothing was issued`,
  eventClosed: (why: 'cancelled' | 'archived' | 'ended') =>
    why === 'ended'
      ? 'This event has ended: no more comps can be issued'
      : `This event is ${why}: no comps can be issued`,
  noRefund: 'This is a comp: there was no payment, so there is nothing to refund',
  rowsRefused: (count: number) =>
    `${count} ${count === 1 ? 'line has a problem' : 'lines have problems'}; nothing was imported. Correct the file and import it again`,
} as const;

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const noControl = (value: string) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value);

/** One comp as the form sends it and as each CSV row is read into. */
export const compInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, COMP_MESSAGES.nameRequired)
    .max(COMP_NAME_MAX, COMP_MESSAGES.nameTooLong)
    .refine(noControl, COMP_MESSAGES.badCharacters),
  email: z
    .string()
    .trim()
    .max(254, COMP_MESSAGES.emailInvalid)
    .refine((value) => isValidEmail(value) && noControl(value), COMP_MESSAGES.emailInvalid)
    .transform((value) => value.toLowerCase()),
  ticket_type_id: z.string().min(1, COMP_MESSAGES.typeRequired).max(64),
  quantity: z.coerce
    .number({ error: COMP_MESSAGES.quantity })
    .int(COMP_MESSAGES.quantity)
    .min(1, COMP_MESSAGES.quantity)
    .max(MAX_COMP_QUANTITY, COMP_MESSAGES.quantity),
  note: z
    .string()
    .trim()
    .max(COMP_NOTE_MAX, COMP_MESSAGES.noteTooLong)
    .refine(noControl, COMP_MESSAGES.badCharacters)
    .default(''),
});
export type CompInput = z.input<typeof compInputSchema>;

/** POST /api/events/:id/comps: one comp; `force` issues it even when the guest already has one of this type. */
export const compCreateSchema = compInputSchema.extend({ force: z.boolean().default(false) });
export type CompCreate = z.input<typeof compCreateSchema>;

/** POST /api/events/:id/comps/import: the CSV file's text. */
export const compImportSchema = z.object({
  csv: z.string().max(MAX_COMP_IMPORT_CHARS, COMP_MESSAGES.fileTooLarge),
  force: z.boolean().default(false),
});
export type CompImport = z.input<typeof compImportSchema>;

/** A problem with one line of the file (line numbers as a text editor counts them, the header being line 1). */
export const compRowErrorSchema = z.object({
  line: z.number().int(),
  /** The column at fault, or null for the row as a whole (a duplicate). */
  column: z.enum(COMP_CSV_COLUMNS).nullable(),
  message: z.string(),
});
export type CompRowError = z.infer<typeof compRowErrorSchema>;

/**
 * A refused import answers 422 in the error envelope (code UNPROCESSABLE) with one field per problem, its path
 * `rows.<line>.<column>` (`row` for the row as a whole): this reads them back.
 */
export function compRowErrors(fields: ReadonlyArray<{ path: string; message: string }>): CompRowError[] {
  return fields.flatMap((field) => {
    const match = /^rows\.(\d+)\.(\w+)$/.exec(field.path);
    if (!match) return [];
    const column = (COMP_CSV_COLUMNS as readonly string[]).includes(match[2]!)
      ? (match[2] as (typeof COMP_CSV_COLUMNS)[number])
      : null;
    return [{ line: Number(match[1]), column, message: field.message }];
  });
}

export const compRowPath = (error: CompRowError) => `rows.${error.line}.${error.column ?? 'row'}`;

export const compSchema = z.object({
  order_id: z.string(),
  order_code: z.string(),
  name: z.string(),
  email: z.string(),
  ticket_type: z.string(),
  quantity: z.number().int(),
  note: z.string(),
  status: z.string(),
  created_at: z.string(),
});
export type Comp = z.infer<typeof compSchema>;

/** The answer to issuing comps (one, or a whole file). */
export const compsIssuedSchema = z.object({ issued: z.number().int(), tickets: z.number().int() });
export type CompsIssued = z.infer<typeof compsIssuedSchema>;

/** GET /api/events/:id/comps?page= */
export const compsPageSchema = z.object({
  comps: z.array(compSchema),
  total: z.number().int(),
  tickets: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  currency: z.enum(CURRENCY_CODES),
});
export type CompsPage = z.infer<typeof compsPageSchema>;

/** How an order came about, as the organiser's lists name it: a comp is issued, not sold (revenue 0). */
export const ORDER_CHANNELS = ['online', 'door', 'comp'] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];
export const COMP_LABEL = 'Comp';

/** The door list's columns (CSV header and PDF table). */
export const DOOR_LIST_COLUMNS = ['Name', 'Email', 'Ticket Type', 'Ticket', 'Order', 'Kind', 'Checked In'] as const;

/**
 * Whether a ticket in this state belongs on the door list: the door's own decision (`judgeTicket`) would admit it
 * or has admitted it already. Every other state is refused at the door, so it is not on the list.
 */
export function isOnDoorList(state: TicketState): boolean {
  const result = judgeTicket({ state, eventId: 'event' }, 'event');
  return result === 'admitted' || result === 'already_checked_in';
}
export const DOOR_LIST_STATES: readonly TicketState[] = TICKET_STATES.filter(isOnDoorList);
