// Document numbers under concurrency (decision 137): many issuers at once through two app instances (two
// connection pools, as two server processes would have) on one PostgreSQL database. Every committed number is
// used once and the series has no gap, even with transactions that took a number and rolled back; and fans paying
// at the same moment get receipts numbered exactly 1..N. PGlite runs one transaction at a time and cannot show a
// race, so this file runs on PostgreSQL only (CI sets TEST_DATABASE_URL).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { twoAppsOnPostgres } from '../../../test/two-apps.js';
import {
  buyer,
  createLiveEvent,
  payWithCard,
  postCheckout,
  sellingOrganiser,
  tokenFrom,
} from '../../../test/checkout-helpers.js';
import { order, orderDocument, organizationDocumentSequence, organizationSettings } from '../../db/schema/index.js';
import { takeDocumentNumber } from './numbering.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

class RolledBack extends Error {}

describe.runIf(onPostgres)('document numbers under contention (PostgreSQL)', () => {
  const { t, second } = twoAppsOnPostgres({ env: { RATE_LIMIT_MULTIPLIER: '1000' } });

  it(
    '200 issuers at once over two pools, one in five rolling back: the committed numbers are exactly 1..N',
    { timeout: 120_000 },
    async () => {
      await sellingOrganiser(t.app, 'numberrush');
      const [settings] = await t.database.db
        .select({ organizationId: organizationSettings.organizationId })
        .from(organizationSettings)
        .where(eq(organizationSettings.subdomain, 'numberrush'));
      const organizationId = settings!.organizationId;
      const pools = [t.database.db, second.database.db];
      const outcomes = await Promise.all(
        Array.from({ length: 200 }, (_, index) =>
          pools[index % 2]!.transaction(async (tx) => {
            const taken = await takeDocumentNumber(tx, organizationId, 'credit_note');
            // Some work after the number, while the series row is held.
            await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
            if (index % 5 === 4) throw new RolledBack();
            return taken.sequence;
          }).catch((error: unknown) => {
            if (error instanceof RolledBack) return null;
            throw error;
          }),
        ),
      );
      const committed = outcomes.filter((value): value is number => value !== null).sort((a, b) => a - b);
      expect(committed).toHaveLength(160);
      expect(committed).toEqual(committed.map((_, index) => index + 1));
      const [series] = await t.database.db
        .select()
        .from(organizationDocumentSequence)
        .where(eq(organizationDocumentSequence.organizationId, organizationId));
      expect(series!.nextNumber).toBe(161);
    },
  );

  it(
    '30 fans paying at once through two app instances: receipts R-000001..R-000030, one each',
    { timeout: 180_000 },
    async () => {
      const owner = await sellingOrganiser(t.app, 'receiptrush');
      const live = await createLiveEvent(t.app, owner, { capacity: 100, name: 'Receipt Rush' });
      const typeId = live.ticket_types[0]!.id;
      const apps = [t.app, second.app];
      const rushHost = 'receiptrush.localhost:3000';
      const tokens = await Promise.all(
        Array.from({ length: 30 }, async (_, index) => {
          const held = await postCheckout(apps[index % 2]!, rushHost, live.id, {
            ...buyer,
            email: `rush${index}@example.com`,
            [`qty_${typeId}`]: '1',
          });
          return tokenFrom(held.headers.location);
        }),
      );
      const paid = await Promise.all(tokens.map((token, index) => payWithCard(apps[index % 2]!, rushHost, token)));
      expect(paid.map((response) => response.statusCode)).toEqual(paid.map(() => 303));
      const receipts = await t.database.db
        .select({ number: orderDocument.number, orderId: orderDocument.orderId })
        .from(orderDocument)
        .innerJoin(order, eq(order.id, orderDocument.orderId))
        .where(eq(order.eventId, live.id));
      expect(receipts.map((row) => row.number).sort()).toEqual(
        Array.from({ length: 30 }, (_, index) => `R-${String(index + 1).padStart(6, '0')}`),
      );
      expect(new Set(receipts.map((row) => row.orderId)).size).toBe(30);
    },
  );
});
