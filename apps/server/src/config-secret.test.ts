// The secret outside production (decision 049): made once per data directory, kept there with mode 0600, the same
// on every later start and for processes starting together, different for another directory; never a constant.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { resolveAuthSecret } from './config-secret.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const made: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-secret-'));
  made.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

const start = (dataDir: string, env: Record<string, string> = {}) =>
  resolveAuthSecret(loadConfig({ DATA_DIR: dataDir, ...env })).authSecret;

describe('the data directory secret', () => {
  it('is made on the first start, kept in DATA_DIR/secret with mode 0600, and the same on the next start', () => {
    const dir = tempDir();
    const first = start(path.join(dir, 'data'));
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(dir, 'data', 'secret');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(start(path.join(dir, 'data'))).toBe(first);
    // Nothing is left behind but the secret.
    expect(fs.readdirSync(path.join(dir, 'data'))).toEqual(['secret']);
  });

  it('differs between two data directories', () => {
    expect(start(tempDir())).not.toBe(start(tempDir()));
  });

  it('is the same for several processes starting together on one directory', async () => {
    const dir = tempDir();
    const script =
      "import { loadConfig } from './apps/server/src/config.ts';" +
      "import { resolveAuthSecret } from './apps/server/src/config-secret.ts';" +
      'process.stdout.write(resolveAuthSecret(loadConfig({ DATA_DIR: process.argv[1] })).authSecret);';
    const run = () =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, dir], {
        cwd: root,
      });
    const secrets = (await Promise.all([run(), run(), run(), run()])).map((result) => result.stdout);
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]).toBe(fs.readFileSync(path.join(dir, 'secret'), 'utf8').trim());
  }, 30_000);

  it('is not used when AUTH_SECRET is set: no file is made', () => {
    const dir = tempDir();
    expect(start(dir, { AUTH_SECRET: 'z'.repeat(40) })).toBe('z'.repeat(40));
    expect(fs.existsSync(path.join(dir, 'secret'))).toBe(false);
  });

  it('refuses a damaged secret file rather than signing with it', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'secret'), 'short\n', { mode: 0o600 });
    expect(() => start(dir)).toThrow(/holds no usable secret/);
  });

  it('never replaces AUTH_SECRET in production', () => {
    const production = { NODE_ENV: 'production', APP_URL: 'https://app.example.com', PUBLIC_HOST: 'example.com' };
    expect(() => start(tempDir(), { ...production, PAYMENTS_SANDBOX_IN_PRODUCTION: 'yes' })).toThrow(
      /AUTH_SECRET: required in production/,
    );
  });
});

describe('the source', () => {
  it('holds no fixed development secret any more', () => {
    const old = ['marquee', 'development', 'secret'].join('-');
    const hits: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        if (['node_modules', 'dist', '.git', 'data', 'test-results', 'playwright-report'].includes(entry.name))
          continue;
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.(ts|tsx|mjs|js|json|md)$/.test(entry.name) && fs.readFileSync(full, 'utf8').includes(old))
          hits.push(path.relative(root, full));
      }
    };
    for (const top of ['apps', 'packages', 'ops', 'bench', 'scripts', 'docs']) walk(path.join(root, top));
    expect(hits).toEqual([]);
  });
});
