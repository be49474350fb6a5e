// The import boundaries are enforced by lint on resolved paths (eslint.config.js, decision 058): a forbidden import
// planted in a feature, in a low server layer, or as a cycle between two new files is refused.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.dirname(fileURLToPath(import.meta.url));
const eslint = new ESLint({ cwd: root });

async function ruleIds(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

// The first lint loads the TypeScript resolver and the whole config: seconds on a busy machine.
describe('import boundaries (eslint-plugin-import-x on resolved paths)', { timeout: 60_000 }, () => {
  it("refuses a feature's relative import of another feature", async () => {
    const code =
      "import { BillingPage } from '../../billing/components/billing-page';\nexport const x = BillingPage;\n";
    expect(await ruleIds(code, 'apps/web/src/features/events/components/probe.tsx')).toContain(
      'import-x/no-restricted-paths',
    );
    // The same file importing shared code is fine.
    const shared = "import { Button } from '../../../components/ui/button';\nexport const x = Button;\n";
    expect(await ruleIds(shared, 'apps/web/src/features/events/components/probe.tsx')).not.toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('refuses shared web code importing a feature', async () => {
    const code =
      "import { BillingPage } from '../features/billing/components/billing-page';\nexport const x = BillingPage;\n";
    expect(await ruleIds(code, 'apps/web/src/lib/probe.ts')).toContain('import-x/no-restricted-paths');
  });

  it('refuses an import back up the server layers', async () => {
    const code = "import { holdOrder } from '../modules/checkout/hold.js';\nexport const x = holdOrder;\n";
    expect(await ruleIds(code, 'apps/server/src/db/probe.ts')).toContain('import-x/no-restricted-paths');
  });

  it('refuses an import cycle', async () => {
    const dir = path.join(root, 'apps/server/src/lib', `cycle-probe-${process.pid}`);
    fs.mkdirSync(dir, { recursive: true });
    try {
      fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b.js';\nexport const a = () => b;\n");
      fs.writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a.js';\nexport const b = () => a;\n");
      const [result] = await eslint.lintFiles([path.join(dir, 'a.ts')]);
      expect(result?.messages.map((message) => message.ruleId)).toContain('import-x/no-cycle');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
