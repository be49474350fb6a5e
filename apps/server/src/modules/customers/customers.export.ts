// Customers as CSV (csv-stringify, decision 022): the current search, every column and the marketing consent,
// read in batches along the name index (keyset, never OFFSET) and streamed, so 100,000 rows never sit in
// memory at once. Every cell is protected against spreadsheet formula injection. Money is a plain number
// ('12.50') beside its ISO currency, one row per currency a customer spent in, so a spreadsheet can sum it.
import { Readable } from 'node:stream';
import { and, sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify';
import { fromMinorUnits, isCurrencyCode, type CurrencyCode, type Customer } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { customer } from '../../db/schema/index.js';
import { customerFilter, nameSql } from './customers.query.js';
import { customerContext, readSpends, spendsSql, toCustomer } from './customers.service.js';

type SpendsJson = Array<[string, number | string]> | null;

export const EXPORT_BATCH = 1000;

export const CSV_HEADER = [
  'Name',
  'Email Address',
  'Phone Number',
  'Country',
  'Events',
  'Total Spent',
  'Currency',
  'Date Joined',
  'Last Purchase',
  'Status',
  'Marketing Consent',
];

/**
 * A cell a spreadsheet would read as a formula (starting with =, +, -, @, tab or carriage return) gets a
 * leading apostrophe, so it is shown as text (OWASP's advice for CSV injection).
 */
export function protectCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * The customer's rows: one per currency they spent in (amounts are never added across currencies), each with
 * the amount as a plain decimal ('1234.50': no symbol, no thousands separator) and its ISO code. A customer
 * with nothing left spent (every order refunded) has one row of 0 in the organisation's currency.
 */
export function customerCsvRows(item: Customer, defaultCurrency: CurrencyCode): string[][] {
  const spends = item.total_spent.length > 0 ? item.total_spent : [{ currency: defaultCurrency, amount_minor: 0 }];
  return spends.map((spend) =>
    [
      item.name,
      item.email,
      item.phone ?? '',
      item.country ?? '',
      String(item.events_attended),
      fromMinorUnits(spend.amount_minor, spend.currency),
      spend.currency,
      item.date_joined,
      item.last_purchase,
      item.status,
      item.marketing_consent ? 'Yes' : 'No',
    ].map(protectCell),
  );
}

async function* customerRows(db: Database, organizationId: string, search: string): AsyncGenerator<string[]> {
  const { context } = await customerContext(db, organizationId);
  const defaultCurrency = isCurrencyCode(context.defaultCurrency) ? context.defaultCurrency : 'GBP';
  const where = customerFilter(organizationId, search);
  let after: { name: string; id: string } | null = null;
  for (;;) {
    const rows: { row: typeof customer.$inferSelect; spends: SpendsJson; sortName: string }[] = await db
      .select({ row: customer, spends: spendsSql, sortName: sql<string>`${nameSql}` })
      .from(customer)
      .where(after ? and(where, sql`(${nameSql}, ${customer.id}) > (${after.name}, ${after.id}::uuid)`) : where)
      .orderBy(sql`${nameSql} asc`, sql`${customer.id} asc`)
      .limit(EXPORT_BATCH);
    if (rows.length === 0) return;
    for (const { row, spends } of rows) {
      const item = toCustomer(row, readSpends(spends, context.defaultCurrency), context);
      yield* customerCsvRows(item, defaultCurrency);
    }
    const last: { row: { id: string }; sortName: string } = rows[rows.length - 1]!;
    after = { name: last.sortName, id: last.row.id };
    if (rows.length < EXPORT_BATCH) return;
  }
}

/** The CSV as a stream: a byte-order mark (so spreadsheets read UTF-8 names), the header, then the rows. */
export function customersCsv(db: Database, organizationId: string, search: string): Readable {
  const csv = stringify({ bom: true, header: true, columns: CSV_HEADER, record_delimiter: 'windows' });
  const source = Readable.from(customerRows(db, organizationId, search));
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}
