// The checkout rush's table: one row per set-up and run, each server process's CPU per sale and memory under it,
// and with ROUNDS, each set-up's median and range; then the sales against the sale floor's.
import type { Attribution } from './cpu-profile.js';
import { percentile } from './http.js';

/** One server process of a set-up (the floor's too), read from /proc around the pay phase and before it stopped. */
export interface ProcessFigures {
  pid: number | undefined;
  /** Sales this process served (the whole sale: pay, card form, return, order page). */
  sales: number;
  /** CPU seconds the process used over the pay phase, and from its start until the last fan's e-mail was in the outbox. */
  payCpuSeconds: number | null;
  toMailCpuSeconds: number | null;
  /** Resident memory just before it was stopped, and its peak (MB). */
  rss: { current: number; peak: number } | null;
}

/** SPLIT=1: the profiled run's attribution of the server's samples to the sandbox and the product. */
export interface SplitFigures {
  /** Null when no profile was found (the server did not write it, or died). */
  attribution: Attribution | null;
  /** Sandbox frames were found at all (none in a bundled build: BENCH_SERVER_ENTRY=dist). */
  sandboxFramesFound: boolean;
}

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
  /** Sales whose order page showed the ticket (the floor: its sale answered); null where nothing was paid. */
  paid: number | null;
  payFailures: number;
  /** The failures by step, such as `2x no ticket` ('' without). */
  payFailureReasons?: string;
  paySeconds: number;
  /** Seconds from the last sale until every fan's ticket e-mail was in the outbox; null where not readable. */
  mailSeconds: number | null;
  /** The fans' e-mails in the outbox then: `paid` when each went once. */
  fanMails: number | null;
  sold: number;
  tickets: number;
  heldLeft: number;
  oversold: number;
  /** Each server process, in the order of their ports (empty where not measured). */
  processes: ProcessFigures[];
  /** PostgreSQL's processes' CPU seconds over the pay phase (null on PGlite, inside the server, or without /proc). */
  postgresPayCpuSeconds?: number | null;
  /** The SPLIT=1 run's profile figures; undefined for every other run. */
  split?: SplitFigures;
}

const perSale = (seconds: number | null, sales: number) =>
  seconds === null || sales === 0 ? null : (seconds * 1000) / sales;
const ms = (value: number | null, digits = 1) => (value === null ? '-' : value.toFixed(digits));
export const salesPerSecond = (row: Row) => (row.paid && row.paySeconds > 0 ? row.paid / row.paySeconds : null);

/** The server processes' CPU over the pay phase in ms per paid sale, all processes together (null: unknown). */
/** `mail s`: '-' when not measured, `>N` when the wait (MAIL_WAIT_SECONDS) ran out first. */
const mailCell = (seconds: number | null) =>
  seconds === null ? '-' : Number.isFinite(seconds) ? seconds.toFixed(1) : `>${process.env.MAIL_WAIT_SECONDS ?? 300}`;

export function payCpuPerSale(row: Row): number | null {
  if (!row.paid || row.processes.length === 0) return null;
  const seconds = row.processes.map((process) => process.payCpuSeconds);
  if (seconds.some((value) => value === null)) return null;
  return perSale(
    seconds.reduce<number>((sum, value) => sum + value!, 0),
    row.paid,
  );
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
    ms(salesPerSecond(row)).padStart(7),
    mailCell(row.mailSeconds).padStart(6),
    (row.fanMails === null ? '-' : String(row.fanMails)).padStart(5),
    String(row.sold).padStart(5),
    String(row.tickets).padStart(7),
    String(row.heldLeft).padStart(9),
    String(row.oversold).padStart(8),
    `  refused: ${row.refused}${row.payFailureReasons ? `; not paid: ${row.payFailureReasons}` : ''}`,
  ];
  console.log(cells.join(' '));
  printProcesses(row);
  if (row.split) printSplit(row, row.split);
}

/**
 * Under a row, each server process: its CPU over the pay phase per sale it served itself (each process serves the
 * whole of the sales sent to it), the same from the pay phase's start until the last e-mail was in the outbox
 * (work the sale leaves for later included), and its memory before it stopped; with several, all together per sale.
 */
function printProcesses(row: Row) {
  for (const [index, process] of row.processes.entries()) {
    const rss = process.rss
      ? `RSS ${process.rss.current.toFixed(0)} MB (peak ${process.rss.peak.toFixed(0)} MB)`
      : 'RSS -';
    // PAY=0: no sales to divide by, the memory alone.
    const cpu =
      row.paid === null
        ? ''
        : `CPU ${ms(perSale(process.payCpuSeconds, process.sales))} ms per sale over the pay phase (its own ` +
          `${process.sales} sales)` +
          (process.toMailCpuSeconds === null
            ? ''
            : `, ${ms(perSale(process.toMailCpuSeconds, process.sales))} ms until the last e-mail`) +
          '; ';
    console.log(`    process ${index + 1} (pid ${process.pid ?? '-'}): ${cpu}${rss}`);
  }
  if (row.processes.length > 1 && row.paid !== null)
    console.log(
      `    all processes: CPU ${ms(payCpuPerSale(row))} ms per sale over the pay phase (all ${row.paid} sales)`,
    );
  if (row.postgresPayCpuSeconds != null && row.paid)
    console.log(
      `    PostgreSQL: CPU ${ms(perSale(row.postgresPayCpuSeconds, row.paid))} ms per sale over the pay phase`,
    );
}

/**
 * SPLIT=1: the share of the server's CPU samples in the sandbox provider's own code (bench/lib/cpu-profile.ts),
 * and the server's CPU over the pay phase (from /proc) per sale split by that share.
 */
function printSplit(row: Row, split: SplitFigures) {
  const attribution = split.attribution;
  if (!attribution) return console.log('    split: no CPU profile was written; nothing to split');
  if (!split.sandboxFramesFound)
    return console.log('    split: no frame of the sandbox in the profile (a bundled build?); nothing to split');
  const busy = attribution.sandboxMicros + attribution.productMicros;
  const share = busy > 0 ? attribution.sandboxMicros / busy : 0;
  const cpu = row.processes[0]?.payCpuSeconds ?? null;
  const sales = row.paid ?? 0;
  const scope = attribution.windowed
    ? 'during the pay phase'
    : 'over the WHOLE profile (start-up and holds included: the pay phase was not within it)';
  const part = (fraction: number) => ms(perSale(cpu === null ? null : cpu * fraction, sales));
  const sampled = (micros: number) => ms(sales ? micros / 1000 / sales : null);
  console.log(
    `    split ${scope}: the sandbox provider's own code is ${(100 * share).toFixed(1)}% of the server's busy CPU ` +
      `samples (${attribution.sandboxSamples} of ${attribution.samples - attribution.idleSamples} busy samples)`,
  );
  console.log(
    `    per sale: product ${part(1 - share)} ms, sandbox ${part(share)} ms (the server's CPU over the pay phase ` +
      `from /proc split by that share; the samples alone: ${sampled(attribution.productMicros)} and ` +
      `${sampled(attribution.sandboxMicros)} ms)`,
  );
  console.log(
    "    the sandbox's share is a lower bound: a sample goes by its synchronous call stack, so the sandbox's work " +
      'resumed after an await outside its frames (the driver reading its rows, its requests parsed) counts as ' +
      "the product's; a profiled server runs slower than an unprofiled one",
  );
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
  'sales/s'.padStart(7),
  'mail s'.padStart(6),
  'mails'.padStart(5),
  'sold'.padStart(5),
  'tickets'.padStart(7),
  'held left'.padStart(9),
  'OVERSOLD'.padStart(8),
].join(' ');

/**
 * The end-to-end sales a second of the two-process set-up (each hold paid and its ticket on the fan's order page;
 * the e-mails may follow, see `mail s`), which the waiting room's default admission ceiling is derived from
 * (decisions 045 and 148), beside that default. The rate admitted adapts under the ceiling to the checkout's speed.
 */
export function printSalesRate(all: Row[], defaultPerMinute: number) {
  const paid = all.filter((row) => row.setup.startsWith('c)') && row.paid && row.paySeconds > 0);
  if (paid.length === 0) return;
  const rates = paid.map((row) => row.paid! / row.paySeconds).sort((a, b) => a - b);
  const median = percentile(rates, 50);
  console.log(
    `\nsales/s end to end, c) 2 processes (paid / pay s): ${rates.map((rate) => rate.toFixed(1)).join(', ')}; the ` +
      `waiting room's default ceiling is ${(defaultPerMinute / 60).toFixed(0)} fans/s (${defaultPerMinute}/min), ` +
      `${((100 * defaultPerMinute) / 60 / median).toFixed(0)}% of the median (the rate admitted adapts under it)`,
  );
}

/**
 * The product's sales against the sale floor's (set-up f, the same number of sales PAY_CONCURRENCY at a time):
 * per set-up (and code version), the median sales/s and server CPU per sale over the pay phase, beside the
 * floor's median, with the ratios (product / floor).
 */
export function printSaleFloor(all: Row[]) {
  const floor = all.filter((row) => row.setup.startsWith('f)') && salesPerSecond(row) !== null);
  const products = all.filter((row) => !row.setup.startsWith('f)') && salesPerSecond(row) !== null);
  if (floor.length === 0 || products.length === 0) return;
  const median = (values: number[]) =>
    percentile(
      [...values].sort((a, b) => a - b),
      50,
    );
  const known = (values: Array<number | null>) => values.filter((value): value is number => value !== null);
  const floorSales = median(floor.map((row) => salesPerSecond(row)!));
  const floorCpu = known(floor.map(payCpuPerSale));
  const floorCpuMedian = floorCpu.length ? median(floorCpu) : null;
  console.log(
    `\nsales against the sale floor (f: the payment's and the fulfilment's statements alone), medians: floor ${floorSales.toFixed(1)} sales/s, CPU ${ms(floorCpuMedian, 2)} ms per sale`,
  );
  const labels = [...new Set(products.map((row) => `${row.setup}${row.version ? ` [${row.version}]` : ''}`))];
  for (const label of labels) {
    const rows = products.filter((row) => `${row.setup}${row.version ? ` [${row.version}]` : ''}` === label);
    const sales = median(rows.map((row) => salesPerSecond(row)!));
    const cpu = known(rows.map(payCpuPerSale));
    const cpuMedian = cpu.length ? median(cpu) : null;
    const cpuRatio =
      cpuMedian !== null && floorCpuMedian ? ` (${(cpuMedian / floorCpuMedian).toFixed(0)}x the floor's)` : '';
    console.log(
      `${label.padEnd(32)} ${sales.toFixed(1)} sales/s, ${(sales / floorSales).toFixed(3)}x the floor's; CPU ${ms(cpuMedian)} ms per sale${cpuRatio}`,
    );
  }
}
