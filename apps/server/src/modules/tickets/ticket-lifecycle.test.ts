// The ticket lifecycle's two promises that no behaviour test sees whole: the door's SQL verdict (the one-statement
// online scan) is the shared judgeTicket for every state, and nothing but ticket-moves.ts writes a ticket's state.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_STATES, judgeTicket } from '@marquee/shared';
import { openTestDatabase } from '../../../test/test-app.js';
import type { DatabaseHandle } from '../../db/client.js';
import { doorResultSql } from '../checkin/checkin.judge-online.js';

const SCANNING = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';

describe("the online scan's SQL verdict", () => {
  let database: DatabaseHandle;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase());
  });
  afterAll(() => dispose());

  it('equals judgeTicket for every state, on the scanning event and another', async () => {
    for (const state of TICKET_STATES) {
      for (const eventId of [SCANNING, OTHER]) {
        const result = await database.db.execute(
          sql`select ${doorResultSql(sql`${state}::text`, sql`${eventId}::uuid`, SCANNING)} as verdict`,
        );
        const [row] = (result as unknown as { rows: Array<{ verdict: string }> }).rows;
        expect([state, eventId, row!.verdict]).toEqual([state, eventId, judgeTicket({ state, eventId }, SCANNING)]);
      }
    }
  });
});

describe("a ticket's state", () => {
  it('is written only by modules/tickets/ticket-moves.ts', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const writers: string[] = [];
    const visit = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) visit(full);
        else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
          const text = fs.readFileSync(full, 'utf8');
          // SQL `update ticket ... set status` and Drizzle `.update(ticket).set({ ... status ...})`.
          const sqlWrite = /update\s+"?ticket"?\s+(?:as\s+)?\w*\s*set\s+(?:[^;`]*?,\s*)?"?status"?\s*=/i.test(text);
          const drizzleWrite = /\.update\(ticket\)\s*\.set\(\{[^}]*\bstatus\s*:/.test(text);
          if (sqlWrite || drizzleWrite) writers.push(path.relative(root, full));
        }
      }
    };
    visit(root);
    expect(writers).toEqual(['modules/tickets/ticket-moves.ts']);
  });
});
