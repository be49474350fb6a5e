// The checkout rush's comparison table with BASELINE: per set-up, the old code's and the new code's median and
// range of holds/s, p99 and paid / pay s over the alternating rounds, and the verdict (new median >= old median).
import { median } from './baseline.js';
import type { Row } from './rush-table.js';

const range = (values: number[], digits = 0) =>
  values.length > 1
    ? `${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)}`
    : (values[0]?.toFixed(digits) ?? '-');

/** 'median (min-max)' of a figure over rows, or '-' without rows. */
function summary(rows: Row[], figure: (row: Row) => number, digits = 0) {
  if (rows.length === 0) return '-';
  const values = rows.map(figure);
  const middle = median(values).toFixed(digits);
  return values.length > 1 ? `${middle} (${range(values, digits)})` : middle;
}

function paidSummary(rows: Row[]) {
  const paid = rows.filter((row) => row.paid !== null && row.paySeconds > 0);
  if (paid.length === 0) return '-';
  const rates = paid.map((row) => row.paid! / row.paySeconds);
  return `${median(paid.map((row) => row.paid!)).toFixed(0)} / ${range(
    paid.map((row) => row.paySeconds),
    1,
  )} s (${range(rates)}/s)`;
}

export function printBaseline(all: Row[], ref: string) {
  console.log(
    `\nold = ${ref}, new = the working tree; median (min-max) over the rounds; target: new holds/s median >= old median`,
  );
  console.log(
    [
      'set-up'.padEnd(26),
      'code'.padEnd(4),
      'runs'.padStart(4),
      'holds/s'.padEnd(20),
      'p99 (ms)'.padEnd(16),
      'paid / pay s (sales/s)'.padEnd(32),
      'new/old  verdict',
    ].join(' '),
  );
  for (const setup of [...new Set(all.map((row) => row.setup))]) {
    const byVersion = (version: Row['version']) => all.filter((row) => row.setup === setup && row.version === version);
    const [oldRows, newRows] = [byVersion('old'), byVersion('new')];
    const compared = oldRows.length > 0 && newRows.length > 0;
    const [oldHolds, newHolds] = [oldRows, newRows].map((rows) => median(rows.map((row) => row.holdsPerSecond)));
    // The floor runs no product code: one line, no verdict.
    const lines: Array<[string, Row[]]> = compared
      ? [
          ['old', oldRows],
          ['new', newRows],
        ]
      : [['-', all.filter((row) => row.setup === setup)]];
    for (const [label, rows] of lines) {
      const verdict =
        compared && label === 'new'
          ? `${(newHolds! / oldHolds!).toFixed(2)}x  ${newHolds! >= oldHolds! ? 'met' : 'MISSED'}`
          : '';
      console.log(
        [
          setup.padEnd(26),
          label.padEnd(4),
          String(rows.length).padStart(4),
          summary(rows, (row) => row.holdsPerSecond).padEnd(20),
          summary(rows, (row) => row.p99).padEnd(16),
          paidSummary(rows).padEnd(32),
          verdict,
        ].join(' '),
      );
    }
  }
}
