// The checkout rush's SPLIT=1: which part of a server's CPU profile (node --cpu-prof) is the sandbox payment
// provider's own code and which is the product's, so a gain in one is not read as a gain in the other.
// A sample belongs to the deepest frame on its stack that marks an owner: a frame of the sandbox's files
// (adapters/payments/sandbox*.ts, modules/payments/sandbox-*.ts: its card page, forms and webhook delivery)
// marks the sandbox; a frame of what the sandbox calls back into (modules/payments/payments.service.ts, where the
// webhook is received, and modules/checkout, the fulfilment) marks the product again. A stack with no marker is
// the product's (the HTTP server, the database driver, the garbage collector, V8 itself), and so is the work a
// sandbox request causes outside a sandbox frame (parsing its request, reading its rows off the socket): the split
// follows call stacks, so the sandbox's figure is a lower bound of what it costs.
import fs from 'node:fs';
import path from 'node:path';

export interface CallFrame {
  functionName: string;
  url: string;
}

/** The parts of a .cpuprofile (the DevTools protocol's Profiler.Profile) used here; times in microseconds. */
export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: CallFrame; children?: number[] }>;
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** 'sandbox' and 'product' mark a frame's owner for everything it calls; null leaves its caller's owner. */
export type FrameMark = 'sandbox' | 'product' | null;

export interface Attribution {
  /** Microseconds of samples, by owner; idle is the main thread waiting for work. */
  sandboxMicros: number;
  productMicros: number;
  idleMicros: number;
  /** Samples counted (in the window, or all), and how many of them were the sandbox's and idle. */
  samples: number;
  sandboxSamples: number;
  idleSamples: number;
  /** True when the window lay within the profile and only its samples count; false: the whole profile. */
  windowed: boolean;
}

const SANDBOX_FILE = /\/apps\/server\/src\/(adapters\/payments\/sandbox[^/]*|modules\/payments\/sandbox-[^/]*)$/;
const CALLED_BACK = /\/apps\/server\/src\/(modules\/payments\/payments\.service\.ts|modules\/checkout\/.+)$/;

/** The marks of the product's sources as laid out in this repository (and in older checkouts of it). */
export function sandboxMark(frame: CallFrame): FrameMark {
  const url = frame.url.split('?')[0]!;
  if (SANDBOX_FILE.test(url)) return 'sandbox';
  if (CALLED_BACK.test(url)) return 'product';
  return null;
}

/**
 * Attributes each sample of `profile` (each lasting until the next sample, the last until the profile's end) to
 * the owner its stack's deepest mark names (the product without one), counting only samples taken in `window`
 * (microseconds on the profile's clock, which is process.hrtime's) when the window lies within the profile.
 */
export function attributeSamples(
  profile: CpuProfile,
  mark: (frame: CallFrame) => FrameMark,
  window?: { from: number; to: number },
): Attribution {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const childIds = new Set(profile.nodes.flatMap((node) => node.children ?? []));
  // Each node's owner, from the roots down: its own mark, else its parent's owner.
  const owner = new Map<number, 'sandbox' | 'product' | 'idle'>();
  const pending = profile.nodes
    .filter((node) => !childIds.has(node.id))
    .map((node) => ({ id: node.id, inherited: 'product' as 'sandbox' | 'product' }));
  while (pending.length > 0) {
    const { id, inherited } = pending.pop()!;
    const node = byId.get(id);
    if (!node || owner.has(id)) continue;
    const own = mark(node.callFrame) ?? inherited;
    owner.set(id, node.callFrame.functionName === '(idle)' && !node.callFrame.url ? 'idle' : own);
    for (const child of node.children ?? []) pending.push({ id: child, inherited: own });
  }

  const windowed = !!window && window.from >= profile.startTime && window.to <= profile.endTime;
  const result: Attribution = {
    sandboxMicros: 0,
    productMicros: 0,
    idleMicros: 0,
    samples: 0,
    sandboxSamples: 0,
    idleSamples: 0,
    windowed,
  };
  let at = profile.startTime;
  const times = profile.timeDeltas.map((delta) => (at += delta));
  for (let index = 0; index < profile.samples.length; index += 1) {
    const time = times[index] ?? profile.endTime;
    if (windowed && (time < window!.from || time >= window!.to)) continue;
    const lasted = Math.max(0, (times[index + 1] ?? profile.endTime) - time);
    const who = owner.get(profile.samples[index]!) ?? 'product';
    result.samples += 1;
    if (who === 'sandbox') {
      result.sandboxSamples += 1;
      result.sandboxMicros += lasted;
    } else if (who === 'idle') {
      result.idleSamples += 1;
      result.idleMicros += lasted;
    } else result.productMicros += lasted;
  }
  return result;
}

/** The main thread's profile that process `pid` wrote into `dir` on exit (CPU.<date>.<time>.<pid>.0.<n>), or null. */
export function readMainThreadProfile(dir: string, pid: number | undefined): CpuProfile | null {
  if (pid === undefined || !fs.existsSync(dir)) return null;
  const file = fs.readdirSync(dir).find((name) => name.endsWith('.cpuprofile') && name.includes(`.${pid}.0.`));
  return file ? (JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as CpuProfile) : null;
}
