// Builds the web app when its sources changed since the last build (npm start runs this first).
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const inputs = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/shared/src',
  'package-lock.json',
];
const stampPath = path.join(root, 'apps/web/dist/.build-hash');

function hashPath(hash, target) {
  if (!fs.existsSync(target)) return;
  const stat = fs.statSync(target);
  if (stat.isDirectory()) {
    for (const entry of fs.readdirSync(target).sort()) hashPath(hash, path.join(target, entry));
  } else {
    hash.update(path.relative(root, target));
    hash.update(fs.readFileSync(target));
  }
}

export function webSourceHash() {
  const hash = createHash('sha256');
  for (const input of inputs) hashPath(hash, path.join(root, input));
  return hash.digest('hex');
}

const current = webSourceHash();
const previous = fs.existsSync(stampPath) ? fs.readFileSync(stampPath, 'utf8').trim() : '';
if (current !== previous || !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  process.stdout.write('Building the web app...\n');
  execFileSync('npm', ['run', 'build', '--silent', '-w', '@marquee/web'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  fs.writeFileSync(stampPath, current);
}
