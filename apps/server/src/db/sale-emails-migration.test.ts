// Migration 0049 (decision 147) on a database that had organisations before it: the old notify_on_sale switch
// becomes sale_emails, 'off' where it was off and the digest everywhere else.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { createPglite, migrationsFolder } from './client.js';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

/** The migrations folder as it was before `tag`: the same files, the journal cut before it. */
function migrationsBefore(tag: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-migrations-'));
  folders.push(folder);
  fs.cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

describe('migration 0049_organiser_sale_digest', () => {
  it("keeps 'off' for organisations that had turned sale e-mails off and gives the rest the digest", async () => {
    const client = createPglite();
    try {
      const db = drizzle({ client });
      await migrate(db, { migrationsFolder: migrationsBefore('0049_organiser_sale_digest') });
      for (const [id, notify] of [
        ['org-on', true],
        ['org-off', false],
      ] as const) {
        await client.query('insert into organization (id, name, slug) values ($1, $1, $1)', [id]);
        await client.query(
          `insert into organization_settings (organization_id, subdomain, company_name, notify_on_sale)
           values ($1, $1, $1, $2)`,
          [id, notify],
        );
      }
      await migrate(db, { migrationsFolder });
      const { rows } = await client.query<{ organization_id: string; sale_emails: string }>(
        'select organization_id, sale_emails from organization_settings order by organization_id',
      );
      expect(rows).toEqual([
        { organization_id: 'org-off', sale_emails: 'off' },
        { organization_id: 'org-on', sale_emails: 'digest' },
      ]);
      const old = await client.query(
        `select 1 from information_schema.columns
         where table_name = 'organization_settings' and column_name = 'notify_on_sale'`,
      );
      expect(old.rows).toEqual([]);
      // A new organisation gets the digest, and nothing else is taken.
      await client.query("insert into organization (id, name, slug) values ('org-new', 'n', 'n')");
      await client.query(
        "insert into organization_settings (organization_id, subdomain, company_name) values ('org-new', 'n', 'n')",
      );
      const fresh = await client.query(
        "select sale_emails from organization_settings where organization_id = 'org-new'",
      );
      expect(fresh.rows).toEqual([{ sale_emails: 'digest' }]);
      await expect(
        client.query("update organization_settings set sale_emails = 'hourly' where organization_id = 'org-new'"),
      ).rejects.toThrow(/organization_settings_sale_emails_check/);
    } finally {
      await client.close();
    }
  });
});
