import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
// Keep in step with E2E_PORT in e2e/fixtures.ts.
// Made once in the runner process; workers inherit the paths through the environment.
process.env.MARQUEE_E2E_DATA ??= fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-e2e-'));
process.env.MARQUEE_E2E_OUT ??= fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-e2e-results-'));
const dataDir = process.env.MARQUEE_E2E_DATA;
const repoRoot = path.resolve(import.meta.dirname, '../..');

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  // One worker by default: a second one on the same server made the suite slower on two cores, not faster.
  // E2E_WORKERS=2 runs two spec files side by side (each test makes its own organiser).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: process.env.MARQUEE_E2E_OUT,
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // The production build (scripts/build-if-stale.mjs runs before the browser tests), as `npm start` runs it.
    command: 'node --enable-source-maps apps/server/dist/server.js',
    cwd: repoRoot,
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: 'localhost',
      DATA_DIR: dataDir,
      PUBLIC_HOST: `localhost:${port}`,
      LOG_LEVEL: 'warn',
      // Browser tests sign up many organisers from one address; the spec's auth limits stay on, just wider.
      RATE_LIMIT_MULTIPLIER: '50',
      // Checkout holds last 40 s instead of 15 minutes, so the expired-hold journey can run.
      CHECKOUT_HOLD_SECONDS: '40',
      // Custom-domain checks ask a DNS server that the domain tests run on loopback (e2e/support/fake-dns).
      DNS_SERVERS: `127.0.0.1:${port + 2000}`,
    },
  },
});
