// Prepared hot statements (decision 038): the same answers as the builder gives, a name per SQL text, and on
// PostgreSQL real server-side prepared statements (pg_prepared_statements lists them on the connection).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { organizationSettings } from './schema/index.js';
import { executeNamed, preparedQuery } from './prepared.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const echo = preparedQuery('test_prepared_echo', (db, name) =>
  db
    .select({ subdomain: organizationSettings.subdomain })
    .from(organizationSettings)
    .where(eq(organizationSettings.subdomain, sql.placeholder('subdomain')))
    .prepare(name),
);

describe('preparedQuery', () => {
  it('answers with each call’s own values', async () => {
    expect(await echo(t.database.db, { subdomain: 'nobody-has-this' })).toEqual([]);
    // Again with other values: the statement is reused, not its first parameters.
    expect(await echo(t.database.db, { subdomain: 'nor-this' })).toEqual([]);
  });

  it('refuses a second query under a name already used (PostgreSQL keeps one text per name)', () => {
    expect(() =>
      preparedQuery('test_prepared_echo', (db, name) => db.select().from(organizationSettings).prepare(name)),
    ).toThrow('Two prepared queries are named test_prepared_echo');
  });
});

describe('executeNamed', () => {
  const values = (n: number) =>
    sql`select sum(x)::int as total from (values ${sql.join(
      Array.from({ length: n }, (_, index) => sql`(${index + 1}::int)`),
      sql`, `,
    )}) v (x)`;
  const total = async (n: number) =>
    ((await executeNamed(t.database.db, 'test_sum', values(n))) as { rows: Array<{ total: number }> }).rows[0]!.total;

  it('runs statements of different shapes, each under its own name, with their own parameters', async () => {
    expect(await total(1)).toBe(1);
    expect(await total(3)).toBe(6);
    expect(await total(1)).toBe(1);
    expect(await total(3)).toBe(6);
    if (t.database.kind !== 'postgres') return;
    // On PostgreSQL each shape is a server-side prepared statement of the connection that ran it (a transaction
    // keeps to one connection).
    const listed = await t.database.db.transaction(async (tx) => {
      await executeNamed(tx, 'test_sum', values(2));
      return (await tx.execute(
        sql`select name from pg_prepared_statements where name like 'test_sum_%'`,
      )) as unknown as {
        rows: Array<{ name: string }>;
      };
    });
    expect(listed.rows.length).toBeGreaterThan(0);
  });
});
