// Builds what changed since the last build (npm start and the browser tests run this first): the web app
// (Vite, into apps/web/dist) and the server (esbuild, into apps/server/dist; see build-server.mjs). Each build
// records a hash of its inputs, so an unchanged tree starts at once.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer } from './build-server.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const shared = ['packages/shared/src', 'package-lock.json'];
const targets = [
  {
    name: 'the web app',
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
    ],
    output: 'apps/web/dist/index.html',
    stamp: 'apps/web/dist/.build-hash',
    build: async () =>
      execFileSync('npm', ['run', 'build', '--silent', '-w', '@marquee/web'], {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit'],
      }),
  },
  {
    name: 'the server',
    inputs: ['apps/server/src', 'apps/server/package.json', 'scripts/build-server.mjs'],
    output: 'apps/server/dist/server.js',
    stamp: 'apps/server/dist/.build-hash',
    build: buildServer,
  },
];

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

function sourceHash(inputs) {
  const hash = createHash('sha256');
  for (const input of [...inputs, ...shared]) hashPath(hash, path.join(root, input));
  return hash.digest('hex');
}

for (const target of targets) {
  const current = sourceHash(target.inputs);
  const stampPath = path.join(root, target.stamp);
  const previous = fs.existsSync(stampPath) ? fs.readFileSync(stampPath, 'utf8').trim() : '';
  if (current !== previous || !fs.existsSync(path.join(root, target.output))) {
    process.stdout.write(`Building ${target.name}...\n`);
    await target.build();
    fs.writeFileSync(stampPath, current);
  }
}
