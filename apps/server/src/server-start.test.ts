// The real entry point started as operators start it: a production server without STRIPE_SECRET_KEY refuses to
// start unless PAYMENTS_SANDBOX_IN_PRODUCTION says so, and then it warns once (decision 049).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-start-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const production = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'start-test-secret-start-test-secret-0123456789',
  APP_URL: 'https://tickets.example.com',
  PUBLIC_HOST: 'example.com',
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: 'warn',
};

/** Runs the server until it says it is running (then stops it) or exits; its output and exit code. */
function startServer(env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    // In a directory of its own (no .env there); tsx and the entry point by their full paths.
    const entry = path.join(root, 'apps/server/src/server.ts');
    const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), entry], {
      cwd: dir,
      // tsx reads the server's tsconfig by path (its JSX setting), since the working directory has none.
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        TSX_TSCONFIG_PATH: path.join(root, 'apps/server/tsconfig.json'),
        ...env,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('Marquee is running')) child.kill('SIGTERM');
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('starting a production server', () => {
  it('refuses without STRIPE_SECRET_KEY, saying how a staging server opts in to the sandbox', async () => {
    const run = await startServer({ ...production, DATA_DIR: path.join(dir, 'refused') });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Marquee cannot start.');
    expect(run.stderr).toContain('STRIPE_SECRET_KEY: required in production');
    expect(run.stderr).toContain('PAYMENTS_SANDBOX_IN_PRODUCTION=yes');
    expect(run.stdout).not.toContain('Marquee is running');
  }, 60_000);

  it('starts on the sandbox with PAYMENTS_SANDBOX_IN_PRODUCTION=yes and logs one warning line saying so', async () => {
    const run = await startServer({
      ...production,
      DATA_DIR: path.join(dir, 'staging'),
      PAYMENTS_SANDBOX_IN_PRODUCTION: 'yes',
    });
    expect(run.stdout).toContain('Marquee is running (production)');
    const warnings = run.stdout.split('\n').filter((line) => line.includes('PAYMENTS_SANDBOX_IN_PRODUCTION'));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 40 });
    // AUTH_SECRET was given: no secret file is made in production.
    expect(fs.existsSync(path.join(dir, 'staging', 'secret'))).toBe(false);
  }, 120_000);
});
