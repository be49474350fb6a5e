import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { e2eServerEnv } from './e2e/server-env.mjs';

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
    // Recording a trace for every test cost CPU the two cores need; in CI only a failed test's retry records one.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The landing's WebGL hero and footer canvas, drawn in software, kept a core busy for as long as a test stayed
    // on '/' (6.3 s of Chromium CPU in 10 s, against 0.07 s under reduced motion). Tests run under reduced motion;
    // landing.spec.ts checks the motion itself with 'no-preference'.
    reducedMotion: 'reduce',
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
  // scripts/e2e-lane.mjs starts the server itself (one per runner) and sets E2E_EXTERNAL_SERVER.
  webServer: process.env.E2E_EXTERNAL_SERVER
    ? undefined
    : {
        // The production build (scripts/build-if-stale.mjs runs before the browser tests), as `npm start` runs it.
        command: 'node --enable-source-maps apps/server/dist/server.js',
        cwd: repoRoot,
        url: `http://localhost:${port}/api/health`,
        reuseExistingServer: false,
        timeout: 120_000,
        stdout: 'ignore',
        stderr: 'pipe',
        env: e2eServerEnv(port, dataDir),
      },
});
