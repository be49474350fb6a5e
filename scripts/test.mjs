// `npm test`: two lanes side by side.
// - Vitest: the unit and API tests on PGlite; with TEST_POSTGRES_URL set (CI sets it), the API suite again on that
//   PostgreSQL server. Its output is printed when the lane ends, so the two lanes' lines do not interleave.
// - Browser: Playwright + Debian Chromium against the real built server (scripts/build-if-stale.mjs first), spec
//   files from a queue (scripts/e2e-lane.mjs): one runner at once, a second once the Vitest lane has ended.
// The browser tests mostly wait on the browser and the server while the Vitest lane mostly computes, so together
// they take little longer than the browser tests alone. `--only e2e` or `--only vitest` runs one lane.
import { spawn } from 'node:child_process';
import { ensureChromium } from './ensure-chromium.mjs';
import { runBrowserLane } from './e2e-lane.mjs';

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
/** `--files a,b` runs only the spec files whose names contain one of these (with `--only e2e`). */
const files = process.argv.includes('--files') ? process.argv[process.argv.indexOf('--files') + 1].split(',') : [];

/** Runs a command; with `capture`, its output is kept and returned instead of shown. Resolves to its status. */
function run(command, args, { env = {}, capture = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    let output = '';
    if (capture) {
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
    }
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

async function vitestLane(capture) {
  let output = '';
  const pglite = await run('npx', ['vitest', 'run'], { capture });
  output += pglite.output;
  let code = pglite.code;
  const postgres = process.env.TEST_POSTGRES_URL;
  if (postgres) {
    output += `\n== API tests against PostgreSQL (${postgres.replace(/\/\/[^@/]*@/, '//')})\n`;
    if (!capture) process.stdout.write(output);
    const again = await run('npx', ['vitest', 'run', '--project', 'api'], {
      capture,
      env: { TEST_DATABASE_URL: postgres },
    });
    output += again.output;
    code = code || again.code;
  }
  return { code, output };
}

async function browserLane(startMore) {
  const chromium = ensureChromium();
  const build = await run('node', ['scripts/build-if-stale.mjs']);
  if (build.code !== 0) return build;
  return runBrowserLane({ chromium, runners: Number(process.env.E2E_RUNNERS ?? 2), startMore, filter: files });
}

const lanes = [];
const vitest = !only || only === 'vitest' ? vitestLane(!only) : null;
if (vitest) lanes.push(['Vitest', vitest]);
// The browser tests' second runner starts once the Vitest lane has ended (at once when it does not run).
if (!only || only === 'e2e')
  lanes.push(['Browser tests', browserLane(vitest ? vitest.then(() => undefined) : Promise.resolve())]);
let failed = false;
for (const [name, lane] of lanes) {
  const { code, output } = await lane;
  if (output) process.stdout.write(`\n== ${name}\n${output}`);
  if (code !== 0) {
    failed = true;
    process.stderr.write(`${name} failed (exit ${code}).\n`);
  }
}
process.exit(failed ? 1 : 0);
