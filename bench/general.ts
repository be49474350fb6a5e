// The general benchmark: builds the real app on an in-memory PGlite and prints request figures for hot paths
// (health, a storefront home, an event page, the storefront 404). Run with `npm run bench` (or `npm run bench --
// general`). Figures, not pass/fail: compare them between changes.
// BASELINE=<git ref> measures that ref's code and the working tree's in child processes, alternating for ROUNDS
// rounds (default 3), and prints the median requests per second of each beside the other (bench/lib/baseline.ts).
// Each measurement runs in a child process of this one (BENCH_APP_ROOT names the code it measures).
import { spawn } from 'node:child_process';
import { BASELINE, codeVersions, currentRoot, inRoundOrder, median, ratio, serverTsconfig } from './lib/baseline.js';
import { formatFigure, measureGeneral, type Figure } from './lib/general-measure.js';

// React (and any library that reads it) loads its production build only when NODE_ENV says production as it is
// first loaded, as in production; the app's own configuration is given NODE_ENV=test explicitly.
process.env.NODE_ENV = 'production';

const RESULT = 'BENCH_GENERAL_RESULT ';
const ROUNDS = Math.max(1, Number(process.env.ROUNDS ?? 3));

/**
 * One measurement of the code under `root` in a fresh process, so old and new never share a module cache, with the
 * server's own TypeScript settings for tsx (serverTsconfig).
 */
function measureInChild(root: string): Promise<{ figures: Figure[]; heapMiB: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/general.ts'], {
      cwd: currentRoot,
      env: { ...process.env, ...serverTsconfig(root), BASELINE: '', BENCH_APP_ROOT: root },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = output.split('\n').find((entry) => entry.startsWith(RESULT));
      if (code !== 0 || !line) reject(new Error(`general measurement of ${root} exited with ${code}`));
      else resolve(JSON.parse(line.slice(RESULT.length)) as { figures: Figure[]; heapMiB: number });
    });
  });
}

if (process.env.BENCH_APP_ROOT) {
  const figures = await measureGeneral(process.env.BENCH_APP_ROOT);
  const heapMiB = process.memoryUsage().heapUsed / 1024 / 1024;
  console.log(RESULT + JSON.stringify({ figures, heapMiB }));
} else if (!BASELINE) {
  console.log(`Marquee benchmarks (app.inject, PGlite in memory) on Node ${process.version}`);
  const { figures, heapMiB } = await measureInChild(currentRoot);
  for (const figure of figures) console.log(formatFigure(figure));
  console.log(`heap used after run: ${heapMiB.toFixed(1)} MiB`);
} else {
  const versions = codeVersions();
  console.log(
    `Marquee benchmarks (app.inject, PGlite in memory, one process per measurement) on Node ${process.version}: ` +
      `old (${BASELINE}) and new (working tree) alternating, ${ROUNDS} rounds`,
  );
  const runs = new Map<string, Figure[][]>(versions.map((version) => [version.label, []]));
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const version of inRoundOrder(versions, round)) {
      const { figures } = await measureInChild(version.root);
      runs.get(version.label)!.push(figures);
      const summary = figures.map((figure) => `${figure.perSecond.toFixed(0)}`).join(' / ');
      console.log(`round ${round}, ${version.label}: req/s ${summary}`);
    }
  }
  const perSecond = (label: string, name: string) =>
    median(runs.get(label)!.map((figures) => figures.find((figure) => figure.name === name)?.perSecond ?? NaN));
  console.log(
    `\nmedian req/s over ${ROUNDS} rounds; target: storefront rows within 10% of the old code's or better\n` +
      `${'request'.padEnd(36)} ${'old'.padStart(7)} ${'new'.padStart(7)} ${'new/old'.padStart(8)}  verdict`,
  );
  for (const figure of runs.get('new')![0]!) {
    const [oldValue, newValue] = [perSecond('old', figure.name), perSecond('new', figure.name)];
    const verdict = figure.storefront ? (newValue >= 0.9 * oldValue ? 'within 10%' : 'SLOWER by more than 10%') : '-';
    console.log(
      `${figure.name.padEnd(36)} ${oldValue.toFixed(0).padStart(7)} ${newValue.toFixed(0).padStart(7)} ${ratio(oldValue, newValue).padStart(8)}  ${verdict}`,
    );
  }
}
