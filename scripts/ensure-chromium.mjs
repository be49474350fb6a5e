// Finds Debian's Chromium for the browser tests (CHROMIUM_PATH or /usr/bin/chromium). When it is missing and
// we are root with apt, installs it; otherwise stops with the command to run. Never downloads a browser build.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  return candidates.find((candidate) => fs.existsSync(candidate));
}

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    process.stdout.write("Chromium not found: installing Debian's chromium package (apt-get)...\n");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
    const installed = findChromium();
    if (installed) return installed;
  }
  process.stderr.write(
    '\nThe browser tests need Chromium and none was found.\n' +
      'Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n' +
      'or point CHROMIUM_PATH at a Chromium binary.\n\n',
  );
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${ensureChromium()}\n`);
}
