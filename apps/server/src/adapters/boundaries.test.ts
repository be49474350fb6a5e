// Adapters are chosen in one place (compose.ts): an adapter's interface file describes its concern and never
// imports one of its own implementations. An implementation is any module in the adapter's folder that
// imports the interface (it has to, to implement it), so a new implementation is covered without editing this.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const adaptersDir = path.dirname(fileURLToPath(import.meta.url));

/** Each adapter folder's interface files (domains keeps its interface in provider.ts, re-exported by domains.ts). */
const interfaces: Record<string, string[]> = {
  mail: ['mailer.ts'],
  payments: ['payments.ts'],
  storage: ['storage.ts'],
  domains: ['domains.ts', 'provider.ts'],
  crm: ['crm.ts'],
};

/** Implementations that must exist, so a broken detection cannot pass by finding none. */
const knownImplementations: Record<string, string[]> = {
  mail: ['outbox.ts', 'smtp.ts'],
  payments: ['sandbox.ts', 'stripe.ts'],
  storage: ['local.ts', 's3.ts'],
  domains: ['cloudflare.ts', 'dns.ts'],
  crm: ['mailchimp.ts', 'hubspot.ts'],
};

/** The sibling modules a file imports or re-exports ('./smtp.js' -> 'smtp.ts'), type-only imports included. */
function siblingImports(source: string): string[] {
  const specifiers = [...source.matchAll(/(?:import|export)\s[^;]*?from\s+['"](\.\/[^'"]+)['"]/g)].map(
    (match) => match[1]!,
  );
  const dynamic = [...source.matchAll(/import\(\s*['"](\.\/[^'"]+)['"]\s*\)/g)].map((match) => match[1]!);
  return [...specifiers, ...dynamic].map((specifier) => specifier.slice(2).replace(/\.js$/, '.ts'));
}

function modulesOf(folder: string): string[] {
  return fs
    .readdirSync(path.join(adaptersDir, folder))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
}

const read = (folder: string, file: string) => fs.readFileSync(path.join(adaptersDir, folder, file), 'utf8');

function implementationsOf(folder: string): string[] {
  const own = interfaces[folder]!;
  return modulesOf(folder).filter(
    (file) => !own.includes(file) && siblingImports(read(folder, file)).some((imported) => own.includes(imported)),
  );
}

describe('adapter interface files', () => {
  it('reads imports of every form', () => {
    expect(
      siblingImports(
        "import { a } from './smtp.js';\nimport type { B } from './outbox.js';\nexport { c } from './keys.js';\n" +
          "export * from './s3.js';\nconst d = await import('./dns.js');\nimport x from '../../config.js';",
      ),
    ).toEqual(['smtp.ts', 'outbox.ts', 'keys.ts', 's3.ts', 'dns.ts']);
  });

  it('covers every adapter folder', () => {
    const folders = fs
      .readdirSync(adaptersDir)
      .filter((name) => fs.statSync(path.join(adaptersDir, name)).isDirectory());
    expect(folders.sort()).toEqual(Object.keys(interfaces).sort());
  });

  it.each(Object.keys(interfaces))('%s: finds its implementations', (folder) => {
    expect(implementationsOf(folder)).toEqual(expect.arrayContaining(knownImplementations[folder]!));
  });

  it.each(Object.keys(interfaces))('%s: the interface imports none of its implementations', (folder) => {
    const implementations = implementationsOf(folder);
    for (const file of interfaces[folder]!) {
      const offending = siblingImports(read(folder, file)).filter((imported) => implementations.includes(imported));
      expect(
        offending,
        `${folder}/${file} imports ${offending.join(', ')}; pick implementations in compose.ts`,
      ).toEqual([]);
    }
  });

  it('compose.ts is where the implementations are picked', () => {
    const compose = fs.readFileSync(path.join(adaptersDir, 'compose.ts'), 'utf8');
    for (const [folder, files] of Object.entries(knownImplementations)) {
      for (const file of files) expect(compose).toContain(`from './${folder}/${file.replace(/\.ts$/, '.js')}'`);
    }
  });
});
