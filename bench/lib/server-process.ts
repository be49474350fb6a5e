// Starts the real server (`node --import tsx apps/server/src/server.ts`, or the production build with
// `entry: 'dist'`) as a child process for a benchmark or an ops test, waits for /api/health, and stops it
// (SIGTERM, then SIGKILL) so no process outlives the run.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { currentRoot, reactProductionArgs, serverTsconfig } from './baseline.js';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  port: number;
  stop(): Promise<void>;
  /** Sends `signal` (SIGKILL: as the operating system would end a crashed process) and waits for the exit. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** True while the process runs. */
  readonly alive: boolean;
  /** CPU seconds the process has used so far (user and system, from /proc), or null where /proc is missing. */
  cpuSeconds(): number | null;
  /** The process's resident memory now and at its peak so far, in MB (from /proc), or null where /proc is missing. */
  rssMegabytes(): { current: number; peak: number } | null;
  /** The server's process id (its node process: the CPU profile it writes is named after it). */
  readonly pid: number | undefined;
}

const CLOCK_TICKS = 100;

/** CPU seconds used so far by each process named `postgres` on this machine (the server's backends), by pid. */
export function postgresCpuByProcess(): Map<number, number> | null {
  try {
    const byProcess = new Map<number, number>();
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
        const seconds = processCpuSeconds(Number(entry));
        if (seconds !== null) byProcess.set(Number(entry), seconds);
      } catch {
        // The process ended meanwhile.
      }
    }
    return byProcess;
  } catch {
    return null;
  }
}

/**
 * PostgreSQL's CPU seconds between two readings of postgresCpuByProcess: each process's growth (all of it for a
 * process started since). A backend that ended in between is not counted, so this is at most a little low.
 */
export function postgresCpuBetween(before: Map<number, number> | null, after: Map<number, number> | null) {
  if (!before || !after) return null;
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/** The machine's CPU time so far from /proc/stat's first line (clock ticks): all of it, and the part stolen by the host. */
export function machineCpuTicks(): { total: number; steal: number } | null {
  try {
    const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is already counted in user).
    return { total: fields.slice(0, 8).reduce((sum, value) => sum + value, 0), steal: fields[7] ?? 0 };
  } catch {
    return null;
  }
}

/** The share of the machine's CPU time (percent) that the hypervisor took for others between two readings. */
export function stealPercent(
  before: ReturnType<typeof machineCpuTicks>,
  after: ReturnType<typeof machineCpuTicks>,
): number | null {
  if (!before || !after || after.total <= before.total) return null;
  return (100 * (after.steal - before.steal)) / (after.total - before.total);
}

/** User plus system CPU seconds of process `pid` so far, from /proc/<pid>/stat (Linux), or null. */
export function processCpuSeconds(pid: number | undefined): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** VmRSS and VmHWM (the peak) of process `pid` in MB, from /proc/<pid>/status (Linux), or null. */
export function processRssMegabytes(pid: number | undefined): { current: number; peak: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kilobytes = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
    const [current, peak] = [kilobytes('VmRSS'), kilobytes('VmHWM')];
    if (!Number.isFinite(current)) return null;
    return { current: current / 1024, peak: Number.isFinite(peak) ? peak / 1024 : current / 1024 };
  } catch {
    return null;
  }
}

/**
 * A server on `port` with `env` added to a test configuration; resolves once it answers /api/health. `root` is the
 * code to run (default the working tree; a BASELINE checkout to compare, bench/lib/baseline.ts).
 */
export async function startServer(
  port: number,
  env: Record<string, string>,
  options: {
    entry?: 'source' | 'dist';
    script?: string;
    root?: string;
    nodeArgs?: string[];
    /** How long stop() waits after SIGTERM before SIGKILL (default 15 s). */
    stopTimeoutMs?: number;
  } = {},
): Promise<ServerProcess> {
  const root = options.root ?? currentRoot;
  // React's production build, as production loads it (bench/lib/react-production.ts); the preload needs tsx.
  const react = reactProductionArgs(root);
  // SERVER_NODE_ARGS go to the server's node only, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' to profile it.
  // `nodeArgs` add to them for one server (the checkout rush's SPLIT=1 profiles one run this way).
  const nodeArgs = [...(process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean), ...(options.nodeArgs ?? [])];
  // `script` runs another server (a TypeScript file) that answers /api/health, such as the rush's floor.
  const entry = options.script
    ? ['--import', 'tsx', options.script]
    : (options.entry ?? process.env.BENCH_SERVER_ENTRY) === 'dist'
      ? ['--enable-source-maps', ...(react.length ? ['--import', 'tsx', ...react] : []), 'apps/server/dist/server.js']
      : ['--import', 'tsx', ...react, 'apps/server/src/server.ts'];
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, ...entry], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      RATE_LIMIT_MULTIPLIER: '1000',
      // The bench's own environment may set the pool size (DATABASE_POOL_SIZE=30 npm run bench -- drop).
      ...(process.env.DATABASE_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE } : {}),
      ...(options.script ? {} : serverTsconfig(root)),
      ...env,
    },
    // The start-up banner would break the table; warnings and errors still show.
    stdio: ['ignore', process.env.SERVER_STDOUT ? 'inherit' : 'ignore', 'inherit'],
  });
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), options.stopTimeoutMs ?? 15_000);
    await exit;
    clearTimeout(killer);
  };
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline && !exited) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok)
        return {
          port,
          stop,
          async kill(signal) {
            if (exited) return;
            child.kill(signal);
            await exit;
          },
          get alive() {
            return !exited;
          },
          cpuSeconds: () => processCpuSeconds(child.pid),
          rssMegabytes: () => processRssMegabytes(child.pid),
          pid: child.pid,
        };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`server on port ${port} did not become healthy`);
}
