// The production build of the server: one ES module, apps/server/dist/server.js, compiled ahead of time by
// esbuild from apps/server/src/server.ts with the workspace's own TypeScript (@marquee/shared) bundled in and every
// npm package left to node_modules. `npm start` runs it with plain Node: no TypeScript compiler at run time.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'apps/server/dist');

/** npm packages stay external (resolved from node_modules at run time); our own workspace code is bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@marquee/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer() {
  fs.rmSync(outDir, { recursive: true, force: true });
  await build({
    // The server, and the backup and restore commands (npm run backup / restore).
    entryPoints: {
      server: path.join(root, 'apps/server/src/server.ts'),
      backup: path.join(root, 'apps/server/src/cli/backup.ts'),
      restore: path.join(root, 'apps/server/src/cli/restore.ts'),
    },
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [externalPackages],
  });
  // Files the server reads next to its code.
  fs.copyFileSync(
    path.join(root, 'apps/server/src/modules/auth/common-passwords.txt'),
    path.join(outDir, 'common-passwords.txt'),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
