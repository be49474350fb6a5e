// BASELINE=<git ref>: a bench runs the code at that ref beside the working tree, in the same run, and prints both
// figures side by side. The ref is checked out once as a detached git worktree under the system's temporary
// directory (marquee-baseline-<sha>) with its own `npm ci`, because workspace links such as
// node_modules/@marquee/shared must point into that tree; later runs at the same commit reuse it. Remove it with
// `git worktree remove --force <dir>` (the path is printed).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The working tree's root: the bench code always runs from here. */
export const currentRoot = path.resolve(import.meta.dirname, '../..');

export const BASELINE = process.env.BASELINE || undefined;

/** Both code versions a comparison runs, old first. */
export interface CodeVersion {
  label: 'old' | 'new';
  root: string;
}

const git = (args: string[], cwd = currentRoot) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

/** The directory holding `ref` with its dependencies installed, made (or reused) as described above. */
export function baselineRoot(ref: string): string {
  const sha = git(['rev-parse', '--verify', `${ref}^{commit}`]);
  const dir = path.join(os.tmpdir(), `marquee-baseline-${sha.slice(0, 12)}`);
  // Written last, so a checkout or install cut short is made again rather than reused half done.
  const ready = path.join(dir, 'node_modules', '.marquee-baseline-ready');
  if (fs.existsSync(ready) && git(['rev-parse', 'HEAD'], dir) === sha) return dir;
  // A checkout cut short (or at another commit) is made again from scratch.
  if (fs.existsSync(dir)) fs.rmSync(dir, { recursive: true, force: true });
  git(['worktree', 'prune']);
  console.error(`baseline: checking out ${ref} (${sha.slice(0, 12)}) in ${dir} and installing its dependencies`);
  execFileSync('git', ['worktree', 'add', '--detach', dir, sha], { cwd: currentRoot, stdio: ['ignore', 2, 2] });
  execFileSync('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: dir, stdio: ['ignore', 2, 2] });
  fs.writeFileSync(ready, `${sha}\n`);
  return dir;
}

/** With BASELINE, the old and the new code; without it, the working tree alone. */
export function codeVersions(): CodeVersion[] {
  if (!BASELINE) return [{ label: 'new', root: currentRoot }];
  const old = baselineRoot(BASELINE);
  console.log(`baseline (old): ${BASELINE} at ${old}; remove it with \`git worktree remove --force ${old}\``);
  return [
    { label: 'old', root: old },
    { label: 'new', root: currentRoot },
  ];
}

/** Versions (or what belongs to each) in the order round `round` (from 1) runs them: old first on odd rounds. */
export const inRoundOrder = <T>(versions: T[], round: number) => (round % 2 === 1 ? versions : [...versions].reverse());

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** A figure of the new code against the old one, such as `1.04x`. */
export const ratio = (oldValue: number, newValue: number) => `${(newValue / oldValue).toFixed(2)}x`;

/**
 * The server's own TypeScript settings (such as JSX) for tsx, as `npm run dev` (run in apps/server) uses them: a
 * process started at the repository's root finds no tsconfig.json there. Paths under `root`.
 */
export const serverTsconfig = (root: string) => ({ TSX_TSCONFIG_PATH: path.join(root, 'apps/server/tsconfig.json') });

/**
 * Node arguments that make a server load React's production build, as NODE_ENV=production does in production,
 * while the product itself keeps the test configuration the benches measure (dev outbox, no staging banner).
 * Empty for code without React on the server.
 */
export function reactProductionArgs(root: string): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'apps/server/package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  if (!manifest.dependencies?.['react-dom']) return [];
  return ['--import', path.join(currentRoot, 'bench/lib/react-production.ts')];
}
