// Document numbers (decision 137): each organisation has one unbroken series per kind, R-000001… for receipts and
// C-000001… for credit notes. A number is taken by one upsert on the series' row, inside the transaction that
// writes the document: the row stays locked until that transaction ends, so two issuers never share a number, and
// a transaction that rolls back takes its number back with it (no gap). Lock order, to never deadlock: the receipt
// series, then the event's counters, then the credit-note series. A sale takes its receipt's number just before
// its counters' statement (so it holds the series row only for that statement and the commit); a refund issues a
// missing receipt before its counters move and its credit note last.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/tx.js';
import type { DocumentKind } from '../../db/schema/index.js';

export const DOCUMENT_PREFIX: Record<DocumentKind, string> = { receipt: 'R', credit_note: 'C' };

/** 'R-000042': the prefix and the number, zero-padded to six digits (longer once past 999999). */
export function formatDocumentNumber(kind: DocumentKind, sequence: number): string {
  return `${DOCUMENT_PREFIX[kind]}-${String(sequence).padStart(6, '0')}`;
}

/** Takes the organisation's next number of the series, inside `tx`. */
export async function takeDocumentNumber(
  tx: Tx,
  organizationId: string,
  kind: DocumentKind,
): Promise<{ sequence: number; number: string }> {
  const result = await tx.execute(sql`
    insert into organization_document_sequence as s (organization_id, series, next_number)
    values (${organizationId}, ${kind}, 2)
    on conflict (organization_id, series) do update set next_number = s.next_number + 1
    returning s.next_number - 1 as taken`);
  const sequence = Number((result as unknown as { rows: Array<{ taken: string | number }> }).rows[0]!.taken);
  return { sequence, number: formatDocumentNumber(kind, sequence) };
}
