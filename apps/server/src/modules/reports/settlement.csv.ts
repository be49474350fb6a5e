// Settlement reports as CSV (decision 136): one row per event and currency (a period's report adds a Total row
// per currency), amounts as plain decimals of their currency ('1234.50', '-0.80'). Text cells go through the
// exports' formula guard (protectCell); the amounts are numbers this module writes itself, never user text.
import { stringify } from 'csv-stringify/sync';
import { fromMinorUnits, isCurrencyCode, SETTLEMENT_LINES, type SettlementFigures } from '@marquee/shared';
import { protectCell } from '../customers/customers.export.js';
import type { EventSettlementResult, PeriodSettlementResult } from './settlement.service.js';

export const SETTLEMENT_CSV_COLUMNS = [
  'Event',
  'Event date',
  'Currency',
  'Orders',
  'Tickets',
  'Comp tickets',
  'Door orders',
  'Card payments',
  'Provider fees not reported (payments)',
  ...SETTLEMENT_LINES.map((line) => line.label),
] as const;

/** Minor units as the currency's plain decimal text (an unknown currency keeps its minor units). */
export function decimal(amountMinor: number, currency: string): string {
  return isCurrencyCode(currency) ? fromMinorUnits(amountMinor, currency) : String(amountMinor);
}

function row(name: string, day: string | null, figures: SettlementFigures): Array<string | number> {
  return [
    protectCell(name),
    day ?? '',
    protectCell(figures.currency),
    figures.orders,
    figures.tickets,
    figures.comp_tickets,
    figures.door_orders,
    figures.provider_payment_orders,
    figures.provider_fee_unreported_orders,
    ...SETTLEMENT_LINES.map((line) => decimal(figures[line.key], figures.currency)),
  ];
}

const write = (rows: Array<Array<string | number>>) =>
  stringify(rows, { bom: true, header: true, columns: [...SETTLEMENT_CSV_COLUMNS], record_delimiter: 'windows' });

export function eventSettlementCsv(report: EventSettlementResult): string {
  return write(report.currencies.map((figures) => row(report.eventName, report.localDay, figures)));
}

export function periodSettlementCsv(report: PeriodSettlementResult): string {
  return write([
    ...report.events.map((entry) => row(entry.eventName, entry.localDay, entry.figures)),
    ...report.totals.map((figures) => row('Total', null, figures)),
  ]);
}
