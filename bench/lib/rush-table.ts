// The checkout rush's table: one row per set-up and run, and with ROUNDS, each set-up's median and range.
import { percentile } from './http.js';

export interface Row {
  setup: string;
  /** With BASELINE, the code the row ran: 'old' (the ref) or 'new' (the working tree). */
  version?: 'old' | 'new';
  buyers: number;
  held: number;
  refused: string;
  reqPerSecond: number;
  holdsPerSecond: number;
  p50: number;
  p99: number;
  holdP99: number;
  /** Milliseconds of the server processes' CPU per checkout request over the burst (null without /proc). */
  cpuPerRequest: number | null;
  /** The same for the bench's own client, on the same cores. */
  clientCpuPerRequest: number;
  /** The same for PostgreSQL's processes. */
  postgresCpuPerRequest: number | null;
  /** Percent of the machine's CPU time the hypervisor gave to other machines during the burst (null without /proc). */
  stealPercent: number | null;
  /** Null for the floor, which takes no payments. */
  paid: number | null;
  payFailures: number;
  paySeconds: number;
  /** Seconds from the last sale until every fan's ticket e-mail was in the outbox; null where not readable. */
  mailSeconds: number | null;
  /** The fans' e-mails in the outbox then: `paid` when each went once. */
  fanMails: number | null;
  sold: number;
  tickets: number;
  heldLeft: number;
  oversold: number;
}

export function printRow(row: Row) {
  const cells = [
    `${row.setup}${row.version ? ` [${row.version}]` : ''}`.padEnd(24),
    `${row.held}/${row.buyers}`.padStart(9),
    row.reqPerSecond.toFixed(0).padStart(6),
    row.holdsPerSecond.toFixed(0).padStart(7),
    row.p50.toFixed(0).padStart(5),
    row.p99.toFixed(0).padStart(5),
    row.holdP99.toFixed(0).padStart(7),
    (row.cpuPerRequest === null ? '-' : row.cpuPerRequest.toFixed(2)).padStart(7),
    row.clientCpuPerRequest.toFixed(2).padStart(6),
    (row.postgresCpuPerRequest === null ? '-' : row.postgresCpuPerRequest.toFixed(2)).padStart(6),
    (row.stealPercent === null ? '-' : row.stealPercent.toFixed(1)).padStart(5),
    (row.paid === null ? '-' : `${row.paid}${row.payFailures ? ` (${row.payFailures} failed)` : ''}`).padStart(6),
    (row.paid === null ? '-' : row.paySeconds.toFixed(1)).padStart(6),
    (row.mailSeconds === null ? '-' : row.mailSeconds.toFixed(1)).padStart(6),
    (row.fanMails === null ? '-' : String(row.fanMails)).padStart(5),
    String(row.sold).padStart(5),
    String(row.tickets).padStart(7),
    String(row.heldLeft).padStart(9),
    String(row.oversold).padStart(8),
    `  refused: ${row.refused}`,
  ];
  console.log(cells.join(' '));
}

/** Per set-up over the rounds: the median and range of holds/s and p99, and the rounds that met the target. */
export function printRounds(all: Row[], rounds: number, target: { holdsPerSecond: number; p99: number }) {
  console.log(
    `\nover ${rounds} rounds: median (min-max); target ${target.holdsPerSecond} holds/s with p99 under ${target.p99} ms`,
  );
  const median = (values: number[]) =>
    percentile(
      [...values].sort((a, b) => a - b),
      50,
    );
  const range = (values: number[]) => `${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)}`;
  for (const setup of [...new Set(all.map((row) => row.setup))]) {
    const runs = all.filter((row) => row.setup === setup);
    const holds = runs.map((row) => row.holdsPerSecond);
    const p99 = runs.map((row) => row.p99);
    const met = runs.filter((row) => row.holdsPerSecond >= target.holdsPerSecond && row.p99 < target.p99).length;
    console.log(
      `${setup.padEnd(26)} holds/s ${median(holds).toFixed(0)} (${range(holds)}), p99 ${median(p99).toFixed(0)} (${range(p99)}) ms, target met in ${met} of ${runs.length}`,
    );
  }
}

export const header = [
  'set-up'.padEnd(24),
  'held/fans'.padStart(9),
  'req/s'.padStart(6),
  'holds/s'.padStart(7),
  'p50'.padStart(5),
  'p99'.padStart(5),
  'hold99'.padStart(7),
  'cpu/req'.padStart(7),
  'client'.padStart(6),
  'pg'.padStart(6),
  'steal'.padStart(5),
  'paid'.padStart(6),
  'pay s'.padStart(6),
  'mail s'.padStart(6),
  'mails'.padStart(5),
  'sold'.padStart(5),
  'tickets'.padStart(7),
  'held left'.padStart(9),
  'OVERSOLD'.padStart(8),
].join(' ');

/**
 * The end-to-end sales a second of the two-process set-up (each hold paid and fulfilled, e-mails and all), which
 * the waiting room's default admission rate is derived from (decision 045), beside that default.
 */
export function printSalesRate(all: Row[], defaultPerMinute: number) {
  const paid = all.filter((row) => row.setup.startsWith('c)') && row.paid && row.paySeconds > 0);
  if (paid.length === 0) return;
  const rates = paid.map((row) => row.paid! / row.paySeconds).sort((a, b) => a - b);
  const median = percentile(rates, 50);
  console.log(
    `\nsales/s end to end, c) 2 processes (paid / pay s): ${rates.map((rate) => rate.toFixed(1)).join(', ')}; the ` +
      `waiting room admits ${(defaultPerMinute / 60).toFixed(0)} fans/s by default (${defaultPerMinute}/min), ` +
      `${((100 * defaultPerMinute) / 60 / median).toFixed(0)}% of the median`,
  );
}
