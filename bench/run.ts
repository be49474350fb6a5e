// Benchmark runner: `npm run bench` runs the general benchmark (bench/general.ts); `npm run bench -- NAME` runs
// bench/NAME.ts. Each benchmark prints figures; none is pass/fail.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const name = process.argv[2] ?? 'general';
const file = path.join(import.meta.dirname, `${name}.ts`);
if (!/^[a-z0-9-]+$/.test(name) || name === 'run' || !fs.existsSync(file)) {
  const available = fs
    .readdirSync(import.meta.dirname)
    .filter((entry) => entry.endsWith('.ts') && entry !== 'run.ts')
    .map((entry) => entry.slice(0, -3));
  console.error(`No benchmark named "${name}". Available: ${available.join(', ')}`);
  process.exit(1);
}
process.argv.splice(2, 1);
await import(pathToFileURL(file).href);
