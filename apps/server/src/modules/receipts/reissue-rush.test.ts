// Re-issues under concurrency (decision 140), beside numbering-rush.test.ts: through two app instances (two
// connection pools) on one PostgreSQL database, fans change their business details (each re-issue takes a
// receipt number and a credit-note number), other fans buy (a receipt each) and the organiser refunds (a credit
// note each), all at once, and one fan posts two changes at the same moment. Both series stay unbroken (1..N, no
// gap, no duplicate), every order has one current receipt, and nothing deadlocks (one lock order: the receipt
// series before the credit-note series). PGlite runs one transaction at a time, so PostgreSQL only.
import { eq, inArray } from 'drizzle-orm';
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
import { buyPaidOrder } from '../../../test/cancellation-helpers.js';
import { fanPost, refundRequest } from '../../../test/after-sale-helpers.js';
import { order, orderDocument, ticket } from '../../db/schema/index.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const unbroken = (numbers: string[], prefix: string) =>
  expect([...numbers].sort()).toEqual(numbers.map((_, index) => `${prefix}-${String(index + 1).padStart(6, '0')}`));

describe.runIf(onPostgres)('re-issues, sales and refunds at once (PostgreSQL)', () => {
  const { t, second } = twoAppsOnPostgres({ env: { RATE_LIMIT_MULTIPLIER: '1000' } });

  it(
    '12 re-issues, 12 sales, 6 refunds and a double-posted change at once: both series 1..N, one current receipt each',
    { timeout: 180_000 },
    async () => {
      const owner = await sellingOrganiser(t.app, 'reissuerush');
      const live = await createLiveEvent(t.app, owner, { capacity: 200, name: 'Reissue Rush' });
      const typeId = live.ticket_types[0]!.id;
      const host = 'reissuerush.localhost:3000';
      const apps = [t.app, second.app];
      const paid = [];
      for (let index = 0; index < 19; index += 1)
        paid.push(await buyPaidOrder(t.app, host, live.id, typeId, 2, `early${index}@example.com`));
      const changers = paid.slice(0, 12);
      const refunded = paid.slice(12, 18);
      const twice = paid[18]!;
      const tickets = await t.database.db
        .select({ id: ticket.id, orderId: ticket.orderId })
        .from(ticket)
        .where(
          inArray(
            ticket.orderId,
            refunded.map((entry) => entry.id),
          ),
        );
      const holds = await Promise.all(
        Array.from({ length: 12 }, async (_, index) => {
          const held = await postCheckout(apps[index % 2]!, host, live.id, {
            ...buyer,
            email: `late${index}@example.com`,
            [`qty_${typeId}`]: '1',
          });
          return tokenFrom(held.headers.location);
        }),
      );
      const details = (name: string) => ({ company_name: name, address: '1 High Street\nLondon', vat_id: '' });

      const outcomes = await Promise.all([
        ...changers.map((entry, index) =>
          fanPost(apps[index % 2]!, host, `/orders/${entry.accessToken}/billing`, details(`Company ${index}`)),
        ),
        ...holds.map((token, index) => payWithCard(apps[(index + 1) % 2]!, host, token)),
        ...refunded.map((entry, index) =>
          refundRequest(apps[index % 2]!, owner, entry.id, {
            ticket_ids: [tickets.find((row) => row.orderId === entry.id)!.id],
            reason: 'Rush refund',
          }),
        ),
        fanPost(t.app, host, `/orders/${twice.accessToken}/billing`, details('First Ltd')),
        fanPost(second.app, host, `/orders/${twice.accessToken}/billing`, details('Second Ltd')),
      ]);
      expect(outcomes.map((response) => response.statusCode)).toEqual([
        ...changers.map(() => 303),
        ...holds.map(() => 303),
        ...refunded.map(() => 200),
        303,
        303,
      ]);

      const documents = await t.database.db
        .select()
        .from(orderDocument)
        .innerJoin(order, eq(order.id, orderDocument.orderId))
        .where(eq(order.eventId, live.id));
      const rows = documents.map((entry) => entry.order_document);
      const receipts = rows.filter((row) => row.kind === 'receipt');
      const credits = rows.filter((row) => row.kind === 'credit_note');
      // 19 first receipts + 12 sales + 12 re-issues + 2 for the double post; 12 + 2 re-issue credits + 6 refunds.
      expect(receipts).toHaveLength(19 + 12 + 12 + 2);
      expect(credits).toHaveLength(12 + 2 + 6);
      unbroken(
        receipts.map((row) => row.number),
        'R',
      );
      unbroken(
        credits.map((row) => row.number),
        'C',
      );
      // Each order: its receipts one chain, exactly one not replaced (the current one), each replaced one cancelled.
      const byOrder = new Map<string, typeof receipts>();
      for (const row of receipts) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
      expect(byOrder.size).toBe(19 + 12);
      for (const list of byOrder.values()) {
        const replaced = new Set(list.map((row) => row.replacesId).filter(Boolean));
        expect(list.filter((row) => !replaced.has(row.id))).toHaveLength(1);
        for (const id of replaced) expect(credits.filter((row) => row.cancelsId === id)).toHaveLength(1);
      }
      expect(byOrder.get(twice.id)).toHaveLength(3);
      // Refund credit notes answer refunds; re-issue credit notes none.
      expect(credits.filter((row) => row.refundId)).toHaveLength(6);
      expect(credits.filter((row) => row.cancelsId)).toHaveLength(14);
    },
  );
});
