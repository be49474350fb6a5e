// Finds what the browser tests need from Debian: Chromium (CHROMIUM_PATH or /usr/bin/chromium) and poppler-utils'
// pdftoppm (ticket-truth.spec.ts reads the QR codes of the e-mailed tickets PDF). When either is missing and we are
// root with apt, installs it; otherwise stops with the command to run. Never downloads a browser build.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  return candidates.find((candidate) => fs.existsSync(candidate));
}

const hasCommand = (name) => spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;

export function ensureChromium() {
  const missing = [...(findChromium() ? [] : ['chromium']), ...(hasCommand('pdftoppm') ? [] : ['poppler-utils'])];
  if (missing.length === 0) return findChromium();
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && hasCommand('apt-get')) {
    process.stdout.write(`Not found: installing Debian's ${missing.join(' and ')} (apt-get)...\n`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
    const installed = findChromium();
    if (installed && hasCommand('pdftoppm')) return installed;
  }
  process.stderr.write(
    `\nThe browser tests need Debian's ${missing.join(' and ')}, not found.\n` +
      `Install with:  sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}\n` +
      (missing.includes('chromium') ? 'or point CHROMIUM_PATH at a Chromium binary.\n\n' : '\n'),
  );
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${ensureChromium()}\n`);
}
