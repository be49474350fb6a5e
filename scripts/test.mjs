// `npm test`: unit and API tests (Vitest), then the browser tests (Playwright + Debian Chromium) against the
// real built server. `--only e2e` runs the browser tests alone.
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './ensure-chromium.mjs';

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!only || only === 'vitest') run('npx', ['vitest', 'run']);
if (!only || only === 'e2e') {
  const chromium = ensureChromium();
  run('node', ['scripts/build-if-stale.mjs']);
  run('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts'], { CHROMIUM_PATH: chromium });
}
